import Foundation
import Storage
import StorageSQLite

/// SQLite at scale: a million entries spread over four years (about 20,000 a month, 700 a day), bulk inserted,
/// then reported by month and by day. The databases live in a temporary folder removed when the process exits
/// (the setup alone inserts a million entries, so this group takes a minute).
enum StorageBenchmarks {
    static let group = BenchmarkGroup(name: "storage") { try await cases() }

    private static let entryCount = 1_000_000
    private static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("StorageBenchmarks-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)

    private static func cases() async throws -> [BenchmarkCase] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: StorageBenchmarks.folder) }

        let entries = makeEntries()
        let store = try await SQLiteStore.open(at: folder.appendingPathComponent("report.sqlite"))
        try await store.save(entries)

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let middle = Date(timeIntervalSince1970: 1_678_881_600)  // 2023-03-15 12:00 UTC
        let month = try ReportRange.thisMonth.period(containing: middle, in: calendar)
        let day = try ReportRange.today.period(containing: middle, in: calendar)
        let monthCount = try await store.report(in: month).entries.count
        let dayCount = try await store.report(in: day).entries.count
        let bulkFile = folder.appendingPathComponent("bulk.sqlite")

        return [
            .note(name: "sqlite bulk insert of 1,000,000 entries (one batch)", target: "< 5 s") {
                try await bulkInsert(entries, at: bulkFile)
            },
            .measure(name: "sqlite month totals (\(monthCount) of 1,000,000 entries)", target: "< 25 ms") {
                _ = try await store.totals(in: month)
            },
            .measure(name: "sqlite month report: fetch \(monthCount) entries and sum") {
                _ = try await store.report(in: month)
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
                let size = try FileManager.default.attributesOfItem(
                    atPath: folder.appendingPathComponent("report.sqlite").path)[.size]
                return "\(((size as? Int) ?? 0) / 1_048_576) MiB for 1,000,000 entries"
            },
        ]
    }

    /// Times `save` of one million entries into a new database three times and reports the median. Only the save
    /// is timed (validation, sorting, the transaction and its fsync); opening and the WAL checkpoint of `close`,
    /// which copies the database once more, are reported separately.
    private static func bulkInsert(_ entries: [ExpenseEntry], at file: URL) async throws -> String {
        let clock = ContinuousClock()
        var saves: [Duration] = []
        var closes: [Duration] = []
        for _ in 0..<3 {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
            let bulk = try await SQLiteStore.open(at: file)
            saves.append(try await clock.measure { try await bulk.save(entries) })
            closes.append(await clock.measure { await bulk.close() })
        }
        let save = saves.sorted()[1]
        let close = closes.sorted()[1]
        let rate = Int(Double(entries.count) / save.seconds)
        return "save \(format(save)) (median of 3, \(rate) entries/s); close with WAL checkpoint \(format(close))"
    }

    private static func format(_ duration: Duration) -> String {
        String(format: "%.2f s", duration.seconds)
    }

    /// Seeded entries dated uniformly at random over 2021...2024, in three currencies.
    private static func makeEntries() -> [ExpenseEntry] {
        var generator = SplitMix64(seed: 42)
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
