public import Foundation
public import Storage

/// Writes every document the invoices feature owns into one backup file.
public protocol InvoiceExporting: Sendable {
    /// The backup file's bytes and what it holds.
    func exportBackup() async throws(InvoiceBackupError) -> InvoiceBackupExport
}

/// Reads a backup file back into the store.
public protocol InvoiceImporting: Sendable {
    /// Checks all of `data` first, refusing it whole (with nothing written) on the first problem or on any document
    /// that exists with other bytes; then saves every document that is not already there.
    func importBackup(_ data: Data) async throws(InvoiceBackupError) -> InvoiceImportResult
}

/// The export and the import, for the commands; nil where the app offers none.
public struct InvoiceBackupFlows: Sendable {
    /// Writes the backup file.
    public let exporter: any InvoiceExporting
    /// Reads it back.
    public let importer: any InvoiceImporting

    /// Bundles the parts.
    public init(exporter: any InvoiceExporting, importer: any InvoiceImporting) {
        self.exporter = exporter
        self.importer = importer
    }
}

/// What one backup file holds, counted by what its documents are.
public struct InvoiceBackupContents: Hashable, Sendable, Codable {
    /// Every document in the file.
    public var documents = 0
    /// Invoice records (each with its PDF and, for an e-invoice, its XML).
    public var invoices = 0
    /// Credit-note records (each with its PDF and XML).
    public var creditNotes = 0
    /// Invoice accounts: the payments and credit notes against one invoice.
    public var settlements = 0
    /// Clients of the directory.
    public var clients = 0
    /// Drafts, open ones and the tombstones of issued and deleted ones.
    public var drafts = 0

    /// No documents.
    public init() {}

    mutating func count(_ kind: InvoiceBackupFormat.Kind) {
        documents += 1
        switch kind {
        case .invoice: invoices += 1
        case .creditNote: creditNotes += 1
        case .settlement: settlements += 1
        case .client: clients += 1
        case .draft: drafts += 1
        case .invoiceFile, .creditNoteFile, .payment: break
        }
    }
}

/// A written backup.
public struct InvoiceBackupExport: Hashable, Sendable {
    /// The file's bytes: the versioned JSON envelope.
    public var data: Data
    /// What it holds.
    public var contents: InvoiceBackupContents
}

/// What an import did.
public struct InvoiceImportResult: Hashable, Sendable, Codable {
    /// What the file holds.
    public var contents: InvoiceBackupContents
    /// Documents saved because the store did not have them.
    public var imported: Int
    /// Documents the store already had with the same bytes, left as they were.
    public var unchanged: Int
}

/// Why a backup file was refused; in every case nothing was written.
public enum InvoiceBackupError: Error, Hashable, Sendable {
    /// The file is empty.
    case empty
    /// The file is larger than an import reads.
    case tooLarge(byteCount: Int, limit: Int)
    /// The file is not JSON.
    case notJSON
    /// The file is JSON but not an object.
    case notAnObject
    /// The file is not an invoices backup (its `format`, when it has one).
    case wrongFormat(found: String?)
    /// The file's `version` is one this ledger cannot read (nil when it has none).
    case unsupportedVersion(found: Int?)
    /// The file has no `documents` list.
    case missingDocuments
    /// An entry of `documents` (counted from 1) cannot be imported.
    case invalidEntry(index: Int, id: String?, problem: InvoiceBackupEntryProblem)
    /// Documents of the file exist in the store with other bytes (the first few ids, and how many there are).
    case conflicts(ids: [String], count: Int)
    /// The store failed.
    case storage(StorageError)
}

/// What is wrong with one entry of a backup file.
public enum InvoiceBackupEntryProblem: Hashable, Sendable {
    /// The entry is not a JSON object.
    case notAnObject
    /// A field is missing or of the wrong type.
    case missingField(String)
    /// The id cannot be a document id.
    case invalidID(DocumentIDProblem)
    /// The id names a document the invoices feature does not keep (settings, caches, another feature's data, or
    /// a PDF or XML whose record is not in the file).
    case notOwned
    /// `bytes` is not base64.
    case invalidBase64
    /// The document is larger than a store keeps.
    case tooLarge(byteCount: Int)
    /// The content type is empty, too long or not printable ASCII.
    case invalidContentType
    /// The attributes have an empty key or are larger than a store keeps.
    case invalidAttributes
    /// A date field is not an ISO 8601 date and time.
    case invalidDate(String)
    /// The id was already given by the entry `firstIndex`.
    case duplicate(firstIndex: Int)
}

