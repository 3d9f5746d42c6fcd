import Foundation
public import InvoicesFeature
import Rendering
public import Storage
import StorageSQLite
import Validation

extension LedgerFactory {
    /// The invoice form, archive, upload retries and duplicates on the data folder's store, uploading through
    /// the HTTP stack with the signed-in session.
    public func makeInvoices() async throws(StorageError) -> Invoices {
        let printing = self.printing
        let desk = InvoiceDesk(
            InvoiceDesk.Dependencies(
                validator: InvoiceValidator(
                    options: InvoiceValidationOptions(
                        calendar: environment.calendar, undrawableCharacters: printing.undrawableCharacters)),
                messages: .english,
                templates: printing.templates(now: environment.now),
                templateIDs: Self.invoiceTemplates,
                documents: try await store.open(),
                uploader: APIInvoiceUploader(api: network.api),
                isSignedIn: { [session = network.session] in await session.token() != nil },
                now: environment.now,
                calendar: environment.calendar,
                locale: renderingLocale,
                labels: printing.labels,
                seller: { [self] () throws(InvoiceError) in try await Seller(settings: currentSettings()) },
                currency: CurrencyTable.currency))
        return Invoices(form: desk, archive: desk, uploads: desk, duplication: desk, templates: Self.invoiceTemplates)
    }

    /// The template ids the form offers, in the order a menu shows them.
    static let invoiceTemplates = [InvoiceTemplateID.standard, .compact, .creative].map(\.rawValue)
}
