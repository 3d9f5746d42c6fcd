public import Essentials
public import Foundation
public import Storage
import Validation

/// Reads expenses from CSV (the columns `ExpenseExporting` writes: `date`, optionally `time` and `utc_offset`,
/// `title`, `amount` or `price`, `currency`, and optionally `comment`, `id`, `category` and `tags`; any order, other
/// columns ignored),
/// validates each row like a typed-in expense, saves the good rows in batches and reports the bad ones with their
/// line numbers.
///
/// The file is read as a stream (Storage's `CSVReader`): memory stays flat whatever its size, and a cancelled task
/// stops between batches, keeping what was saved.
///
/// What a row is:
/// - A row with an `id` is that expense, and a row with a `utc_offset` happened at its day and time on a clock at
///   that offset, whatever the time zone of the import: importing an export anywhere, into the store it came from
///   or another, gives every expense back with its id and its exact instant, so matching expenses are left as
///   they were. Two rows with one id leave the later one, as two saves would.
/// - A row without them (files written before those columns, rows added by hand) gets an id from its content (the
///   day as written, not the instant, so the time zone does not matter) and which occurrence of identical rows it
///   is (`ImportIdentity`), and its day and time are read in the importer's calendar, as before. Importing the
///   same file again replaces instead of duplicating, identical purchases of one file stay apart, and an import
///   interrupted by a failure can be re-run.
public struct CSVExpenseImporter: ExpenseImporting {
    let rules: any ExpenseChecking
    let saver: any ExpenseSaving
    let days: DayFormat
    let batchSize: Int

    /// At most this many rejected rows are listed in a summary; the rest are counted.
    public static let listedRejections = 100

    /// Creates an importer that checks rows with `rules` (the recorder's, so a row meets the rules of a typed-in
    /// expense), saves through `saver` in batches of `batchSize`, and reads dates in `days`' calendar.
    public init(rules: any ExpenseChecking, saver: any ExpenseSaving, days: DayFormat, batchSize: Int = 500) {
        self.rules = rules
        self.saver = saver
        self.days = days
        self.batchSize = max(1, batchSize)
    }

    private struct Columns {
        let date: Int
        let time: Int?
        let offset: Int?
        let title: Int
        let amount: Int
        let currency: Int
        let comment: Int?
        let id: Int?
        let category: Int?
        let tags: Int?
    }

    /// Imports the CSV file at `file`, streaming it: the app's own CSV, or a bank's export read as `options` say.
    public func importCSV(
        from file: URL, options: ExpenseImportOptions, progress: @escaping @Sendable (ImportProgress) -> Void
    ) async throws(ExpenseImportError) -> ImportSummary {
        let sample: [UInt8]
        do throws(FileReadProblem) {
            sample = try FileReadProblem.sample(of: file, count: Self.sampleSize)
        } catch {
            throw .unreadableFile(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.unreadableFile"), path: "",
                    message: "The file cannot be read: \(error)."))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        return try await importDetecting(sample: sample, totalBytes: size, options: options, progress: progress) {
            () throws(StorageError) in try CSVFileSource(url: file)
        }
    }

    /// Imports the CSV file at `file`, streaming it, detecting a bank's format with no options.
    public func importCSV(
        from file: URL, progress: @escaping @Sendable (ImportProgress) -> Void
    ) async throws(ExpenseImportError) -> ImportSummary {
        try await importCSV(from: file, options: ExpenseImportOptions(), progress: progress)
    }

    /// Imports `csv`: the app's own CSV, or a bank's export read as `options` say.
    public func importCSV(
        _ csv: String, options: ExpenseImportOptions, progress: @escaping @Sendable (ImportProgress) -> Void
    ) async throws(ExpenseImportError) -> ImportSummary {
        try await importCSV(data: Data(csv.utf8), options: options, progress: progress)
    }

    /// Imports the bytes of a file already in memory (a bank export in its own encoding).
    public func importCSV(
        data: Data, options: ExpenseImportOptions, progress: @escaping @Sendable (ImportProgress) -> Void
    ) async throws(ExpenseImportError) -> ImportSummary {
        try await importDetecting(
            sample: [UInt8](data.prefix(Self.sampleSize)), totalBytes: data.count, options: options,
            progress: progress
        ) { () throws(StorageError) in CSVDataSource(data) }
    }

