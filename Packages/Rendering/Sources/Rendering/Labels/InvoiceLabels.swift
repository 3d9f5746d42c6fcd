public import Essentials
public import Foundation

/// Names every text an invoice prints that is not the caller's data: titles, column headings, totals, the page
/// footer. The keys of ``InvoiceLabels``.
public enum InvoiceLabel: String, Hashable, Sendable, CaseIterable {
    /// The large title of the first page ("INVOICE").
    case documentTitle
    /// The word before the number in headings and the document title ("Invoice").
    case invoice
    /// The label of the invoice number ("Invoice number").
    case invoiceNumber
    /// The label of the issue date.
    case issueDate
    /// The label of the date the service was delivered, printed when the document has one.
    case serviceDate
    /// The label of the due date.
    case dueDate
    /// The heading of the seller block ("FROM").
    case seller
    /// The heading of the client block ("BILL TO").
    case client
    /// The description column.
    case description
    /// The quantity column.
    case quantity
    /// The unit price column.
    case unitPrice
    /// The tax rate column.
    case taxRate
    /// The line amount column.
    case amount
    /// The sum of the net line amounts.
    case subtotal
    /// One tax row of the totals; `{rate}` and `{base}` are replaced by the rate and the taxed amount.
    case taxLine
    /// The amount due.
    case total
    /// The heading of the notes.
    case notes
    /// The page footer; `{page}` and `{count}` are replaced by the page number and the page count.
    case page
    /// The label before a party's VAT identifier ("VAT ID", "USt-IdNr.").
    case vatID
    /// The label before a party's tax registration that is not a VAT identifier ("Tax number", "Steuernummer").
    case taxRegistration
    /// The label before the IBAN of the payment block.
    case iban
    /// The large title of the first page of a credit note ("CREDIT NOTE").
    case creditNoteTitle
    /// The word before the number of a credit note ("Credit note").
    case creditNote
    /// The label of a credit note's number.
    case creditNoteNumber
    /// The line of a credit note naming what it corrects; `{number}` and `{date}` are replaced by the corrected
    /// invoice's number and issue date.
    case correctsInvoice
    /// The label of the billed period, printed instead of a service date when the document has one.
    case servicePeriod
    /// The label of the buyer's reference.
    case buyerReference
    /// The label of the buyer's purchase order.
    case orderReference
    /// The label before a party's contact person.
    case contactName
    /// The label before a party's e-mail address.
    case email
    /// The label before a party's telephone number.
    case phone
    /// The word before a discount: under a line and in the totals ("Discount").
    case allowance
    /// The word before a surcharge: under a line and in the totals ("Surcharge").
    case charge
    /// The total without VAT (after the document's discounts and surcharges).
    case totalWithoutVAT
    /// One VAT row of a category other than the standard one; `{rate}`, `{category}` and `{base}` are replaced.
    case taxLineWithCategory
    /// The sum of the VAT rows.
    case vatTotal
    /// What was already paid.
    case paidAmount
    /// What remains to pay, after what was paid.
    case amountDue
    /// The heading of the VAT exemption reasons.
    case vatExemption
    /// The heading of the payment block.
    case payment
    /// The label before the BIC of the payment block.
    case bic
    /// The label before the account holder of the payment block.
    case accountName
    /// The label before the reference the buyer quotes when paying.
    case paymentReference
    /// The name of the zero-rated VAT category, printed in its VAT row.
    case categoryZeroRated
    /// The name of the exempt VAT category.
    case categoryExempt
    /// The name of the reverse-charge VAT category.
    case categoryReverseCharge
    /// The name of the intra-community supply VAT category.
    case categoryIntraCommunity
    /// The name of the export VAT category.
    case categoryExport
    /// The name of the VAT category outside the scope of VAT.
    case categoryOutsideScope
    /// Why a reverse-charge invoice charges no VAT, as the invoice states it ("Reverse charge: the recipient is
    /// liable for the VAT", "Steuerschuldnerschaft des Leistungsempfängers").
    case exemptionReverseCharge
    /// Why an intra-community supply charges no VAT, with the article of law it rests on.
    case exemptionIntraCommunity
    /// Why an export charges no VAT, with the article of law it rests on.
    case exemptionExport
    /// Why a supply outside the scope of VAT charges none.
    case exemptionOutsideScope
    /// The payment terms of an invoice that states only its due day; `{date}` is replaced by the day.
    case dueOn

    /// The placeholders the label's text must carry, in every language: the renderer replaces exactly these, so a
    /// translation that drops one would hide a figure and one that adds another would print it raw.
    public var placeholders: [String] {
        switch self {
        case .taxLine: ["{rate}", "{base}"]
        case .taxLineWithCategory: ["{rate}", "{category}", "{base}"]
        case .page: ["{page}", "{count}"]
        case .correctsInvoice: ["{number}", "{date}"]
        case .dueOn: ["{date}"]
        default: []
        }
    }
}

