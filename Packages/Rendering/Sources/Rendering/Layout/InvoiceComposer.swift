import Foundation

/// The English wording of the invoice. One place, so a translation is one table.
enum InvoiceLabels {
    static let title = "INVOICE"
    static let invoice = "Invoice"
    static let number = "Invoice number"
    static let issueDate = "Issue date"
    static let dueDate = "Due date"
    static let from = "FROM"
    static let billTo = "BILL TO"
    static let description = "Description"
    static let quantity = "Qty"
    static let unitPrice = "Unit price"
    static let tax = "Tax"
    static let amount = "Amount"
    static let subtotal = "Subtotal"
    static let total = "Total"
    static let notes = "Notes"

    static func taxLine(_ percent: String, of base: String) -> String { "Tax \(percent) of \(base)" }
    static func page(_ index: Int, of count: Int) -> String { "Page \(index) of \(count)" }
}

/// An invoice laid out on pages: what the PDF writer needs, plus the page count the layout produced.
struct ComposedInvoice {
    let pages: [PDFPage]
    let pageCount: Int
    let info: PDFDocumentInfo
}

/// Lays an invoice out with a theme: encodes every text (collecting unsupported characters), computes totals,
/// builds flow sections (top block, table, notes, totals) and paginates them.
struct InvoiceComposer {
    let theme: InvoiceTheme

    private static let textColor = PDFColor(red: 0.1, green: 0.1, blue: 0.1)
    private static let mutedColor = PDFColor(red: 0.38, green: 0.38, blue: 0.38)
    private static let ruleColor = PDFColor(red: 0.8, green: 0.8, blue: 0.8)
    private static let headerFill = PDFColor(red: 0.92, green: 0.92, blue: 0.92)

    /// Lays out `document`. `pageLimit` keeps only the first pages (the preview) but the footer still counts all.
    func compose(
        _ document: InvoiceDocument, creationDate: Date, pageLimit: Int? = nil
    ) throws(RenderingError) -> ComposedInvoice {
        let totals = try InvoiceTotals(of: document)
        let text = try EncodedInvoice(document: document, totals: totals)
        let geometry = Geometry(theme: theme)
        let table = TableLayout(text: text, geometry: geometry)

        var sections = [FlowSection(groups: [topBlock(text, geometry)])]
        sections.append(tableSection(text, table, geometry))
        if !text.notes.isEmpty { sections.append(notesSection(text, geometry)) }
        sections.append(totalsSection(text, table, geometry))

        let frame = PageFrame(
            firstPageTop: geometry.top, laterPageTop: geometry.laterPageTop, bottom: geometry.bottom)
        let placed = Paginator.paginate(sections, in: frame)
        let kept = pageLimit.map { Array(placed.prefix(max($0, 1))) } ?? placed
        var pages: [PDFPage] = []
        pages.reserveCapacity(kept.count)
        for (index, placements) in kept.enumerated() {
            var stream = PDFContentStream(reservingCapacity: placements.count * 160 + 512)
            if index > 0 { drawRunningHeader(&stream, text, geometry) }
            PageDrawer.draw(placements, into: &stream)
            drawFooter(&stream, text, geometry, page: index + 1, of: placed.count)
            pages.append(PDFPage(size: theme.pageSize, content: stream))
        }
        let info = PDFDocumentInfo(
            title: "\(InvoiceLabels.invoice) \(document.number)", author: document.seller.name,
            creationDate: creationDate)
        return ComposedInvoice(pages: pages, pageCount: placed.count, info: info)
    }

    // MARK: - Top block

    /// One item of a column in the top block: a wrapped line drawn at a fixed x.
    private struct Item {
        let height: Double
        let draw: (inout PDFContentStream, Double) -> Void
    }

    private func textItems(
        _ paragraphs: [WinAnsiText], x: Double, width: Double, font: StandardFont, size: Double, color: PDFColor,
        alignRight: Bool = false
    ) -> [Item] {
        let lines = TextWrapper.wrap(paragraphs: paragraphs, width: width, font: font, size: size)
        return lines.map { line in
            Item(height: size * 1.3) { stream, top in
                let lineWidth = font.width(of: line, size: size)
                let lineX = alignRight ? x + width - lineWidth : x
                stream.text(line, x: lineX, y: Geometry.baseline(top, size), font: font, size: size, color: color)
            }
        }
    }

