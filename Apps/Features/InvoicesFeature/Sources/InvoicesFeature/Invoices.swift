public import CommandKit
public import Essentials
public import Foundation
public import Rendering
public import Storage
public import Validation

/// Everything the invoices feature hands out, each part typed by the capability its caller needs.
public struct Invoices: Sendable {
    /// Validates, renders, stores and uploads a new invoice.
    public let form: any InvoiceSubmitting
    /// Lists and opens stored invoices.
    public let archive: any InvoiceArchiving
    /// Uploads a stored invoice again.
    public let uploads: any InvoiceUploadRetrying
    /// Makes a new invoice from a stored one.
    public let duplication: any InvoiceDuplicating
    /// Shows a form before it is created, never failing on one that is incomplete.
    public let preview: any InvoicePreviewing
    /// The template ids `InvoiceRequest.template` accepts.
    public let templates: [String]
    /// How amounts and days are shown and read: the user's calendar, locale, clock and default currency.
    public let display: DisplayContext
    /// What the user should know about how invoices are set up on this machine.
    public let setup: InvoiceSetupNotes
    /// The format and VAT category a new invoice takes when its options name none (the settings' defaults).
    public let defaults: InvoiceDefaults
    /// The client directory `invoice new --client KEY` fills the client's details from; nil without one.
    public var clients: (any ClientLooking)?
    /// Saves, edits, previews and issues drafts; nil where the app offers none (the draft commands then say so).
    public let drafts: InvoiceDraftFlows?
    /// Records payments; nil where this app has no store that can check and record them atomically.
    public let payments: (any InvoicePaying)?
    /// Issues credit notes; nil where this app has no store that can check and record them atomically.
    public let credits: (any CreditNoteIssuing)?
    /// Reads invoices with their payments, credit notes and amount due; nil lists them without.
    public let accounts: (any InvoiceAccountReading)?
    /// Exports and imports every invoice, credit note, account, client and draft; nil where the app offers none.
    public var backup: InvoiceBackupFlows?

    /// Bundles the parts.
    public init(
        form: any InvoiceSubmitting, archive: any InvoiceArchiving, uploads: any InvoiceUploadRetrying,
        duplication: any InvoiceDuplicating, preview: any InvoicePreviewing, templates: [String],
        display: DisplayContext, setup: InvoiceSetupNotes = InvoiceSetupNotes(),
        defaults: InvoiceDefaults = InvoiceDefaults(), clients: (any ClientLooking)? = nil,
        drafts: InvoiceDraftFlows? = nil, payments: (any InvoicePaying)? = nil,
        credits: (any CreditNoteIssuing)? = nil, accounts: (any InvoiceAccountReading)? = nil,
        backup: InvoiceBackupFlows? = nil
    ) {
        self.backup = backup
        self.clients = clients
        self.drafts = drafts
        self.defaults = defaults
        self.payments = payments
        self.credits = credits
        self.accounts = accounts
        self.form = form
        self.archive = archive
        self.uploads = uploads
        self.duplication = duplication
        self.preview = preview
        self.templates = templates
        self.display = display
        self.setup = setup
    }
}

/// What the user should know about how invoices are set up on this machine, said before or after an invoice
/// command's own output.
public struct InvoiceSetupNotes: Hashable, Sendable {
    /// The fallback font the settings name but that cannot be used (moved, deleted or damaged since it was set):
    /// its path and why; invoices use the built-in fonts meanwhile.
    public var unusableFallbackFont: UnusableFont?
    /// The seller's name while it is still the placeholder; nil once the user set their company.
    public var placeholderSeller: String?

    /// A font that is not used, and why.
    public struct UnusableFont: Hashable, Sendable {
        /// The file the settings name.
        public var path: String
        /// Why it cannot be used, as a phrase: "there is no file there".
        public var reason: String

