/// The drawing operators of one page, written straight into bytes.
///
/// Coordinates are PDF user space: points from the bottom-left corner. Only the operators the templates need
/// exist (text, rules, filled rectangles). Consecutive texts share one text object and move relative to each
/// other, fonts and colours are set only when they change, and rules are collected into one path that is
/// stroked before the next fill (or at the end), since no text overlaps a rule: pages stay small before
/// compression and repetitive (so well compressed) after it.
struct PDFContentStream {
    private(set) var bytes: [UInt8] = []
    let fonts: FontUsage
    private var fill: PDFColor?
    private var stroke: PDFColor?
    private var lineWidth = -1.0
    /// Rules waiting to be stroked, all in `pendingStroke`'s colour and width.
    private var pendingLines: [UInt8] = []
    private var pendingStroke: (color: PDFColor, width: Double)?
    private var inText = false
    private var face = -1
    private var fontSize = -1.0
    /// The origin of the current text line as written (rounded), so relative moves never accumulate error.
    private var lineX = 0.0
    private var lineY = 0.0

    init(fonts: FontUsage, reservingCapacity capacity: Int = 4096) {
        self.fonts = fonts
        bytes.reserveCapacity(capacity)
    }

    /// Shows `run` with its baseline starting at (`x`, `y`).
    mutating func text(_ run: GlyphRun, x: Double, y: Double, size: Double, color: PDFColor) {
        guard !run.isEmpty else { return }
        setFill(color)
        if !inText {
            append("BT\n")
            inText = true
            lineX = 0
            lineY = 0
        }
        let dx = Self.rounded(x - lineX)
        let dy = Self.rounded(y - lineY)
        append(number: dx, decimals: 1)
        append(" ")
        append(number: dy, decimals: 1)
        append(" Td ")
        lineX += dx
        lineY += dy
        let glyphs = run.glyphs
        var start = 0
        while start < glyphs.count {
            let runFace = Int(glyphs[start].face)
            var end = start + 1
            while end < glyphs.count && Int(glyphs[end].face) == runFace { end += 1 }
            if runFace != face || size != fontSize {
                face = runFace
                fontSize = size
                append("/")
                bytes.append(contentsOf: fonts.resourceNameBytes[runFace])
                append(" ")
                append(number: size)
                append(" Tf ")
            }
            append("(")
            fonts.appendCodes(of: glyphs[start..<end], face: runFace, to: &bytes)
            append(") Tj")
            start = end
        }
        append("\n")
    }

    /// Draws a straight rule.
    mutating func line(fromX x1: Double, y1: Double, toX x2: Double, y2: Double, width: Double, color: PDFColor) {
        if let pending = pendingStroke, pending.color != color || pending.width != width { strokePendingLines() }
        pendingStroke = (color, width)
        PDFNumber.append(x1, decimals: 2, to: &pendingLines)
        pendingLines.append(UInt8(ascii: " "))
        PDFNumber.append(y1, decimals: 2, to: &pendingLines)
        pendingLines += Array(" m ".utf8)
        PDFNumber.append(x2, decimals: 2, to: &pendingLines)
        pendingLines.append(UInt8(ascii: " "))
        PDFNumber.append(y2, decimals: 2, to: &pendingLines)
        pendingLines += Array(" l\n".utf8)
    }

    private mutating func strokePendingLines() {
        guard let pending = pendingStroke else { return }
        endText()
        setStroke(pending.color)
        if pending.width != lineWidth {
            lineWidth = pending.width
            append(number: pending.width)
            append(" w\n")
        }
        bytes += pendingLines
        append("S\n")
        pendingLines.removeAll(keepingCapacity: true)
        pendingStroke = nil
    }

    /// Fills the rectangle whose bottom-left corner is (`x`, `y`).
    mutating func fillRectangle(x: Double, y: Double, width: Double, height: Double, color: PDFColor) {
        // A fill may cover a rule drawn before it, so waiting rules are stroked first.
        strokePendingLines()
        endText()
        setFill(color)
        append(number: x)
        append(" ")
        append(number: y)
        append(" ")
        append(number: width)
        append(" ")
        append(number: height)
        append(" re f\n")
    }

    /// Closes an open text object and strokes waiting rules; call before taking the bytes.
    mutating func finish() {
        endText()
        strokePendingLines()
    }

    private mutating func endText() {
        guard inText else { return }
        append("ET\n")
        inText = false
    }

    /// Text positions to a tenth of a point (0.035 mm, far below what print or screen shows): fewer distinct
    /// numbers compress better.
    private static func rounded(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }

    private mutating func setFill(_ color: PDFColor) {
        guard fill != color else { return }
        fill = color
        append(color: color)
        append(" rg\n")
    }

    private mutating func setStroke(_ color: PDFColor) {
        guard stroke != color else { return }
        stroke = color
        append(color: color)
        append(" RG\n")
    }

    private mutating func append(color: PDFColor) {
        append(number: color.red, decimals: 3)
        append(" ")
        append(number: color.green, decimals: 3)
        append(" ")
        append(number: color.blue, decimals: 3)
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a PDF real: fixed point, at most `decimals` digits, trailing zeros dropped, never an exponent
    /// (PDF has no exponent syntax), non-finite values as 0.
    mutating func append(number value: Double, decimals: Int = 2) {
        PDFNumber.append(value, decimals: decimals, to: &bytes)
    }
}

/// Writes numbers the way PDF syntax wants them, without `String(format:)` (which is slow and locale-aware).
enum PDFNumber {
    static func append(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        let divisor: Int64 = decimals == 3 ? 1000 : decimals == 1 ? 10 : 100
        let scale = Double(divisor)
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        // Coordinates are bounded by the page; anything beyond ±1e12 is clamped rather than trapping.
        var scaled = Int64((min(max(value, -1e12), 1e12) * scale).rounded())
        if scaled < 0 {
            bytes.append(UInt8(ascii: "-"))
            scaled = -scaled
        }
        append(integer: scaled / divisor, to: &bytes)
        var fraction = scaled % divisor
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var digits = decimals == 3 ? 3 : decimals == 1 ? 1 : 2
        var place = divisor / 10
        while digits > 0 && fraction != 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / place))
            fraction %= place
            place /= 10
            digits -= 1
        }
    }

    static func append(integer value: Int64, to bytes: inout [UInt8]) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        append(integer: value / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
