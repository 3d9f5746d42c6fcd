/// Turns the payload of one section type into that section's typed model.
///
/// Models are `Equatable` so a refreshed screen can tell which sections really changed.
public protocol SectionMapping<Model>: Sendable {
    /// The typed model this mapper produces.
    associatedtype Model: Sendable & Equatable
    /// Decodes `payload` into a model, or throws why it could not.
    func map(_ payload: SectionPayload) throws(SectionMappingError) -> Model
}

/// Why a section's payload could not be mapped.
///
/// It carries the section type, a JSON path and a stable kind, never payload values: these errors end up in logs
/// and analytics, and a section's content may hold personal data.
public struct SectionMappingError: Error, Hashable, Sendable {
    /// What went wrong at `path`; stable, so callers can switch on it instead of parsing messages.
    public enum Kind: Hashable, Sendable {
        /// The content is not JSON at all (empty, truncated, binary).
        case malformedJSON
        /// A key the model requires is absent.
        case missingKey
        /// A value has the wrong JSON type (a number where a string is expected, ...).
        case typeMismatch
        /// A value the model requires is `null`.
        case missingValue
        /// A value has the right type but is not acceptable (out of range, an invalid date, a refinement rule).
        case invalidValue
        /// The content has `bytes` bytes, more than the mapper's `limit`, so it was not decoded at all.
        case contentTooLarge(bytes: Int, limit: Int)
    }

    /// The section type whose payload failed.
    public var sectionType: String
    /// Where in the content the problem is, for example `items[2].title`; empty for the whole content.
    public var path: String
    /// What kind of problem it is.
    public var kind: Kind

    /// Creates an error.
    public init(sectionType: String, path: String, kind: Kind = .invalidValue) {
        self.sectionType = sectionType
        self.path = path
        self.kind = kind
    }
}

/// A rule a refined model broke, reported by ``JSONSectionMapper/refine(_:)``.
///
/// It has no section type on purpose: the mapper adds the type of the payload being mapped, so a subclass cannot
/// report a failure under the wrong type.
public struct SectionContentViolation: Error, Hashable, Sendable {
    /// Where in the content the rule is broken, for example `items[0].deep_link`.
    public var path: String
    /// The kind of problem; usually `.invalidValue`.
    public var kind: SectionMappingError.Kind

    /// Creates a violation.
    public init(path: String, kind: SectionMappingError.Kind = .invalidValue) {
        self.path = path
        self.kind = kind
    }
}
