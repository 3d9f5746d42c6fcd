public import Foundation

/// A table of declarative routes: the production ``Router`` and ``URLBuilding``.
///
/// Everything that can be wrong with the routes (bad patterns, duplicates, two patterns matching the same URLs,
/// types for parameters that do not exist) is reported when the table is built, so a table that exists routes
/// predictably: the most specific route wins whatever the registration order, and ``url(for:)`` only ever returns
/// a link that routes back to the same destination.
public struct RouteTable<Destination: Hashable & Sendable>: Router, URLBuilding {
    @usableFromInline let routes: [Route<Destination>]
    @usableFromInline let matcher: RouteMatcher

    /// The patterns, in registration order.
    public var patterns: [String] { routes.map(\.pattern) }

    /// Builds the table, or reports the first problem found (in registration order).
    public init(_ routes: [Route<Destination>]) throws(RouteTableError) {
        self.routes = routes
        self.matcher = try RouteMatcher(
            routes.map { RouteMatcher.Declaration(pattern: $0.pattern, types: $0.types, query: $0.query) })
    }

    /// The destination `url` leads to.
    ///
    /// Inlinable so that callers specialise it for their destination type: routing is the hot path.
    @inlinable
    public func destination(for url: URL) throws(RoutingError) -> Destination {
        let (index, parameters) = try matcher.match(link: url.absoluteString)
        do {
            return try routes[index].makeDestination(parameters)
        } catch {
            throw .invalidParameters(error)
        }
    }

    /// The winning route, its parameters and destination, for diagnostics and tests.
    public func match(_ url: URL) throws(RoutingError) -> RouteMatch<Destination> {
        try match(link: url.absoluteString)
    }

    /// Matches link text; Foundation repairs some malformed text before it becomes a `URL`, this does not.
    func match(link text: String) throws(RoutingError) -> RouteMatch<Destination> {
        let (index, parameters) = try matcher.match(link: text)
        let route = routes[index]
        do {
            let destination = try route.makeDestination(parameters)
            return RouteMatch(pattern: route.pattern, parameters: parameters, destination: destination)
        } catch {
            throw .invalidParameters(error)
        }
    }

    /// A URL that routes back to exactly `destination`, so it can be shared.
    ///
    /// Routes whose `parameters` closure accepts the destination are tried in registration order, those with a
    /// scheme and host first (their links work outside the app) and path-only routes after them; the first link
    /// that routes back to the same destination wins. So a destination that any route produces gets a link even
    /// when the first candidate's link is shadowed by a more specific route. When no candidate round-trips, the
    /// first candidate's error is thrown.
    public func url(for destination: Destination) throws(URLGenerationError) -> URL {
        var firstFailure: URLGenerationError?
        for index in matcher.linkOrder {
            guard let parameters = routes[index].makeParameters(destination) else { continue }
            do throws(URLGenerationError) {
                let text = try matcher.link(route: index, parameters: parameters)
                guard let url = URL(string: text), (try? self.destination(for: url)) == destination else {
                    throw .notRoundTrippable(text)
                }
                return url
            } catch {
                if firstFailure == nil { firstFailure = error }
            }
        }
        throw firstFailure ?? .noRoute
    }
}

/// The part of a route table that does not depend on the destination type: parsing, the trie, reading
/// parameters and building links. Keeping it non-generic keeps the hot path free of generic dispatch.
@usableFromInline
struct RouteMatcher: Sendable {
    /// What the matcher needs to know about a route.
    struct Declaration {
        var pattern: String
        var types: [String: ParameterType]
        var query: [String: QueryParameter]
    }

    /// A class, so the hot path reads a route's parts through one reference instead of copying them.
    private final class Compiled: Sendable {
        let text: String
        let pattern: RoutePattern
        let types: [String: ParameterType]
        let query: [String: QueryParameter]
        /// The query parameters sorted by name, so reading them (and their errors) is deterministic.
        let sortedQuery: [(name: String, parameter: QueryParameter)]
        /// How many named values a match produces, to size the dictionary once.
        let parameterCount: Int

        init(text: String, pattern: RoutePattern, types: [String: ParameterType], query: [String: QueryParameter]) {
            self.text = text
            self.pattern = pattern
            self.types = types
            self.query = query
            self.sortedQuery = query.sorted { $0.key < $1.key }.map { (name: $0.key, parameter: $0.value) }
            self.parameterCount = pattern.parameterNames.count + query.count
        }
    }