        /// Creates a note.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Creates notes; none by default.
    public init(unusableFallbackFont: UnusableFont? = nil, placeholderSeller: String? = nil) {
        self.unusableFallbackFont = unusableFallbackFont
        self.placeholderSeller = placeholderSeller
    }
}

/// Who issues the invoices: printed at the top of every invoice and written into every e-invoice.
public struct Seller: Hashable, Sendable, Codable {
    /// The company name.
    public var name: String
    /// Address lines under the name (street and further lines; with `postcode` and `city` set, those are not
    /// repeated here).
    public var address: [String]
    /// The tax identification as the user set it before VAT identifiers had their own setting, printed when there
    /// is no `vatID`.
    public var taxID: String?
    /// The account payments go to, when the invoice should show it.
    public var iban: String?
    /// The VAT identifier, normalised with its country prefix (`DE123456789`).
    public var vatID: String?
    /// A tax registration that is not a VAT identifier (a German Steuernummer).
    public var taxRegistration: String?
    /// The ISO 3166-1 alpha-2 country code of the address (`DE`).
    public var countryCode: String?
    /// The post code of the address.
    public var postcode: String?
    /// The city of the address.
    public var city: String?
    /// The BIC of the bank holding `iban`.
    public var bic: String?
    /// The contact e-mail address printed and written into e-invoices.
    public var email: String?
    /// The contact's telephone number (XRechnung requires one).
    public var phone: String?
    /// The contact person's name (XRechnung requires one).
    public var contactName: String?

    /// Creates a seller; every field after the name and address is optional.
    public init(
        name: String, address: [String], taxID: String? = nil, iban: String? = nil, vatID: String? = nil,
        taxRegistration: String? = nil, countryCode: String? = nil, postcode: String? = nil, city: String? = nil,
        bic: String? = nil, email: String? = nil, phone: String? = nil, contactName: String? = nil
    ) {
        self.name = name
        self.address = address
        self.taxID = taxID
        self.iban = iban
        self.vatID = vatID
        self.taxRegistration = taxRegistration
        self.countryCode = countryCode
        self.postcode = postcode
        self.city = city
        self.bic = bic
        self.email = email
        self.phone = phone
        self.contactName = contactName
    }
}

/// One line of an invoice as a user typed it.
public struct InvoiceItem: Hashable, Sendable, Codable {
    /// What was sold.
    public var description: String
    /// How many: whole items or parts such as 1.5 hours (up to three decimal places).
    public var quantity: Decimal
    /// The price of one, in the invoice's currency.
    public var unitPrice: Decimal
    /// The line's own VAT category; nil takes the invoice's.
    public var vatCategory: VATCategory?
    /// The line's own VAT rate in percent; nil takes the invoice's rate in the standard category, zero otherwise.
    public var taxPercent: Decimal?

    /// Creates an item.
    public init(
        description: String, quantity: Decimal, unitPrice: Decimal, vatCategory: VATCategory? = nil,
        taxPercent: Decimal? = nil
    ) {
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.vatCategory = vatCategory
        self.taxPercent = taxPercent
    }
}

/// What an invoice is issued as.
public enum InvoiceFormat: String, Hashable, Sendable, Codable, CaseIterable {
    /// A printed PDF only.
    case pdf
    /// A PDF/A-3 that carries its EN 16931 XML (`factur-x.xml`): one file that people read and machines import.
    case facturx
    /// An XRechnung 3.0 XML (the German public-sector e-invoice), stored beside a PDF for people.
    case xrechnung

    /// Whether the format has an XML.
    public var hasXML: Bool { self != .pdf }

    /// The rules the form is checked with in this format.
    public var profile: InvoiceProfile {
        switch self {
        case .pdf: .plain
        case .facturx: .en16931
        case .xrechnung: .xrechnung
        }
    }
}

/// What a new invoice takes when its form leaves it open; the composition root fills it from the settings.
public struct InvoiceDefaults: Hashable, Sendable {
    /// The format of an invoice whose options name none.
    public var format: InvoiceFormat
    /// The VAT category of an invoice whose options name none; nil leaves it to the tax rate (standard above zero).
    public var vatCategory: VATCategory?

    /// Creates defaults: a plain PDF with the category the tax rate implies, unless given.
    public init(format: InvoiceFormat = .pdf, vatCategory: VATCategory? = nil) {
        self.format = format
        self.vatCategory = vatCategory
    }
}

/// A discount on the whole invoice (an EN 16931 document allowance): an amount, or a percentage of the lines.
public struct InvoiceDiscount: Hashable, Sendable, Codable {
    /// The amount taken off, in the invoice's currency; nil when `percent` is set.
    public var amount: Decimal?
    /// The share of the lines' net total taken off, in percent; nil when `amount` is set.
    public var percent: Decimal?
    /// Why, printed and written into the e-invoice ("Discount" when empty).
    public var reason: String