/// The wording of an invoice, kept apart from layout so a translation (or a house style) is a data file, not code.
///
/// The package ships one catalog per language as a JSON file in its resources (`Resources/Labels/<code>.json`),
/// which a translator edits without touching Swift: English, German, French, Spanish, Italian, Dutch, Polish,
/// Czech and Portuguese (``available``). ``init(language:)`` loads one, once per process, and refuses a damaged or
/// hostile file with an ``InvoiceLabelsError``; a label a catalog lacks comes from English, so a partial
/// translation never prints an empty label (``missingLabels(language:)`` says which). A catalog of the caller's
/// own is built from a table with ``init(_:fallback:)`` or from JSON with ``init(json:language:)``.
public struct InvoiceLabels: Hashable, Sendable {
    private let texts: [InvoiceLabel: String]

    /// A catalog from `table`, with `fallback` answering the labels it lacks.
    public init(_ table: [InvoiceLabel: String], fallback: InvoiceLabels = .english) {
        texts = fallback.texts.merging(table) { _, new in new }
    }

    init(complete table: [InvoiceLabel: String]) {
        texts = table
    }

    /// The catalog for a language code such as `fr`, `de_AT` or `pt-BR` (the language decides, the region does not),
    /// or English when the package has no catalog for the language or its file cannot be used. For a setting that
    /// should be refused instead, use ``init(language:)``.
    public init(languageCode: String) {
        self = (try? InvoiceLabels(language: languageCode)) ?? .english
    }

    /// The catalog the package ships for a language code (`fr`, `fr_CH`, `pt-BR`: the language decides), with
    /// English for the labels the file lacks. Each language's file is read and checked once per process.
    ///
    /// - Throws: ``InvoiceLabelsError/unknownLanguage(_:available:)`` when there is no catalog for the language,
    ///   and the other cases when its file is too large, not a JSON object of texts, names a label that does not
    ///   exist, has a text that is empty, too long or holds control characters, or has other placeholders than
    ///   the English text of its label.
    public init(language: String) throws(InvoiceLabelsError) {
        self = try LabelCatalogs.shared.catalog(for: language).labels
    }

    /// A catalog from the bytes of a catalog file (a JSON object from ``InvoiceLabel`` raw values to texts), checked
    /// as the shipped files are, with English for the labels it lacks. `language` only names the catalog in errors.
    public init(json: Data, language: String) throws(InvoiceLabelsError) {
        self = try LabelCatalog(json: json, language: language).labels
    }

    /// The language codes the package has a catalog for, sorted (`cs`, `de`, `en`, `es`, `fr`, `it`, `nl`, `pl`,
    /// `pt`): the values a language setting accepts. Only `en` when the resource folder is missing.
    public static var available: [String] { LabelCatalogs.shared.available }

    /// The labels the catalog of `language` lacks, which print in English; empty for a complete catalog.
    ///
    /// - Throws: as ``init(language:)``.
    public static func missingLabels(language: String) throws(InvoiceLabelsError) -> [InvoiceLabel] {
        try LabelCatalogs.shared.catalog(for: language).missing
    }

    /// The text of `label`, placeholders unreplaced.
    public subscript(_ label: InvoiceLabel) -> String {
        texts[label] ?? label.rawValue
    }

    /// The VAT row label: "VAT 19% on $100.00", or "VAT 0% (reverse charge) on $100.00" for a category other than
    /// the standard one.
    func taxLine(rate: String, category: VATCategory, base: String) -> String {
        let name: InvoiceLabel? =
            switch category {
            case .standard: nil
            case .zeroRated: .categoryZeroRated
            case .exempt: .categoryExempt
            case .reverseCharge: .categoryReverseCharge
            case .intraCommunity: .categoryIntraCommunity
            case .export: .categoryExport
            case .outsideScope: .categoryOutsideScope
            }
        guard let name else {
            return self[.taxLine].replacingPlaceholder("{rate}", with: rate).replacingPlaceholder("{base}", with: base)
        }
        return self[.taxLineWithCategory].replacingPlaceholder("{rate}", with: rate)
            .replacingPlaceholder("{category}", with: self[name]).replacingPlaceholder("{base}", with: base)
    }

    /// The category's name as printed in its VAT row and before its exemption reason.
    func categoryName(_ category: VATCategory) -> String {
        switch category {
        case .standard: self[.taxRate]
        case .zeroRated: self[.categoryZeroRated]
        case .exempt: self[.categoryExempt]
        case .reverseCharge: self[.categoryReverseCharge]
        case .intraCommunity: self[.categoryIntraCommunity]
        case .export: self[.categoryExport]
        case .outsideScope: self[.categoryOutsideScope]
        }
    }

