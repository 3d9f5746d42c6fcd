/// The look of an invoice: everything a template decides, so a new template is a new theme rather than new
/// layout code. Numbers outside their documented range are clamped when the invoice is laid out.
public struct InvoiceTheme: Hashable, Sendable {
    /// How the top of the first page is arranged.
    public enum Header: Hashable, Sendable {
        /// Seller top left, a large title with number and dates top right, the client below.
        case classic
        /// One title line, then seller and client side by side in small type: more rows fit on page 1.
        case condensed
        /// A full-width band in the accent colour with the title in white, then seller and client side by side.
        case banner
    }

    /// The paper size.
    public var pageSize: PageSize
    /// The colour of titles, labels, the table header and the total.
    public var accent: PDFColor
    /// The arrangement of the first page's top.
    public var header: Header
    /// The size of body text in points, 6...14.
    public var fontSize: Double
    /// Space above and below the text of a table row in points, 0...12.
    public var rowPadding: Double
    /// The page margin in points, 24...96.
    public var margin: Double
    /// Alternate rows get a light tint of the accent colour.
    public var stripedRows: Bool
    /// A hairline separates rows.
    public var ruledRows: Bool
    /// The table header is filled with the accent colour and written in white (otherwise a light grey fill).
    public var filledTableHeader: Bool

    /// Creates a theme.
    public init(
        pageSize: PageSize = .a4,
        accent: PDFColor = .ink,
        header: Header = .classic,
        fontSize: Double = 9,
        rowPadding: Double = 4,
        margin: Double = 48,
        stripedRows: Bool = false,
        ruledRows: Bool = true,
        filledTableHeader: Bool = false
    ) {
        self.pageSize = pageSize
        self.accent = accent
        self.header = header
        self.fontSize = fontSize
        self.rowPadding = rowPadding
        self.margin = margin
        self.stripedRows = stripedRows
        self.ruledRows = ruledRows
        self.filledTableHeader = filledTableHeader
    }

    /// The classic business invoice.
    public static let standard = InvoiceTheme()

    /// Small type and tight rows for long invoices.
    public static let compact = InvoiceTheme(
        accent: PDFColor(red: 0.2, green: 0.2, blue: 0.2), header: .condensed, fontSize: 7.5, rowPadding: 1.5,
        margin: 36, stripedRows: true, ruledRows: false)

    /// A coloured banner, a filled table header and striped rows in `accent`.
    public static func creative(accent: PDFColor) -> InvoiceTheme {
        InvoiceTheme(
            accent: accent, header: .banner, fontSize: 9, rowPadding: 4.5, margin: 48, stripedRows: true,
            ruledRows: false, filledTableHeader: true)
    }

    var clampedFontSize: Double { Self.clamp(fontSize, 6, 14, fallback: 9) }
    var clampedRowPadding: Double { Self.clamp(rowPadding, 0, 12, fallback: 4) }
    var clampedMargin: Double { Self.clamp(margin, 24, 96, fallback: 48) }

    private static func clamp(_ value: Double, _ low: Double, _ high: Double, fallback: Double) -> Double {
        value.isFinite ? min(max(value, low), high) : fallback
    }
}
