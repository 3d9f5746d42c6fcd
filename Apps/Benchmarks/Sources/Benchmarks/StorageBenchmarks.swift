import EssentialsTesting
import Foundation
import Storage
import StorageSQLite

/// SQLite at scale: a million entries spread over four years (about 20,000 a month, 700 a day), bulk inserted,
/// then reported by month and by day, each beside the `sqlite3` command-line shell doing the same work on the same
/// schema, settings and rows in the same run. The databases live in a temporary folder removed when the process
/// exits (the setup alone inserts a million entries and writes a 110 MB SQL file, so this group takes minutes).
enum StorageBenchmarks {
    static let group = BenchmarkGroup(name: "storage") { try await cases() }

    private static let entryCount = 1_000_000
    private static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("StorageBenchmarks-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)

    private static func cases() async throws -> [BenchmarkCase] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: StorageBenchmarks.folder) }

        let entries = makeEntries()
        let database = folder.appendingPathComponent("report.sqlite")
        let store = try await SQLiteStore.open(at: database)
        try await store.save(entries)

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let middle = Date(timeIntervalSince1970: 1_678_881_600)  // 2023-03-15 12:00 UTC
        let month = try ReportRange.thisMonth.period(containing: middle, in: calendar)
        let day = try ReportRange.today.period(containing: middle, in: calendar)
        let monthCount = try await store.report(in: month).entries.count
        let dayCount = try await store.report(in: day).entries.count
        let bulkFile = folder.appendingPathComponent("bulk.sqlite")
        // Not timed: the shell's SQL file, and its schema read from the store's own database.
        let shell = try SQLiteShellPeer(folder: folder, entries: entries, schemaOf: database)

        return [
            .note(
                name: "sqlite bulk insert of 1,000,000 entries (one batch) beside the sqlite3 shell",
                target: "< 5 s, <= 1.2x"
            ) {
                try await bulkInsert(entries, at: bulkFile, beside: shell)
            },
            .measure(name: "sqlite month totals (\(monthCount) of 1,000,000 entries)", target: "< 25 ms") {
                _ = try await store.totals(in: month)
            },
            .note(name: "sqlite month totals beside the sqlite3 shell", target: "<= 1.2x") {
                try await compare(.totals, period: month, beside: shell) { _ = try await store.totals(in: month) }
            },
            .measure(name: "sqlite month report: fetch \(monthCount) entries and sum") {
                _ = try await store.report(in: month)
            },
            .note(name: "sqlite month report beside the sqlite3 shell", target: "<= 1.2x") {
                try await compare(.report, period: month, beside: shell) { _ = try await store.report(in: month) }
            },
            .note(name: "sqlite month query plan") {
                try await store.queryPlans().map { "\($0.query): \($0.details.joined(separator: "; "))" }
                    .joined(separator: " | ")
            },
            .measure(name: "sqlite day report: fetch \(dayCount) entries and sum", target: "< 5 ms") {
                _ = try await store.report(in: day)
            },
            .measure(name: "sqlite durable single save", target: "one fsync") {
                try await store.save(ExpenseEntry(title: "Coffee", price: 3, currencyCode: "EUR", date: middle))
            },
            .note(name: "sqlite database size") {
                let size = try FileManager.default.attributesOfItem(atPath: database.path)[.size]
                return "\(((size as? Int) ?? 0) / 1_048_576) MiB for 1,000,000 entries"
            },
        ]
    }

    /// Times `save` of one million entries into a new database and the shell running the same inserts into a new
    /// database, three times each, alternating, and reports the medians and their ratio. Only the operation is
    /// timed: for the store the save (validation, sorting, the transaction and its fsync), for the shell its run of
    /// the SQL file (parsing included, since that is how the shell inserts); opening and creating the schema are
    /// not timed, nor is the WAL checkpoint of the store's `close`, reported separately.
    private static func bulkInsert(
        _ entries: [ExpenseEntry], at file: URL, beside shell: SQLiteShellPeer
    ) async throws -> String {
        let clock = ContinuousClock()
        var saves: [Duration] = []
        var closes: [Duration] = []
        var shellRuns: [Duration] = []
        for _ in 0..<3 {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
            let bulk = try await SQLiteStore.open(at: file)
            saves.append(try await clock.measure { try await bulk.save(entries) })
            closes.append(await clock.measure { await bulk.close() })
            shellRuns.append(try shell.timedBulkInsert())
        }
        let save = saves.sorted()[1]
        let peer = shellRuns.sorted()[1]
        let rate = Int(Double(entries.count) / save.seconds)
        return "store \(format(save)), sqlite3 shell \(format(peer)) (medians of 3): "
            + String(format: "%.2fx", save.seconds / peer.seconds) + " (\(rate) entries/s); "
            + "store close with WAL checkpoint \(format(closes.sorted()[1]))"
    }

    /// Times one query through the store and the same statement in the shell, 30 times each after 5 warm-up runs,
    /// and reports the trimmed means (the middle 60%) and their ratio.
    private static func compare(
        _ query: SQLiteShellPeer.Query, period: Range<Date>, beside shell: SQLiteShellPeer,
        _ body: () async throws -> Void
    ) async throws -> String {
        let runs = 30
        let clock = ContinuousClock()
        for _ in 0..<5 { try await body() }
        var ours: [Double] = []
        for _ in 0..<runs { ours.append(try await clock.measure { try await body() }.seconds) }
        let theirs = try shell.timedQuery(query, period: period, runs: runs, warmUp: 5)
        let store = trimmedMean(ours)
        let peer = trimmedMean(theirs.seconds)
        return String(
            format: "store %.2f ms, sqlite3 shell %.2f ms (%d rows): %.2fx", store * 1_000, peer * 1_000,
            theirs.rows, store / peer)
    }

    private static func trimmedMean(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let cut = sorted.count / 5
        let middle = sorted[cut..<(sorted.count - cut)]
        return middle.reduce(0, +) / Double(max(1, middle.count))
    }

    private static func format(_ duration: Duration) -> String {
        String(format: "%.2f s", duration.seconds)
    }

    /// Seeded entries dated uniformly at random over 2021...2024, in three currencies.
    private static func makeEntries() -> [ExpenseEntry] {
        var generator = SeededGenerator(seed: 42)
        let start = 1_609_459_200.0  // 2021-01-01 UTC
        let span = 4 * 365.25 * 86_400
        let currencies = ["EUR", "EUR", "EUR", "USD", "CHF"]
        return (0..<entryCount).map { index in
            let cents = Int64.random(in: 1...99_999, using: &generator)
            // Seeded ids: `UUID()` would read the system's random source a million times.
            let id = withUnsafeBytes(of: (generator.next(), generator.next())) { UUID(uuid: $0.load(as: uuid_t.self)) }
            return ExpenseEntry(
                id: id, title: "Expense \(index)",
                price: Decimal(sign: .plus, exponent: -2, significand: Decimal(cents)),
                currencyCode: currencies[index % currencies.count], comment: index % 10 == 0 ? "with a comment" : "",
                date: Date(timeIntervalSince1970: start + Double.random(in: 0..<span, using: &generator)))
        }
    }
}