    private func spacer(_ height: Double) -> Item {
        Item(height: height) { _, _ in }
    }

    /// Items of a party block: a label, the name in bold, then its lines.
    private func partyItems(
        label: WinAnsiText?, party: EncodedParty, x: Double, width: Double, geometry: Geometry
    ) -> [Item] {
        let size = geometry.size
        var items: [Item] = []
        if let label {
            items += textItems(
                [label], x: x, width: width, font: .helveticaBold, size: size * 0.85, color: theme.accent)
        }
        items += textItems(
            party.name, x: x, width: width, font: .helveticaBold, size: size * 1.15, color: Self.textColor)
        items += textItems(party.lines, x: x, width: width, font: .helvetica, size: size, color: Self.textColor)
        return items
    }

    /// Label/value rows (number, dates): the label at `x`, the value right-aligned at `x + width`, wrapped when
    /// it is longer than the room beside the label.
    private func metaItems(
        _ text: EncodedInvoice, x: Double, width: Double, geometry: Geometry, labelColor: PDFColor = mutedColor,
        valueColor: PDFColor = textColor
    ) -> [Item] {
        let size = geometry.size
        let labelWidth = text.metaRows.map { Self.width($0.label, .helvetica, size) }.max() ?? 0
        let valueWidth = max(width - labelWidth - 10, size * 2)
        var items: [Item] = []
        for row in text.metaRows {
            let lines = TextWrapper.wrap(paragraphs: row.value, width: valueWidth, font: .helveticaBold, size: size)
            for (index, line) in lines.enumerated() {
                let label = index == 0 ? row.label : .empty
                items.append(
                    Item(height: size * 1.4) { stream, top in
                        let baseline = Geometry.baseline(top, size)
                        stream.text(label, x: x, y: baseline, font: .helvetica, size: size, color: labelColor)
                        let lineX = x + width - Self.width(line, .helveticaBold, size)
                        stream.text(line, x: lineX, y: baseline, font: .helveticaBold, size: size, color: valueColor)
                    })
            }
        }
        return items
    }

    /// Zips columns of items into strips: row i of every column shares one strip as tall as its tallest item.
    /// The first column draws with its strip, the others when the block ends on the page (see `Strip.columns`).
    private func zip(_ columns: [[Item]], block: Int) -> [Strip] {
        let rows = columns.map(\.count).max() ?? 0
        return (0..<rows).map { row in
            let items = columns.map { row < $0.count ? $0[row] : nil }
            let height = items.compactMap { $0?.height }.max() ?? 0
            let first = items.first.flatMap { $0 }
            let others: [(inout PDFContentStream, Double) -> Void] = items.dropFirst().map { item in
                { stream, top in item?.draw(&stream, top) }
            }
            return Strip(height: height, block: block, columns: others) { stream, top in
                first?.draw(&stream, top)
            }
        }
    }

