public import Foundation

/// A table of declarative routes: the production `Router` and `URLBuilding`.
///
/// Everything that can be wrong with the routes (bad patterns, duplicates, two patterns matching the same URLs,
/// types for parameters that do not exist) is reported when the table is built, so a table that exists routes
/// predictably: the most specific route wins whatever the registration order, and `url(for:)` only ever returns
/// a link that routes back to the same destination.
public struct RouteTable<Destination: Hashable & Sendable>: Router, URLBuilding {
    private struct Compiled: Sendable {
        let route: Route<Destination>
        let pattern: RoutePattern
        let types: [String: ParameterType]
    }

    private let routes: [Compiled]
    private let trie: RouteTrie

    /// The patterns, in registration order.
    public var patterns: [String] { routes.map(\.route.pattern) }

    /// Builds the table, or reports the first problem found (in registration order).
    public init(_ routes: [Route<Destination>]) throws(RouteTableError) {
        var compiled: [Compiled] = []
        var shapes: [Shape: Int] = [:]
        var trie = RouteTrie()
        for route in routes {
            let pattern: RoutePattern
            do {
                pattern = try RoutePattern(parsing: route.pattern)
            } catch {
                throw .invalidPattern(route.pattern, error)
            }
            let types = try Self.checkDeclarations(of: route, pattern: pattern)
            let edges: [RouteTrie.Edge] = pattern.segments.map { segment in
                switch segment {
                case .literal(let text): .literal(text)
                case .parameter(let name): .parameter(types[name] ?? .string)
                case .wildcard: .wildcard
                case .remainder: .remainder
                }
            }
            let shape = Shape(origin: pattern.origin, edges: edges)
            if let existing = shapes[shape] {
                let other = compiled[existing].route.pattern
                throw other == route.pattern ? .duplicateRoute(route.pattern) : .conflictingRoutes(route.pattern, other)
            }
            shapes[shape] = compiled.count
            trie.insert(origin: pattern.origin, edges: edges, route: compiled.count)
            compiled.append(Compiled(route: route, pattern: pattern, types: types))
        }
        self.routes = compiled
        self.trie = trie
    }

    /// The destination `url` leads to.
    public func destination(for url: URL) throws(RoutingError) -> Destination {
        try match(url).destination
    }

    /// The winning route, its parameters and destination, for diagnostics and tests.
    public func match(_ url: URL) throws(RoutingError) -> RouteMatch<Destination> {
        try match(link: url.absoluteString)
    }

    /// Matches link text; Foundation repairs some malformed text before it becomes a `URL`, this does not.
    func match(link text: String) throws(RoutingError) -> RouteMatch<Destination> {
        let components = LinkComponents(text[...])
        var origin: Origin?
        if let scheme = components.scheme {
            guard let authority = components.authority else { throw .noMatchingRoute }
            do {
                origin = try Origin(scheme: scheme, authority: authority)
            } catch {
                throw .malformedURL
            }
        }
        guard let rawSegments = PathSegments.split(components.path) else { throw .noMatchingRoute }
        var segments: [String] = []
        segments.reserveCapacity(rawSegments.count)
        for raw in rawSegments {
            guard let segment = PercentEncoding.decode(raw), segment != ".", segment != ".." else {
                throw .malformedURL
            }
            segments.append(segment)
        }
        guard let index = trie.match(origin: origin, segments: segments) else { throw .noMatchingRoute }
        let compiled = routes[index]
        var parameters = try pathParameters(of: compiled, segments: segments)
        if !compiled.route.query.isEmpty {
            try readQuery(components.query, declared: compiled.route.query, into: &parameters)
        }
        do {
            let destination = try compiled.route.makeDestination(parameters)
            return RouteMatch(pattern: compiled.route.pattern, parameters: parameters, destination: destination)
        } catch {
            throw .invalidParameters(error)
        }
    }

    /// A URL that routes back to exactly `destination`, built by the first registered route that accepts it.
    public func url(for destination: Destination) throws(URLGenerationError) -> URL {
        for compiled in routes {
            guard let parameters = compiled.route.makeParameters(destination) else { continue }
            let text = try link(for: compiled, parameters: parameters)
            guard let url = URL(string: text), (try? self.destination(for: url)) == destination else {
                throw .notRoundTrippable(text)
            }
            return url
        }
        throw .noRoute
    }

    // MARK: - Matching

    private func pathParameters(of compiled: Compiled, segments: [String]) throws(RoutingError) -> RouteParameters {
        var parameters = RouteParameters()
        for (position, segment) in compiled.pattern.segments.enumerated() {
            switch segment {
            case .literal:
                continue
            case .parameter(let name):
                // The trie only chose this route because the type accepts the segment.
                guard let value = (compiled.types[name] ?? .string).value(of: segments[position]) else {
                    throw .noMatchingRoute
                }
                parameters.values[name] = value
            case .wildcard:
                parameters.wildcards.append(segments[position])
            case .remainder:
                parameters.remainder = Array(segments[position...])
            }
        }
        return parameters
    }

    private func readQuery(
        _ query: Substring?,
        declared: [String: QueryParameter],
        into parameters: inout RouteParameters
    ) throws(RoutingError) {
        var found: [String: String] = [:]
        for item in query.map(RawQueryItem.parse) ?? [] {
            guard let name = PercentEncoding.decode(item.name) else { throw .malformedURL }
            guard declared[name] != nil else { continue }
            guard let value = PercentEncoding.decode(item.value) else { throw .invalidQueryParameter(name) }
            guard found.updateValue(value, forKey: name) == nil else { throw .duplicateQueryParameter(name) }
        }
        for (name, parameter) in declared {
            if let text = found[name] {
                guard let value = parameter.type.value(of: text) else { throw .invalidQueryParameter(name) }
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

    // MARK: - Building

    private func link(for compiled: Compiled, parameters: RouteParameters) throws(URLGenerationError) -> String {
        let pathNames = Set(compiled.pattern.parameterNames)
        for name in parameters.values.keys where !pathNames.contains(name) && compiled.route.query[name] == nil {
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
                guard let text = (compiled.types[name] ?? .string).text(of: value), !PathSegments.isUnsafe(text) else {
                    throw .invalidValue(name)
                }
                pieces.append(PercentEncoding.encode(text))
            case .wildcard:
                let text = wildcards.next() ?? ""
                guard !PathSegments.isUnsafe(text) else { throw .invalidSegment(text) }
                pieces.append(PercentEncoding.encode(text))
            case .remainder:
                for text in parameters.remainder {
                    guard !PathSegments.isUnsafe(text) else { throw .invalidSegment(text) }
                    pieces.append(PercentEncoding.encode(text))
                }
            }
        }
        var link = compiled.pattern.origin?.text ?? ""
        if !pieces.isEmpty || compiled.pattern.origin == nil { link += "/" + pieces.joined(separator: "/") }
        var items: [String] = []
        for (name, parameter) in compiled.route.query.sorted(by: { $0.key < $1.key }) {
            guard let value = parameters.values[name] else {
                if parameter.presence == .required { throw .missingValue(name) }
                continue
            }
            if case .defaulted(let defaultValue) = parameter.presence, defaultValue == value { continue }
            guard let text = parameter.type.text(of: value) else { throw .invalidValue(name) }
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

    private static func checkDeclarations(
        of route: Route<Destination>,
        pattern: RoutePattern
    ) throws(RouteTableError) -> [String: ParameterType] {
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
        return route.types
    }
}