/// The `sqlite3` command-line shell doing what the store does, on the same schema, settings and rows: the peer the
/// store is measured against. The shell is SQLite itself with no layer on top, so the ratio is the store's cost.
struct SQLiteShellPeer {
    /// The store's two range queries, with the text the store prepares (`ExpenseQueries` in `StorageSQLite`).
    enum Query {
        case totals
        case report

        var sql: String {
            switch self {
            case .totals:
                "SELECT currency, SUM(price_micros / 1000000000), SUM(price_micros % 1000000000), COUNT(*) FROM expense "
                    + "WHERE date >= ?1 AND date < ?2 GROUP BY currency ORDER BY currency;"
            case .report:
                "SELECT id, title, price_micros, currency, comment, date FROM expense "
                    + "WHERE date >= ?1 AND date < ?2 ORDER BY date DESC, id ASC;"
            }
        }
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static let executable = URL(fileURLWithPath: "/usr/bin/sqlite3")
    /// The store's connection settings (`SQLiteOpening`): page size and WAL stay with the file, the rest are set by
    /// every connection.
    static let fileSettings = "PRAGMA page_size = 16384;\nPRAGMA journal_mode = WAL;\n"
    static let connectionSettings = "PRAGMA synchronous = FULL;\nPRAGMA cache_size = -32768;\n"

    private let schema: URL
    private let inserts: URL
    /// The database the last timed insert built, which the queries read.
    let database: URL

