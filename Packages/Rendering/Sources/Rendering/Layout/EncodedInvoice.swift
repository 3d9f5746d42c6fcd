import Foundation

/// A party block with its text prepared.
struct EncodedParty {
    let name: [TextLine]
    let lines: [TextLine]
}

/// A table row with its text prepared: the description's paragraphs and the number cells (quantity, unit
/// price, tax rate when the table shows it, amount).
struct EncodedRow {
    let description: [TextLine]
    let numbers: [TextLine]
}

/// Every text an invoice shows, formatted and prepared once. Building it is where undrawable characters are
/// found: all of them, across the whole document, before anything is drawn.
struct EncodedInvoice {
    let labels: InvoiceLabels
    let title: TextLine
    let invoiceNumberTitle: [TextLine]
    let runningTitle: TextLine
    let sellerLine: TextLine
    let metaRows: [(label: TextLine, value: [TextLine])]
    let seller: EncodedParty
    let client: EncodedParty
    let from: TextLine
    let billTo: TextLine
    /// Whether any line is taxed; without tax the table has no tax column and the totals no tax row.
    let showsTax: Bool
    let columnLabels: [TextLine]
    let rows: [EncodedRow]
    let notesHeading: TextLine
    let notes: [TextLine]
    let totalRows: [(label: TextLine, value: TextLine)]

    init(document: InvoiceDocument, totals: InvoiceTotals, fonts: InvoiceFonts) throws(RenderingError) {
        var encoder = TextEncoder(fonts: fonts)
        let labels = document.labels
        let money = MoneyFormatter(locale: document.locale)
        let currency = document.currency
        let symbol = money.symbol(for: currency, drawableWith: fonts)
        let locale = document.locale
        self.labels = labels

        title = encoder.line(labels[.documentTitle])
        invoiceNumberTitle = encoder.paragraphs("\(labels[.invoice]) \(document.number)")
        runningTitle = encoder.line("\(labels[.invoice]) \(document.number)")
        sellerLine = encoder.line(document.seller.name)
        var meta: [(label: TextLine, value: [TextLine])] = [
            (encoder.line(labels[.invoiceNumber]), encoder.paragraphs(document.number)),
            (encoder.line(labels[.issueDate]), [encoder.line(locale.string(from: document.issueDate))]),
        ]
        if let service = document.serviceDate {
            meta.append((encoder.line(labels[.serviceDate]), [encoder.line(locale.string(from: service))]))
        }
        if let due = document.dueDate {
            meta.append((encoder.line(labels[.dueDate]), [encoder.line(locale.string(from: due))]))
        }
        metaRows = meta
        seller = Self.party(document.seller, iban: document.payment?.iban, labels, &encoder)
        client = Self.party(document.client, iban: nil, labels, &encoder)
        from = encoder.line(labels[.seller])
        billTo = encoder.line(labels[.client])
        let showsTax = document.lineItems.contains { !$0.taxRate.percent.isZero }
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
        for (item, amount) in zip(document.lineItems, totals.lineAmounts) {
            var numbers = [
                quantities.line(item.quantity, &encoder) { money.quantity(item.quantity) },
                prices.line(item.unitPrice, &encoder) {
                    money.unitPrice(item.unitPrice, currency: currency, symbol: symbol)
                },
            ]
            if showsTax { numbers.append(rates.line(item.taxRate.percent, &encoder) { money.percent(item.taxRate) }) }
            numbers.append(
                amounts.line(amount, &encoder) { money.string(from: amount, currency: currency, symbol: symbol) })
            rows.append(EncodedRow(description: encoder.paragraphs(item.description), numbers: numbers))
        }
        self.rows = rows

        notesHeading = encoder.line(labels[.notes])
        let hasNotes = document.notes.contains { !$0.isWhitespace }
        notes = hasNotes ? encoder.paragraphs(document.notes) : []

        var totalRows: [(label: TextLine, value: TextLine)] = []
        if !totals.taxes.isEmpty {
            totalRows.append(
                (
                    encoder.line(labels[.subtotal]),
                    encoder.line(money.string(from: totals.subtotal, currency: currency, symbol: symbol))
                ))
        }
        for tax in totals.taxes {
            let label = labels.taxLine(
                rate: money.percent(tax.rate),
                base: money.string(from: tax.taxableAmount, currency: currency, symbol: symbol))
            totalRows.append(
                (
                    encoder.line(label),
                    encoder.line(money.string(from: tax.taxAmount, currency: currency, symbol: symbol))
                ))
        }
        totalRows.append(
            (
                encoder.line(labels[.total]),
                encoder.line(money.string(from: totals.total, currency: currency, symbol: symbol))
            ))
        self.totalRows = totalRows

        // The footer is built per page; its wording and every digit are checked here, once.
        _ = encoder.line(labels.page(1_234_567_890, of: 0))
        if let error = encoder.error { throw error }
    }

    private static func party(
        _ party: InvoiceParty, iban: String?, _ labels: InvoiceLabels, _ encoder: inout TextEncoder
    ) -> EncodedParty {
        var lines = party.lines.flatMap { encoder.paragraphs($0) }
        if let taxID = party.vatID ?? party.taxRegistration, taxID.contains(where: { !$0.isWhitespace }) {
            lines.append(encoder.line("\(labels[.taxID]): \(taxID)"))
        }
        if let iban, iban.contains(where: { !$0.isWhitespace }) {
            lines.append(encoder.line("\(labels[.iban]): \(Self.grouped(iban))"))
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
