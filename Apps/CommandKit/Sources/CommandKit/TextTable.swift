import Rendering

/// Columns that line up in a terminal: each cell padded to its column's width in terminal cells, where East Asian
/// wide characters and emoji take two cells and combining marks none.
public struct TextTable: Sendable {
    /// How a column's cells are aligned.
    public enum Alignment: Sendable {
        /// Text.
        case left
        /// Amounts.
        case right
    }

    private let alignments: [Alignment]
    private var rows: [[String]] = []

    /// A table with one column per alignment.
    public init(_ alignments: [Alignment]) {
        self.alignments = alignments
    }

    /// Adds a row; each cell is kept on one line.
    public mutating func append(_ cells: [String]) {
        rows.append(cells.map(TerminalText.singleLine))
    }

    /// The rows, two spaces between columns, no trailing spaces.
    public var lines: [String] {
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
public enum TerminalText {
    /// How many terminal columns `text` takes (the Rendering package's count, which its tables use too).
    public static func width(_ text: String) -> Int {
        TerminalColumns.width(of: text)
    }

    /// Line breaks, tabs and other control characters as spaces, so one cell stays on one line.
    public static func singleLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029 ? " " : $0
                }))
    }

    /// Text that came from outside (a server's answer, a file) made safe to print: every control character
    /// (escape sequences, bell, carriage return, line breaks) and every character that reorders text on screen
    /// (bidirectional overrides and isolates) is shown as a visible escape such as `\u{1B}`, so such text can
    /// neither move the cursor, clear the screen, forge a line of the app's own, nor disguise what it says.
    public static func safe(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0 and C1 controls, DEL
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional marks and overrides
        case 0x2028, 0x2029: true  // line and paragraph separators
        default: false
        }
    }
}

/// Counts with their noun in the right number: "1 row", "2 rows", "0 rows".
public enum Plural {
    /// `count` and `noun`, with an `s` unless the count is one.
    public static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// Help text laid out for a terminal.
public enum TextWrapping {
    /// `text` in lines of at most `width` characters, broken between words; leading spaces are kept.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let indent = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var current = indent
        for word in text.split(separator: " ") {
            if current.count > indent.count && current.count + 1 + word.count > width {
                lines.append(current)
                current = indent
            }
            current += (current.count > indent.count ? " " : "") + word
        }
        lines.append(current)
        return lines
    }

    /// `text` padded with spaces to `length` characters (never cut).
    public static func padded(_ text: String, to length: Int) -> String {
        text.count >= length ? text : text + String(repeating: " ", count: length - text.count)
    }
}
