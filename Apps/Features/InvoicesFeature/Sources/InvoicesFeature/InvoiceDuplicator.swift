import Essentials
import Foundation
public import Storage

/// Makes a new invoice from a stored one: the same client, lines, currency, tax, notes and template, issued now (or
/// on the changed day), submitted like a new form (validated, numbered, stored, uploaded).
///
/// The copy keeps the original's payment terms: when the original named its due day, the copy is due as many days
/// after its own issue day (an invoice issued on 1 March and due on 15 March gives a copy due 14 days after it is
/// issued); otherwise the original's terms (a client's, or the usual 30 days) apply again.
public struct InvoiceDuplicator: InvoiceDuplicating {
    private let documents: any DocumentLoading
    private let form: any InvoiceSubmitting
    private let clients: (any ClientLooking)?

    /// Reads the original from `documents` and submits the copy to `form`; a changed client is looked up in
    /// `clients` by key.
    public init(documents: any DocumentLoading, form: any InvoiceSubmitting, clients: (any ClientLooking)? = nil) {
        self.documents = documents
        self.form = form
        self.clients = clients
    }

    /// See the protocol.
    public func duplicate(number: String, changes: InvoiceChanges) async throws(InvoiceError) -> InvoiceSubmission {
        let original = try await InvoiceFiles.invoice(number, in: documents).record
        var request = original.request
        request.issueDate = changes.issueDate
        request.dueDate = changes.dueDate
        if changes.dueDate != nil {
            request.paymentTermsDays = nil
        } else if original.request.dueDate != nil {
            request.paymentTermsDays = Self.days(from: original.issuedOn, to: original.dueOn)
        }
        if let items = changes.items { request.items = items }
        if let client = changes.client { request = try await Self.changing(request, to: client, in: clients) }
        return try await form.submit(request)
    }

    /// `request` for `client`: the directory's details when it is a key, else the name alone.
    private static func changing(
        _ request: InvoiceRequest, to client: String, in clients: (any ClientLooking)?
    ) async throws(InvoiceError) -> InvoiceRequest {
        var request = request
        request.client = client
        request.clientKey = nil
        request.clientAddress = []
        request.clientPostcode = nil
        request.clientCity = nil
        request.clientCountry = nil
        request.clientVATID = nil
        request.clientEmail = nil
        request.buyerReference = nil
        // The language was the former client's (or typed for them): the new client's, else the setting's.
        request.language = nil
        guard let clients else { return request }
        let found: ClientRecord?
        do throws(ClientError) {
            found = try await clients.client(client.trimmingCharacters(in: .whitespaces))
        } catch {
            if case .storage(let failure) = error { throw .storage(failure) }
            throw .notFound(client)
        }
        return found.map { $0.filling(request) } ?? request
    }

    /// Days from one `YYYY-MM-DD` to another; nil when either cannot be read.
    static func days(from start: String, to end: String) -> Int? {
        guard let start = try? CalendarDay(parsing: start), let end = try? CalendarDay(parsing: end) else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let from = start.start(in: calendar), let to = end.start(in: calendar) else { return nil }
        return calendar.dateComponents([.day], from: from, to: to).day
    }
}
