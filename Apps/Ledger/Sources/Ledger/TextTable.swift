/// Columns that line up in a terminal: each cell padded to its column's width in terminal cells, where East Asian
/// wide characters and emoji take two cells and combining marks none.
struct TextTable {
    /// How a column's cells are aligned.
    enum Alignment {
        case left
        case right
    }

    private let alignments: [Alignment]
    private var rows: [[String]] = []

    init(_ alignments: [Alignment]) {
        self.alignments = alignments
    }

    mutating func append(_ cells: [String]) {
        rows.append(cells.map(TerminalText.singleLine))
    }

    /// The rows, two spaces between columns, no trailing spaces.
    var lines: [String] {
        let widths = alignments.indices.map { column in
            rows.map { column < $0.count ? TerminalText.width($0[column]) : 0 }.max() ?? 0
        }
        return rows.map { cells in
            var line = ""
            for (column, alignment) in alignments.enumerated() {
                let cell = column < cells.count ? cells[column] : ""
                let padding = String(repeating: " ", count: widths[column] - TerminalText.width(cell))
                if column > 0 { line += "  " }
                line += alignment == .left ? cell + padding : padding + cell
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}

/// Text as a terminal shows it.
enum TerminalText {
    /// How many terminal cells `text` takes.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// Line breaks, tabs and other control characters as spaces, so one cell stays on one line.
    static func singleLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
