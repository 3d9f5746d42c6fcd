import Essentials
import Foundation

/// A party block with its text prepared.
struct EncodedParty {
    let name: [TextLine]
    let lines: [TextLine]
}

/// A table row with its text prepared: the description's paragraphs (then one per allowance or charge of the
/// line) and the number cells (quantity, unit price, VAT rate when the table shows it, amount).
struct EncodedRow {
    let description: [TextLine]
    let numbers: [TextLine]
}

/// Every text an invoice shows, formatted and prepared once. Building it is where undrawable characters are
/// found: all of them, across the whole document, before anything is drawn.
struct EncodedInvoice {
    let labels: InvoiceLabels
    /// "Invoice" or "Credit note": the word of the document title and the running header.
    let documentWord: String
    let title: TextLine
    let invoiceNumberTitle: [TextLine]
    let runningTitle: TextLine
    let sellerLine: TextLine
    let metaRows: [(label: TextLine, value: [TextLine])]
    /// A credit note's reference to the invoice it corrects, printed above the table; empty for an invoice.
    let correction: [TextLine]
    let seller: EncodedParty
    let client: EncodedParty
    let from: TextLine
    let billTo: TextLine
    /// Whether any line states VAT; without it the table has no VAT column.
    let showsTax: Bool
    let columnLabels: [TextLine]
    let rows: [EncodedRow]
    let notesHeading: TextLine
    let notes: [TextLine]
    /// The rows of the totals block; the last is printed in bold.
    let totalRows: [(label: TextLine, value: TextLine)]
    /// Why a category charges no VAT, one paragraph per category of the VAT rows that has a reason.
    let exemptions: [TextLine]
    let paymentHeading: TextLine
    /// The payment terms, the account and the reference; empty when the document states none.
    let payment: [TextLine]

