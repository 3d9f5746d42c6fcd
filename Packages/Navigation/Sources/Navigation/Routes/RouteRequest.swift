/// A URL taken apart for routing, in one pass over its bytes.
///
/// Routing runs on every deep link and in the benchmark's inner loop, so this path avoids the general-purpose
/// parser's substrings: it splits, decodes and lower-cases straight from the UTF-8 buffer, and creates a string
/// per path segment and nothing else. It follows exactly the same rules as `LinkComponents`, `HostName` and
/// `PercentEncoding`, falling back to them for anything unusual (Unicode or percent-encoded hosts).
struct RouteRequest {
    /// `nil` for a relative reference.
    var origin: Origin?
    /// Decoded path segments.
    var segments: [String]
    /// The byte range of the query in the link text, without `?`.
    var query: Range<Int>?

    init(link text: String) throws(RoutingError) {
        var text = text
        var failure = RoutingError.malformedURL
        let request: RouteRequest? = text.withUTF8 { bytes in
            do throws(RoutingError) {
                return try RouteRequest(bytes: bytes)
            } catch {
                failure = error
                return nil
            }
        }
        guard let request else { throw failure }
        self = request
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) throws(RoutingError) {
        let count = bytes.count
        var position = 0
        origin = nil
        var scheme: Range<Int>?
        if count > 0, Self.isLetter(bytes[0]) {
            var index = 1
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ":") {
                    scheme = 0..<index
                    position = index + 1
                    break
                }
                guard Self.isSchemeCharacter(byte) else { break }
                index += 1
            }
        }
        let hasAuthority =
            position + 1 < count && bytes[position] == UInt8(ascii: "/") && bytes[position + 1] == UInt8(ascii: "/")
        if let scheme {
            guard hasAuthority else { throw .noMatchingRoute }
            var end = position + 2
            while end < count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"),
                bytes[end] != UInt8(ascii: "#")
            {
                end += 1
            }
            origin = try Self.origin(bytes, scheme: scheme, authority: (position + 2)..<end)
            position = end
        }

        var pathEnd = position
        while pathEnd < count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
        var segments: [String] = []
        if position < pathEnd {
            var slashes = 0
            for index in position..<pathEnd where bytes[index] == UInt8(ascii: "/") { slashes += 1 }
            segments.reserveCapacity(slashes)
            // A path that does not start with "/" (as in "ledger:invoice" or "a/b") matches no route, and neither
            // does a scheme-relative reference ("//host/path") whose host would be ignored.
            guard bytes[position] == UInt8(ascii: "/"), scheme != nil || !hasAuthority else { throw .noMatchingRoute }
            // As `PathSegments.split`: every "/" after the first ends a segment, even an empty one, and the last
            // segment counts only when it is not empty (a single trailing "/" adds nothing).
            var start = position + 1
            for index in start..<pathEnd where bytes[index] == UInt8(ascii: "/") {
                segments.append(try Self.segment(UnsafeBufferPointer(rebasing: bytes[start..<index])))
                start = index + 1
            }
            if start < pathEnd {
                segments.append(try Self.segment(UnsafeBufferPointer(rebasing: bytes[start..<pathEnd])))
            }
        }
        self.segments = segments
        position = pathEnd

        query = nil
        if position < count, bytes[position] == UInt8(ascii: "?") {
            var end = position + 1
            while end < count, bytes[end] != UInt8(ascii: "#") { end += 1 }
            query = (position + 1)..<end
        }
    }

    /// The query as a substring of `text`, for the rare routes that declare query parameters.
    func query(in text: String) -> Substring? {
        guard let query else { return nil }
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: query.lowerBound)
        return text[lower..<utf8.index(lower, offsetBy: query.count)]
    }

    private static func segment(_ bytes: UnsafeBufferPointer<UInt8>) throws(RoutingError) -> String {
        let segment: String
        if bytes.contains(UInt8(ascii: "%")) {
            guard let decoded = PercentEncoding.decode(Substring(String(decoding: bytes, as: UTF8.self))) else {
                throw .malformedURL
            }
            segment = decoded
        } else {
            segment = String(decoding: bytes, as: UTF8.self)
        }
        guard segment != ".", segment != ".." else { throw .malformedURL }
        return segment
    }

    private static func origin(
        _ bytes: UnsafeBufferPointer<UInt8>,
        scheme: Range<Int>,
        authority: Range<Int>
    ) throws(RoutingError) -> Origin {
        let schemeText = lowercased(UnsafeBufferPointer(rebasing: bytes[scheme]))
        var hostEnd = authority.upperBound
        var port: Int?
        var plain = true
        for index in authority {
            switch bytes[index] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                continue
            case UInt8(ascii: ":") where hostEnd == authority.upperBound && plain:
                hostEnd = index
            default:
                if hostEnd == authority.upperBound { plain = false }
            }
        }
        if plain, hostEnd < authority.upperBound {
            var value = 0
            let digits = (hostEnd + 1)..<authority.upperBound
            guard digits.count <= 5, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) })
            else { throw .malformedURL }
            for index in digits { value = value * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
            guard value <= 65_535 else { throw .malformedURL }
            port = digits.isEmpty ? nil : value
        }
        guard plain else {
            // Unicode, percent-encoded, bracketed or user-information authorities: the general, exact path.
            let raw = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[authority]), as: UTF8.self))
            do {
                return try Origin(scheme: Substring(schemeText), authority: raw)
            } catch {
                throw .malformedURL
            }
        }
        let hostBytes = UnsafeBufferPointer(rebasing: bytes[authority.lowerBound..<hostEnd])
        let host: String
        do {
            host = try HostName.canonical(lowercased(hostBytes))
        } catch {
            throw .malformedURL
        }
        return Origin(canonicalScheme: schemeText, host: host, port: port)
    }

    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(
            decoding: bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self
        )
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
