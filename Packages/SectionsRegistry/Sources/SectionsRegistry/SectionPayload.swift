public import Foundation

/// One section of a server-driven screen as the server sends it: a type string, an id and raw JSON content.
///
/// The content stays as bytes until the module registered for `type` maps it, so a section whose content is
/// broken costs nothing to the sections around it.
public struct SectionPayload: Hashable, Sendable {
    /// Stable id of this section on the screen; the remove, move and insert helpers find sections by it.
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

    /// The id and type of this payload, without its content.
    public var reference: SectionReference {
        SectionReference(id: id, type: type)
    }
}

/// Names one section without its content: what listeners, providers and caches need to know.
public struct SectionReference: Hashable, Sendable {
    /// The section's id on the screen.
    public var id: String
    /// The section's type.
    public var type: String

    /// Creates a reference.
    public init(id: String, type: String) {
        self.id = id
        self.type = type
    }
}
