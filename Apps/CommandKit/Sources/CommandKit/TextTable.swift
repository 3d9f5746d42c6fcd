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

    /// The width of the terminal the command's tables print to, or nil when they are not cut (output piped or
    /// redirected, `--json`). `CommandTable.run` sets it from the console for the run of a command, so every
    /// feature's table fits the terminal without each command asking for the width; a test sets it with
    /// `CommandHarness.run(_:terminal:columns:)` or calls ``lines(fitting:)``.
    @TaskLocal public static var fittingWidth: Int?

    /// The columns no text column is cut below: an invoice number or a day stays whole.
    public static let narrowestCutColumn = 10

    /// The rows, two spaces between columns, no trailing spaces; cut to ``fittingWidth`` when a command prints to a
    /// terminal.
    public var lines: [String] {
        lines(fitting: Self.fittingWidth)
    }

    /// The rows, two spaces between columns, no trailing spaces, at most `width` terminal columns wide where that
    /// can be done by cutting text: the widest text (left-aligned) column is cut first, its cells ending in `…`,
    /// down to ``narrowestCutColumn``; amounts (right-aligned) are never cut. Nil leaves every cell whole.
    public func lines(fitting width: Int?) -> [String] {
        var widths = alignments.indices.map { column in
            rows.map { column < $0.count ? TerminalText.width($0[column]) : 0 }.max() ?? 0
        }
        if let width {
            let floors = widths.map { min($0, Self.narrowestCutColumn) }
            var total = widths.reduce(0, +) + 2 * max(widths.count - 1, 0)
            while total > width {
                let candidates = alignments.indices.filter { alignments[$0] == .left && widths[$0] > floors[$0] }
                guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
                widths[widest] -= 1
                total -= 1
            }
        }
        return rows.map { cells in
            var line = ""
            for (column, alignment) in alignments.enumerated() {
                let cell = TerminalText.truncated(column < cells.count ? cells[column] : "", to: widths[column])
                let padding = String(repeating: " ", count: max(widths[column] - TerminalText.width(cell), 0))
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

    /// `text` whole when it takes at most `width` columns, else its first characters and `…` in at most `width`
    /// columns: a cut falls between characters as people see them (an accent stays on its letter, an emoji
    /// sequence stays whole), and a wide character that would not fit is left out rather than split.
    public static func truncated(_ text: String, to width: Int) -> String {
        guard self.width(text) > width else { return text }
        guard width > 0 else { return "" }
        var kept = ""
        var used = 0
        for character in text {
            let columns = self.width(String(character))
            if used + columns > width - 1 { break }
            kept.append(character)
            used += columns
        }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + "…"
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