    /// Imports `csv`.
    public func importCSV(
        _ csv: String, progress: @escaping @Sendable (ImportProgress) -> Void
    ) async throws(ExpenseImportError) -> ImportSummary {
        try await importCSV(csv, options: ExpenseImportOptions(), progress: progress)
    }

    /// The app's own CSV (UTF-8, its header on line 1) is imported as it always was; anything else as a bank
    /// export.
    private func importDetecting<Source: CSVByteSource>(
        sample: [UInt8], totalBytes: Int?, options: ExpenseImportOptions,
        progress: @escaping @Sendable (ImportProgress) -> Void, source: () throws(StorageError) -> Source
    ) async throws(ExpenseImportError) -> ImportSummary {
        let encoding = options.encoding ?? CSVTextEncoding.detect(sample)
        if encoding == .utf8, options.columns.isEmpty {
            var reader = CSVReader(source: try Self.open(source), options: Self.reading)
            // A first line that is not comma-separated CSV (`"Girokonto";"DE12..."`) is a bank's, read below.
            var header: CSVRow?
            do throws(ExpenseImportError) {
                guard let row = try await next(&reader, saved: 0) else { throw .unreadableFile(Self.emptyFile) }
                header = row
            } catch {
                guard case .unreadableFile(let problem) = error, problem != Self.emptyFile else { throw error }
            }
            if let header, let columns = Self.nativeColumns(of: header.fields) {
                return try await importRows(reader, totalBytes: totalBytes, progress: progress) { row in
                    entry(from: row, columns: columns)
                }
            }
        }
        return try await importBankFile(
            sample: sample, encoding: encoding, totalBytes: totalBytes, options: options, progress: progress,
            source: source)
    }

    /// How much of a file detection reads: the encoding, the separator and the header line.
    static let sampleSize = 64 * 1_024

