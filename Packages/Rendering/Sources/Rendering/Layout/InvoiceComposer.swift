import Foundation

/// An invoice laid out on pages: what the PDF writer needs, plus the page count the layout produced.
struct ComposedInvoice {
    /// The content stream of every page.
    let pages: [[UInt8]]
    let pageSize: PageSize
    let pageCount: Int
    let info: PDFDocumentInfo
    let fonts: FontUsage
}

/// Lays an invoice out with a theme and fonts: prepares every text (collecting what the fonts cannot draw),
/// computes totals, builds flow sections (top block, table with the totals kept to its last row, notes) and
/// paginates them.
struct InvoiceComposer {
    let theme: InvoiceTheme
    let fonts: InvoiceFonts

    private static let textColor = PDFColor(red: 0.1, green: 0.1, blue: 0.1)
    private static let mutedColor = PDFColor(red: 0.38, green: 0.38, blue: 0.38)
    private static let ruleColor = PDFColor(red: 0.8, green: 0.8, blue: 0.8)
    private static let headerFill = PDFColor(red: 0.92, green: 0.92, blue: 0.92)

    /// Lays out `document`. `pageLimit` keeps only the first pages (the preview) but the footer still counts all.
    func compose(
        _ document: InvoiceDocument, creationDate: Date, pageLimit: Int? = nil
    ) throws(RenderingError) -> ComposedInvoice {
        let totals = try InvoiceTotals(of: document)
        let text = try EncodedInvoice(document: document, totals: totals, fonts: fonts)
        let typesetter = Typesetter(fonts: fonts)
        let geometry = Geometry(theme: theme)
        let table = TableLayout(text: text, geometry: geometry, typesetter: typesetter)

        var sections = [FlowSection(groups: [topBlock(text, geometry, typesetter)])]
        if !text.correction.isEmpty {
            sections.append(paragraphSection(nil, text.correction, bold: true, geometry, typesetter))
        }
        let exemptions = exemptionStrips(text, geometry, typesetter)
        sections.append(tableSection(text, table, exemptions, geometry, typesetter))
        // Further lines of long reasons may start a page, without the table's header.
        if exemptions.count > 2 { sections.append(FlowSection(groups: exemptions.dropFirst(2).map { [$0] })) }
        if !text.payment.isEmpty {
            sections.append(paragraphSection(text.paymentHeading, text.payment, bold: false, geometry, typesetter))
        }
        if !text.notes.isEmpty {
            sections.append(paragraphSection(text.notesHeading, text.notes, bold: false, geometry, typesetter))
        }

        let frame = PageFrame(
            firstPageTop: geometry.top, laterPageTop: geometry.laterPageTop, bottom: geometry.bottom)
        let placed = Paginator.paginate(sections, in: frame)
        let kept = pageLimit.map { Array(placed.prefix(max($0, 1))) } ?? placed
        let usage = FontUsage(fonts: fonts)
        let decorations = Decorations(text: text, typesetter: typesetter)
        var pages: [[UInt8]] = []
        pages.reserveCapacity(kept.count)
        for (index, placements) in kept.enumerated() {
            var stream = PDFContentStream(fonts: usage, reservingCapacity: placements.count * 120 + 512)
            if index > 0 { drawRunningHeader(&stream, decorations, geometry) }
            PageDrawer.draw(placements, into: &stream)
            drawFooter(&stream, decorations, geometry, page: index + 1, of: placed.count)
            stream.finish()
            pages.append(stream.bytes)
        }
        let info = PDFDocumentInfo(
            title: "\(text.documentWord) \(document.number)", author: document.seller.name,
            creationDate: creationDate)
        return ComposedInvoice(
            pages: pages, pageSize: theme.pageSize, pageCount: placed.count, info: info, fonts: usage)
    }

    // MARK: - Top block

    /// One item of a column in the top block: a wrapped line drawn at a fixed x.
    private struct Item {
        let height: Double
        let draw: (inout PDFContentStream, Double) -> Void
    }

