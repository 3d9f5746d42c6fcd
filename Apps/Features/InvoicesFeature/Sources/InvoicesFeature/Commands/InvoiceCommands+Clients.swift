import CommandKit
import Foundation

extension InvoiceCommands {
    /// `request` with the details of the directory's client when `--client` names one by key (options the user
    /// typed win; the currency and payment terms are the client's defaults); unchanged when the text is a name.
    static func fillingClient(
        _ request: InvoiceRequest, invoices: Invoices, arguments: Arguments
    ) async throws(CommandError) -> InvoiceRequest {
        guard let client = try await directoryClient(request.client, invoices: invoices) else { return request }
        return filling(request, with: client, arguments: arguments)
    }

    /// The directory's client `text` names by its key; nil for a name, or where the app has no directory.
    static func directoryClient(_ text: String?, invoices: Invoices) async throws(CommandError) -> ClientRecord? {
        guard let directory = invoices.clients, let text else { return nil }
        do throws(ClientError) {
            return try await directory.client(text.trimmingCharacters(in: .whitespaces))
        } catch {
            throw .client(error)
        }
    }

    /// `request` with `client`'s details where the options leave them open.
    static func filling(_ request: InvoiceRequest, with client: ClientRecord, arguments: Arguments) -> InvoiceRequest {
        var request = client.filling(request)
        if arguments.value("currency") == nil, let currency = client.currency { request.currencyCode = currency }
        if request.dueDate == nil, let days = client.paymentTermsDays { request.paymentTermsDays = days }
        return request
    }
}

extension DraftChanges {
    /// An edit's `--client`: the details a former directory client filled in go (unless this edit typed them), and
    /// `client`'s (when the text is a directory key) fill what is open, so a draft refers to the client it bills.
    func applyClient(_ client: ClientRecord?, to request: inout InvoiceRequest, arguments: Arguments) {
        guard self.client != nil else { return }
        if request.clientKey != nil {
            request.clientKey = nil
            if clientAddress == nil { request.clientAddress = [] }
            if clientPostcode == nil { request.clientPostcode = nil }
            if clientCity == nil { request.clientCity = nil }
            if clientCountry == nil { request.clientCountry = nil }
            if clientVATID == nil { request.clientVATID = nil }
            if clientEmail == nil { request.clientEmail = nil }
            if buyerReference == nil { request.buyerReference = nil }
            if language == nil { request.language = nil }
            request.paymentTermsDays = nil
        }
        if let client { request = InvoiceCommands.filling(request, with: client, arguments: arguments) }
    }
}
