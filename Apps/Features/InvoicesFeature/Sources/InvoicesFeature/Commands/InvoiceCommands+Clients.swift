import CommandKit
import Foundation

extension InvoiceCommands {
    /// `request` with the details of the directory's client when `--client` names one by key (options the user
    /// typed win; the currency and payment terms are the client's defaults); unchanged when the text is a name.
    static func fillingClient(
        _ request: InvoiceRequest, invoices: Invoices, arguments: Arguments
    ) async throws(CommandError) -> InvoiceRequest {
        guard let directory = invoices.clients else { return request }
        let found: ClientRecord?
        do throws(ClientError) {
            found = try await directory.client(request.client.trimmingCharacters(in: .whitespaces))
        } catch {
            throw .client(error)
        }
        guard let client = found else { return request }
        var request = client.filling(request)
        if arguments.value("currency") == nil, let currency = client.currency { request.currencyCode = currency }
        if request.dueDate == nil, let days = client.paymentTermsDays { request.paymentTermsDays = days }
        return request
    }
}
