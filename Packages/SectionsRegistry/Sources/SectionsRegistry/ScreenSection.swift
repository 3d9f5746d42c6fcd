/// A section that was built: its id, its type and the typed model its module's mapper produced.
///
/// Sections of different types live in one list, so the model is stored as an existential; ``model(as:)`` gets it
/// back typed. Named ``ScreenSection`` rather than `Section` so it never clashes with SwiftUI in an app target.
public struct ScreenSection: Identifiable, Equatable, Sendable {
    /// The section's id on the screen.
    public let id: String
    /// The type of the module that built the section (the fallback module's type for an unknown section).
    public let type: String
    /// The typed model; compare with `==` on the section, or read it with ``model(as:)``.
    public let model: any Sendable & Equatable

    /// Creates a section.
    public init(id: String, type: String, model: any Sendable & Equatable) {
        self.id = id
        self.type = type
        self.model = model
    }

    /// The model as `Model`, or nil when the section holds another model type.
    public func model<Model>(as modelType: Model.Type) -> Model? {
        model as? Model
    }

    /// The section's id and type.
    public var reference: SectionReference {
        SectionReference(id: id, type: type)
    }

    /// Sections are equal when id, type and model are equal; models of different types are never equal.
    public static func == (lhs: ScreenSection, rhs: ScreenSection) -> Bool {
        lhs.id == rhs.id && lhs.type == rhs.type && Self.isEqual(lhs.model, rhs.model)
    }

    private static func isEqual(_ lhs: any Sendable & Equatable, _ rhs: any Sendable & Equatable) -> Bool {
        func compare<Left: Equatable>(_ left: Left) -> Bool {
            guard let right = rhs as? Left else { return false }
            return left == right
        }
        return compare(lhs)
    }
}

/// A mapper of any model type that builds ``ScreenSection``s, so a registry can keep mappers of different model
/// types in one table.
public struct AnySectionMapper: Sendable {
    /// The section type this mapper builds; also the type of the sections it returns.
    public let sectionType: String
    private let build: @Sendable (SectionPayload) throws(SectionMappingError) -> ScreenSection

    /// Wraps `mapper`, which builds sections of `sectionType`.
    public init<Mapper: SectionMapping>(sectionType: String, mapper: Mapper) {
        self.sectionType = sectionType
        self.build = { (payload: SectionPayload) throws(SectionMappingError) -> ScreenSection in
            do throws(SectionMappingError) {
                let model = try mapper.map(payload)
                return ScreenSection(id: payload.id, type: sectionType, model: model)
            } catch {
                // The contract says the error names the payload's type; enforce it for any mapper.
                var normalized = error
                normalized.sectionType = payload.type
                throw normalized
            }
        }
    }

    /// Maps `payload` into a section with the payload's id and this mapper's section type.
    public func section(from payload: SectionPayload) throws(SectionMappingError) -> ScreenSection {
        try build(payload)
    }
}