    /// A credit note's reference to the invoice it corrects: "Corrects invoice 2025-17 of 03/14/2025".
    func correctsInvoice(number: String, date: String) -> String {
        self[.correctsInvoice].replacingPlaceholder("{number}", with: number).replacingPlaceholder("{date}", with: date)
    }

    /// The standard reason why `category` charges no VAT, in this language; nil for the standard and zero-rated
    /// categories (no reason needed) and for exempt supplies, whose reason names their own article of law.
    public func exemptionReason(for category: VATCategory) -> String? {
        switch category {
        case .reverseCharge: self[.exemptionReverseCharge]
        case .intraCommunity: self[.exemptionIntraCommunity]
        case .export: self[.exemptionExport]
        case .outsideScope: self[.exemptionOutsideScope]
        case .standard, .zeroRated, .exempt: nil
        }
    }

    /// The payment terms "Due on 2026-12-24" in this language, with `date` as given.
    public func dueOn(_ date: String) -> String {
        self[.dueOn].replacingPlaceholder("{date}", with: date)
    }

    /// The footer: "Page 2 of 5".
    func page(_ page: Int, of count: Int) -> String {
        self[.page].replacingPlaceholder("{page}", with: String(page))
            .replacingPlaceholder("{count}", with: String(count))
    }

    /// English: the shipped `en.json`, or the same words built in when the resource folder is missing, so every
    /// other catalog has something to fall back to.
    public static let english: InvoiceLabels = LabelCatalogs.english

    /// German, as German invoices word it (Rechnung, Leistungsdatum, USt-IdNr., MwSt., Steuerschuldnerschaft des
    /// Leistungsempfängers): the shipped `de.json`, or English when the resource folder is missing.
    public static let german = InvoiceLabels(languageCode: "de")

    /// The English words built in, so a binary shipped without its resource folder still prints every label.
    static let builtInEnglish: [InvoiceLabel: String] = [
        .documentTitle: "INVOICE", .invoice: "Invoice", .invoiceNumber: "Invoice number", .issueDate: "Issue date",
        .serviceDate: "Service date", .dueDate: "Due date", .seller: "FROM", .client: "BILL TO",
        .description: "Description", .quantity: "Qty", .unitPrice: "Unit price", .taxRate: "VAT",
        .amount: "Amount", .subtotal: "Subtotal", .taxLine: "VAT {rate} on {base}", .total: "Total",
        .notes: "Notes", .page: "Page {page} of {count}", .vatID: "VAT ID", .taxRegistration: "Tax number",
        .iban: "IBAN", .creditNoteTitle: "CREDIT NOTE", .creditNote: "Credit note",
        .creditNoteNumber: "Credit note number", .correctsInvoice: "Corrects invoice {number} of {date}",
        .servicePeriod: "Service period", .buyerReference: "Buyer reference", .orderReference: "Order reference",
        .contactName: "Contact", .email: "E-mail", .phone: "Phone", .allowance: "Discount", .charge: "Surcharge",
        .totalWithoutVAT: "Total without VAT", .taxLineWithCategory: "VAT {rate} ({category}) on {base}",
        .vatTotal: "VAT total", .paidAmount: "Paid", .amountDue: "Amount due", .vatExemption: "VAT exemption",
        .payment: "Payment", .bic: "BIC", .accountName: "Account holder", .paymentReference: "Reference",
        .categoryZeroRated: "zero-rated", .categoryExempt: "exempt", .categoryReverseCharge: "reverse charge",
        .categoryIntraCommunity: "intra-community supply", .categoryExport: "export",
        .categoryOutsideScope: "outside the scope of VAT",
        .exemptionReverseCharge: "Reverse charge: the recipient is liable for the VAT",
        .exemptionIntraCommunity: "Intra-community supply, exempt under Article 138 of Directive 2006/112/EC",
        .exemptionExport: "Export outside the EU, exempt under Article 146 of Directive 2006/112/EC",
        .exemptionOutsideScope: "Not subject to VAT: outside the scope of VAT", .dueOn: "Due on {date}",
    ]
}

extension String {
    /// Replaces every `placeholder`, comparing bytes (the catalog is plain text and this runs once a page).
    fileprivate func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
        let text = Array(utf8)
        let pattern = Array(placeholder.utf8)
        guard !pattern.isEmpty, text.count >= pattern.count else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(text.count + value.utf8.count)
        var index = 0
        while index < text.count {
            if index + pattern.count <= text.count && text[index..<index + pattern.count].elementsEqual(pattern) {
                result += value.utf8
                index += pattern.count
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
