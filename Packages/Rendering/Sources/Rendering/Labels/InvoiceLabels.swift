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
    /// The label before a party's tax identification number.
    case taxID
    /// The label before a party's IBAN.
    case iban
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

    /// The tax row label: "Tax 19% of $100.00".
    func taxLine(rate: String, base: String) -> String {
        self[.taxLine].replacingPlaceholder("{rate}", with: rate).replacingPlaceholder("{base}", with: base)
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
        .description: "Description", .quantity: "Qty", .unitPrice: "Unit price", .taxRate: "Tax",
        .amount: "Amount", .subtotal: "Subtotal", .taxLine: "Tax {rate} of {base}", .total: "Total",
        .notes: "Notes", .page: "Page {page} of {count}", .taxID: "Tax ID", .iban: "IBAN",
    ])

    /// German, as German invoices word it (Leistungsdatum, USt-IdNr., MwSt.).
    public static let german = InvoiceLabels(complete: [
        .documentTitle: "RECHNUNG", .invoice: "Rechnung", .invoiceNumber: "Rechnungsnummer",
        .issueDate: "Rechnungsdatum", .serviceDate: "Leistungsdatum", .dueDate: "Fällig am", .seller: "VON",
        .client: "RECHNUNG AN", .description: "Beschreibung", .quantity: "Menge", .unitPrice: "Einzelpreis",
        .taxRate: "MwSt.", .amount: "Betrag", .subtotal: "Zwischensumme", .taxLine: "MwSt. {rate} auf {base}",
        .total: "Gesamtbetrag", .notes: "Hinweise", .page: "Seite {page} von {count}", .taxID: "USt-IdNr.",
        .iban: "IBAN",
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
