import Essentials
import Foundation
import Storage
import Validation

/// Bank exports: the separator, the header line after any account preamble, the columns, the date format and
/// the decimal mark are found first (the header from the first 64 KiB, the formats from a first pass over every
/// row), then the rows are imported in a second pass. Debits become expenses; credits are skipped unless asked for.
extension CSVExpenseImporter {
    /// How many lines before the header an account preamble may take.
    static let preambleLines = 30

    /// What the first pass found, and the formats it decided.
    struct BankLayout {
        var delimiter: UInt8
        var headerLine: Int
        var columns: BankColumns
        var currency: String?
        var dateFormat: BankDateFormat = .iso
        var decimalMark: DecimalMark = .point
        /// Whether the amount column holds negative amounts: then the sign says debit or credit.
        var signed = false
    }

    func importBankFile<Source: CSVByteSource>(
        sample: [UInt8], encoding: CSVTextEncoding, totalBytes: Int?, options: ExpenseImportOptions,
        progress: @escaping @Sendable (ImportProgress) -> Void, source: () throws(StorageError) -> Source
    ) async throws(ExpenseImportError) -> ImportSummary {
        var layout = try await Self.header(in: sample, encoding: encoding, options: options)
        try await scan(DecodedSource(try Self.open(source), encoding: encoding), options: options, into: &layout)
        var reader = CSVReader(
            source: DecodedSource(try Self.open(source), encoding: encoding), options: Self.bankReading(layout))
        while let row = try await next(&reader, saved: 0), row.line < layout.headerLine {}
        let fixed = layout
        return try await importRows(reader, totalBytes: totalBytes, progress: progress) { row in
            bankEntry(from: row, layout: fixed, importsCredits: options.importsCredits)
        }
    }

    static func bankReading(_ layout: BankLayout) -> CSVReadingOptions {
        CSVReadingOptions(delimiter: layout.delimiter)
    }