    private func textItems(
        _ paragraphs: [TextLine], x: Double, width: Double, style: FontStyle, size: Double, color: PDFColor,
        typesetter: Typesetter, alignRight: Bool = false
    ) -> [Item] {
        let runs = paragraphs.map { typesetter.run($0, style) }
        let lines = TextWrapper.wrap(paragraphs: runs, width: width, size: size)
        return lines.map { line in
            Item(height: size * 1.3) { stream, top in
                let lineX = alignRight ? x + width - line.width(size: size) : x
                stream.text(line, x: lineX, y: Geometry.baseline(top, size), size: size, color: color)
            }
        }
    }

    private func spacer(_ height: Double) -> Item {
        Item(height: height) { _, _ in }
    }

    /// Items of a party block: a label, the name in bold, then its lines (address, VAT ID, tax number, contact).
    private func partyItems(
        label: TextLine?, party: EncodedParty, x: Double, width: Double, geometry: Geometry,
        typesetter: Typesetter
    ) -> [Item] {
        let size = geometry.size
        var items: [Item] = []
        if let label {
            items += textItems(
                [label], x: x, width: width, style: .bold, size: size * 0.85, color: theme.accent,
                typesetter: typesetter)
        }
        items += textItems(
            party.name, x: x, width: width, style: .bold, size: size * 1.15, color: Self.textColor,
            typesetter: typesetter)
        items += textItems(
            party.lines, x: x, width: width, style: .regular, size: size, color: Self.textColor,
            typesetter: typesetter)
        return items
    }

    /// Label/value rows (number, dates): the label at `x`, the value right-aligned at `x + width`, wrapped when
    /// it is longer than the room beside the label. Every row has the same height, so the rows are evenly spaced.
    private func metaItems(
        _ text: EncodedInvoice, x: Double, width: Double, geometry: Geometry, typesetter: Typesetter,
        labelColor: PDFColor = mutedColor, valueColor: PDFColor = textColor
    ) -> [Item] {
        let size = geometry.size
        let labels = text.metaRows.map { typesetter.run($0.label, .regular) }
        let labelWidth = labels.map { $0.width(size: size) }.max() ?? 0
        let valueWidth = max(width - labelWidth - 10, size * 2)
        var items: [Item] = []
        for (row, label) in Swift.zip(text.metaRows, labels) {
            let values = row.value.map { typesetter.run($0, .bold) }
            let lines = TextWrapper.wrap(paragraphs: values, width: valueWidth, size: size)
            for (index, line) in lines.enumerated() {
                let label = index == 0 ? label : .empty
                items.append(
                    Item(height: size * 1.4) { stream, top in
                        let baseline = Geometry.baseline(top, size)
                        stream.text(label, x: x, y: baseline, size: size, color: labelColor)
                        let lineX = x + width - line.width(size: size)
                        stream.text(line, x: lineX, y: baseline, size: size, color: valueColor)
                    })
            }
        }
        return items
    }

    /// Sets columns of items side by side. Each column keeps its own line spacing: strips are cut wherever an
    /// item of any column starts, and each item is drawn by the strip it starts in. The first column draws with
    /// its strip, the others when the block ends on the page (see `Strip.columns`).
    private func zip(_ columns: [[Item]], block: Int) -> [Strip] {
        var starts: [[Double]] = []
        var boundaries: [Double] = []
        var total = 0.0
        for column in columns {
            var offset = 0.0
            var columnStarts: [Double] = []
            for item in column {
                columnStarts.append(offset)
                boundaries.append(offset)
                offset += item.height
            }
            starts.append(columnStarts)
            total = max(total, offset)
        }
        boundaries.sort()
        var cuts: [Double] = []
        for boundary in boundaries where boundary < total - 1e-9 {
            if let last = cuts.last, boundary - last < 1e-9 { continue }
            cuts.append(boundary)
        }
        var strips: [Strip] = []
        strips.reserveCapacity(cuts.count)
        // Cuts and each column's starts are both ascending: one cursor per column walks them together.
        var cursors = [Int](repeating: 0, count: columns.count)
        for (index, cut) in cuts.enumerated() {
            let next = index + 1 < cuts.count ? cuts[index + 1] : total
            var drawers: [(inout PDFContentStream, Double) -> Void] = []
            for (column, items) in columns.enumerated() {
                var starting: [Item] = []
                while cursors[column] < items.count && starts[column][cursors[column]] < next - 1e-9 {
                    starting.append(items[cursors[column]])
                    cursors[column] += 1
                }
                drawers.append { stream, top in
                    for item in starting { item.draw(&stream, top) }
                }
            }
            let first = drawers.removeFirst()
            strips.append(Strip(height: next - cut, block: block, columns: drawers, draw: first))
        }
        return strips
    }

