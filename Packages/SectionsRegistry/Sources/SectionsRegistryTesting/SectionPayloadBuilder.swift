public import Foundation
public import SectionsRegistry

/// Builds section payloads and server responses for tests, including broken ones on purpose.
public struct SectionPayloadBuilder: Sendable {
    /// Why a payload could not be built from a JSON object.
    public enum BuildError: Error, Hashable, Sendable {
        /// The object holds something JSON cannot represent (a date, NaN, a custom type).
        case notJSON
    }

    /// Creates a builder.
    public init() {}

    /// A payload whose content is `json` serialised with sorted keys, so tests can compare bytes.
    public func section(id: String, type: String, json: [String: any Sendable]) throws(BuildError) -> SectionPayload {
        guard JSONSerialization.isValidJSONObject(json),
            let content = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        else { throw .notJSON }
        return SectionPayload(id: id, type: type, content: content)
    }

    /// A payload whose content is `content` exactly, which may be broken JSON on purpose.
    public func section(id: String, type: String, content: String) -> SectionPayload {
        SectionPayload(id: id, type: type, content: Data(content.utf8))
    }

    /// A server response listing `payloads` as `{"id", "type", "content"}` entries, content embedded verbatim
    /// (so a payload whose content is not JSON makes the whole response invalid).
    public func envelope(_ payloads: [SectionPayload]) -> Data {
        envelope(entries: payloads.map(entry))
    }

    /// A server response listing `entries`, each one raw JSON text, for hostile or malformed entries.
    public func envelope(entries: [String]) -> Data {
        Data(("[" + entries.joined(separator: ",") + "]").utf8)
    }

    /// The JSON text of one entry for `payload`, content embedded verbatim.
    public func entry(_ payload: SectionPayload) -> String {
        #"{"id":\#(quoted(payload.id)),"type":\#(quoted(payload.type)),"content":"#
            + String(decoding: payload.content, as: UTF8.self) + "}"
    }

    private func quoted(_ string: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: [string], options: [.fragmentsAllowed]) else {
            return "\"\""
        }
        // `[string]` serialises as `["..."]`; drop the brackets.
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}
