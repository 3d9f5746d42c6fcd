/// A query parameter a route reads, with its type and what happens when the link omits it.
///
/// Query parameters never decide which route matches (only the path does); they are read after the match, so a
/// bad `?page=abc` is reported as such instead of silently falling through to another route.
public struct QueryParameter: Sendable {
    /// What happens when the parameter is absent.
    public enum Presence: Hashable, Sendable {
        /// The link must carry the parameter.
        case required
        /// The parameter may be absent; the route then sees no value.
        case optional
        /// The parameter may be absent; the route then sees this value, and generated URLs omit it when equal.
        case defaulted(ParameterValue)
    }

    /// The type of the value.
    public let type: ParameterType
    /// What happens when the parameter is absent.
    public let presence: Presence

    /// A parameter that must be present.
    public static func required(_ type: ParameterType) -> QueryParameter {
        QueryParameter(type: type, presence: .required)
    }

    /// A parameter that may be absent.
    public static func optional(_ type: ParameterType) -> QueryParameter {
        QueryParameter(type: type, presence: .optional)
    }

    /// A parameter that takes `value` when absent.
    public static func defaulted(_ type: ParameterType, to value: ParameterValue) -> QueryParameter {
        QueryParameter(type: type, presence: .defaulted(value))
    }
}