/// The backup file's envelope and which documents belong in it.
///
/// The file is `{"format": "ledger-invoices", "version": 1, "documents": [...]}`, each document
/// `{"id", "contentType", "attributes", "bytes" (base64), "createdAt", "modifiedAt"}` (dates in ISO 8601 with
/// fractional seconds, UTC), sorted by id, keys sorted, so the same store always exports the same bytes.
public enum InvoiceBackupFormat {
    /// What `format` says.
    public static let format = "ledger-invoices"
    /// The version this ledger writes and reads.
    public static let version = 1
    /// The largest file an import reads: the largest document a store keeps, in base64, four times over. A backup
    /// of invoices is kilobytes per invoice; the cap keeps a wrong file from exhausting memory.
    public static let maximumFileByteCount = 256 * 1_024 * 1_024

    /// What a document of the feature is.
    enum Kind: Hashable, Sendable {
        case invoice, invoiceFile, settlement, payment, creditNote, creditNoteFile, client, draft
    }

    struct Entry: Codable, Hashable, Sendable {
        var id: String
        var contentType: String
        var attributes: [String: String]
        var bytes: String
        var createdAt: String
        var modifiedAt: String
    }

    struct Envelope: Codable, Sendable {
        var format: String
        var version: Int
        var documents: [Entry]
    }

    /// What `metadata` is, when the feature owns it; `records` maps the id stem of every invoice and credit-note
    /// record in the same set to its kind, so a PDF or XML belongs only beside its record.
    static func kind(of metadata: DocumentMetadata, records: [String: Kind]) -> Kind? {
        let id = metadata.id.rawValue
        let json = metadata.contentType == DocumentContentType.json
        if InvoiceFiles.isRecord(metadata) { return .invoice }
        if json, metadata.attributes["kind"] == creditNoteKind { return .creditNote }
        if json, id.hasSuffix(SettlementFiles.settlementSuffix) { return .settlement }
        if json, metadata.attributes["kind"] == SettlementFiles.paymentKind, id.hasPrefix(SettlementFiles.paymentPrefix)
        {
            return .payment
        }
        if json, id.hasPrefix(ClientDirectory.prefix), id.hasSuffix(".json"),
            ClientRecord.isValidKey(String(id.dropFirst(ClientDirectory.prefix.count).dropLast(5)))
        {
            return .client
        }
        if json, DraftFiles.draftID(of: metadata.id) != nil { return .draft }
        for (suffix, type) in [(".pdf", DocumentContentType.pdf), (".xml", InvoiceFiles.xmlContentType)]
        where id.hasSuffix(suffix) && metadata.contentType == type {
            switch records[String(id.dropLast(suffix.count))] {
            case .invoice?: return .invoiceFile
            case .creditNote?: return .creditNoteFile
            default: return nil
            }
        }
        return nil
    }

    /// The stems of the invoice and credit-note records among `listed`.
    static func records(among listed: [DocumentMetadata]) -> [String: Kind] {
        var records: [String: Kind] = [:]
        for metadata in listed {
            let kind = kind(of: metadata, records: [:])
            guard kind == .invoice || kind == .creditNote else { continue }
            records[String(metadata.id.rawValue.dropLast(".json".count))] = kind
        }
        return records
    }

    /// What a credit note's documents' attribute `kind` says.
    static let creditNoteKind = "credit-note"

    static func string(from date: Date) -> String {
        date.formatted(dateStyle)
    }

    static func date(from text: String) -> Date? {
        try? dateStyle.parse(text)
    }

    private static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}

