public import CommandKit
import Foundation
public import InvoicesFeature
import OnboardingFeature
import Rendering
import SettingsFeature
public import Storage
import StorageSQLite
import Validation

extension LedgerFactory {
    /// The invoice form, archive, upload retries, duplicates and previews on the data folder's store, uploading
    /// through the HTTP stack with the signed-in session.
    public func makeInvoices() async throws(StorageError) -> Invoices {
        let configured = await configured()
        let environment = configured.environment
        let printing = environment.printing
        let templates = Self.invoiceTemplates(printing.fonts, printing.compressor, environment.now)
        let documents = try await store.open()
        let validator = { @Sendable (profile: InvoiceProfile) -> any InvoiceValidating in
            InvoiceValidator(
                options: InvoiceValidationOptions(
                    calendar: environment.calendar, undrawableCharacters: printing.undrawableCharacters,
                    profile: profile))
        }
        let drafting = InvoiceDrafting(
            validator: validator(.plain), messages: .english, now: environment.now, calendar: environment.calendar,
            locale: environment.renderingLocale, labels: configured.invoiceLabels, currency: CurrencyTable.currency,
            profileValidator: validator, languageLabels: { try? InvoiceLabels(language: $0) })
        let seller = { @Sendable [self] () async throws(InvoiceError) -> Seller in
            try await Seller(settings: currentSettings())
        }
        let isSignedIn = { @Sendable [session = network.session] in await session.token() != nil }
        let sender = InvoiceSender(
            uploader: APIInvoiceUploader(api: network.api), isSignedIn: isSignedIn, records: documents,
            currency: CurrencyTable.currency)
        let renderers = Dictionary(
            uniqueKeysWithValues: templates.templateIDs.map { ($0.rawValue, templates.renderer(for: $0)) })
        let eInvoices = EInvoiceOutput(
            writer: EInvoiceOutput.crossIndustryWriter(for:),
            archival: renderers.compactMapValues { $0 as? any ArchivalInvoiceRendering })
        let form = InvoiceSubmitter(
            drafting: drafting, templates: renderers, documents: documents, seller: seller, sender: sender,
            eInvoices: eInvoices,
            numbering: .invoices(pattern: configured.settings?.invoiceNumberPattern, calendar: environment.calendar))
        let clients = ClientDirectory(documents: documents)
        let settlementSender = SettlementSender(
            uploader: APISettlementUploader(api: network.api), isSignedIn: isSignedIn, records: documents)
        return Invoices(
            form: form, archive: InvoiceArchive(documents: documents),
            uploads: InvoiceUploadRetrier(documents: documents, sender: sender),
            duplication: InvoiceDuplicator(documents: documents, form: form, clients: clients),
            preview: InvoicePreviewer(
                drafting: drafting,
                renderer: InvoicePDFPreviewRenderer(
                    fonts: printing.fonts, compressor: printing.compressor, creationDate: environment.now),
                seller: seller),
            templates: templates.templateIDs.map(\.rawValue), display: configured.display,
            setup: InvoiceSetupNotes(
                unusableFallbackFont: environment.invoiceFallbackFont.flatMap { font in
                    InvoiceFallbackFont.problem(at: font.path).map { .init(path: font.path, reason: $0) }
                },
                placeholderSeller: configured.settings?.sellerIsPlaceholder == false
                    ? nil : LedgerSettings.placeholderSeller.name),
            defaults: InvoiceDefaults(
                format: configured.settings.flatMap { InvoiceFormat(rawValue: $0.invoiceFormat.rawValue) } ?? .pdf,
                vatCategory: configured.settings?.chosenVATCategory),
            clients: clients,
            drafts: InvoiceDraftFlows(
                desk: DraftDesk(documents: documents),
                issuer: DraftIssuer(composer: form.composer, documents: documents, sender: sender)),
            payments: PaymentRecorder(
                documents: documents, now: environment.now, calendar: environment.calendar, sender: settlementSender),
            credits: CreditNoteIssuer(
                drafting: drafting, templates: renderers, documents: documents, seller: seller, eInvoices: eInvoices,
                sender: settlementSender,
                numbering: .creditNotes(
                    pattern: configured.settings?.creditNoteNumberPattern, calendar: environment.calendar)),
            accounts: InvoiceAccounts(documents: documents, now: environment.now, calendar: environment.calendar),
            backup: InvoiceBackupFlows(
                exporter: InvoiceBackupExporter(documents: documents),
                importer: InvoiceBackupImporter(documents: documents)))
    }

    /// The templates invoices are printed with, by id; a new template is one more `.registering(...)` here.
    static func invoiceTemplates(
        _ fonts: InvoiceFonts, _ compressor: (any FlateCompressing)?, _ now: @escaping @Sendable () -> Date
    ) -> InvoiceTemplateRegistry {
        .builtIn(fonts: fonts, compressor: compressor, creationDate: now)
    }

    /// The invoice commands; help and completion offer the templates' ids (read without loading any font).
    public func invoiceCommands() -> any CommandGroup {
        let ids = Self.invoiceTemplates(.standard14, nil, environment.now).templateIDs.map(\.rawValue)
        return InvoiceCommands(invoices: makeInvoices, templates: ids)
    }

    /// The client directory's commands, on the data folder's store.
    public func clientCommands() -> any CommandGroup {
        ClientCommands(clients: { [store] () async throws(StorageError) -> any ClientDirectoring in
            ClientDirectory(documents: try await store.open())
        })
    }
}
