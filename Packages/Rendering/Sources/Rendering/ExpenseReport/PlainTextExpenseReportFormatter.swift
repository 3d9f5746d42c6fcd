/// An expense report as an aligned plain-text table for a terminal, an email or a log: dates left, titles
/// wrapped to a maximum width, amounts right-aligned, subtotals under headed sections, totals per currency.
///
/// Alignment counts terminal columns (``TerminalColumns``): East Asian wide characters take two, combining marks
/// none, so columns line up for titles in any script, any currency symbol and any subtotal label.
public struct PlainTextExpenseReportFormatter: ExpenseReportFormatting {
    private let money: MoneyFormatter
    private let locale: RenderingLocale
    private let maximumTitleWidth: Int

    /// Creates a formatter writing dates and amounts in `locale`, wrapping titles longer than
    /// `maximumTitleWidth` characters (at least 10).
    public init(locale: RenderingLocale = .enUS, maximumTitleWidth: Int = 48) {
        self.money = MoneyFormatter(locale: locale)
        self.locale = locale
        self.maximumTitleWidth = max(maximumTitleWidth, 10)
    }

    /// The report as lines of text ending in a newline.
    public func format(_ report: ExpenseReport) -> String {
        let titleHeading = "Title"
        let amountHeading = "Amount"
        let rows = report.sections.flatMap(\.rows)
        let dates = rows.map { locale.string(from: $0.date) }
        let subtotalLabels = report.sections.filter { $0.heading != nil }.flatMap(\.totals).map {
            "Subtotal \($0.currency.code)"
        }
        let dateWidth = max(dates.map(Self.columns).max() ?? 0, Self.columns("Date"), Self.columns("Total"))
        let titleWidth = max(
            min(rows.map { Self.columns(Self.singleLine($0.title)) }.max() ?? 0, maximumTitleWidth),
            Self.columns(titleHeading), subtotalLabels.map(Self.columns).max() ?? 0,
            report.totals.map { Self.columns($0.currency.code) }.max() ?? 0)
        let amounts = rows.map { money.string(from: $0.amount, currency: $0.currency) }
        let totalTexts = report.totals.map { money.string(from: $0.amount, currency: $0.currency) }
        let sectionTotals = report.sections.flatMap(\.totals).map {
            money.string(from: $0.amount, currency: $0.currency)
        }
        let amountWidth = max(
            (amounts + totalTexts + sectionTotals + ["none"]).map(Self.columns).max() ?? 0, Self.columns(amountHeading))

        var out: [String] = []
        let heading = Self.singleLine(report.title)
        out.append(heading)
        out.append(String(repeating: "=", count: max(Self.columns(heading), 1)))
        out.append(
            Self.row(["Date", titleHeading, amountHeading], widths: [dateWidth, titleWidth, amountWidth]))
        out.append(
            [dateWidth, titleWidth, amountWidth].map { String(repeating: "-", count: $0) }.joined(separator: "  "))

        var rowIndex = 0
        for section in report.sections {
            if let sectionHeading = section.heading {
                out.append("")
                out.append(Self.singleLine(sectionHeading))
            }
            for row in section.rows {
                let lines = Self.wrap(Self.singleLine(row.title), width: titleWidth)
                for (index, line) in lines.enumerated() {
                    let date = index == 0 ? dates[rowIndex] : ""
                    let amount = index == 0 ? amounts[rowIndex] : ""
                    out.append(Self.row([date, line, amount], widths: [dateWidth, titleWidth, amountWidth]))
                }
                rowIndex += 1
            }
            if section.heading != nil {
                for total in section.totals {
                    let text = money.string(from: total.amount, currency: total.currency)
                    out.append(
                        Self.row(
                            ["", "Subtotal \(total.currency.code)", text], widths: [dateWidth, titleWidth, amountWidth])
                    )
                }
            }
        }
        out.append(String(repeating: "-", count: dateWidth + titleWidth + amountWidth + 4))
        if report.totals.isEmpty {
            out.append(Self.row(["Total", "", "none"], widths: [dateWidth, titleWidth, amountWidth]))
        }
        for (total, text) in zip(report.totals, totalTexts) {
            out.append(Self.row(["Total", total.currency.code, text], widths: [dateWidth, titleWidth, amountWidth]))
        }
        return out.map { Self.trimmingTrailingSpaces($0) }.joined(separator: "\n") + "\n"
    }

    /// Date and title padded on the right, amount on the left, two spaces between columns.
    private static func row(_ cells: [String], widths: [Int]) -> String {
        let date = cells[0] + String(repeating: " ", count: max(widths[0] - columns(cells[0]), 0))
        let title = cells[1] + String(repeating: " ", count: max(widths[1] - columns(cells[1]), 0))
        let amount = String(repeating: " ", count: max(widths[2] - columns(cells[2]), 0)) + cells[2]
        return date + "  " + title + "  " + amount
    }

    private static func columns(_ text: String) -> Int {
        TerminalColumns.width(of: text)
    }

    /// Line breaks, tabs and other control characters become spaces so one row stays one row.
    static func singleLine(_ text: String) -> String {
        guard
            text.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029
            })
        else { return text }
        return String(
            text.map { character in
                character.isNewline || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                    ? " " : character
            })
    }

    /// Words to lines of at most `width` columns; longer words are split between characters.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var pieces: [String] = []
            var piece = ""
            for character in word {
                if !piece.isEmpty && columns(piece + String(character)) > width {
                    pieces.append(piece)
                    piece = ""
                }
                piece.append(character)
            }
            pieces.append(piece)
            for piece in pieces {
                if current.isEmpty {
                    current = piece
                } else if columns(current) + 1 + columns(piece) <= width {
                    current += " " + piece
                } else {
                    lines.append(current)
                    current = piece
                }
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }
}