    /// Creates a discount.
    public init(amount: Decimal? = nil, percent: Decimal? = nil, reason: String = "") {
        self.amount = amount
        self.percent = percent
        self.reason = reason
    }
}

/// A new invoice as a user filled in the form.
public struct InvoiceRequest: Hashable, Sendable, Codable {
    /// Who is billed.
    public var client: String
    /// The lines.
    public var items: [InvoiceItem]
    /// ISO 4217 code of every amount.
    public var currencyCode: String
    /// When payment is due; 30 days after the issue date when nil.
    public var dueDate: Date?
    /// The template id (`standard`, `compact`, `creative`).
    public var template: String
    /// The tax rate of every line, in percent (0 when nil).
    public var taxPercent: Decimal?
    /// Free text printed under the lines.
    public var notes: String
    /// What the invoice is issued as; records stored before formats existed read as `pdf`.
    public var format: InvoiceFormat
    /// The buyer's street and further address lines.
    public var clientAddress: [String]
    /// The buyer's post code.
    public var clientPostcode: String?
    /// The buyer's city.
    public var clientCity: String?
    /// The buyer's ISO 3166-1 alpha-2 country code.
    public var clientCountry: String?
    /// The buyer's VAT identifier as typed.
    public var clientVATID: String?
    /// The buyer's e-mail address (XRechnung's electronic address of the buyer).
    public var clientEmail: String?
    /// The reference the buyer asked to be quoted (the Leitweg-ID of a German public buyer).
    public var buyerReference: String?
    /// The buyer's purchase order.
    public var orderReference: String?
    /// The VAT category of every line without its own; nil leaves it to the tax rate.
    public var vatCategory: VATCategory?
    /// Why no VAT is charged, in the user's words; nil takes the standard wording of the category.
    public var exemptionReason: String?
    /// The day of supply.
    public var serviceDate: Date?
    /// A discount on the whole invoice.
    public var discount: InvoiceDiscount?
    /// The key of the client directory's entry the client's details were copied from; nil for a client typed in.
    /// The request keeps the copy, so a later change to the entry never changes an issued invoice.
    public var clientKey: String?
    /// Days from the issue day to the due day when `dueDate` is nil; nil for the usual 30.
    public var paymentTermsDays: Int?
    /// The issue day; nil for the day it is submitted.
    public var issueDate: Date?
    /// The language the invoice, its preview and its credit notes print in (an ISO 639-1 code of a label catalog,
    /// `de`): the one typed with `--language`, else the directory client's; nil prints in the setting
    /// `invoice.language`. Records stored before it existed read as nil.
    public var language: String?

    /// Creates a request.
    public init(
        client: String, items: [InvoiceItem], currencyCode: String, dueDate: Date? = nil,
        template: String = "standard", taxPercent: Decimal? = nil, notes: String = "", format: InvoiceFormat = .pdf,
        clientAddress: [String] = [], clientPostcode: String? = nil, clientCity: String? = nil,
        clientCountry: String? = nil, clientVATID: String? = nil, clientEmail: String? = nil,
        buyerReference: String? = nil, orderReference: String? = nil, vatCategory: VATCategory? = nil,
        exemptionReason: String? = nil, serviceDate: Date? = nil, discount: InvoiceDiscount? = nil,
        clientKey: String? = nil, paymentTermsDays: Int? = nil, issueDate: Date? = nil, language: String? = nil
    ) {
        self.issueDate = issueDate
        self.language = language
        self.clientKey = clientKey
        self.paymentTermsDays = paymentTermsDays
        self.client = client
        self.items = items
        self.currencyCode = currencyCode
        self.dueDate = dueDate
        self.template = template
        self.taxPercent = taxPercent
        self.notes = notes
        self.format = format
        self.clientAddress = clientAddress
        self.clientPostcode = clientPostcode
        self.clientCity = clientCity
        self.clientCountry = clientCountry
        self.clientVATID = clientVATID
        self.clientEmail = clientEmail
        self.buyerReference = buyerReference
        self.orderReference = orderReference
        self.vatCategory = vatCategory
        self.exemptionReason = exemptionReason
        self.serviceDate = serviceDate
        self.discount = discount
    }