    private func topBlock(_ text: EncodedInvoice, _ geometry: Geometry) -> [Strip] {
        let size = geometry.size
        let left = geometry.left
        let width = geometry.contentWidth
        switch theme.header {
        case .classic:
            let sellerWidth = width * 0.5
            let rightWidth = width * 0.42
            let rightX = geometry.right - rightWidth
            let seller =
                textItems(
                    text.seller.name, x: left, width: sellerWidth, font: .helveticaBold, size: size * 1.5,
                    color: Self.textColor)
                + textItems(
                    text.seller.lines, x: left, width: sellerWidth, font: .helvetica, size: size, color: Self.mutedColor
                )
            let meta =
                textItems(
                    [text.title], x: rightX, width: rightWidth, font: .helveticaBold, size: size * 2.4,
                    color: theme.accent, alignRight: true)
                + [spacer(size * 0.6)] + metaItems(text, x: rightX, width: rightWidth, geometry: geometry)
            let client =
                [spacer(size * 2)]
                + partyItems(
                    label: text.billTo, party: text.client, x: left, width: sellerWidth, geometry: geometry)
            return zip([seller, meta], block: 1) + zip([client], block: 2)
        case .condensed:
            let titleWidth = width * 0.55
            let metaWidth = width * 0.4
            let title = textItems(
                text.invoiceNumberTitle, x: left, width: titleWidth, font: .helveticaBold, size: size * 1.6,
                color: theme.accent)
            let meta = metaItems(text, x: geometry.right - metaWidth, width: metaWidth, geometry: geometry)
            let columnWidth = width * 0.48
            let parties = zip(
                [
                    [spacer(size)]
                        + partyItems(
                            label: text.from, party: text.seller, x: left, width: columnWidth, geometry: geometry),
                    [spacer(size)]
                        + partyItems(
                            label: text.billTo, party: text.client, x: geometry.right - columnWidth, width: columnWidth,
                            geometry: geometry),
                ], block: 2)
            return zip([title, meta], block: 1) + parties
        case .banner:
            // The band is made of strips like everything else, so a very long number or date wraps inside it
            // instead of overflowing; the first strip also paints the margin above it up to the page edge.
            let pageWidth = theme.pageSize.width
            let pageHeight = theme.pageSize.height
            let accent = theme.accent
            let halfWidth = width * 0.46
            let titleSize = size * 2.6
            let title = text.title
            let meta = metaItems(
                text, x: geometry.right - halfWidth, width: halfWidth, geometry: geometry,
                labelColor: accent.lightened(by: 0.7), valueColor: .white)
            // The title is centred beside the whole label/value block rather than sharing its first row, so the
            // rows keep an even rhythm.
            let metaHeight = meta.reduce(0) { $0 + $1.height }
            let blockHeight = max(metaHeight, titleSize * 1.3)
            var rows = meta
            if metaHeight < blockHeight { rows.append(spacer(blockHeight - metaHeight)) }
            // Drawn with the block's last row, after every row's band fill, so no fill paints over it.
            if let last = rows.last {
                let above = blockHeight - last.height
                rows[rows.count - 1] = Item(height: last.height) { stream, top in
                    last.draw(&stream, top)
                    let baseline = top + above - blockHeight / 2 - titleSize * 0.36
                    stream.text(title, x: left, y: baseline, font: .helveticaBold, size: titleSize, color: .white)
                }
            }
            let band = [spacer(size * 1.4)] + rows + [spacer(size * 1.4)]
            let banner = band.enumerated().map { index, item in
                Strip(height: item.height) { stream, top in
                    let upper = index == 0 ? pageHeight : top
                    stream.fillRectangle(
                        x: 0, y: top - item.height, width: pageWidth, height: upper - (top - item.height), color: accent
                    )
                    item.draw(&stream, top)
                }
            }
            let parties = zip(
                [
                    [spacer(size * 1.5)]
                        + partyItems(
                            label: text.from, party: text.seller, x: left, width: halfWidth, geometry: geometry),
                    [spacer(size * 1.5)]
                        + partyItems(
                            label: text.billTo, party: text.client, x: geometry.right - halfWidth, width: halfWidth,
                            geometry: geometry),
                ], block: 2)
            return banner + parties
        }
    }

    // MARK: - Table