    init(document: InvoiceDocument, totals: InvoiceTotals, fonts: InvoiceFonts) throws(RenderingError) {
        var encoder = TextEncoder(fonts: fonts)
        let labels = document.labels
        let money = MoneyFormatter(locale: document.locale)
        let currency = document.currency
        let symbol = money.symbol(for: currency, drawableWith: fonts)
        let locale = document.locale
        func amount(_ value: Decimal) -> String { money.string(from: value, currency: currency, symbol: symbol) }
        self.labels = labels

        let isCreditNote = document.kind == .creditNote
        let word = labels[isCreditNote ? .creditNote : .invoice]
        documentWord = word
        title = encoder.line(labels[isCreditNote ? .creditNoteTitle : .documentTitle])
        invoiceNumberTitle = encoder.paragraphs("\(word) \(document.number)")
        runningTitle = encoder.line("\(word) \(document.number)")
        sellerLine = encoder.line(document.seller.name)
        var meta: [(label: TextLine, value: [TextLine])] = [
            (
                encoder.line(labels[isCreditNote ? .creditNoteNumber : .invoiceNumber]),
                encoder.paragraphs(document.number)
            ),
            (encoder.line(labels[.issueDate]), [encoder.line(locale.string(from: document.issueDate))]),
        ]
        if let service = document.serviceDate {
            meta.append((encoder.line(labels[.serviceDate]), [encoder.line(locale.string(from: service))]))
        }
        if let period = document.servicePeriod {
            let value = "\(locale.string(from: period.start)) – \(locale.string(from: period.end))"
            meta.append((encoder.line(labels[.servicePeriod]), [encoder.line(value)]))
        }
        if let due = document.dueDate {
            meta.append((encoder.line(labels[.dueDate]), [encoder.line(locale.string(from: due))]))
        }
        if let reference = Self.present(document.buyerReference) {
            meta.append((encoder.line(labels[.buyerReference]), encoder.paragraphs(reference)))
        }
        if let reference = Self.present(document.orderReference) {
            meta.append((encoder.line(labels[.orderReference]), encoder.paragraphs(reference)))
        }
        metaRows = meta
        if let preceding = document.precedingInvoice {
            correction = encoder.paragraphs(
                labels.correctsInvoice(number: preceding.number, date: locale.string(from: preceding.issueDate)))
        } else {
            correction = []
        }
        seller = Self.party(document.seller, labels, &encoder)
        client = Self.party(document.client, labels, &encoder)
        from = encoder.line(labels[.seller])
        billTo = encoder.line(labels[.client])
        let showsTax = document.lineItems.contains { !$0.taxRate.percent.isZero || $0.vatCategory != nil }
        self.showsTax = showsTax
        columnLabels =
            (showsTax
            ? [labels[.description], labels[.quantity], labels[.unitPrice], labels[.taxRate], labels[.amount]]
            : [labels[.description], labels[.quantity], labels[.unitPrice], labels[.amount]])
            .map { encoder.line($0) }

        var rows: [EncodedRow] = []
        rows.reserveCapacity(document.lineItems.count)
        // Long invoices repeat quantities, prices, rates and amounts: each distinct number is formatted once.
        var quantities = FormattedNumbers()
        var prices = FormattedNumbers()
        var rates = FormattedNumbers()
        var amounts = FormattedNumbers()
        for (item, net) in zip(document.lineItems, totals.lineAmounts) {
            var numbers = [
                quantities.line(item.quantity, &encoder) { money.quantity(item.quantity) },
                prices.line(item.unitPrice, &encoder) {
                    money.unitPrice(item.unitPrice, currency: currency, symbol: symbol)
                },
            ]
            if showsTax {
                if let category = item.vatCategory, category != .standard {
                    numbers.append(encoder.line("\(money.percent(item.taxRate)) \(category.code)"))
                } else {
                    numbers.append(rates.line(item.taxRate.percent, &encoder) { money.percent(item.taxRate) })
                }
            }
            numbers.append(amounts.line(net, &encoder) { amount(net) })
            var description = encoder.paragraphs(item.description)
            for adjustment in item.allowancesCharges {
                description.append(
                    encoder.line(Self.adjustmentText(adjustment, labels) + " " + Self.signed(adjustment, amount)))
            }
            rows.append(EncodedRow(description: description, numbers: numbers))
        }
        self.rows = rows

        notesHeading = encoder.line(labels[.notes])
        let hasNotes = document.notes.contains { !$0.isWhitespace }
        notes = hasNotes ? encoder.paragraphs(document.notes) : []

        var totalRows: [(label: TextLine, value: TextLine)] = []
        func row(_ label: String, _ value: String) {
            totalRows.append((encoder.line(label), encoder.line(value)))
        }
        let adjusted = !document.allowancesCharges.isEmpty
        if adjusted || !totals.taxes.isEmpty { row(labels[.subtotal], amount(totals.lineTotal)) }
        for adjustment in document.allowancesCharges {
            row(Self.adjustmentText(adjustment, labels), Self.signed(adjustment, amount))
        }
        if adjusted { row(labels[.totalWithoutVAT], amount(totals.subtotal)) }
        for tax in totals.taxes {
            row(
                labels.taxLine(rate: money.percent(tax.rate), category: tax.category, base: amount(tax.taxableAmount)),
                amount(tax.taxAmount))
        }
        if totals.taxes.count > 1 { row(labels[.vatTotal], amount(totals.taxTotal)) }
        row(labels[.total], amount(totals.total))
        if !totals.paidAmount.isZero {
            row(labels[.paidAmount], amount(-totals.paidAmount))
            row(labels[.amountDue], amount(totals.amountDue))
        }
        self.totalRows = totalRows

        var exemptions: [TextLine] = []
        var seen = Set<VATCategory>()
        for tax in totals.taxes where seen.insert(tax.category).inserted {
            guard let exemption = document.vatExemptions[tax.category] else { continue }
            var text = "\(labels[.vatExemption]) – \(labels.categoryName(tax.category)): \(exemption.reason)"
            if let code = Self.present(exemption.code) { text += " (\(code))" }
            exemptions += encoder.paragraphs(text)
        }
        self.exemptions = exemptions

        paymentHeading = encoder.line(labels[.payment])
        var payment: [TextLine] = []
        // Nothing is paid on a credit note: its terms (which an e-invoice must carry, BR-CO-25) are not printed
        // under "Payment", where they would read as a request to pay; the line under the title says what it corrects.
        if document.kind != .creditNote, let terms = Self.present(document.paymentTerms) {
            payment += encoder.paragraphs(terms)
        }
        if let instructions = document.payment {
            if let name = Self.present(instructions.accountName) {
                payment.append(encoder.line("\(labels[.accountName]): \(name)"))
            }
            if let iban = Self.present(instructions.iban) {
                payment.append(encoder.line("\(labels[.iban]): \(Self.grouped(iban))"))
            }
            if let bic = Self.present(instructions.bic) { payment.append(encoder.line("\(labels[.bic]): \(bic)")) }
            if let reference = Self.present(instructions.reference) {
                payment.append(encoder.line("\(labels[.paymentReference]): \(reference)"))
            }
        }
        self.payment = payment

        // The footer is built per page; its wording and every digit are checked here, once.
        _ = encoder.line(labels.page(1_234_567_890, of: 0))
        if let error = encoder.error { throw error }
    }

    /// "Discount: early payment" or "Surcharge", as printed under a line and in the totals.
    private static func adjustmentText(_ adjustment: InvoiceAllowanceCharge, _ labels: InvoiceLabels) -> String {
        let word = labels[adjustment.isCharge ? .charge : .allowance]
        guard let reason = present(adjustment.reason) else { return word }
        return "\(word): \(reason)"
    }