    /// Reads a stored request; fields added after a record was stored take their defaults, so every old record
    /// still reads.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        client = try container.decode(String.self, forKey: .client)
        items = try container.decode([InvoiceItem].self, forKey: .items)
        currencyCode = try container.decode(String.self, forKey: .currencyCode)
        dueDate = try container.decodeIfPresent(Date.self, forKey: .dueDate)
        template = try container.decodeIfPresent(String.self, forKey: .template) ?? "standard"
        taxPercent = try container.decodeIfPresent(Decimal.self, forKey: .taxPercent)
        notes = try container.decodeIfPresent(String.self, forKey: .notes) ?? ""
        format = try container.decodeIfPresent(InvoiceFormat.self, forKey: .format) ?? .pdf
        clientAddress = try container.decodeIfPresent([String].self, forKey: .clientAddress) ?? []
        clientPostcode = try container.decodeIfPresent(String.self, forKey: .clientPostcode)
        clientCity = try container.decodeIfPresent(String.self, forKey: .clientCity)
        clientCountry = try container.decodeIfPresent(String.self, forKey: .clientCountry)
        clientVATID = try container.decodeIfPresent(String.self, forKey: .clientVATID)
        clientEmail = try container.decodeIfPresent(String.self, forKey: .clientEmail)
        buyerReference = try container.decodeIfPresent(String.self, forKey: .buyerReference)
        orderReference = try container.decodeIfPresent(String.self, forKey: .orderReference)
        vatCategory = try container.decodeIfPresent(VATCategory.self, forKey: .vatCategory)
        exemptionReason = try container.decodeIfPresent(String.self, forKey: .exemptionReason)
        serviceDate = try container.decodeIfPresent(Date.self, forKey: .serviceDate)
        discount = try container.decodeIfPresent(InvoiceDiscount.self, forKey: .discount)
        clientKey = try container.decodeIfPresent(String.self, forKey: .clientKey)
        paymentTermsDays = try container.decodeIfPresent(Int.self, forKey: .paymentTermsDays)
        issueDate = try container.decodeIfPresent(Date.self, forKey: .issueDate)
        language = try container.decodeIfPresent(String.self, forKey: .language)
    }

    private enum CodingKeys: String, CodingKey {
        case client, items, currencyCode, dueDate, template, taxPercent, notes, format, clientAddress
        case clientPostcode, clientCity, clientCountry, clientVATID, clientEmail, buyerReference, orderReference
        case vatCategory, exemptionReason, serviceDate, discount
        case clientKey, paymentTermsDays, issueDate
        case language
    }
}

/// A stored invoice: what was asked for, what it came to, and whether the server has it.
public struct InvoiceRecord: Hashable, Sendable, Codable {
    /// The invoice number, `INV-0001`, also its id on this machine.
    public var number: String
    /// What the form held.
    public var request: InvoiceRequest
    /// The issue day, `YYYY-MM-DD`.
    public var issuedOn: String
    /// The due day, `YYYY-MM-DD`.
    public var dueOn: String
    /// The net amount of each line, rounded to the currency's minor units, in the order of the request's items.
    /// Nil for invoices stored before amounts were recorded per line.
    public var lineAmounts: [Decimal]?
    /// The sum of the lines before tax; nil for invoices stored before it was recorded.
    public var subtotal: Decimal?
    /// The tax, all rates together; nil for invoices stored before it was recorded.
    public var tax: Decimal?
    /// The total with tax, rounded to the currency's minor units.
    public var total: Decimal
    /// The server's id once uploaded; nil while the invoice exists only on this machine.
    public var serverID: String?
    /// The key that makes repeated uploads of this invoice store one invoice on the server.
    public var idempotencyKey: String
}

/// How a submission ended. Either way the invoice is stored on this machine.
public enum InvoiceSubmission: Hashable, Sendable {
    /// Stored and uploaded; the record carries the server's id.
    case uploaded(InvoiceRecord)
    /// Stored on this machine only; the upload failed and can be retried with `InvoiceUploadRetrying`.
    case storedLocally(InvoiceRecord, UploadFailure)

    /// The stored invoice.
    public var record: InvoiceRecord {
        switch self {
        case .uploaded(let record), .storedLocally(let record, _): record
        }
    }
}

/// Why an upload failed.
public struct UploadFailure: Hashable, Sendable {
    /// The kind of failure, for programs.
    public enum Reason: String, Hashable, Sendable {
        /// There is no session on this machine, or the server no longer accepts it.
        case notSignedIn
        /// The server could not be reached in time.
        case unreachable
        /// The server refused the invoice (a 4xx answer).
        case rejected
        /// The server failed (a 5xx answer).
        case serverError
    }

    /// The kind of failure.
    public var reason: Reason
    /// What happened, for people (no secrets).
    public var detail: String

    /// Creates a failure.
    public init(reason: Reason, detail: String) {
        self.reason = reason
        self.detail = detail
    }
}

