import Foundation
public import SectionsRegistry

/// Builds section payloads for tests from plain JSON objects.
public struct SectionPayloadBuilder: Sendable {
    /// Creates a builder.
    public init() {}

    /// A payload of `type` whose content is `json` serialised; invalid JSON objects give empty content.
    public func section(id: String, type: String, json: [String: any Sendable]) -> SectionPayload {
        let content = (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])) ?? Data()
        return SectionPayload(id: id, type: type, content: content)
    }
}