/// Exports by listing the store and keeping what the feature's own file rules say is an invoice's, a credit
/// note's, an account's, a client's or a draft's: settings, caches and other features' documents in the same
/// store are never written.
public struct InvoiceBackupExporter: InvoiceExporting {
    private let documents: any DocumentListing & DocumentLoading

    /// Exports from `documents`.
    public init(documents: any DocumentListing & DocumentLoading) {
        self.documents = documents
    }

    /// See the protocol.
    public func exportBackup() async throws(InvoiceBackupError) -> InvoiceBackupExport {
        let listed: [DocumentMetadata]
        do {
            listed = try await documents.list()
        } catch {
            throw .storage(error)
        }
        let records = InvoiceBackupFormat.records(among: listed)
        var contents = InvoiceBackupContents()
        var entries: [InvoiceBackupFormat.Entry] = []
        for metadata in listed.sorted(by: { $0.id < $1.id }) {
            guard let kind = InvoiceBackupFormat.kind(of: metadata, records: records) else { continue }
            let document: Document?
            do {
                document = try await documents.load(metadata.id)
            } catch {
                throw .storage(error)
            }
            // Deleted between the list and the load: it is not there to back up.
            guard let document else { continue }
            let stored = document.metadata
            entries.append(
                InvoiceBackupFormat.Entry(
                    id: stored.id.rawValue, contentType: stored.contentType, attributes: stored.attributes,
                    bytes: document.bytes.base64EncodedString(),
                    createdAt: InvoiceBackupFormat.string(from: stored.createdAt),
                    modifiedAt: InvoiceBackupFormat.string(from: stored.modifiedAt)))
            contents.count(kind)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(
                InvoiceBackupFormat.Envelope(
                    format: InvoiceBackupFormat.format, version: InvoiceBackupFormat.version, documents: entries))
            return InvoiceBackupExport(data: data, contents: contents)
        } catch {
            throw .storage(
                .coding(CodingFailure(direction: .encoding, typeName: "invoice backup", message: "\(error)")))
        }
    }
}

/// Imports a backup: the whole file is read and checked before anything is written, a document that exists with
/// the same bytes is left alone (so importing a file twice changes nothing), and one that exists with other bytes
/// refuses the whole import: nothing is ever overwritten. The store's numbered creations skip numbers whose
/// documents exist, so invoices, credit notes and drafts made after an import continue after the imported ones.
public struct InvoiceBackupImporter: InvoiceImporting {
    private let documents: any DocumentLoading & DocumentSaving
    private let maximumFileByteCount: Int

    /// Imports into `documents`, refusing files larger than `maximumFileByteCount`.
    public init(
        documents: any DocumentLoading & DocumentSaving,
        maximumFileByteCount: Int = InvoiceBackupFormat.maximumFileByteCount
    ) {
        self.documents = documents
        self.maximumFileByteCount = maximumFileByteCount
    }

    /// The most conflicting ids an error names.
    static let listedConflicts = 5

    /// See the protocol.
    public func importBackup(_ data: Data) async throws(InvoiceBackupError) -> InvoiceImportResult {
        let (drafts, contents) = try Self.checked(data, limit: maximumFileByteCount)
        var missing: [DocumentDraft] = []
        var conflicts: [String] = []
        for draft in drafts {
            let existing: Document?
            do {
                existing = try await documents.load(draft.id)
            } catch {
                throw .storage(error)
            }
            guard let existing else {
                missing.append(draft)
                continue
            }
            if existing.bytes != draft.bytes { conflicts.append(draft.id.rawValue) }
        }
        guard conflicts.isEmpty else {
            throw .conflicts(ids: Array(conflicts.prefix(Self.listedConflicts)), count: conflicts.count)
        }
        // Each save stands alone; should one fail, importing the file again saves the rest and skips the others.
        for draft in missing {
            do {
                try await documents.save(draft)
            } catch {
                throw .storage(error)
            }
        }
        return InvoiceImportResult(contents: contents, imported: missing.count, unchanged: drafts.count - missing.count)
    }