    private let routes: [Compiled]
    private let trie: RouteTrie
    /// The order in which `url(for:)` tries routes: those with an origin first, each group in registration order.
    let linkOrder: [Int]

    init(_ declarations: [Declaration]) throws(RouteTableError) {
        var compiled: [Compiled] = []
        var shapes: [Shape: Int] = [:]
        var trie = RouteTrie()
        for declaration in declarations {
            let pattern: RoutePattern
            do {
                pattern = try RoutePattern(parsing: declaration.pattern)
            } catch {
                throw .invalidPattern(declaration.pattern, error)
            }
            try Self.checkDeclarations(of: declaration, pattern: pattern)
            let edges: [RouteTrie.Edge] = pattern.segments.map { segment in
                switch segment {
                case .literal(let text): .literal(text)
                case .parameter(let name): .parameter((declaration.types[name] ?? .string).matchingType)
                case .wildcard: .wildcard
                case .remainder: .remainder
                }
            }
            let shape = Shape(origin: pattern.origin, edges: edges)
            if let existing = shapes[shape] {
                let other = compiled[existing].text
                throw other == declaration.pattern
                    ? .duplicateRoute(declaration.pattern) : .conflictingRoutes(declaration.pattern, other)
            }
            shapes[shape] = compiled.count
            trie.insert(origin: pattern.origin, edges: edges, route: compiled.count)
            compiled.append(
                Compiled(
                    text: declaration.pattern, pattern: pattern, types: declaration.types, query: declaration.query)
            )
        }
        self.routes = compiled
        self.trie = trie
        self.linkOrder =
            compiled.indices.filter { compiled[$0].pattern.origin != nil }
            + compiled.indices.filter { compiled[$0].pattern.origin == nil }
    }

    /// The index of the winning route and its parameters.
    @usableFromInline
    func match(link text: String) throws(RoutingError) -> (Int, RouteParameters) {
        let request = try RouteRequest(link: text)
        guard let index = trie.match(origin: request.origin, segments: request.segments) else {
            throw .noMatchingRoute
        }
        let compiled = routes[index]
        var parameters = try pathParameters(of: compiled, segments: request.segments)
        if !compiled.query.isEmpty {
            try readQuery(request.query(in: text), of: compiled, into: &parameters)
        }
        return (index, parameters)
    }

    // MARK: - Matching

    private func pathParameters(of compiled: Compiled, segments: [String]) throws(RoutingError) -> RouteParameters {
        var parameters = RouteParameters(
            compiled.parameterCount == 0 ? [:] : Dictionary(minimumCapacity: compiled.parameterCount))
        for (position, segment) in compiled.pattern.segments.enumerated() {
            switch segment {
            case .literal:
                continue
            case .parameter(let name):
                let type = compiled.types[name] ?? .string
                // The trie only chose this route because the type accepts the segment.
                guard let value = type.value(of: segments[position]) else { throw .noMatchingRoute }
                try Self.checkText(segments[position], of: type, name: name)
                parameters.values[name] = value
            case .wildcard:
                try Self.checkText(segments[position], of: .string, name: "*")
                parameters.wildcards.append(segments[position])
            case .remainder:
                for segment in segments[position...] { try Self.checkText(segment, of: .string, name: "**") }
                parameters.remainder = Array(segments[position...])
            }
        }
        return parameters
    }

    private func readQuery(
        _ query: Substring?,
        of compiled: Compiled,
        into parameters: inout RouteParameters
    ) throws(RoutingError) {
        var found: [String: String] = [:]
        for item in query.map(RawQueryItem.parse) ?? [] {
            guard let name = PercentEncoding.decode(item.name) else { throw .malformedURL }
            guard compiled.query[name] != nil else { continue }
            guard let value = PercentEncoding.decode(item.value) else { throw .invalidQueryParameter(name) }
            guard found.updateValue(value, forKey: name) == nil else { throw .duplicateQueryParameter(name) }
        }
        for (name, parameter) in compiled.sortedQuery {
            if let text = found[name] {
                guard let value = parameter.type.value(of: text) else { throw .invalidQueryParameter(name) }
                try Self.checkText(text, of: parameter.type, name: name)
                parameters.values[name] = value
                continue
            }
            switch parameter.presence {
            case .required: throw .missingQueryParameter(name)
            case .optional: continue
            case .defaulted(let value): parameters.values[name] = value
            }
        }
    }

