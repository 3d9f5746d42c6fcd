import Essentials

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
}

/// The wording of an invoice, kept apart from layout so a translation (or a house style) is a table, not code.
///
/// A catalog is replaced as a whole: build one from a table with ``init(_:fallback:)`` and set it on the
/// document. Keys the table lacks come from the fallback, so a partial translation never prints an empty label.
/// English and German ship with the package; ``init(languageCode:)`` picks one for a language.
public struct InvoiceLabels: Hashable, Sendable {
    private let texts: [InvoiceLabel: String]

    /// A catalog from `table`, with `fallback` answering the labels it lacks.
    public init(_ table: [InvoiceLabel: String], fallback: InvoiceLabels = .english) {
        texts = fallback.texts.merging(table) { _, new in new }
    }

    private init(complete table: [InvoiceLabel: String]) {
        texts = table
    }

    /// The catalog for a language code such as `de`, `de_AT` or `en-GB`: German for German, English otherwise.
    public init(languageCode: String) {
        let language = languageCode.prefix { $0.isLetter }.lowercased()
        self = language == "de" ? .german : .english
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

    /// The footer: "Page 2 of 5".
    func page(_ page: Int, of count: Int) -> String {
        self[.page].replacingPlaceholder("{page}", with: String(page))
            .replacingPlaceholder("{count}", with: String(count))
    }

    /// English.
    public static let english = InvoiceLabels(complete: [
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
    ])

    /// German, as German invoices word it (Leistungsdatum, USt-IdNr., MwSt., Steuerschuldnerschaft des
    /// Leistungsempfängers).
    public static let german = InvoiceLabels(complete: [
        .documentTitle: "RECHNUNG", .invoice: "Rechnung", .invoiceNumber: "Rechnungsnummer",
        .issueDate: "Rechnungsdatum", .serviceDate: "Leistungsdatum", .dueDate: "Fällig am", .seller: "VON",
        .client: "RECHNUNG AN", .description: "Beschreibung", .quantity: "Menge", .unitPrice: "Einzelpreis",
        .taxRate: "MwSt.", .amount: "Betrag", .subtotal: "Zwischensumme", .taxLine: "MwSt. {rate} auf {base}",
        .total: "Gesamtbetrag", .notes: "Hinweise", .page: "Seite {page} von {count}", .vatID: "USt-IdNr.",
        .taxRegistration: "Steuernummer", .iban: "IBAN", .creditNoteTitle: "GUTSCHRIFT", .creditNote: "Gutschrift",
        .creditNoteNumber: "Gutschriftsnummer", .correctsInvoice: "Korrektur der Rechnung {number} vom {date}",
        .servicePeriod: "Leistungszeitraum", .buyerReference: "Käuferreferenz", .orderReference: "Bestellnummer",
        .contactName: "Ansprechpartner", .email: "E-Mail", .phone: "Telefon", .allowance: "Rabatt",
        .charge: "Zuschlag", .totalWithoutVAT: "Gesamt netto",
        .taxLineWithCategory: "MwSt. {rate} ({category}) auf {base}", .vatTotal: "Summe MwSt.",
        .paidAmount: "Bereits gezahlt", .amountDue: "Zahlbetrag", .vatExemption: "Steuerbefreiung",
        .payment: "Zahlung", .bic: "BIC", .accountName: "Kontoinhaber", .paymentReference: "Verwendungszweck",
        .categoryZeroRated: "Nullsatz", .categoryExempt: "steuerfrei",
        .categoryReverseCharge: "Steuerschuldnerschaft des Leistungsempfängers",
        .categoryIntraCommunity: "innergemeinschaftliche Lieferung", .categoryExport: "Ausfuhrlieferung",
        .categoryOutsideScope: "nicht steuerbar",
    ])
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
