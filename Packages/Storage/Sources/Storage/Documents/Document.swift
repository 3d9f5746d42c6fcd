public import Foundation

/// What a caller hands to `DocumentSaving.save`: the store adds the dates and the size.
public struct DocumentDraft: Hashable, Sendable {
    /// The name to store the document under; saving again under the same id replaces it.
    public var id: DocumentID
    /// A media type such as `application/pdf`, so a reader knows what the bytes are without sniffing them.
    public var contentType: String
    /// Small facts about the document that a list needs without loading the bytes (an invoice number, an ETag).
    public var attributes: [String: String]
    /// The content.
    public var bytes: Data

    /// Creates a draft.
    public init(id: DocumentID, contentType: String, attributes: [String: String] = [:], bytes: Data) {
        self.id = id
        self.contentType = contentType
        self.attributes = attributes
        self.bytes = bytes
    }
}

/// Everything about a stored document except its bytes: what a list shows.
public struct DocumentMetadata: Hashable, Sendable, Codable {
    /// The document's name.
    public var id: DocumentID
    /// A media type such as `application/pdf`.
    public var contentType: String
    /// The caller's small facts about the document.
    public var attributes: [String: String]
    /// The size of the bytes.
    public var byteCount: Int
    /// When the document was first saved under this id (kept when it is replaced).
    public var createdAt: Date
    /// When the document was last saved.
    public var modifiedAt: Date

    /// Creates metadata.
    public init(
        id: DocumentID, contentType: String, attributes: [String: String], byteCount: Int, createdAt: Date,
        modifiedAt: Date
    ) {
        self.id = id
        self.contentType = contentType
        self.attributes = attributes
        self.byteCount = byteCount
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
    }
}

/// A stored document: its metadata and its bytes.
public struct Document: Hashable, Sendable {
    /// Everything about the document except its bytes.
    public var metadata: DocumentMetadata
    /// The content, exactly as saved.
    public var bytes: Data

    /// Creates a document.
    public init(metadata: DocumentMetadata, bytes: Data) {
        self.metadata = metadata
        self.bytes = bytes
    }
}

/// Common media types, so callers do not repeat string literals.
public enum DocumentContentType {
    /// A PDF file.
    public static let pdf = "application/pdf"
    /// A JSON document.
    public static let json = "application/json"
    /// Bytes of no particular type.
    public static let binary = "application/octet-stream"
}

/// The rules every backend enforces before it saves a document, so all backends accept the same documents.
public enum DocumentLimits {
    /// The largest document: invoices are kilobytes, scans a few megabytes; 64 MiB leaves room and keeps a single
    /// load from exhausting a phone's memory.
    public static let maximumByteCount = 64 * 1_024 * 1_024
    /// The largest attributes, keys plus values in UTF-8 bytes: attributes are for lists, bytes are for content.
    public static let maximumAttributeBytes = 16 * 1_024
    /// The most documents one numbered creation may save: an invoice is a record and a PDF, perhaps a few
    /// attachments; a list longer than this is a mistake in the caller.
    public static let maximumDocumentsPerNumber = 16
    /// The longest content type, in bytes.
    public static let maximumContentTypeBytes = 255

    /// Checks `draft` against the limits.
    package static func check(_ draft: DocumentDraft) throws(StorageError) {
        guard draft.bytes.count <= maximumByteCount else {
            throw .invalidDocument(id: draft.id, problem: .tooLarge(byteCount: draft.bytes.count))
        }
        let type = draft.contentType.utf8
        guard !type.isEmpty, type.count <= maximumContentTypeBytes, type.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { throw .invalidDocument(id: draft.id, problem: .invalidContentType) }
        var attributeBytes = 0
        for (key, value) in draft.attributes {
            guard !key.isEmpty else { throw .invalidDocument(id: draft.id, problem: .invalidAttributes) }
            attributeBytes += key.utf8.count + value.utf8.count
        }
        guard attributeBytes <= maximumAttributeBytes else {
            throw .invalidDocument(id: draft.id, problem: .invalidAttributes)
        }
    }
}