    static func open<Source: CSVByteSource>(
        _ source: () throws(StorageError) -> Source
    ) throws(ExpenseImportError) -> Source {
        do {
            return try source()
        } catch {
            throw .unreadableFile(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.unreadableFile"), path: "",
                    message: "The file cannot be read (\(error))."))
        }
    }

    /// Cells an export defused against spreadsheet formulas (`'=SUM(A1)`) read back as typed.
    static let reading = CSVReadingOptions(undoesFormulaDefusing: true)

    func importRows<Source: CSVByteSource>(
        _ reader: CSVReader<Source>, totalBytes: Int?, progress: @escaping @Sendable (ImportProgress) -> Void,
        outcome: (CSVRow) -> RowOutcome
    ) async throws(ExpenseImportError) -> ImportSummary {
        var reader = reader
        var identity = ImportIdentity(expectedBytes: totalBytes ?? 1 << 20)
        var summary = ImportSummary(inserted: 0, replaced: 0, rejected: [])
        var batch: [ExpenseEntry] = []
        var batchIDs = Set<UUID>()
        var read = 0
        while let row = try await next(&reader, saved: summary.saved) {
            read += 1
            switch outcome(row) {
            case .skipped:
                summary.skippedCredits += 1
            case .ignored:
                break
            case .rejected(let rejected):
                summary.rejectedCount += 1
                if summary.rejected.count < Self.listedRejections { summary.rejected.append(rejected) }
            case .accepted(var entry, let key, let id):
                entry.id = id ?? StableID.uuid(for: "\(key)\u{1F}\(identity.occurrence(of: key))")
                // A batch holding one id twice would be refused whole: the earlier row is saved first, and the
                // later one then replaces it.
                if !batchIDs.insert(entry.id).inserted {
                    try await save(&batch, into: &summary)
                    batchIDs = [entry.id]
                }
                batch.append(entry)
            }
            if batch.count == batchSize {
                try await save(&batch, into: &summary)
                batchIDs.removeAll(keepingCapacity: true)
                progress(ImportProgress(rowsRead: read, bytesRead: reader.consumedByteCount, totalBytes: totalBytes))
                guard !Task.isCancelled else { throw .cancelled(savedRows: summary.saved) }
            }
        }
        try await save(&batch, into: &summary)
        progress(ImportProgress(rowsRead: read, bytesRead: reader.consumedByteCount, totalBytes: totalBytes))
        return summary
    }

    /// The next record, with the reader's problems said for people.
    func next<Source: CSVByteSource>(
        _ reader: inout CSVReader<Source>, saved: Int
    ) async throws(ExpenseImportError) -> CSVRow? {
        do {
            return try await reader.nextRow()
        } catch {
            switch error {
            case .cancelled: throw .cancelled(savedRows: saved)
            case .invalidCSV(let problem):
                throw .unreadableFile(
                    ValidationProblem(
                        code: ValidationCode(rawValue: "import.malformedCSV"), path: "",
                        message: Self.sentence(problem) + (saved > 0 ? " \(saved) rows before it were saved." : "")))
            default:
                throw .storage(error, savedRows: saved)
            }
        }
    }

    private static func sentence(_ problem: CSVProblem) -> String {
        switch problem {
        case .unterminatedQuote(let line): "A quoted field that starts on line \(line) never ends."
        case .textAfterClosingQuote(let line): "Line \(line) has text after the closing quote of a field."
        case .fieldTooLarge(let line, let limit): "A field on line \(line) is longer than \(limit) bytes."
        case .tooManyFields(let line, let limit): "Line \(line) has more than \(limit) fields."
        case .rowTooLarge(let line, let limit): "The row on line \(line) is longer than \(limit) bytes."
        case .invalidUTF8(let line): "Line \(line) is not UTF-8 text."
        }
    }

    func save(_ batch: inout [ExpenseEntry], into summary: inout ImportSummary) async throws(ExpenseImportError) {
        guard !batch.isEmpty else { return }
        do {
            let receipt = try await saver.save(batch)
            summary.inserted += receipt.inserted
            summary.replaced += receipt.replaced
            batch.removeAll(keepingCapacity: true)
        } catch {
            throw .storage(error, savedRows: summary.saved)
        }
    }

    enum RowOutcome {
        /// A credit, left out unless credits are imported.
        case skipped
        /// A line with no amount at all (a bank's opening balance): not a transaction.
        case ignored
        /// A good row: its entry, the content that identifies it, and the id it names, if any.
        case accepted(ExpenseEntry, key: String, id: UUID?)
        case rejected(RejectedRow)
    }

    private func entry(from row: CSVRow, columns: Columns) -> RowOutcome {
        func field(_ index: Int) -> String {
            index < row.fields.count ? row.fields[index].trimmingCharacters(in: .whitespaces) : ""
        }
        var problems: [ValidationProblem] = []
        let dateText = field(columns.date)
        let offsetText = columns.offset.map(field) ?? ""
        var days = days
        if !offsetText.isEmpty {
            // The day and time are on a clock at this offset, whatever the importer's own zone.
            if let offset = ExpenseCSV.offsetSeconds(offsetText), let zone = TimeZone(secondsFromGMT: offset) {
                var calendar = days.calendar
                calendar.timeZone = zone
                days = DayFormat(calendar: calendar)
            } else {
                problems.append(
                    ValidationProblem(
                        code: ValidationCode(rawValue: "import.invalidOffset"), path: "utc_offset",
                        message: "The UTC offset '\(offsetText)' is not an offset such as +01:00 or -03:30."))
            }
        }
        var date: Date?
        do throws(DayFormat.Problem) {
            date = try days.day(from: dateText)
        } catch {
            problems.append(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.invalidDate"), path: "date", message: "The date \(error)."))
        }
        if let time = columns.time.map(field), !time.isEmpty, let day = date {
            let moment =
                offsetText.isEmpty
                ? ExpenseCSV.moment(on: day, time: time, in: days.calendar) : ExpenseCSV.instant(day: day, time: time)
            if let moment {
                date = moment
            } else {
                problems.append(
                    ValidationProblem(
                        code: ValidationCode(rawValue: "import.invalidTime"), path: "time",
                        message: "The time '\(time)' is not a time of day written as HH:MM:SS."))
            }
        }
        let idText = columns.id.map(field) ?? ""
        let id = UUID(uuidString: idText)
        if !idText.isEmpty, id == nil {
            problems.append(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.invalidID"), path: "id",
                    message: "The id '\(idText)' is not an expense id such as 4b1d7c2e-0a6f-4c8e-9d3b-2f1e5a7c9b10."))
        }
        let amountText = field(columns.amount)
        let amount = DecimalText.parse(amountText)
        if amount == nil {
            problems.append(
                ValidationProblem(
                    code: ValidationCode(rawValue: "import.invalidAmount"), path: "amount",
                    message: "The amount '\(amountText)' is not a number such as 12.50."))
        }
        let labels = Self.labels(category: columns.category.map(field) ?? "", tags: columns.tags.map(field) ?? "")
        problems += labels.problems
        let expense = NewExpense(
            title: field(columns.title), price: amount ?? 1, currencyCode: field(columns.currency),
            date: date ?? Date(timeIntervalSince1970: 0), comment: columns.comment.map(field) ?? "")
        problems += rules.problems(in: expense).filter { !(amount == nil && $0.path == "price") }
        guard problems.isEmpty, let date else { return .rejected(RejectedRow(line: row.line, problems: problems)) }
        let entry = ExpenseEntry(
            id: UUID(), title: expense.title, price: expense.price, currencyCode: expense.currencyCode.uppercased(),
            comment: expense.comment, date: date, category: labels.category, tags: labels.tags)
        // The day of the row on its own clock: as written (at its offset), or in the importer's calendar.
        return .accepted(entry, key: Self.contentKey(entry, day: days.string(from: date)), id: id)
    }

    /// A row's `category` (empty for none) and `tags` (comma-separated) cells, normalised, with a problem for each
    /// that breaks `ExpenseLabels`.
    static func labels(
        category text: String, tags list: String
    ) -> (category: String?, tags: [String], problems: [ValidationProblem]) {
        var problems: [ValidationProblem] = []
        var category: String?
        if !text.isEmpty {
            do throws(EntryProblem) {
                category = try ExpenseLabels.category(text)
            } catch {
                problems.append(
                    ValidationProblem(
                        code: ValidationCode(rawValue: "import.invalidCategory"), path: "category",
                        message: "The category '\(text)' was refused because \(error)."))
            }
        }
        var tags: [String] = []
        if !list.isEmpty {
            do throws(EntryProblem) {
                tags = try ExpenseLabels.tags(
                    list.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
            } catch {
                problems.append(
                    ValidationProblem(
                        code: ValidationCode(rawValue: "import.invalidTags"), path: "tags",
                        message: "The tags '\(list)' were refused because \(error)."))
            }
        }
        return (category, tags, problems)
    }

    static let emptyFile = ValidationProblem(
        code: ValidationCode(rawValue: "import.emptyFile"), path: "", message: "The file has no header line.")

    /// The columns of the app's own CSV, or nil when `header` is not its header.
    private static func nativeColumns(of header: [String]) -> Columns? {
        let names = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func index(_ candidates: String...) -> Int? { names.firstIndex { candidates.contains($0) } }
        guard let date = index("date"), let title = index("title"), let amount = index("amount", "price"),
            let currency = index("currency")
        else { return nil }
        return Columns(
            date: date, time: index("time"), offset: index("utc_offset"), title: title, amount: amount,
            currency: currency, comment: index("comment"), id: index("id"), category: index("category"),
            tags: index("tags"))
    }

    /// What identifies a row: the calendar day as written (never the instant, which moves with the time zone
    /// the file is imported in) and every other field; `ImportIdentity` adds which occurrence it is.
    static func contentKey(_ entry: ExpenseEntry, day: String) -> String {
        [day, entry.title, "\(entry.price)", entry.currencyCode, entry.comment].joined(separator: "\u{1F}")
    }
}

/// Name-based UUIDs: the same name always gives the same id (FNV-1a, 128 bits, with the version and variant
/// bits of a name-based UUID). Not cryptographic; ids only need to be stable and well spread.
enum StableID {
    static func uuid(for name: String) -> UUID {
        var high: UInt64 = 0xcbf2_9ce4_8422_2325
        var low: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in name.utf8 {
            high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            low = low ^ (high >> 29)
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * UInt64(index)))
            bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