    /// Writes the shell's SQL files (not timed): the schema as the store's database holds it, and the inserts of
    /// every entry in one transaction, in the way the store writes a batch into an empty table (date order, the id
    /// index dropped before and built again after).
    init(folder: URL, entries: [ExpenseEntry], schemaOf storeDatabase: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
            throw Problem(description: "\(Self.executable.path) is not installed")
        }
        schema = folder.appendingPathComponent("shell-schema.sql")
        inserts = folder.appendingPathComponent("shell-inserts.sql")
        database = folder.appendingPathComponent("shell.sqlite")
        let statements = try Self.run(
            [storeDatabase.path, "SELECT sql || ';' FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid"])
        try (Self.fileSettings + statements).write(to: schema, atomically: true, encoding: .utf8)
        let index = statements.split(separator: "\n").first { $0.contains("INDEX expense_by_id") }.map(String.init)
        guard let index else { throw Problem(description: "the store's schema has no expense_by_id index") }
        try Self.writeInserts(entries, index: index, to: inserts)
    }

    /// Creates a fresh database with the schema (not timed), then runs the inserts and returns how long they took.
    func timedBulkInsert() throws -> Duration {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
        _ = try Self.run([database.path], input: schema)
        let clock = ContinuousClock()
        var result: Result<String, any Error> = .success("")
        let elapsed = clock.measure { result = Result { try Self.run([database.path], input: inserts) } }
        _ = try result.get()
        return elapsed
    }

    /// Runs `query` for `period` in one shell session, `warmUp + runs` times, and returns the times of the last
    /// `runs` as the shell's timer reports them (rows go to /dev/null), with the number of rows.
    func timedQuery(
        _ query: Query, period: Range<Date>, runs: Int, warmUp: Int
    ) throws -> (seconds: [Double], rows: Int) {
        let lower = period.lowerBound.timeIntervalSinceReferenceDate
        let upper = period.upperBound.timeIntervalSinceReferenceDate
        let count = try Self.run([
            database.path, "SELECT count(*) FROM expense WHERE date >= \(lower) AND date < \(upper)",
        ]).trimmingCharacters(in: .whitespacesAndNewlines)
        var script = Self.connectionSettings
        script += ".parameter set ?1 \(lower)\n.parameter set ?2 \(upper)\n.output /dev/null\n.timer on\n"
        for _ in 0..<(warmUp + runs) { script += query.sql + "\n" }
        let session = database.deletingLastPathComponent().appendingPathComponent("shell-query.sql")
        try script.write(to: session, atomically: true, encoding: .utf8)
        let output = try Self.run([database.path], input: session)
        let times = output.split(separator: "\n").compactMap { line -> Double? in
            let words = line.split(separator: " ")
            guard words.count >= 4, words[0] == "Run", words[2] == "real" else { return nil }
            return Double(words[3])
        }
        // The settings' statements are timed too; the queries are the last lines.
        guard times.count >= runs else { throw Problem(description: "the shell reported \(times.count) timings") }
        return (Array(times.suffix(runs)), Int(count) ?? -1)
    }

    private static func writeInserts(_ entries: [ExpenseEntry], index: String, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw Problem(description: "cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var text = connectionSettings + "BEGIN IMMEDIATE;\nDROP INDEX expense_by_id;\n"
        let sorted = entries.sorted { $0.date < $1.date }
        let rowsPerStatement = 500
        for start in stride(from: 0, to: sorted.count, by: rowsPerStatement) {
            text += "INSERT INTO expense (id, title, price_micros, currency, comment, date) VALUES\n"
            let rows = sorted[start..<min(start + rowsPerStatement, sorted.count)].map(row)
            text += rows.joined(separator: ",\n") + ";\n"
            if text.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        text += index + "\nCOMMIT;\n"
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// One row as SQL literals: the id as a blob, the price as whole millionths, the date as the exact double.
    private static func row(_ entry: ExpenseEntry) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(32)
        withUnsafeBytes(of: entry.id.uuid) { bytes in
            for byte in bytes {
                hex.append(hexDigits[Int(byte >> 4)])
                hex.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        let id = String(decoding: hex, as: UTF8.self)
        let micros = NSDecimalNumber(decimal: entry.price * 1_000_000).int64Value
        let date = "\(entry.date.timeIntervalSinceReferenceDate)"
        return
            "(X'\(id)', '\(quoted(entry.title))', \(micros), '\(entry.currencyCode)', '\(quoted(entry.comment))', \(date))"
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "''")
    }

    /// Runs the shell with `arguments`, feeding it `input`, and returns what it printed; a failure throws.
    @discardableResult
    private static func run(_ arguments: [String], input: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Problem(description: "sqlite3 failed: " + String(decoding: problem, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }
}