    /// The separator and header line: under each of `,`, `;` and tab, the first of the first lines whose headings
    /// name a date, a title and an amount; where several separators find one, the header with the most columns.
    static func header(
        in sample: [UInt8], encoding: CSVTextEncoding, options: ExpenseImportOptions
    ) async throws(ExpenseImportError) -> BankLayout {
        var found: BankLayout?
        var foundWidth = 0
        var widest: [String] = []
        var sawRow = false
        for delimiter in [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")] {
            var reader = CSVReader(
                source: DecodedSource(CSVDataSource(Data(sample)), encoding: encoding),
                options: CSVReadingOptions(delimiter: delimiter))
            for _ in 0...preambleLines {
                // A sample cut mid-row, or a preamble that is not CSV under this separator, ends the search.
                guard let row = try? await reader.nextRow() else { break }
                sawRow = true
                if row.fields.count > widest.count { widest = row.fields }
                if let columns = BankColumns.map(row.fields, explicit: options.columns) {
                    if row.fields.count > foundWidth {
                        found = BankLayout(delimiter: delimiter, headerLine: row.line, columns: columns)
                        foundWidth = row.fields.count
                    }
                    break
                }
            }
        }
        guard sawRow else { throw .unreadableFile(emptyFile) }
        guard var layout = found else {
            let named = widest.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            throw .unreadableFile(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.missingColumns"), path: "header",
                    message: "No line among the first \(preambleLines + 1) names the columns of a date, a title and "
                        + "an amount (the app's own files name date, title, amount and currency); the widest line "
                        + "names: \(named.joined(separator: ", "))."))
        }
        layout.currency = options.currency ?? layout.columns.headingCurrency ?? options.defaultCurrency
        if layout.columns.currency == nil, layout.currency == nil {
            throw .unreadableFile(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.missingColumns"), path: "currency",
                    message: "The file has no currency column and no currency was given."))
        }
        return layout
    }

    /// The first pass: which date formats and decimal marks read every row, and whether amounts are signed.
    private func scan<Source: CSVByteSource>(
        _ source: Source, options: ExpenseImportOptions, into layout: inout BankLayout
    ) async throws(ExpenseImportError) {
        var reader = CSVReader(source: source, options: Self.bankReading(layout))
        let dateFormats = options.dateFormat.map { [$0] } ?? BankDateFormat.allCases
        let marks = options.decimalMark.map { [$0] } ?? DecimalMark.allCases
        var dateCounts = [BankDateFormat: Int]()
        var markCounts = [DecimalMark: Int]()
        var negative = [DecimalMark: Bool]()
        var firstDate: (line: Int, text: String)?
        var twoDays: [(line: Int, text: String, readings: [BankDateFormat: String])] = []
        var twoAmounts: [(line: Int, text: String, readings: [DecimalMark: Decimal])] = []
        let columns = layout.columns
        while let row = try await next(&reader, saved: 0) {
            guard row.line > layout.headerLine else { continue }
            func field(_ index: Int?) -> String {
                guard let index, index < row.fields.count else { return "" }
                return row.fields[index].trimmingCharacters(in: .whitespaces)
            }
            let dateText = field(columns.date)
            if !dateText.isEmpty {
                if firstDate == nil { firstDate = (row.line, dateText) }
                var readings = [BankDateFormat: String]()
                for format in dateFormats {
                    if let iso = format.isoDay(dateText), days.date(from: iso) != nil { readings[format] = iso }
                }
                for format in readings.keys { dateCounts[format, default: 0] += 1 }
                if Set(readings.values).count > 1, twoDays.count < 64 { twoDays.append((row.line, dateText, readings)) }
            }
            for text in [field(columns.amount), field(columns.debit), field(columns.credit)] where !text.isEmpty {
                var readings = [DecimalMark: Decimal]()
                for mark in marks { if let value = mark.amount(text) { readings[mark] = value } }
                for (mark, value) in readings {
                    markCounts[mark, default: 0] += 1
                    if value < 0, text == field(columns.amount) { negative[mark] = true }
                }
                if Set(readings.values).count > 1, twoAmounts.count < 64 {
                    twoAmounts.append((row.line, text, readings))
                }
            }
        }
        // Formats that read the most rows; the rows they do not read are rejected one by one.
        let bestDates = dateCounts.filter { $0.value == dateCounts.values.max() }.map(\.key)
        guard let dateFormat = dateFormats.first(where: bestDates.contains) else {
            if let firstDate {
                throw .unreadableFile(
                    ValidationProblem(
                        code: ValidationCode(rawValue: "import.unknownDateFormat"), path: "date-format",
                        message: "Line \(firstDate.line) has the date '\(firstDate.text)', which is not written as "
                            + BankDateFormat.allCases.map(\.rawValue).joined(separator: ", ") + "."))
            }
            throw .unreadableFile(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.noRows"), path: "", message: "The file has no dated rows."))
        }
        let dateChoices = dateFormats.filter(bestDates.contains)
        // Two formats that read every row alike (05/05/2024) are one reading; only differing days are ambiguous.
        if dateChoices.count > 1,
            let example = twoDays.first(where: { sample in dateChoices.allSatisfy { sample.readings[$0] != nil } })
        {
            throw .ambiguous(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.ambiguousDates"), path: "date-format",
                    message: "Every date of the file can be read as "
                        + dateChoices.map(\.rawValue).joined(separator: " or ") + ": line \(example.line) has '"
                        + example.text + "', which is "
                        + dateChoices.map { "\(example.readings[$0] ?? "") as \($0.rawValue)" }
                        .joined(separator: " or ") + "."))
        }
        layout.dateFormat = dateFormat
        let bestMarks = markCounts.filter { $0.value == markCounts.values.max() }.map(\.key)
        if bestMarks.count > 1, let example = twoAmounts.first {
            throw .ambiguous(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.ambiguousDecimalMark"), path: "decimal-mark",
                    message: "Every amount of the file reads with a decimal point and with a decimal comma: line "
                        + "\(example.line) has '\(example.text)', which is "
                        + marks.map {
                            "\(example.readings[$0].map { "\($0)" } ?? "") with a decimal \($0 == .point ? "point" : "comma")"
                        }
                        .joined(separator: " or ") + "."))
        }
        layout.decimalMark = marks.first(where: bestMarks.contains) ?? marks[0]
        layout.signed = negative[layout.decimalMark] == true
    }

    /// One row of a bank export as an expense, a skipped credit, or a rejected row.
    private func bankEntry(from row: CSVRow, layout: BankLayout, importsCredits: Bool) -> RowOutcome {
        let columns = layout.columns
        func field(_ index: Int?) -> String {
            guard let index, index < row.fields.count else { return "" }
            return row.fields[index].trimmingCharacters(in: .whitespaces)
        }
        var problems: [ValidationProblem] = []
        let dateText = field(columns.date)
        let date = layout.dateFormat.isoDay(dateText).flatMap(days.date(from:))
        if date == nil {
            problems.append(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.invalidDate"), path: "date",
                    message: "The date '\(dateText)' is not a day written as \(layout.dateFormat.rawValue)."))
        }
        let mark = layout.decimalMark
        func nonZero(_ index: Int?) -> String? {
            let text = field(index)
            return text.isEmpty || mark.amount(text) == 0 ? nil : text
        }
        if [columns.amount, columns.debit, columns.credit].allSatisfy({ field($0).isEmpty }) { return .ignored }
        var amountText = ""
        var isDebit = true
        if let text = nonZero(columns.debit) {
            amountText = text
        } else if let text = nonZero(columns.credit) {
            amountText = text
            isDebit = false
        } else {
            amountText = field(columns.amount)
            if layout.signed {
                isDebit = (mark.amount(amountText) ?? 0) < 0
            } else if let direction = columns.direction {
                isDebit = BankColumns.isDebit(field(direction)) ?? true
            }
        }
        let amount = mark.amount(amountText).map { $0 < 0 ? -$0 : $0 }
        if amount == nil {
            problems.append(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.invalidAmount"), path: "amount",
                    message: "The amount '\(amountText)' is not a number such as "
                        + (mark == .comma ? "12,50." : "12.50.")))
        }
        if !isDebit, !importsCredits, problems.isEmpty { return .skipped }
        // A currency written in the amount's cell (`-45,99 PLN`) when the file has no currency column.
        let cellCurrency = amountText.split(separator: " ").last.flatMap { BankHeadings.currencyCode(in: String($0)) }
        let titles = columns.titles.map(field)
        let title = titles.first { !$0.isEmpty } ?? ""
        let other = titles.first { !$0.isEmpty && $0 != title }
        let expense = NewExpense(
            title: title, price: amount ?? 1,
            currencyCode: columns.currency.map(field).flatMap { $0.isEmpty ? nil : $0 } ?? cellCurrency ?? layout
                .currency ?? "",
            date: date ?? Date(timeIntervalSince1970: 0), comment: other ?? field(columns.comment))
        problems += rules.problems(in: expense).filter { !(amount == nil && $0.path == "price") }
        guard problems.isEmpty, let date else { return .rejected(RejectedRow(line: row.line, problems: problems)) }
        let entry = ExpenseEntry(
            id: UUID(), title: expense.title, price: expense.price, currencyCode: expense.currencyCode.uppercased(),
            comment: expense.comment, date: date)
        return .accepted(entry, key: Self.contentKey(entry, day: days.string(from: date)), id: nil)
    }
}
