import Foundation
import Storage

/// How an invoice's account and its credit notes are kept in a document store: `<number>.settlement.json` (the
/// ``InvoiceSettlement``), `<credit note>.json` (the ``CreditNoteRecord``), `<credit note>.pdf` and, for an
/// e-invoice, `<credit note>.xml`. Every settlement flow reads and writes through these functions, so the format is
/// written once.
enum SettlementFiles {
    /// What a settlement's id ends with; the invoice listing leaves these out.
    static let settlementSuffix = ".settlement.json"

    /// The ids of invoice `number`'s record and account; a text that cannot be an invoice number names no invoice.
    static func ids(of number: String) throws(SettlementError) -> (record: DocumentID, settlement: DocumentID) {
        let stem = InvoiceNumbering.documentIDStem(for: number)
        guard InvoiceNumber.isWellFormed(number), let record = try? DocumentID("\(stem).json"),
            let settlement = try? DocumentID("\(stem)\(settlementSuffix)")
        else { throw .unknownInvoice(number) }
        return (record, settlement)
    }

    /// The record among `read`, or `unknownInvoice`.
    static func record(
        _ number: String, id: DocumentID, in read: [DocumentID: Document]
    ) throws(SettlementError) -> InvoiceRecord {
        guard let document = read[id] else { throw .unknownInvoice(number) }
        return try decode(InvoiceRecord.self, document, id: id)
    }

    /// The account among `read`, or an empty one.
    static func settlement(
        _ number: String, id: DocumentID, in read: [DocumentID: Document]
    ) throws(SettlementError) -> InvoiceSettlement {
        guard let document = read[id] else { return InvoiceSettlement(invoiceNumber: number) }
        return try decode(InvoiceSettlement.self, document, id: id)
    }

    /// What a payment's own document's id starts with, and its attribute `kind`.
    static let paymentPrefix = "payment."
    static let paymentKind = "payment"

    /// The payment's own document, `payment.<n>.json`, stored with the account that lists it: the payments
    /// sequence skips a number whose document exists, so after an import into another data folder new payments
    /// never take the ids of the imported ones.
    static func draft(
        _ payment: SettlementPayment, number: Int, invoice: String
    ) throws(SettlementError) -> DocumentDraft {
        let id: DocumentID
        do {
            id = try DocumentID("\(paymentPrefix)\(number).json")
        } catch {
            throw .invoice(.storage(error))
        }
        return DocumentDraft(
            id: id, contentType: DocumentContentType.json,
            attributes: ["invoice": invoice, "kind": paymentKind, "number": payment.id],
            bytes: try encode(payment, typeName: "SettlementPayment"))
    }

    /// The document of `settlement`, replacing the one read.
    static func draft(_ settlement: InvoiceSettlement) throws(SettlementError) -> DocumentDraft {
        let (_, id) = try ids(of: settlement.invoiceNumber)
        return DocumentDraft(
            id: id, contentType: DocumentContentType.json,
            attributes: ["invoice": settlement.invoiceNumber, "kind": "settlement"],
            bytes: try encode(settlement, typeName: "InvoiceSettlement"))
    }

    /// The documents of a new credit note: its PDF, its XML when it has one, and its record.
    static func drafts(_ record: CreditNoteRecord, pdf: Data, xml: Data?) throws(SettlementError) -> [DocumentDraft] {
        var drafts = [
            DocumentDraft(
                id: try id(record.number, "pdf"), contentType: DocumentContentType.pdf,
                attributes: ["number": record.number, "invoice": record.invoiceNumber, "kind": "credit-note"],
                bytes: pdf)
        ]
        if let xml {
            drafts.append(
                DocumentDraft(
                    id: try id(record.number, "xml"), contentType: InvoiceFiles.xmlContentType,
                    attributes: ["number": record.number, "format": record.format.rawValue], bytes: xml))
        }
        drafts.append(try recordDraft(record))
        return drafts
    }

    /// The record document of a credit note (after an upload, with the server's id).
    static func recordDraft(_ record: CreditNoteRecord) throws(SettlementError) -> DocumentDraft {
        DocumentDraft(
            id: try id(record.number, "json"), contentType: DocumentContentType.json,
            attributes: [
                "number": record.number, "invoice": record.invoiceNumber, "kind": "credit-note",
                "uploaded": record.serverID == nil ? "no" : "yes",
            ],
            bytes: try encode(record, typeName: "CreditNoteRecord"))
    }

    /// Invoice `number`'s account as stored now (empty when it has none).
    static func settlement(
        of number: String, in documents: any DocumentLoading
    ) async throws(SettlementError) -> InvoiceSettlement {
        let (_, id) = try ids(of: number)
        let document: Document?
        do {
            document = try await documents.load(id)
        } catch {
            throw .invoice(.storage(error))
        }
        guard let document else { return InvoiceSettlement(invoiceNumber: number) }
        return try decode(InvoiceSettlement.self, document, id: id)
    }

    /// The credit note `number` as stored, with its PDF and XML.
    static func creditNote(
        _ number: String, in documents: any DocumentLoading
    ) async throws(SettlementError) -> CreditNoteFile {
        let recordID = try id(number, "json")
        do {
            guard let document = try await documents.load(recordID),
                let pdf = try await documents.load(try id(number, "pdf"))
            else { throw SettlementError.unknownInvoice(number) }
            let record = try decode(CreditNoteRecord.self, document, id: recordID)
            let xml = record.format.hasXML ? try await documents.load(try id(number, "xml"))?.bytes : nil
            return CreditNoteFile(record: record, pdf: pdf.bytes, xml: xml)
        } catch let error as SettlementError {
            throw error
        } catch let error as StorageError {
            throw .invoice(.storage(error))
        } catch {
            throw .invoice(
                .storage(.coding(CodingFailure(direction: .decoding, typeName: "Document", message: "\(error)"))))
        }
    }

    private static func id(_ number: String, _ suffix: String) throws(SettlementError) -> DocumentID {
        do {
            return try DocumentID("\(InvoiceNumbering.documentIDStem(for: number)).\(suffix)")
        } catch {
            throw .invoice(.storage(error))
        }
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, _ document: Document, id: DocumentID
    ) throws(SettlementError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: document.bytes)
        } catch {
            throw .invoice(
                .storage(
                    .coding(
                        CodingFailure(
                            direction: .decoding, typeName: "\(T.self)", message: "\(id.rawValue): \(error)"))))
        }
    }

    private static func encode(_ value: some Encodable, typeName: String) throws(SettlementError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(value)
        } catch {
            throw .invoice(
                .storage(.coding(CodingFailure(direction: .encoding, typeName: typeName, message: "\(error)"))))
        }
    }
}