    /// Every document of `data`, checked, in the file's order.
    static func checked(
        _ data: Data, limit: Int
    ) throws(InvoiceBackupError) -> ([DocumentDraft], InvoiceBackupContents) {
        guard data.count <= limit else { throw .tooLarge(byteCount: data.count, limit: limit) }
        guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { throw .empty }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch DecodingError.typeMismatch {
            throw .notAnObject
        } catch {
            throw .notJSON
        }
        guard header.format == InvoiceBackupFormat.format else { throw .wrongFormat(found: header.format) }
        guard header.version == InvoiceBackupFormat.version else { throw .unsupportedVersion(found: header.version) }
        guard let entries = header.documents else { throw .missingDocuments }
        var drafts: [DocumentDraft] = []
        var firstIndex: [DocumentID: Int] = [:]
        for (offset, slot) in entries.enumerated() {
            let index = offset + 1
            guard let entry = slot.entry else {
                throw .invalidEntry(index: index, id: nil, problem: .notAnObject)
            }
            let draft = try checked(entry, index: index)
            if let first = firstIndex[draft.id] {
                throw .invalidEntry(index: index, id: draft.id.rawValue, problem: .duplicate(firstIndex: first))
            }
            firstIndex[draft.id] = index
            drafts.append(draft)
        }
        let listed = drafts.map {
            DocumentMetadata(
                id: $0.id, contentType: $0.contentType, attributes: $0.attributes, byteCount: $0.bytes.count,
                createdAt: .distantPast, modifiedAt: .distantPast)
        }
        let records = InvoiceBackupFormat.records(among: listed)
        var contents = InvoiceBackupContents()
        for (offset, metadata) in listed.enumerated() {
            guard let kind = InvoiceBackupFormat.kind(of: metadata, records: records) else {
                throw .invalidEntry(index: offset + 1, id: metadata.id.rawValue, problem: .notOwned)
            }
            contents.count(kind)
        }
        return (drafts, contents)
    }

    private static func checked(_ entry: LooseEntry, index: Int) throws(InvoiceBackupError) -> DocumentDraft {
        let fail = { (problem: InvoiceBackupEntryProblem) in
            InvoiceBackupError.invalidEntry(index: index, id: entry.id, problem: problem)
        }
        guard let raw = entry.id else { throw fail(.missingField("id")) }
        let id: DocumentID
        do {
            id = try DocumentID(raw)
        } catch {
            guard case .invalidDocumentID(let problem) = error else { throw .storage(error) }
            throw fail(.invalidID(problem))
        }
        guard let contentType = entry.contentType else { throw fail(.missingField("contentType")) }
        guard let attributes = entry.attributes else { throw fail(.missingField("attributes")) }
        guard let text = entry.bytes else { throw fail(.missingField("bytes")) }
        for (field, value) in [("createdAt", entry.createdAt), ("modifiedAt", entry.modifiedAt)] {
            guard let value else { throw fail(.missingField(field)) }
            guard InvoiceBackupFormat.date(from: value) != nil else { throw fail(.invalidDate(field)) }
        }
        // Base64 is 4 characters per 3 bytes: a text longer than the largest document's is refused unread.
        let largestText = (DocumentLimits.maximumByteCount + 2) / 3 * 4
        guard text.utf8.count <= largestText else {
            let padding = text.hasSuffix("==") ? 2 : text.hasSuffix("=") ? 1 : 0
            throw fail(.tooLarge(byteCount: text.utf8.count / 4 * 3 - padding))
        }
        guard let bytes = Data(base64Encoded: text) else { throw fail(.invalidBase64) }
        guard bytes.count <= DocumentLimits.maximumByteCount else { throw fail(.tooLarge(byteCount: bytes.count)) }
        let type = contentType.utf8
        guard !type.isEmpty, type.count <= DocumentLimits.maximumContentTypeBytes,
            type.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { throw fail(.invalidContentType) }
        guard !attributes.keys.contains(""),
            attributes.reduce(0, { $0 + $1.key.utf8.count + $1.value.utf8.count })
                <= DocumentLimits.maximumAttributeBytes
        else { throw fail(.invalidAttributes) }
        return DocumentDraft(id: id, contentType: contentType, attributes: attributes, bytes: bytes)
    }