    private func topBlock(_ text: EncodedInvoice, _ geometry: Geometry, _ typesetter: Typesetter) -> [Strip] {
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
                    text.seller.name, x: left, width: sellerWidth, style: .bold, size: size * 1.5,
                    color: Self.textColor, typesetter: typesetter)
                + textItems(
                    text.seller.lines, x: left, width: sellerWidth, style: .regular, size: size,
                    color: Self.mutedColor, typesetter: typesetter)
            let meta =
                textItems(
                    [text.title], x: rightX, width: rightWidth, style: .bold, size: size * 2.4, color: theme.accent,
                    typesetter: typesetter, alignRight: true)
                + [spacer(size * 0.6)]
                + metaItems(text, x: rightX, width: rightWidth, geometry: geometry, typesetter: typesetter)
            let client =
                [spacer(size * 2)]
                + partyItems(
                    label: text.billTo, party: text.client, x: left, width: sellerWidth, geometry: geometry,
                    typesetter: typesetter)
            return zip([seller, meta], block: 1) + zip([client], block: 2)
        case .condensed:
            let titleWidth = width * 0.55
            let metaWidth = width * 0.4
            let title = textItems(
                text.invoiceNumberTitle, x: left, width: titleWidth, style: .bold, size: size * 1.6,
                color: theme.accent, typesetter: typesetter)
            let meta = metaItems(
                text, x: geometry.right - metaWidth, width: metaWidth, geometry: geometry, typesetter: typesetter)
            let columnWidth = width * 0.48
            let parties = zip(
                [
                    [spacer(size)]
                        + partyItems(
                            label: text.from, party: text.seller, x: left, width: columnWidth, geometry: geometry,
                            typesetter: typesetter),
                    [spacer(size)]
                        + partyItems(
                            label: text.billTo, party: text.client, x: geometry.right - columnWidth,
                            width: columnWidth, geometry: geometry, typesetter: typesetter),
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
            let title = typesetter.run(text.title, .bold)
            let meta = metaItems(
                text, x: geometry.right - halfWidth, width: halfWidth, geometry: geometry, typesetter: typesetter,
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
                    stream.text(title, x: left, y: baseline, size: titleSize, color: .white)
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
                            label: text.from, party: text.seller, x: left, width: halfWidth, geometry: geometry,
                            typesetter: typesetter),
                    [spacer(size * 1.5)]
                        + partyItems(
                            label: text.billTo, party: text.client, x: geometry.right - halfWidth, width: halfWidth,
                            geometry: geometry, typesetter: typesetter),
                ], block: 2)
            return banner + parties
        }
    }

    // MARK: - Table and totals

    private func tableSection(
        _ text: EncodedInvoice, _ table: TableLayout, _ exemptions: [Strip], _ geometry: Geometry,
        _ typesetter: Typesetter
    ) -> FlowSection {
        let size = table.fontSize
        let padding = geometry.rowPadding
        let lineHeight = size * 1.3
        let left = geometry.left
        let contentWidth = geometry.contentWidth
        let filled = theme.filledTableHeader
        let headerFill = filled ? theme.accent : Self.headerFill
        let headerText = filled ? PDFColor.white : Self.textColor
        let headerHeight = lineHeight + 2 * max(padding, 3)
        let labels = table.header
        let header = Strip(height: headerHeight) { stream, top in
            stream.fillRectangle(
                x: left, y: top - headerHeight, width: contentWidth, height: headerHeight, color: headerFill)
            let baseline = Geometry.baseline(top - max(padding, 3), size)
            stream.text(labels[0], x: table.descriptionX, y: baseline, size: size, color: headerText)
            for (column, label) in labels.dropFirst().enumerated() {
                let x = table.rightEdges[column] - label.width(size: size)
                stream.text(label, x: x, y: baseline, size: size, color: headerText)
            }
        }

        let stripe = theme.stripedRows ? theme.accent.lightened(by: 0.9) : nil
        let ruled = theme.ruledRows
        var groups: [[Strip]] = []
        groups.reserveCapacity(table.rows.count + 1)
        for (rowIndex, row) in table.rows.enumerated() {
            let lines = TextWrapper.wrap(paragraphs: row.description, width: table.descriptionWidth, size: size)
            let fill = rowIndex % 2 == 1 ? stripe : nil
            let numbers = row.numbers
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
                            for (column, cell) in numbers.enumerated() {
                                let x = table.rightEdges[column] - cell.width(size: size)
                                stream.text(cell, x: x, y: baseline, size: size, color: Self.textColor)
                            }
                        }
                        stream.text(line, x: table.descriptionX, y: baseline, size: size, color: Self.textColor)
                        if isLast && ruled {
                            stream.line(
                                fromX: left, y1: top - height, toX: left + contentWidth, y2: top - height, width: 0.5,
                                color: Self.ruleColor)
                        }
                    })
            }
            groups.append(strips)
        }
        // The totals follow the table directly and never start a page: they travel with the last row, and so
        // does the first line of the exemption reasons.
        let totals =
            totalsStrips(text, table, geometry, typesetter)
            + exemptions.prefix(2).map { Strip(height: $0.height, keepWithPrevious: true, draw: $0.draw) }
        if groups.isEmpty {
            groups.append(totals)
        } else {
            groups[groups.count - 1] += totals
        }
        return FlowSection(repeatedHeader: header, groups: groups, spaceBefore: geometry.size * 1.5)
    }

    private func totalsStrips(
        _ text: EncodedInvoice, _ table: TableLayout, _ geometry: Geometry, _ typesetter: Typesetter
    ) -> [Strip] {
        let size = geometry.size
        let totalSize = size * 1.2
        let right = geometry.right - table.cellPadding
        let last = text.totalRows.count - 1
        let typeset = text.totalRows.enumerated().map { index, row in
            let style: FontStyle = index == last ? .bold : .regular
            return (label: typesetter.run(row.label, style), value: typesetter.run(row.value, style), style: style)
        }
        let valueWidth = max(
            table.amountColumnWidth, typeset.map { $0.value.width(size: totalSize) }.max() ?? 0)
        let labelRight = right - valueWidth - size * 1.5
        // A label longer than the room left of the amounts (a long discount reason) ends in an ellipsis.
        let labelRoom = max(labelRight - geometry.left - size, size * 4)
        let rows = typeset.map { row in
            let ellipsis = Self.ellipsis(row.style, typesetter)
            return (
                label: TextWrapper.firstLine(row.label, width: labelRoom, size: totalSize, ellipsis: ellipsis),
                value: row.value
            )
        }
        let widestLabel = rows.map { $0.label.width(size: totalSize) }.max() ?? 0
        let boxLeft = max(labelRight - widestLabel - size, geometry.left)
        let accent = theme.accent
        let banner = theme.header == .banner
        var strips = [Strip(height: size * 1.2, keepWithPrevious: true) { _, _ in }]
        for (index, row) in rows.enumerated() {
            let isTotal = index == last
            let rowSize = isTotal ? totalSize : size
            let height = rowSize * 1.3 + (isTotal ? size * 0.9 : size * 0.3)
            let boxRight = geometry.right
            strips.append(
                Strip(height: height, keepWithPrevious: true) { stream, top in
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
                        row.label, x: labelRight - row.label.width(size: rowSize), y: baseline, size: rowSize,
                        color: color)
                    stream.text(
                        row.value, x: right - row.value.width(size: rowSize), y: baseline, size: rowSize, color: color)
                })
        }
        return strips
    }

    /// The exemption reasons, wrapped below the totals: they explain the VAT rows above them.
    private func exemptionStrips(_ text: EncodedInvoice, _ geometry: Geometry, _ typesetter: Typesetter) -> [Strip] {
        guard !text.exemptions.isEmpty else { return [] }
        let size = geometry.size
        let items =
            [spacer(size * 0.6)]
            + textItems(
                text.exemptions, x: geometry.left, width: geometry.contentWidth, style: .regular, size: size * 0.9,
                color: Self.mutedColor, typesetter: typesetter)
        return zip([items], block: 0)
    }

    // MARK: - Payment, notes and the corrected invoice

    /// A full-width block of paragraphs (the payment block, the notes, a credit note's reference), under an
    /// optional heading in the accent colour.
    private func paragraphSection(
        _ heading: TextLine?, _ paragraphs: [TextLine], bold: Bool, _ geometry: Geometry, _ typesetter: Typesetter
    ) -> FlowSection {
        let size = geometry.size
        let headingItems =
            heading.map {
                textItems(
                    [$0], x: geometry.left, width: geometry.contentWidth, style: .bold, size: size,
                    color: theme.accent, typesetter: typesetter)
            } ?? []
        let lines = textItems(
            paragraphs, x: geometry.left, width: geometry.contentWidth, style: bold ? .bold : .regular, size: size,
            color: Self.textColor, typesetter: typesetter)
        let strips = zip([headingItems + lines], block: 0)
        // The heading stays with the first line; every later line may start a page.
        let kept = heading == nil ? 1 : 2
        var groups = [Array(strips.prefix(kept))]
        groups += strips.dropFirst(kept).map { [$0] }
        return FlowSection(groups: groups, spaceBefore: size * 1.5)
    }

    /// "…", or three dots in fonts without it.
    fileprivate static func ellipsis(_ style: FontStyle, _ typesetter: Typesetter) -> GlyphRun {
        let single = typesetter.run(TextLine(scalars: [0x2026]), style)
        return single.isEmpty ? typesetter.run(ascii: "...", style) : single
    }

    // MARK: - Page decorations

    /// The typeset texts every page repeats.
    private struct Decorations {
        let runningTitle: GlyphRun
        let seller: GlyphRun
        let ellipsisRegular: GlyphRun
        let ellipsisBold: GlyphRun
        let labels: InvoiceLabels
        let typesetter: Typesetter

        init(text: EncodedInvoice, typesetter: Typesetter) {
            runningTitle = typesetter.run(text.runningTitle, .bold)
            seller = typesetter.run(text.sellerLine, .regular)
            ellipsisRegular = InvoiceComposer.ellipsis(.regular, typesetter)
            ellipsisBold = InvoiceComposer.ellipsis(.bold, typesetter)
            labels = text.labels
            self.typesetter = typesetter
        }
    }

    private func drawRunningHeader(_ stream: inout PDFContentStream, _ page: Decorations, _ geometry: Geometry) {
        let size = geometry.size * 0.85
        let half = geometry.contentWidth * 0.48
        let baseline = theme.pageSize.height - geometry.margin - size
        let title = TextWrapper.firstLine(page.runningTitle, width: half, size: size, ellipsis: page.ellipsisBold)
        stream.text(title, x: geometry.left, y: baseline, size: size, color: Self.mutedColor)
        let seller = TextWrapper.firstLine(page.seller, width: half, size: size, ellipsis: page.ellipsisRegular)
        stream.text(
            seller, x: geometry.right - seller.width(size: size), y: baseline, size: size, color: Self.mutedColor)
        stream.line(
            fromX: geometry.left, y1: baseline - size * 0.6, toX: geometry.right, y2: baseline - size * 0.6, width: 0.5,
            color: Self.ruleColor)
    }

    private func drawFooter(
        _ stream: inout PDFContentStream, _ page: Decorations, _ geometry: Geometry, page number: Int, of count: Int
    ) {
        let size = geometry.size * 0.85
        let baseline = geometry.margin
        let ruleY = baseline + size * 1.4
        let ruleColor = theme.header == .banner ? theme.accent : Self.ruleColor
        stream.line(fromX: geometry.left, y1: ruleY, toX: geometry.right, y2: ruleY, width: 0.5, color: ruleColor)
        let seller = TextWrapper.firstLine(
            page.seller, width: geometry.contentWidth * 0.6, size: size, ellipsis: page.ellipsisRegular)
        stream.text(seller, x: geometry.left, y: baseline, size: size, color: Self.mutedColor)
        let label = page.typesetter.run(TextEncoder.prepared(page.labels.page(number, of: count)), .regular)
        stream.text(
            label, x: geometry.right - label.width(size: size), y: baseline, size: size, color: Self.mutedColor)
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
