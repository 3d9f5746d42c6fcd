import Essentials
public import Foundation

extension RoutingError: CustomStringConvertible, LocalizedError {
    /// Why the link leads to no screen, as sentences a person can be shown (`"\(error)"` prints them); code
    /// switches on the case instead.
    public var description: String {
        switch self {
        case .noMatchingRoute:
            return "No screen of the app has this link."
        case .malformedURL:
            return "The link cannot be routed: it has a malformed percent escape, a . or .. segment, a user name, or "
                + "a host that is not a valid host name."
        case .missingQueryParameter(let name):
            return "The link lacks its \(ReadableText.quoted(name)) query parameter, which its screen needs."
        case .invalidQueryParameter(let name):
            return "The link's \(ReadableText.quoted(name)) query parameter is not of the kind its screen expects."
        case .duplicateQueryParameter(let name):
            return "The link has its \(ReadableText.quoted(name)) query parameter more than once, which servers "
                + "read differently."
        case .invalidParameters(let error):
            return "The screen refused the link's parameters. \(error)"
        case .unsafeParameter(let name, let character):
            return "\(Self.part(named: name)) contains \(character), which a link to a screen may not carry."
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// The part of the link a parameter name stands for, as the subject of a sentence.
    private static func part(named name: String) -> String {
        switch name {
        case "*": "A segment of the link that a wildcard matched"
        case "**": "The rest of the link's path"
        default: "The link's \(ReadableText.quoted(name)) part"
        }
    }
}

extension UnsafeCharacter: CustomStringConvertible {
    /// The kind of character in words, to be used inside a sentence: "a slash (/)".
    public var description: String {
        switch self {
        case .pathSeparator: "a slash (/), written %2F in the link"
        case .backslash: "a backslash"
        case .control: "a control character or a line separator"
        case .bidirectionalControl: "a character that reverses the direction of text (such as U+202E)"
        case .invisibleFormat: "an invisible character (such as U+200B)"
        }
    }
}

extension RouteTableError: CustomStringConvertible, LocalizedError {
    /// What is wrong with the route table, as sentences for the person who wrote it.
    public var description: String {
        switch self {
        case .invalidPattern(let pattern, let problem):
            "The route pattern \(ReadableText.quoted(pattern)) cannot be used. \(problem)"
        case .duplicateRoute(let pattern):
            "The route pattern \(ReadableText.quoted(pattern)) is registered twice."
        case .conflictingRoutes(let new, let existing):
            "The route patterns \(ReadableText.quoted(new)) and \(ReadableText.quoted(existing)) match exactly the "
                + "same links, so one of them could never be chosen."
        case .undeclaredParameter(let pattern, let name):
            "The route pattern \(ReadableText.quoted(pattern)) has no parameter \(ReadableText.quoted(name)), or a "
                + "query parameter of that name repeats a parameter of its path."
        case .invalidDefault(let pattern, let name):
            "The default value of the query parameter \(ReadableText.quoted(name)) of the route pattern "
                + "\(ReadableText.quoted(pattern)) is not of the parameter's type."
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension PatternProblem: CustomStringConvertible, LocalizedError {
    /// What is wrong with a route pattern, as a sentence for the person who wrote it.
    public var description: String {
        switch self {
        case .empty:
            "The pattern is empty."
        case .invalidScheme:
            "Its scheme is not a valid URI scheme."
        case .invalidHost:
            "Its host is missing or is not a valid host name."
        case .invalidAuthority:
            "It has a user name or a malformed port."
        case .queryOrFragment:
            "It has a query or a fragment; declare query parameters beside the pattern instead."
        case .relativePath:
            "A pattern without a scheme and host must start with /."
        case .emptySegment:
            "Its path has an empty segment (//)."
        case .dotSegment:
            "Its path has a . or .. segment, which URL normalisation would remove."
        case .invalidParameterName(let name):
            "The parameter name \(ReadableText.quoted(name)) is not made of letters, digits and underscores, or "
                + "starts with a digit."
        case .duplicateParameterName(let name):
            "Two of its parameters are named \(ReadableText.quoted(name))."
        case .remainderNotLast:
            "Its ** wildcard, which matches the rest of the path, is not its last segment."
        case .malformedPercentEncoding:
            "A fixed segment of its path has a malformed percent escape."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension URLGenerationError: CustomStringConvertible, LocalizedError {
    /// Why no link could be made for a destination, as a sentence.
    public var description: String {
        switch self {
        case .noRoute:
            "No route makes a link to this destination."
        case .missingValue(let name):
            "The link needs a value for \(ReadableText.quoted(name)), and none was given."
        case .invalidValue(let name):
            "The value of \(ReadableText.quoted(name)) is not of its declared type, or cannot be a segment of a "
                + "path (empty, . or ..)."
        case .unexpectedValue(let name):
            "A value was given for \(ReadableText.quoted(name)), which the route does not have."
        case .wildcardCount(let expected, let actual):
            "The route has \(ReadableText.count(expected, "wildcard segment")), but "
                + "\(ReadableText.count(actual, "value was", "values were")) given for them."
        case .invalidSegment(let segment):
            "The wildcard segment \(ReadableText.quoted(segment)) cannot be a segment of a path (empty, . or ..)."
        case .notRoundTrippable(let link):
            "The link \(ReadableText.quoted(link)) would lead to another destination (a more specific route takes "
                + "it), so it is not shared."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension RouteParameterError: CustomStringConvertible, LocalizedError {
    /// Why a route could not read one of its parameters, as a sentence for the person who wrote the route.
    public var description: String {
        switch self {
        case .missing(let name):
            "The route has no parameter named \(ReadableText.quoted(name))."
        case .typeMismatch(let name, let expected):
            "The parameter \(ReadableText.quoted(name)) does not hold a value of the expected type, "
                + "\(ReadableText.quoted(expected))."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}