    private func tableSection(_ text: EncodedInvoice, _ table: TableLayout, _ geometry: Geometry) -> FlowSection {
        let size = table.fontSize
        let padding = geometry.rowPadding
        let lineHeight = size * 1.3
        let left = geometry.left
        let contentWidth = geometry.contentWidth
        let filled = theme.filledTableHeader
        let headerFill = filled ? theme.accent : Self.headerFill
        let headerText = filled ? PDFColor.white : Self.textColor
        let headerHeight = lineHeight + 2 * max(padding, 3)
        let labels = text.columnLabels
        let header = Strip(height: headerHeight) { stream, top in
            stream.fillRectangle(
                x: left, y: top - headerHeight, width: contentWidth, height: headerHeight, color: headerFill)
            let baseline = Geometry.baseline(top - max(padding, 3), size)
            stream.text(
                labels[0], x: table.descriptionX, y: baseline, font: .helveticaBold, size: size, color: headerText)
            for (column, label) in labels.dropFirst().enumerated() {
                let x = table.rightEdges[column] - Self.width(label, .helveticaBold, size)
                stream.text(label, x: x, y: baseline, font: .helveticaBold, size: size, color: headerText)
            }
        }

        let stripe = theme.stripedRows ? theme.accent.lightened(by: 0.9) : nil
        let ruled = theme.ruledRows
        var groups: [[Strip]] = []
        groups.reserveCapacity(text.rows.count)
        for (rowIndex, row) in text.rows.enumerated() {
            let lines = TextWrapper.wrap(
                paragraphs: row.description, width: table.descriptionWidth, font: .helvetica, size: size)
            let fill = rowIndex % 2 == 1 ? stripe : nil
            var strips: [Strip] = []
            strips.reserveCapacity(lines.count)
            for (lineIndex, line) in lines.enumerated() {
                let isFirst = lineIndex == 0
                let isLast = lineIndex == lines.count - 1
                let above = isFirst ? padding : 0
                let height = lineHeight + above + (isLast ? padding : 0)
                strips.append(
                    Strip(height: height) { stream, top in
                        if let fill {
                            stream.fillRectangle(
                                x: left, y: top - height, width: contentWidth, height: height, color: fill)
                        }
                        let baseline = Geometry.baseline(top - above, size)
                        if isFirst {
                            // The numbers go first in content order, so text extraction keeps every description
                            // in one piece after them.
                            for (column, cell) in row.numbers.enumerated() {
                                let x = table.rightEdges[column] - Self.width(cell, .helvetica, size)
                                stream.text(
                                    cell, x: x, y: baseline, font: .helvetica, size: size, color: Self.textColor)
                            }
                        }
                        stream.text(
                            line, x: table.descriptionX, y: baseline, font: .helvetica, size: size,
                            color: Self.textColor)
                        if isLast && ruled {
                            stream.line(
                                fromX: left, y1: top - height, toX: left + contentWidth, y2: top - height, width: 0.5,
                                color: Self.ruleColor)
                        }
                    })
            }
            groups.append(strips)
        }
        return FlowSection(repeatedHeader: header, groups: groups, spaceBefore: geometry.size * 1.5)
    }

    // MARK: - Notes and totals

    private func notesSection(_ text: EncodedInvoice, _ geometry: Geometry) -> FlowSection {
        let size = geometry.size
        let heading = textItems(
            [text.notesHeading], x: geometry.left, width: geometry.contentWidth, font: .helveticaBold, size: size,
            color: theme.accent)
        let lines = textItems(
            text.notes, x: geometry.left, width: geometry.contentWidth, font: .helvetica, size: size,
            color: Self.textColor)
        let strips = zip([heading], block: 0) + zip([lines], block: 0)
        // The heading stays with the first line; every later line may start a page.
        var groups = [Array(strips.prefix(2))]
        groups += strips.dropFirst(2).map { [$0] }
        return FlowSection(groups: groups, spaceBefore: size * 1.5)
    }

