public import Foundation

/// The values of a route: named path and query parameters, and the segments that wildcards matched.
///
/// The same type goes both ways: the router hands it to a route to make a destination, and a route returns it
/// from a destination to build the URL back.
public struct RouteParameters: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// Named path and query parameters.
    public var values: [String: ParameterValue]
    /// The segments matched by `*`, in order.
    public var wildcards: [String]
    /// The segments matched by `**`.
    public var remainder: [String]

    /// Creates empty parameters, for routes without any.
    public init() {
        self.init([:])
    }

    /// Creates parameters.
    public init(_ values: [String: ParameterValue], wildcards: [String] = [], remainder: [String] = []) {
        self.values = values
        self.wildcards = wildcards
        self.remainder = remainder
    }

    /// Creates named parameters from a literal; a repeated name keeps the last value.
    public init(dictionaryLiteral elements: (String, ParameterValue)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The value named `name`, if any.
    public subscript(name: String) -> ParameterValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The integer named `name`.
    public func int(_ name: String) throws(RouteParameterError) -> Int {
        guard let value = values[name] else { throw .missing(name) }
        guard let int = value.intValue else { throw .typeMismatch(name, expected: "int") }
        return int
    }

    /// The UUID named `name`.
    public func uuid(_ name: String) throws(RouteParameterError) -> UUID {
        guard let value = values[name] else { throw .missing(name) }
        guard let uuid = value.uuidValue else { throw .typeMismatch(name, expected: "uuid") }
        return uuid
    }

    /// The text named `name` (a `string` or custom parameter).
    public func string(_ name: String) throws(RouteParameterError) -> String {
        guard let value = values[name] else { throw .missing(name) }
        guard let string = value.stringValue else { throw .typeMismatch(name, expected: "string") }
        return string
    }

    /// The value named `name` converted to `type`, typically a custom parameter type.
    public func value<Value: LosslessStringConvertible>(
        _ name: String,
        as type: Value.Type
    ) throws(RouteParameterError) -> Value {
        guard let value = values[name] else { throw .missing(name) }
        guard let converted = Value(value.text) else {
            throw .typeMismatch(name, expected: String(describing: type))
        }
        return converted
    }
}

/// Why a route could not read a parameter. Only a route whose code disagrees with its own pattern sees these,
/// since the router checks every declared type before the route runs.
public enum RouteParameterError: Error, Hashable, Sendable {
    /// No parameter has this name.
    case missing(String)
    /// The parameter exists with another type.
    case typeMismatch(String, expected: String)
}