    /// An allowance's amount with a minus sign, a charge's as it is.
    private static func signed(_ adjustment: InvoiceAllowanceCharge, _ amount: (Decimal) -> String) -> String {
        amount(adjustment.isCharge ? adjustment.amount : -adjustment.amount)
    }

    /// The text, or nil when it is missing or blank (blank fields print nothing).
    private static func present(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }

    /// A party's lines: the address (street lines, postcode and city, region, country code), further lines, the
    /// VAT identifier, the tax registration and the contact.
    private static func party(
        _ party: InvoiceParty, _ labels: InvoiceLabels, _ encoder: inout TextEncoder
    ) -> EncodedParty {
        var lines: [TextLine] = []
        if let address = party.address {
            for line in address.lines { if let line = present(line) { lines += encoder.paragraphs(line) } }
            let place = [address.postcode, address.city].compactMap { present($0) }.joined(separator: " ")
            if !place.isEmpty { lines += encoder.paragraphs(place) }
            if let region = present(address.subdivision) { lines += encoder.paragraphs(region) }
            if let country = present(address.countryCode) { lines += encoder.paragraphs(country) }
        }
        lines += party.lines.flatMap { encoder.paragraphs($0) }
        let labelled: [(InvoiceLabel, String?)] = [
            (.vatID, party.vatID), (.taxRegistration, party.taxRegistration), (.contactName, party.contactName),
            (.email, party.email), (.phone, party.phone),
        ]
        for (label, value) in labelled {
            if let value = present(value) { lines.append(encoder.line("\(labels[label]): \(value)")) }
        }
        return EncodedParty(name: encoder.paragraphs(party.name), lines: lines)
    }

    /// An IBAN as it is printed: in groups of four characters (`DE89 3704 0044 0532 0130 00`), however it was
    /// typed; text that is not an IBAN's letters and digits is printed as given.
    static func grouped(_ iban: String) -> String {
        let compact = iban.filter { !$0.isWhitespace }
        guard compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return iban }
        var groups: [String] = []
        var rest = Substring(compact)
        while !rest.isEmpty {
            groups.append(String(rest.prefix(4)))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: " ")
    }
}

/// Formatted numbers of one column by value, so a value seen before costs a dictionary lookup.
private struct FormattedNumbers {
    private var lines: [DecimalParts: TextLine] = [:]

    mutating func line(_ value: Decimal, _ encoder: inout TextEncoder, format: () -> String) -> TextLine {
        guard let key = DecimalParts(value) else { return encoder.line(format()) }
        if let known = lines[key] { return known }
        let line = encoder.line(format())
        lines[key] = line
        return line
    }
}

/// The table's columns: numbers sized to their widest cell, the description taking the rest. When numbers
/// are so wide that the description would get less than 30 % of the width, the table's type shrinks instead.
struct TableLayout {
    let fontSize: Double
    let cellPadding: Double
    let descriptionX: Double
    let descriptionWidth: Double
    /// Right edges of the number columns (quantity, unit price, tax when shown, amount).
    let rightEdges: [Double]
    let amountColumnWidth: Double
    /// The header labels and every row's cells, typeset.
    let header: [GlyphRun]
    let rows: [(description: [GlyphRun], numbers: [GlyphRun])]

    init(text: EncodedInvoice, geometry: Geometry, typesetter: Typesetter) {
        let padding = 6.0
        let gap = 14.0
        header = text.columnLabels.map { typesetter.run($0, .bold) }
        rows = text.rows.map { row in
            (row.description.map { typesetter.run($0, .regular) }, row.numbers.map { typesetter.run($0, .regular) })
        }
        // Widest cell of each number column in 1/1000 em, header included (bold).
        var units = header.dropFirst().map(\.units)
        for row in rows {
            for (column, cell) in row.numbers.enumerated() { units[column] = max(units[column], cell.units) }
        }
        let totalUnits = Double(units.reduce(0, +))
        let fixed = 2 * padding + Double(units.count) * gap
        let minimumDescription = geometry.contentWidth * 0.3
        var size = geometry.size
        if fixed + totalUnits * size / 1000 + minimumDescription > geometry.contentWidth {
            size = max((geometry.contentWidth - fixed - minimumDescription) * 1000 / max(totalUnits, 1), 4)
        }
        var edges: [Double] = []
        var right = geometry.right - padding
        for width in units.reversed() {
            edges.insert(right, at: 0)
            right -= Double(width) * size / 1000 + gap
        }
        fontSize = size
        cellPadding = padding
        descriptionX = geometry.left + padding
        descriptionWidth = max(right - descriptionX, 20)
        rightEdges = edges
        amountColumnWidth = Double(units.last ?? 0) * size / 1000
    }
}
