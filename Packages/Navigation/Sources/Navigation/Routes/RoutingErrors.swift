/// Why a URL has no destination.
public enum RoutingError: Error, Hashable, Sendable {
    /// No route matches the URL's scheme, host and path.
    case noMatchingRoute
    /// The URL cannot be routed: a malformed percent escape, a `.` or `..` segment, user information, or a host
    /// that is not a valid host name.
    case malformedURL
    /// A required query parameter is absent.
    case missingQueryParameter(String)
    /// A query parameter's value does not have the declared type.
    case invalidQueryParameter(String)
    /// A declared query parameter appears more than once, which different servers resolve differently.
    case duplicateQueryParameter(String)
    /// The route's own code refused the parameters.
    case invalidParameters(RouteParameterError)
    /// A decoded path segment or query value holds a character that must not reach a screen (a `/` smuggled in
    /// as `%2F`, a control, a bidirectional control, an invisible format character). The parameter's name is
    /// given (`*` for a wildcard segment, `**` for a remainder segment) with the kind of character. A parameter
    /// typed `.unsafeRaw(...)` never fails this way.
    case unsafeParameter(String, UnsafeCharacter)
}

/// The kinds of characters that a decoded parameter may not contain unless its route opts in to raw text.
public enum UnsafeCharacter: Hashable, Sendable {
    /// `/`: a decoded `%2F` turns one segment into a path (`INV-..%2F..%2Fetc` is `INV-../../etc`).
    case pathSeparator
    /// `\`: read as `/` by some file systems and browsers.
    case backslash
    /// A control character (U+0000-U+001F, U+007F-U+009F) or a line or paragraph separator (U+2028, U+2029):
    /// they end lines in logs and split text where the reader sees none.
    case control
    /// A bidirectional control (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069): it reorders what a person
    /// sees, so `fdp\u{202E}.exe` reads as an innocent name.
    case bidirectionalControl
    /// An invisible format character (Unicode general category Cf, such as U+200B, U+2060, U+FEFF): it makes two
    /// different values look the same.
    case invisibleFormat
}

/// Why a route table could not be built. Every problem is found when the table is made, never while routing.
public enum RouteTableError: Error, Hashable, Sendable {
    /// A pattern cannot be parsed.
    case invalidPattern(String, PatternProblem)
    /// The same pattern is registered twice.
    case duplicateRoute(String)
    /// Two different patterns match exactly the same URLs (for example `/a/:x` and `/a/:y`, or `/a/:x` and
    /// `/a/*`), so one of them could never win: the new pattern first, then the one already registered.
    case conflictingRoutes(String, String)
    /// A type or query parameter is declared for a name the pattern does not have, or a query parameter reuses a
    /// path parameter's name.
    case undeclaredParameter(pattern: String, name: String)
    /// A query parameter's default value is not of its type.
    case invalidDefault(pattern: String, name: String)
}

/// What is wrong with a route pattern.
public enum PatternProblem: Error, Hashable, Sendable {
    /// The pattern is empty.
    case empty
    /// The scheme is not a valid URI scheme.
    case invalidScheme
    /// The host is missing or is not a valid host name.
    case invalidHost
    /// The pattern has user information or a malformed port.
    case invalidAuthority
    /// The pattern has a query or fragment; declare query parameters with `query:` instead.
    case queryOrFragment
    /// A path-only pattern does not start with `/`.
    case relativePath
    /// The path has an empty segment (`//`).
    case emptySegment
    /// A `.` or `..` segment, which URL normalisation would remove.
    case dotSegment
    /// A parameter name is not an identifier (letters, digits, `_`, not starting with a digit).
    case invalidParameterName(String)
    /// Two parameters share a name.
    case duplicateParameterName(String)
    /// `**` is not the last segment.
    case remainderNotLast
    /// A literal segment has a malformed percent escape.
    case malformedPercentEncoding
}

/// Why ``URLBuilding/url(for:)`` could not build a URL.
public enum URLGenerationError: Error, Hashable, Sendable {
    /// No route's `parameters` closure accepts the destination.
    case noRoute
    /// A value the pattern needs is missing (the parameter's name is given).
    case missingValue(String)
    /// A value is not of its declared type, or cannot be a path segment (empty, `.` or `..`).
    case invalidValue(String)
    /// A value was given that the route does not declare.
    case unexpectedValue(String)
    /// The number of wildcard segments differs from the pattern's `*` count.
    case wildcardCount(expected: Int, actual: Int)
    /// A wildcard or remainder segment is empty, `.` or `..`.
    case invalidSegment(String)
    /// The built URL would route to another destination (typically a more specific route shadows it); the
    /// built link is given.
    case notRoundTrippable(String)
}