/// Why an invoice operation did not happen.
public enum InvoiceError: Error, Hashable, Sendable {
    /// The form breaks the rules; every problem is listed with its message. Nothing was stored.
    case invalid([ValidationProblem])
    /// The template id is not one of `available`. Nothing was stored.
    case unknownTemplate(String, available: [String])
    /// The invoice could not be rendered (for example text the PDF fonts cannot show). Nothing was stored.
    case rendering(RenderingError)
    /// The store failed.
    case storage(StorageError)
    /// No stored invoice has this number.
    case notFound(String)
    /// Who issues the invoice could not be read (the settings are damaged); nothing was stored.
    case sellerUnavailable(detail: String)
    /// The invoice could not be written as an e-invoice (a field the format requires is missing). Nothing was
    /// stored.
    case eInvoice(EInvoiceError)
    /// The Factur-X PDF could not be written (its fonts are not embedded, or the attachment was refused). Nothing
    /// was stored.
    case archival(ArchivalRenderingError)
    /// This app was built without a writer for the format. Nothing was stored.
    case formatUnavailable(InvoiceFormat)
    /// The text names more than one stored invoice (`7` when there are `INV-2025-0007` and `INV-2026-0007`);
    /// `candidates` are their numbers.
    case ambiguous(String, candidates: [String])
}

/// Turns a filled-in form into a stored (and, when possible, uploaded) invoice.
public protocol InvoiceSubmitting: Sendable {
    /// Validates, renders, stores, then uploads; an upload failure keeps the stored invoice.
    func submit(_ request: InvoiceRequest) async throws(InvoiceError) -> InvoiceSubmission
}

/// A stored invoice with its PDF and, for an e-invoice, its XML.
public struct InvoiceFile: Hashable, Sendable {
    /// The record.
    public var record: InvoiceRecord
    /// The rendered PDF (for Factur-X, the PDF/A-3 that carries the XML).
    public var pdf: Data
    /// The XML exactly as issued: the Factur-X attachment or the XRechnung invoice; nil for a PDF-only invoice.
    public var xml: Data?
}

/// Reads stored invoices.
public protocol InvoiceArchiving: Sendable {
    /// Every stored invoice, oldest first.
    func list() async throws(InvoiceError) -> [InvoiceRecord]
    /// The invoice `number` with its PDF.
    func invoice(number: String) async throws(InvoiceError) -> InvoiceFile
}

/// Uploads a stored invoice that is not on the server yet.
public protocol InvoiceUploadRetrying: Sendable {
    /// Uploads invoice `number` (with the same idempotency key as before, so it is stored once).
    func upload(number: String) async throws(InvoiceError) -> InvoiceSubmission
}

/// Makes a new invoice from an existing one.
public protocol InvoiceDuplicating: Sendable {
    /// A new invoice with the same client, lines and template, issued now, stored and uploaded like a new one.
    func duplicate(number: String) async throws(InvoiceError) -> InvoiceSubmission
    /// The same, with `changes` made to the copy.
    func duplicate(number: String, changes: InvoiceChanges) async throws(InvoiceError) -> InvoiceSubmission
}

extension InvoiceDuplicating {
    /// A copy without changes.
    public func duplicate(number: String) async throws(InvoiceError) -> InvoiceSubmission {
        try await duplicate(number: number, changes: InvoiceChanges())
    }
}

/// What a duplicate changes from its original; nil keeps the original's (the issue day is the day of the copy).
public struct InvoiceChanges: Hashable, Sendable {
    /// The client: a directory key (its details are copied) or a name (the original's client details are dropped).
    public var client: String?
    /// The issue day.
    public var issueDate: Date?
    /// The due day; nil keeps the original's payment terms counted from the new issue day.
    public var dueDate: Date?
    /// The lines.
    public var items: [InvoiceItem]?

    /// Creates changes; none by default.
    public init(client: String? = nil, issueDate: Date? = nil, dueDate: Date? = nil, items: [InvoiceItem]? = nil) {
        self.client = client
        self.issueDate = issueDate
        self.dueDate = dueDate
        self.items = items
    }
}

extension InvoiceArchiving {
    /// The number of the stored invoice `text` names: the number in any case (`inv-0001`), else, for digits, the
    /// invoice whose trailing counter they are (`7` is `INV-0007`), else the one number ending in `text`; throws
    /// `ambiguous` when two match and `notFound` when none does.
    public func number(matching text: String) async throws(InvoiceError) -> String {
        try InvoiceLookup.match(text, in: try await list()).number
    }
}
