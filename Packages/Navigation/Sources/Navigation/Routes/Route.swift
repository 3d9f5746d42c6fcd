/// One declarative route: a URL pattern, the types of its parameters, and the two directions between its
/// parameters and a destination.
///
/// Pattern syntax: `scheme://host/segment/...` (or just `/segment/...` for any scheme and host). A segment is a
/// literal (percent-encoded where needed), `:name` for a parameter (a `string` unless `types` says otherwise),
/// `*` for any one segment or `**` (last only) for the rest of the path, zero or more segments.
public struct Route<Destination: Hashable & Sendable>: Sendable {
    /// The pattern as written.
    public let pattern: String
    /// The types of named path parameters; names not listed are `string`.
    public let types: [String: ParameterType]
    /// The query parameters the route reads, by name.
    public let query: [String: QueryParameter]
    @usableFromInline let makeDestination: @Sendable (RouteParameters) throws(RouteParameterError) -> Destination
    let makeParameters: @Sendable (Destination) -> RouteParameters?

    /// Creates a route.
    ///
    /// - Parameters:
    ///   - pattern: The URL pattern, such as `ledger://invoice/:id`; <doc:RoutePatterns> gives the syntax.
    ///   - types: The types of named path parameters; names not listed are `string`.
    ///   - query: The query parameters the route reads, by name.
    ///   - destination: Makes the destination from matched parameters (every declared type is already checked).
    ///   - parameters: Returns the parameters for a destination this route leads to, and `nil` for any other
    ///     destination; ``RouteTable/url(for:)`` uses it to build links.
    public init(
        _ pattern: String,
        types: [String: ParameterType] = [:],
        query: [String: QueryParameter] = [:],
        destination: @escaping @Sendable (RouteParameters) throws(RouteParameterError) -> Destination,
        parameters: @escaping @Sendable (Destination) -> RouteParameters?
    ) {
        self.pattern = pattern
        self.types = types
        self.query = query
        self.makeDestination = destination
        self.makeParameters = parameters
    }

    /// A route without parameters that always leads to `destination`.
    public init(_ pattern: String, to destination: Destination) {
        self.init(
            pattern,
            destination: { _ in destination },
            parameters: { $0 == destination ? RouteParameters() : nil }
        )
    }
}

/// What a successful match found: the route, its parameters and the destination they make.
public struct RouteMatch<Destination: Hashable & Sendable>: Hashable, Sendable {
    /// The pattern of the route that won.
    public let pattern: String
    /// The parameters read from the URL, defaults included.
    public let parameters: RouteParameters
    /// The destination the route made.
    public let destination: Destination
}
