import Foundation
import SectionsRegistry
import Storage

/// A section type's cache (`SectionStorage` of the SectionsRegistry package) kept in the Storage package's
/// document store: one document per section, its id derived from the section's id.
struct DocumentSectionStorage: SectionStorage {
    let documents: any DocumentStore

    func save(_ payload: SectionPayload) async throws(SectionStorageError) {
        guard let id = Self.documentID(for: payload.id) else { throw .unavailable }
        do {
            try await documents.save(
                DocumentDraft(
                    id: id, contentType: DocumentContentType.json,
                    attributes: ["sectionID": payload.id, "sectionType": payload.type], bytes: payload.content))
        } catch {
            throw .unavailable
        }
    }

    func payload(withID sectionID: String) async throws(SectionStorageError) -> SectionPayload? {
        guard let id = Self.documentID(for: sectionID) else { return nil }
        let document: Document?
        do {
            document = try await documents.load(id)
        } catch {
            if case .corrupted = error { throw .corrupted }
            throw .unavailable
        }
        guard let document else { return nil }
        guard document.metadata.attributes["sectionID"] == sectionID,
            let type = document.metadata.attributes["sectionType"]
        else { throw .corrupted }
        return SectionPayload(id: sectionID, type: type, content: document.bytes)
    }

    /// `home.section.<id>` when the server's id is a plain token (letters, digits, `_`, `-`), otherwise
    /// `home.section.x.<hex of its UTF-8>`: a plain token has no dot, so the two forms never collide, and no id
    /// the server sends can escape the document store. Ids too long for a document id are not cached.
    static func documentID(for sectionID: String) -> DocumentID? {
        let plain =
            !sectionID.isEmpty && sectionID.utf8.count <= 64
            && sectionID.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
            }
        let name =
            plain ? sectionID : "x." + sectionID.utf8.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        return try? DocumentID("home.section." + name)
    }
}