    /// Refuses decoded text with unsafe characters, unless the parameter is typed `.unsafeRaw`. Integers and
    /// UUIDs are skipped: their parsers already admit nothing but digits, letters and hyphens.
    @inline(__always)
    private static func checkText(_ text: String, of type: ParameterType, name: String) throws(RoutingError) {
        switch type.kind {
        case .int, .uuid: return
        case .string, .custom: break
        }
        guard !type.allowsUnsafeText, let kind = DecodedText.unsafeCharacter(in: text) else { return }
        throw .unsafeParameter(name, kind)
    }

    /// Whether `text` may be written into a link for a parameter of `type`: what routing would refuse is never
    /// built.
    private static func canBuild(_ text: String, of type: ParameterType) -> Bool {
        type.allowsUnsafeText || DecodedText.unsafeCharacter(in: text) == nil
    }

    // MARK: - Building

    /// The link text of route `index` for `parameters`; the caller checks that it routes back.
    func link(route index: Int, parameters: RouteParameters) throws(URLGenerationError) -> String {
        let compiled = routes[index]
        let pathNames = Set(compiled.pattern.parameterNames)
        for name in parameters.values.keys where !pathNames.contains(name) && compiled.query[name] == nil {
            throw .unexpectedValue(name)
        }
        let wildcardCount = compiled.pattern.segments.filter { $0 == .wildcard }.count
        guard parameters.wildcards.count == wildcardCount else {
            throw .wildcardCount(expected: wildcardCount, actual: parameters.wildcards.count)
        }
        var wildcards = parameters.wildcards.makeIterator()
        var pieces: [String] = []
        for segment in compiled.pattern.segments {
            switch segment {
            case .literal(let text):
                pieces.append(PercentEncoding.encode(text))
            case .parameter(let name):
                guard let value = parameters.values[name] else { throw .missingValue(name) }
                let type = compiled.types[name] ?? .string
                guard let text = type.text(of: value), !PathSegments.isUnsafe(text), Self.canBuild(text, of: type)
                else { throw .invalidValue(name) }
                pieces.append(PercentEncoding.encode(text))
            case .wildcard:
                let text = wildcards.next() ?? ""
                guard !PathSegments.isUnsafe(text), Self.canBuild(text, of: .string) else {
                    throw .invalidSegment(text)
                }
                pieces.append(PercentEncoding.encode(text))
            case .remainder:
                for text in parameters.remainder {
                    guard !PathSegments.isUnsafe(text), Self.canBuild(text, of: .string) else {
                        throw .invalidSegment(text)
                    }
                    pieces.append(PercentEncoding.encode(text))
                }
            }
        }
        var link = compiled.pattern.origin?.text ?? ""
        if !pieces.isEmpty || compiled.pattern.origin == nil { link += "/" + pieces.joined(separator: "/") }
        var items: [String] = []
        for (name, parameter) in compiled.sortedQuery {
            guard let value = parameters.values[name] else {
                if parameter.presence == .required { throw .missingValue(name) }
                continue
            }
            if case .defaulted(let defaultValue) = parameter.presence, defaultValue == value { continue }
            guard let text = parameter.type.text(of: value), Self.canBuild(text, of: parameter.type) else {
                throw .invalidValue(name)
            }
            items.append(PercentEncoding.encode(name) + "=" + PercentEncoding.encode(text))
        }
        if !items.isEmpty { link += "?" + items.joined(separator: "&") }
        return link
    }

    // MARK: - Building the table

    /// What makes two patterns match the same URLs: the origin and the kinds of their segments, with `*` and a
    /// `string` parameter counted as the same thing.
    private struct Shape: Hashable {
        var origin: Origin?
        var edges: [RouteTrie.Edge]

        init(origin: Origin?, edges: [RouteTrie.Edge]) {
            self.origin = origin
            self.edges = edges.map { $0 == .wildcard ? .parameter(.string) : $0 }
        }
    }

    private static func checkDeclarations(of route: Declaration, pattern: RoutePattern) throws(RouteTableError) {
        let names = Set(pattern.parameterNames)
        for name in route.types.keys.sorted() where !names.contains(name) {
            throw .undeclaredParameter(pattern: route.pattern, name: name)
        }
        for (name, parameter) in route.query.sorted(by: { $0.key < $1.key }) {
            guard !names.contains(name), !name.isEmpty else {
                throw .undeclaredParameter(pattern: route.pattern, name: name)
            }
            if case .defaulted(let value) = parameter.presence, parameter.type.value(of: value.text) != value {
                throw .invalidDefault(pattern: route.pattern, name: name)
            }
        }
    }
}
