/// The scheme, host and port a route belongs to, in canonical form (lower-cased scheme, ASCII host, no default
/// port), so that every spelling of one origin finds the same routes.
struct Origin: Hashable, Sendable {
    var scheme: String
    var host: String
    var port: Int?

    /// Why an authority cannot be an origin.
    enum Failure: Error {
        /// User information, or a malformed port.
        case invalidAuthority
        /// Not a valid host name.
        case invalidHost
    }

    /// An origin from parts already in canonical form; a scheme's default port is dropped.
    init(canonicalScheme scheme: String, host: String, port: Int?) {
        self.scheme = scheme
        self.host = host
        if let port, port != LinkComponents.defaultPort(forScheme: scheme) {
            self.port = port
        } else {
            self.port = nil
        }
    }

    init(scheme rawScheme: Substring, authority: Substring) throws(Failure) {
        let scheme = LinkComponents.canonicalScheme(rawScheme)
        let parts: LinkComponents.Authority
        do {
            parts = try LinkComponents.split(authority: authority)
        } catch {
            throw .invalidAuthority
        }
        guard !parts.hasUserInfo else { throw .invalidAuthority }
        do {
            host = try HostName.canonical(parts.host)
        } catch {
            throw .invalidHost
        }
        self.scheme = scheme
        port = parts.port == LinkComponents.defaultPort(forScheme: scheme) ? nil : parts.port
    }

    /// `scheme://host[:port]`.
    var text: String {
        if let port { return "\(scheme)://\(host):\(port)" }
        return "\(scheme)://\(host)"
    }
}

/// A parsed route pattern.
struct RoutePattern: Sendable {
    enum Segment: Hashable, Sendable {
        /// Matches exactly this (decoded) text.
        case literal(String)
        /// Matches one segment of the parameter's type.
        case parameter(String)
        /// `*`: any one segment.
        case wildcard
        /// `**`: the rest of the path.
        case remainder
    }

    /// `nil` for a path-only pattern, which matches any origin.
    var origin: Origin?
    var segments: [Segment]

    /// The names of the parameters, in order.
    var parameterNames: [String] {
        segments.compactMap { segment in
            guard case .parameter(let name) = segment else { return nil }
            return name
        }
    }

    init(parsing pattern: String) throws(PatternProblem) {
        guard !pattern.isEmpty else { throw .empty }
        let components = LinkComponents(pattern[...])
        guard components.query == nil, components.fragment == nil else { throw .queryOrFragment }
        if let scheme = components.scheme {
            guard let authority = components.authority else { throw .invalidHost }
            do {
                origin = try Origin(scheme: scheme, authority: authority)
            } catch {
                throw error == .invalidHost ? .invalidHost : .invalidAuthority
            }
            guard components.path.isEmpty || components.path.hasPrefix("/") else { throw .relativePath }
        } else {
            guard components.authority == nil else { throw .invalidScheme }
            guard components.path.hasPrefix("/") else {
                throw pattern.contains(":") && !pattern.hasPrefix(":") ? .invalidScheme : .relativePath
            }
            origin = nil
        }
        guard let rawSegments = PathSegments.split(components.path) else { throw .emptySegment }
        var segments: [Segment] = []
        var names: Set<String> = []
        for (index, raw) in rawSegments.enumerated() {
            guard !raw.isEmpty else { throw .emptySegment }
            if raw == "**" {
                guard index == rawSegments.count - 1 else { throw .remainderNotLast }
                segments.append(.remainder)
            } else if raw == "*" {
                segments.append(.wildcard)
            } else if raw.hasPrefix(":") {
                let name = String(raw.dropFirst())
                guard Self.isIdentifier(name) else { throw .invalidParameterName(name) }
                guard names.insert(name).inserted else { throw .duplicateParameterName(name) }
                segments.append(.parameter(name))
            } else {
                guard let literal = PercentEncoding.decode(raw) else { throw .malformedPercentEncoding }
                guard literal != ".", literal != ".." else { throw .dotSegment }
                segments.append(.literal(literal))
            }
        }
        self.segments = segments
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                true
            default: false
            }
        }
    }
}

/// Splitting a path into segments the same way for patterns, URLs and generated links.
enum PathSegments {
    /// The raw segments of `path`: `""` and `"/"` have none, a single trailing `/` is ignored, and an inner `//`
    /// gives an empty segment. `nil` when the path is not empty and does not start with `/`.
    static func split(_ path: Substring) -> [Substring]? {
        let utf8 = path.utf8
        guard let first = utf8.first else { return [] }
        guard first == UInt8(ascii: "/") else { return nil }
        var segments: [Substring] = []
        var start = utf8.index(after: utf8.startIndex)
        var index = start
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                segments.append(path[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start < utf8.endIndex { segments.append(path[start...]) }
        return segments
    }

    /// Whether a decoded segment could be altered by URL normalisation or is empty.
    static func isUnsafe(_ segment: String) -> Bool {
        segment.isEmpty || segment == "." || segment == ".."
    }
}
