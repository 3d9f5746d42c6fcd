/// A party block with its text encoded.
struct EncodedParty {
    let name: [WinAnsiText]
    let lines: [WinAnsiText]
}

/// A table row with its text encoded: the description's paragraphs and the four number cells (quantity, unit
/// price, tax rate, amount).
struct EncodedRow {
    let description: [WinAnsiText]
    let numbers: [WinAnsiText]
}

/// Every text an invoice shows, formatted and encoded once. Building it is where unsupported characters are
/// found: all of them, across the whole document, before anything is drawn.
struct EncodedInvoice {
    let title: WinAnsiText
    let invoiceNumberTitle: [WinAnsiText]
    let runningTitle: WinAnsiText
    let sellerLine: WinAnsiText
    let metaRows: [(label: WinAnsiText, value: [WinAnsiText])]
    let seller: EncodedParty
    let client: EncodedParty
    let from: WinAnsiText
    let billTo: WinAnsiText
    let columnLabels: [WinAnsiText]
    let rows: [EncodedRow]
    let notesHeading: WinAnsiText
    let notes: [WinAnsiText]
    let totalRows: [(label: WinAnsiText, value: WinAnsiText)]

    init(document: InvoiceDocument, totals: InvoiceTotals) throws(RenderingError) {
        var encoder = TextEncoder()
        let money = MoneyFormatter(locale: document.locale)
        let currency = document.currency
        let locale = document.locale

        title = encoder.line(InvoiceLabels.title)
        invoiceNumberTitle = encoder.paragraphs("\(InvoiceLabels.invoice) \(document.number)")
        runningTitle = encoder.line("\(InvoiceLabels.invoice) \(document.number)")
        sellerLine = encoder.line(document.seller.name)
        var meta: [(label: WinAnsiText, value: [WinAnsiText])] = [
            (encoder.line(InvoiceLabels.number), encoder.paragraphs(document.number)),
            (encoder.line(InvoiceLabels.issueDate), [encoder.line(locale.string(from: document.issueDate))]),
        ]
        if let due = document.dueDate {
            meta.append((encoder.line(InvoiceLabels.dueDate), [encoder.line(locale.string(from: due))]))
        }
        metaRows = meta
        seller = Self.party(document.seller, &encoder)
        client = Self.party(document.client, &encoder)
        from = encoder.line(InvoiceLabels.from)
        billTo = encoder.line(InvoiceLabels.billTo)
        columnLabels = [
            InvoiceLabels.description, InvoiceLabels.quantity, InvoiceLabels.unitPrice, InvoiceLabels.tax,
            InvoiceLabels.amount,
        ].map { encoder.line($0) }

        var rows: [EncodedRow] = []
        rows.reserveCapacity(document.lineItems.count)
        for (item, amount) in zip(document.lineItems, totals.lineAmounts) {
            rows.append(
                EncodedRow(
                    description: encoder.paragraphs(item.description),
                    numbers: [
                        encoder.line(money.quantity(item.quantity)),
                        encoder.line(money.unitPrice(item.unitPrice, currency: currency)),
                        encoder.line(money.percent(item.taxRate)),
                        encoder.line(money.string(from: amount, currency: currency)),
                    ]))
        }
        self.rows = rows

        notesHeading = encoder.line(InvoiceLabels.notes)
        let hasNotes = document.notes.contains { !$0.isWhitespace }
        notes = hasNotes ? encoder.paragraphs(document.notes) : []

        var totalRows: [(label: WinAnsiText, value: WinAnsiText)] = [
            (
                encoder.line(InvoiceLabels.subtotal),
                encoder.line(money.string(from: totals.subtotal, currency: currency))
            )
        ]
        for tax in totals.taxes {
            let label = InvoiceLabels.taxLine(
                money.percent(tax.rate), of: money.string(from: tax.taxableAmount, currency: currency))
            totalRows.append((encoder.line(label), encoder.line(money.string(from: tax.taxAmount, currency: currency))))
        }
        totalRows.append(
            (encoder.line(InvoiceLabels.total), encoder.line(money.string(from: totals.total, currency: currency))))
        self.totalRows = totalRows

        guard encoder.unsupported.isEmpty else { throw .unsupportedCharacters(encoder.unsupported.characters) }
    }

    private static func party(_ party: InvoiceParty, _ encoder: inout TextEncoder) -> EncodedParty {
        EncodedParty(name: encoder.paragraphs(party.name), lines: party.lines.flatMap { encoder.paragraphs($0) })
    }
}

/// The table's columns: numbers sized to their widest cell, the description taking the rest. When numbers
/// are so wide that the description would get less than 30 % of the width, the table's type shrinks instead.
struct TableLayout {
    let fontSize: Double
    let cellPadding: Double
    let descriptionX: Double
    let descriptionWidth: Double
    /// Right edges of the quantity, unit price, tax and amount columns.
    let rightEdges: [Double]
    let amountColumnWidth: Double

    init(text: EncodedInvoice, geometry: Geometry) {
        let padding = 6.0
        let gap = 14.0
        // Widest cell of each number column in 1/1000 em, header included (bold).
        var units = text.columnLabels.dropFirst().map { label in
            label.bytes.reduce(0) { $0 + StandardFont.helveticaBold.units(of: $1) }
        }
        for row in text.rows {
            for (column, cell) in row.numbers.enumerated() {
                var width = 0
                for byte in cell.bytes { width += StandardFont.helvetica.units(of: byte) }
                units[column] = max(units[column], width)
            }
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
