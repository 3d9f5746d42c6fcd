import CompositionRoot

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
    /// How many terminal columns `text` takes (the Rendering package's count, which its tables use too).
    static func width(_ text: String) -> Int {
        TerminalColumns.width(of: text)
    }

    /// Line breaks, tabs and other control characters as spaces, so one cell stays on one line.
    static func singleLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029 ? " " : $0
                }))
    }
}
