public import Foundation

extension LedgerFactory {
    /// How money and dates look on invoices and report tables, from the configured locale.
    var renderingLocale: RenderingLocale {
        RenderingLocale(identifier: configuration.locale.identifier)
    }

    /// The invoice templates by id, Standard as the fallback; creation dates come from the configured clock, so
    /// the same invoice renders to the same bytes.
    func makeTemplates() -> InvoiceTemplateRegistry {
        InvoiceTemplateRegistry.builtIn(creationDate: configuration.now)
    }
}

extension LedgerFactory {
    /// The invoice form (validate, render, store, upload), the archive of stored invoices and upload retries.
    public func makeInvoices() async throws(StorageError) -> InvoicesFeature {
        let desk = try await makeInvoiceDesk()
        return InvoicesFeature(form: desk, archive: desk, uploads: desk, templates: Self.templateIDs)
    }

    /// Invoice duplication: a stored invoice's client, lines and template as a new invoice issued now.
    public func makeInvoiceDuplication() async throws(StorageError) -> any InvoiceDuplicating {
        try await makeInvoiceDesk()
    }

    /// The template ids the form offers, in the order a menu shows them.
    static let templateIDs = [InvoiceTemplateID.standard, .compact, .creative].map(\.rawValue)

    private func makeInvoiceDesk() async throws(StorageError) -> InvoiceDesk {
        let store = try await resources.openedStore()
        return InvoiceDesk(
            InvoiceDesk.Dependencies(
                validator: makeInvoiceValidator(),
                messages: validationMessages,
                templates: makeTemplates(),
                templateIDs: Self.templateIDs,
                documents: store.documents,
                uploader: APIInvoiceUploader(api: network.api),
                isSignedIn: { await network.session.isSignedIn },
                now: configuration.now,
                calendar: configuration.calendar,
                locale: renderingLocale,
                seller: configuration.seller
            ))
    }
}

extension LedgerFactory {
    /// `amount` as people read money in the configured locale (`€3,996.84`, `¥1,235`), with the currency's minor
    /// units; the one money format of the app.
    public func formatted(_ amount: Decimal, currencyCode: String) -> String {
        MoneyFormatter(locale: renderingLocale).string(
            from: amount, currency: Currency.named(currencyCode.uppercased()))
    }
}