    private func totalsSection(_ text: EncodedInvoice, _ table: TableLayout, _ geometry: Geometry) -> FlowSection {
        let size = geometry.size
        let totalSize = size * 1.2
        let right = geometry.right - table.cellPadding
        let valueWidth = max(
            table.amountColumnWidth,
            text.totalRows.map { Self.width($0.value, .helveticaBold, totalSize) }.max() ?? 0)
        let labelRight = right - valueWidth - size * 1.5
        let labelWidestOfAll =
            text.totalRows.map { Self.width($0.label, .helveticaBold, totalSize) }.max() ?? 0
        let boxLeft = max(labelRight - labelWidestOfAll - size, geometry.left)
        let accent = theme.accent
        let banner = theme.header == .banner
        var strips: [Strip] = []
        for (index, row) in text.totalRows.enumerated() {
            let isTotal = index == text.totalRows.count - 1
            let font: StandardFont = isTotal ? .helveticaBold : .helvetica
            let rowSize = isTotal ? totalSize : size
            let height = rowSize * 1.3 + (isTotal ? size * 0.9 : size * 0.3)
            let boxRight = geometry.right
            strips.append(
                Strip(height: height) { stream, top in
                    var color = Self.textColor
                    if isTotal {
                        if banner {
                            stream.fillRectangle(
                                x: boxLeft, y: top - height, width: boxRight - boxLeft, height: height, color: accent)
                            color = .white
                        } else {
                            stream.line(
                                fromX: boxLeft, y1: top - 1, toX: boxRight, y2: top - 1, width: 1, color: accent)
                        }
                    }
                    let baseline = Geometry.baseline(top - (isTotal ? size * 0.45 : size * 0.15), rowSize)
                    stream.text(
                        row.label, x: labelRight - Self.width(row.label, font, rowSize), y: baseline, font: font,
                        size: rowSize, color: color)
                    stream.text(
                        row.value, x: right - Self.width(row.value, font, rowSize), y: baseline, font: font,
                        size: rowSize, color: color)
                })
        }
        return FlowSection(groups: [strips], spaceBefore: size * 1.2)
    }

    // MARK: - Page decorations

    private func drawRunningHeader(_ stream: inout PDFContentStream, _ text: EncodedInvoice, _ geometry: Geometry) {
        let size = geometry.size * 0.85
        let half = geometry.contentWidth * 0.48
        let baseline = theme.pageSize.height - geometry.margin - size
        let title = TextWrapper.firstLine(text.runningTitle, width: half, font: .helveticaBold, size: size)
        stream.text(title, x: geometry.left, y: baseline, font: .helveticaBold, size: size, color: Self.mutedColor)
        let seller = TextWrapper.firstLine(text.sellerLine, width: half, font: .helvetica, size: size)
        stream.text(
            seller, x: geometry.right - Self.width(seller, .helvetica, size), y: baseline, font: .helvetica,
            size: size, color: Self.mutedColor)
        stream.line(
            fromX: geometry.left, y1: baseline - size * 0.6, toX: geometry.right, y2: baseline - size * 0.6, width: 0.5,
            color: Self.ruleColor)
    }

    private func drawFooter(
        _ stream: inout PDFContentStream, _ text: EncodedInvoice, _ geometry: Geometry, page: Int, of count: Int
    ) {
        let size = geometry.size * 0.85
        let baseline = geometry.margin
        let ruleY = baseline + size * 1.4
        let ruleColor = theme.header == .banner ? theme.accent : Self.ruleColor
        stream.line(fromX: geometry.left, y1: ruleY, toX: geometry.right, y2: ruleY, width: 0.5, color: ruleColor)
        let seller = TextWrapper.firstLine(
            text.sellerLine, width: geometry.contentWidth * 0.6, font: .helvetica, size: size)
        stream.text(seller, x: geometry.left, y: baseline, font: .helvetica, size: size, color: Self.mutedColor)
        let label = WinAnsiText(bytes: Array(InvoiceLabels.page(page, of: count).utf8))
        stream.text(
            label, x: geometry.right - Self.width(label, .helvetica, size), y: baseline, font: .helvetica, size: size,
            color: Self.mutedColor)
    }

    static func width(_ text: WinAnsiText, _ font: StandardFont, _ size: Double) -> Double {
        font.width(of: text, size: size)
    }
}

/// Page geometry derived from a theme.
struct Geometry {
    let size: Double
    let margin: Double
    let rowPadding: Double
    let left: Double
    let right: Double
    let contentWidth: Double
    let top: Double
    let laterPageTop: Double
    let bottom: Double

    init(theme: InvoiceTheme) {
        size = theme.clampedFontSize
        margin = theme.clampedMargin
        rowPadding = theme.clampedRowPadding
        left = margin
        right = theme.pageSize.width - margin
        contentWidth = right - left
        top = theme.pageSize.height - margin
        laterPageTop = top - size * 2.2
        bottom = margin + size * 2.6
    }

    /// The baseline of a line of `size` whose box starts at `top`: caps sit centred in a 1.3 × size line box.
    static func baseline(_ top: Double, _ size: Double) -> Double {
        top - size * 0.93
    }
}
