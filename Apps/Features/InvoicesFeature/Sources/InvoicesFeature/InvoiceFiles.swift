import Foundation
import Storage

/// How an invoice is kept in a document store: two documents, `<number>.json` (the record: the form, the totals,
/// the server id, the idempotency key) and `<number>.pdf`. Every flow reads and writes invoices through these
/// functions, each over the one capability of the store it needs, so the format is written once.
enum InvoiceFiles {
    /// The documents of a new invoice, for a numbered creation: its PDF and its record.
    static func drafts(_ record: InvoiceRecord, pdf: Data) throws(StorageError) -> [DocumentDraft] {
        [
            DocumentDraft(
                id: try DocumentID("\(record.number).pdf"), contentType: DocumentContentType.pdf,
                attributes: ["number": record.number, "client": record.request.client], bytes: pdf),
            try recordDraft(record),
        ]
    }

    /// Replaces the record of an invoice (after an upload, with the server's id).
    static func save(_ record: InvoiceRecord, to documents: any DocumentSaving) async throws(StorageError) {
        try await documents.save(try recordDraft(record))
    }

    /// Every stored invoice's record, ordered by number.
    static func records(
        in documents: any DocumentListing & DocumentLoading
    ) async throws(InvoiceError)
        -> [InvoiceRecord]
    {
        let listed: [DocumentMetadata]
        do {
            listed = try await documents.list()
        } catch {
            throw .storage(error)
        }
        var records: [InvoiceRecord] = []
        for metadata in listed
        where metadata.contentType == DocumentContentType.json
            && metadata.id.rawValue.hasPrefix(InvoiceNumber.prefix)
        {
            records.append(try await record(metadata.id, in: documents))
        }
        return records.sorted { $0.number < $1.number }
    }

    /// The invoice `number` with its PDF; a number that cannot be one, or that has no record or no PDF, is not
    /// found.
    static func invoice(
        _ number: String, in documents: any DocumentLoading
    ) async throws(InvoiceError)
        -> InvoiceFile
    {
        let record = try await record(try id(number, "json"), in: documents)
        let pdfID = try id(number, "pdf")
        let pdf: Document?
        do {
            pdf = try await documents.load(pdfID)
        } catch {
            throw .storage(error)
        }
        guard let pdf else { throw .notFound(number) }
        return InvoiceFile(record: record, pdf: pdf.bytes)
    }

    private static func record(
        _ id: DocumentID, in documents: any DocumentLoading
    ) async throws(InvoiceError)
        -> InvoiceRecord
    {
        let document: Document?
        do {
            document = try await documents.load(id)
        } catch {
            throw .storage(error)
        }
        guard let document else { throw .notFound(String(id.rawValue.dropLast(5))) }
        do {
            return try JSONDecoder().decode(InvoiceRecord.self, from: document.bytes)
        } catch {
            throw .storage(
                .coding(
                    CodingFailure(direction: .decoding, typeName: "InvoiceRecord", message: "\(id.rawValue): \(error)"))
            )
        }
    }

    private static func recordDraft(_ record: InvoiceRecord) throws(StorageError) -> DocumentDraft {
        let data: Data
        do {
            data = try encoder.encode(record)
        } catch {
            throw .coding(CodingFailure(direction: .encoding, typeName: "InvoiceRecord", message: "\(error)"))
        }
        return DocumentDraft(
            id: try DocumentID("\(record.number).json"), contentType: DocumentContentType.json,
            attributes: ["number": record.number, "uploaded": record.serverID == nil ? "no" : "yes"], bytes: data)
    }

    /// The document id of `number`'s record or PDF; a number that cannot be an id names no invoice.
    private static func id(_ number: String, _ suffix: String) throws(InvoiceError) -> DocumentID {
        guard InvoiceNumber.isWellFormed(number), let id = try? DocumentID("\(number).\(suffix)") else {
            throw .notFound(number)
        }
        return id
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
