import Foundation
import Storage

/// How an invoice is kept in a document store: `<number>.json` (the record: the form, the totals, the server id,
/// the idempotency key), `<number>.pdf` and, for an e-invoice, `<number>.xml` (the XML exactly as issued). Every flow reads and writes invoices through these
/// functions, each over the one capability of the store it needs, so the format is written once.
enum InvoiceFiles {
    /// The documents of a new invoice, for a numbered creation: its PDF, its XML when it has one, and its record,
    /// so all of them are stored in the one transaction that takes the number.
    static func drafts(_ record: InvoiceRecord, pdf: Data, xml: Data? = nil) throws(StorageError) -> [DocumentDraft] {
        var drafts = [
            DocumentDraft(
                id: try DocumentID("\(record.number).pdf"), contentType: DocumentContentType.pdf,
                attributes: ["number": record.number, "client": record.request.client], bytes: pdf)
        ]
        if let xml {
            drafts.append(
                DocumentDraft(
                    id: try DocumentID("\(record.number).xml"), contentType: xmlContentType,
                    attributes: ["number": record.number, "format": record.request.format.rawValue], bytes: xml))
        }
        drafts.append(try recordDraft(record))
        return drafts
    }

    /// The media type the XML is stored under.
    static let xmlContentType = "application/xml"

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
            && !metadata.id.rawValue.hasSuffix(SettlementFiles.settlementSuffix)
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
        var xml: Data?
        if record.request.format.hasXML {
            let xmlID = try id(number, "xml")
            do {
                xml = try await documents.load(xmlID)?.bytes
            } catch {
                throw .storage(error)
            }
        }
        return InvoiceFile(record: record, pdf: pdf.bytes, xml: xml)
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