    /// The envelope with every field optional, so each missing one is named rather than reported as a decoding
    /// failure.
    private struct Header: Decodable {
        var format: String?
        var version: Int?
        var documents: [Slot]?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            format = try? container.decodeIfPresent(String.self, forKey: .format)
            version = try? container.decodeIfPresent(Int.self, forKey: .version)
            documents = try? container.decodeIfPresent([Slot].self, forKey: .documents)
        }

        private enum CodingKeys: String, CodingKey {
            case format, version, documents
        }
    }

    /// One element of `documents`, nil when it is not an object.
    private struct Slot: Decodable {
        var entry: LooseEntry?

        init(from decoder: any Decoder) throws {
            entry = try? LooseEntry(from: decoder)
        }
    }

    private struct LooseEntry: Decodable {
        var id: String?
        var contentType: String?
        var attributes: [String: String]?
        var bytes: String?
        var createdAt: String?
        var modifiedAt: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try? container.decodeIfPresent(String.self, forKey: .id)
            contentType = try? container.decodeIfPresent(String.self, forKey: .contentType)
            attributes = try? container.decodeIfPresent([String: String].self, forKey: .attributes)
            bytes = try? container.decodeIfPresent(String.self, forKey: .bytes)
            createdAt = try? container.decodeIfPresent(String.self, forKey: .createdAt)
            modifiedAt = try? container.decodeIfPresent(String.self, forKey: .modifiedAt)
        }

        private enum CodingKeys: String, CodingKey {
            case id, contentType, attributes, bytes, createdAt, modifiedAt
        }
    }
}

extension InvoiceBackupError: CustomStringConvertible {
    /// A sentence for people.
    public var description: String {
        switch self {
        case .empty: "The backup file is empty."
        case .tooLarge(let count, let limit):
            "The backup file is \(count) bytes, more than the \(limit) bytes an import reads."
        case .notJSON: "The backup file is not JSON."
        case .notAnObject: "The backup file is JSON but not an object with a list of documents."
        case .wrongFormat(let found?): "The file is a '\(found)' file, not a backup of invoices."
        case .wrongFormat(nil): "The file does not say it is a backup of invoices (it has no \"format\")."
        case .unsupportedVersion(let found?):
            "The backup file is version \(found); this ledger reads version \(InvoiceBackupFormat.version)."
        case .unsupportedVersion(nil): "The backup file does not say which version it is."
        case .missingDocuments: "The backup file has no list of documents."
        case .invalidEntry(let index, let id, let problem):
            "Document \(index)\(id.map { " ('\($0)')" } ?? "") of the backup \(problem)."
        case .conflicts(let ids, let count):
            "\(count == 1 ? "A document" : "\(count) documents") of the backup already "
                + "\(count == 1 ? "exists" : "exist") here with other contents: "
                + ids.joined(separator: ", ") + (count > ids.count ? " and \(count - ids.count) more" : "") + "."
        case .storage(let error): error.description
        }
    }
}

extension InvoiceBackupEntryProblem: CustomStringConvertible {
    /// The end of a sentence that starts with the entry.
    public var description: String {
        switch self {
        case .notAnObject: "is not an object"
        case .missingField(let field): "has no \"\(field)\" text (or it is not of the right kind)"
        case .invalidID(let problem): "has an id that cannot be a document's: \(problem)"
        case .notOwned: "is not an invoice, credit note, account, client or draft, or a PDF or XML of one in the file"
        case .invalidBase64: "has \"bytes\" that are not base64"
        case .tooLarge(let count):
            "is \(count) bytes, more than the \(DocumentLimits.maximumByteCount) bytes a document may have"
        case .invalidContentType: "has a content type that is empty, too long or not printable ASCII"
        case .invalidAttributes: "has an attribute without a name, or attributes too large to keep"
        case .invalidDate(let field): "has a \"\(field)\" that is not an ISO 8601 date and time"
        case .duplicate(let first): "repeats the id of document \(first)"
        }
    }
}
