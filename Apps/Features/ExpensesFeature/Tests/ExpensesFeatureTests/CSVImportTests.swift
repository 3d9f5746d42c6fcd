import Essentials
import Foundation
import Rendering
import Storage
import StorageTesting
import Testing
import Validation

@testable import ExpensesFeature

@Suite("Expenses: CSV import and export")
struct CSVImportTests {
    @Test func goodRowsAreKeptAndBadRowsReportedWithLineNumbers() async throws {
        let expenses = makeExpenses()
        let importer = expenses.importer
        let csv = #"""
            date,title,amount,currency,comment
            2026-03-01,Taxi,38.20,EUR,"to the ""airport"""
            2026-02-30,Bad day,1,EUR,
            2026-03-02,,5,EUR,
            2026-03-02,Negative,-5,EUR,
            2026-03-03,Words,twelve,EUR,
            2026-03-04,Hotel,129,eur,
            """#
        let summary = try await importer.importCSV(csv) { _ in }
        #expect(summary.inserted == 2)
        #expect(summary.rejected.map(\.line) == [3, 4, 5, 6])
        #expect(summary.rejected[0].problems.map(\.code.rawValue) == ["import.invalidDate"])
        #expect(summary.rejected[1].problems.map(\.code).contains(.expenseTitleMissing))
        #expect(summary.rejected[3].problems.map(\.code.rawValue) == ["import.invalidAmount"])
        let exported = try await expenses.exporter.exportCSV()
        #expect(exported.contains("Taxi") && exported.contains("Hotel") && exported.contains("EUR"))
    }

    @Test func importingTheSameFileTwiceAddsNothingTheSecondTime() async throws {
        let expenses = makeExpenses()
        let importer = expenses.importer
        let csv = "date,title,amount,currency\n2026-03-01,Coffee,3,EUR\n2026-03-01,Coffee,3,EUR\n"
        let first = try await importer.importCSV(csv) { _ in }
        let second = try await importer.importCSV(csv) { _ in }
        #expect((first.inserted, first.replaced) == (2, 0))
        #expect((second.inserted, second.replaced) == (0, 2))
    }

    @Test func theSameFileImportedInAnotherTimeZoneAddsNothing() async throws {
        let store = FakeExpenseStore()
        func importer(_ zone: String) -> CSVExpenseImporter {
            var calendar = utcCalendar
            calendar.timeZone = TimeZone(identifier: zone) ?? calendar.timeZone
            let recorder = ExpenseRecorder(validator: ExpenseValidator(), messages: .english, saver: store)
            return CSVExpenseImporter(rules: recorder, saver: store, days: DayFormat(calendar: calendar))
        }
        let csv = "date,title,amount,currency\n2026-03-01,Coffee,3,EUR\n2026-03-02,Tea,2,EUR\n"
        let berlin = try await importer("Europe/Berlin").importCSV(csv) { _ in }
        let newYork = try await importer("America/New_York").importCSV(csv) { _ in }
        #expect((berlin.inserted, berlin.replaced) == (2, 0))
        #expect((newYork.inserted, newYork.replaced) == (0, 2))
        #expect(await store.report(in: Date.distantPast..<Date.distantFuture).entries.count == 2)
    }

    @Test func identicalRowsOfOneFileAreKeptApartAndReimportingKeepsThemApart() async throws {
        let expenses = makeExpenses()
        let csv =
            "date,title,amount,currency\n2026-03-01,Coffee,3,EUR\n2026-03-01,Coffee,3,EUR\n2026-03-01,Coffee,3,EUR\n"
        let first = try await expenses.importer.importCSV(csv) { _ in }
        let again = try await expenses.importer.importCSV(csv) { _ in }
        #expect((first.inserted, first.replaced) == (3, 0))
        #expect((again.inserted, again.replaced) == (0, 3))
        let longer = try await expenses.importer.importCSV(csv + "2026-03-01,Coffee,3,EUR\n") { _ in }
        #expect((longer.inserted, longer.replaced) == (1, 3))
    }

    @Test func exportReadsBackThroughImport() async throws {
        let expenses = makeExpenses()
        for (title, price) in [("A, with comma", Decimal(string: "1.25") ?? 0), ("=SUM(A1)", 3), ("Ünïcødé", 7)] {
            _ = try await expenses.recorder.add(
                NewExpense(title: title, price: price, currencyCode: "EUR", date: fixedNow))
        }
        let csv = try await expenses.exporter.exportCSV()
        let copy = makeExpenses()
        let summary = try await copy.importer.importCSV(csv) { _ in }
        #expect(summary.inserted == 3 && summary.rejected.isEmpty)
        let readBack = try await copy.exporter.exportCSV()
        #expect(Set(readBack.split(separator: "\r\n")) == Set(csv.split(separator: "\r\n")))
        let stored = try await copy.reports.report(ReportPeriod.allTime, format: .json)
        #expect(stored.contains(#""title" : "=SUM(A1)""#))
    }

    @Test(arguments: [
        ("", "import.emptyFile"), ("\n\n", "import.emptyFile"), ("name,price\nx,1\n", "import.missingColumns"),
        ("date,title,amount\n2026-03-01,x,1\n", "import.missingColumns"),
    ])
    func filesWithoutTheNeededColumnsAreRefusedWhole(csv: String, code: String) async throws {
        let expenses = makeExpenses()
        let importer = expenses.importer
        let error = await #expect(throws: ExpenseImportError.self) { try await importer.importCSV(csv) { _ in } }
        guard case .unreadableFile(let problem) = error else {
            Issue.record("expected an unreadable file, got \(String(describing: error))")
            return
        }
        #expect(problem.code.rawValue == code)
    }

    @Test func largeFilesReportProgressAfterEveryBatch() async throws {
        let expenses = makeExpenses()
        let importer = expenses.importer
        let rows = (0..<2_400).map { "2026-03-01,Row \($0),\($0 % 50 + 1),EUR" }
        let progress = ProgressLog()
        let summary = try await importer.importCSV((["date,title,amount,currency"] + rows).joined(separator: "\n")) {
            progress.append($0)
        }
        #expect(summary.inserted == 2_400)
        #expect(progress.values.map(\.rowsRead) == [500, 1_000, 1_500, 2_000, 2_400])
        #expect(progress.values.last?.bytesRead == progress.values.last?.totalBytes)
    }

    @Test(arguments: ["", "1,5", "1e3", "--1", "1.2.3", "٣", " 1", "nan", String(repeating: "9", count: 40)])
    func decimalTextRefusesWhatIsNotAPlainNumber(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }

    @Test(arguments: [("12.50", Decimal(string: "12.5")), ("-3", Decimal(-3)), ("+0.001", Decimal(string: "0.001"))])
    func decimalTextReadsPlainNumbers(text: String, value: Decimal?) {
        #expect(DecimalText.parse(text) == value)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-1-01", "20260101", "", "2026-01-01T00:00", "２０２６-01-01"])
    func dayFormatRefusesDaysThatDoNotExist(text: String) {
        #expect(DayFormat(calendar: utcCalendar).date(from: text) == nil)
    }

    @Test func aCancelledImportStopsBetweenBatchesAndKeepsWhatItSaved() async throws {
        let store = FakeExpenseStore()
        let importer = makeExpenses(store: store).importer
        let rows = (0..<2_000).map { "2026-03-01,Row \($0),1,EUR" }
        let csv = (["date,title,amount,currency"] + rows).joined(separator: "\n")
        let task = Task { try await importer.importCSV(csv) { _ in withUnsafeCurrentTask { $0?.cancel() } } }
        let error = await #expect(throws: ExpenseImportError.self) { try await task.value }
        #expect(error == .cancelled(savedRows: 500))
        #expect(await store.report(in: Date.distantPast..<Date.distantFuture).entries.count == 500)
    }

    @Test func aFileIsImportedAsAStream() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let rows = (0..<5_000).map { "2026-03-01,Row \($0),\($0 % 90 + 1).25,EUR,\"note, with comma\"" }
        try (["date,title,amount,currency,comment"] + rows).joined(separator: "\r\n").write(
            to: file, atomically: true, encoding: .utf8)
        let summary = try await makeExpenses().importer.importCSV(from: file) { _ in }
        #expect(summary.inserted == 5_000 && summary.rejectedCount == 0)
    }

    @Test(arguments: [
        ("date,title,amount,currency\n\"never closed,x,1,EUR\n", "never ends"),
        ("date,title,amount,currency\n2026-03-01,\"a\"b,1,EUR\n", "after the closing quote"),
        ("date,title,amount,currency\n" + String(repeating: "x", count: 2_000_000) + ",1,1,EUR\n", "longer than"),
    ])
    func malformedFilesAreRefusedNamingTheLine(csv: String, words: String) async throws {
        let error = await #expect(throws: ExpenseImportError.self) {
            try await makeExpenses().importer.importCSV(csv) { _ in }
        }
        guard case .unreadableFile(let problem) = error else {
            Issue.record("expected an unreadable file, got \(String(describing: error))")
            return
        }
        #expect(
            problem.message.contains(words) && problem.message.lowercased().contains("line 2"), "\(problem.message)")
    }

    @Test func manyRejectedRowsAreCountedButOnlyTheFirstListed() async throws {
        let rows = (0..<1_000).map { "2026-02-30,Row \($0),1,EUR" }
        let summary = try await makeExpenses().importer.importCSV(
            (["date,title,amount,currency"] + rows).joined(separator: "\n")
        ) { _ in }
        #expect(summary.rejectedCount == 1_000 && summary.rejected.count == CSVExpenseImporter.listedRejections)
    }

    @Test func identityStateStaysSmallForAFileOfDistinctRows() {
        var identity = ImportIdentity(expectedBytes: 4_000_000)
        let occurrences = (0..<100_000).map { identity.occurrence(of: "row \($0)") }
        #expect(occurrences.filter { $0 == 1 }.count > 99_000)
        #expect(Set((0..<5).map { _ in identity.occurrence(of: "row 7") }).count == 5)
    }

    @Test func stableIDsAreStableAndDistinct() {
        #expect(StableID.uuid(for: "a") == StableID.uuid(for: "a"))
        let ids = Set((0..<10_000).map { StableID.uuid(for: "row \($0)") })
        #expect(ids.count == 10_000)
    }
}

/// Progress reports collected from the importer's callback.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [ImportProgress] = []

    var values: [ImportProgress] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func append(_ progress: ImportProgress) {
        lock.lock()
        stored.append(progress)
        lock.unlock()
    }
}
