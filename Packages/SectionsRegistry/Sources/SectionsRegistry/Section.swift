public import Foundation

/// One section of a server-driven screen as the server sends it: a type string, an id and raw JSON content.
public struct SectionPayload: Hashable, Sendable {
    /// Stable id of this section on the screen.
    public var id: String
    /// The section type, which selects the module that builds it (for example `banner`).
    public var type: String
    /// The section's content, JSON bytes the module's mapper decodes.
    public var content: Data

    /// Creates a payload.
    public init(id: String, type: String, content: Data) {
        self.id = id
        self.type = type
        self.content = content
    }
}

/// Turns the payload of one section type into that section's typed model.
public protocol SectionMapping<Model>: Sendable {
    /// The typed model this mapper produces.
    associatedtype Model: Sendable
    /// Decodes `payload` into a model, or throws why it could not.
    func map(_ payload: SectionPayload) throws(SectionMappingError) -> Model
}

/// Why a section's payload could not be mapped. Carries the section type and a JSON path, never payload values.
public struct SectionMappingError: Error, Hashable, Sendable {
    /// The section type whose payload failed.
    public var sectionType: String
    /// Where in the content the problem is, for example `items[2].title`; empty for the whole content.
    public var path: String

    /// Creates an error.
    public init(sectionType: String, path: String) {
        self.sectionType = sectionType
        self.path = path
    }
}
