import Essentials
import Foundation
import Rendering
import Storage
import StorageTesting
import Testing
import Validation

@testable import ExpensesFeature

/// An export carries what identifies each expense (its id, and its instant as a wall-clock time with the UTC offset
/// of that moment), so importing it in any time zone, into the same store or another, gives every expense back
/// exactly as it was: same id, same instant to the last bit, same day everywhere.
@Suite("Expenses: an export imported in another time zone")
struct ImportAcrossTimeZonesTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? calendar.timeZone
        return calendar
    }

    static func exporter(of store: any ExpenseStore, in zone: String) -> ExpenseReports {
        let calendar = calendar(zone)
        return ExpenseReports(
            reader: ExpenseReportReader(
                source: store, calendar: calendar, timeZone: calendar.timeZone, now: { fixedNow }),
            calendar: calendar, locale: RenderingLocale(identifier: "en_US"), currency: currency)
    }

    static func importer(into store: any ExpenseStore, in zone: String) -> CSVExpenseImporter {
        let recorder = ExpenseRecorder(validator: ExpenseValidator(), messages: .english, saver: store)
        return CSVExpenseImporter(rules: recorder, saver: store, days: DayFormat(calendar: calendar(zone)))
    }

    /// Expenses recorded by hand: random ids, instants with fractions of a microsecond, several a moment before or
    /// after midnight in UTC and in the zones below, one on each side of a daylight-saving change.
    static func handAdded() -> [ExpenseEntry] {
        let newYear = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        let instants: [Date] = [
            newYear.addingTimeInterval(10 * 3_600),  // 2026-01-01T10:00:00Z, 2026-01-02 in Kiritimati
            newYear.addingTimeInterval(-0.000_000_3),
            newYear.addingTimeInterval(0.123_456_789_012),
            newYear.addingTimeInterval(-14 * 3_600 + 0.5),  // midnight in Kiritimati
            newYear.addingTimeInterval(8 * 3_600 - 1e-6),  // a microsecond before midnight in Los Angeles
            Date(timeIntervalSince1970: 1_774_746_000.25),  // 2026-03-29T01:00:00.25Z, Berlin's clocks go forward
            Date(timeIntervalSince1970: 1_792_890_000 + 1.0 / 3.0),  // 2026-10-25T01:00Z, Berlin's go back
            Date(timeIntervalSinceReferenceDate: 7.25),  // 2001-01-01, next to the reference date
            Date(timeIntervalSinceReferenceDate: 1e-300),  // a fraction with 300 zeros behind the point
        ]
        var random = SeededGenerator(seed: 28)
        return instants.enumerated().map { index, date in
            var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            let id = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                    bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            return ExpenseEntry(
                id: id, title: index % 2 == 0 ? "Coffee" : "Taxi, to the airport",
                price: index % 3 == 0 ? Decimal(100 * (index + 1)) : Decimal(index + 1) + 0.5,
                currencyCode: index % 3 == 0 ? "JPY" : "EUR", comment: index == 3 ? "=SUM(A1)" : "", date: date)
        }
    }

    static let zones = [
        ("UTC", "Pacific/Kiritimati"), ("Pacific/Kiritimati", "UTC"), ("America/Los_Angeles", "Asia/Kolkata"),
        ("Pacific/Chatham", "Pacific/Pago_Pago"), ("Europe/Berlin", "America/St_Johns"),
    ]

    @Test(arguments: zones)
    func importingAnExportInAnotherZoneLeavesEveryExpenseAsItWas(exportedIn: String, importedIn: String) async throws {
        let original = Self.handAdded()
        let store = try FakeExpenseStore(entries: original)
        let before = await store.report(in: Date.distantPast..<Date.distantFuture).entries
        let csv = try await Self.exporter(of: store, in: exportedIn).exportCSV()

        let again = try await Self.importer(into: store, in: importedIn).importCSV(csv) { _ in }
        #expect(again.rejected.isEmpty, "\(again.rejected)")
        #expect((again.inserted, again.replaced) == (0, original.count))
        #expect(await store.report(in: Date.distantPast..<Date.distantFuture).entries == before)

        // Into another store: the same expenses, ids and instants; exported again there, the same file.
        let elsewhere = FakeExpenseStore()
        let copied = try await Self.importer(into: elsewhere, in: importedIn).importCSV(csv) { _ in }
        #expect((copied.inserted, copied.replaced) == (original.count, 0))
        #expect(await elsewhere.report(in: Date.distantPast..<Date.distantFuture).entries == before)
        #expect(try await Self.exporter(of: elsewhere, in: exportedIn).exportCSV() == csv)
    }

    /// The case as it was met: an expense of 2026-01-01 exported under UTC and imported under Pacific/Kiritimati
    /// stays one expense on 2026-01-01 in UTC (it was "replaced" and moved to 2025-12-31); the other way round,
    /// it stays one expense (it was added a second time).
    @Test func aNewYearsDayExpenseStaysOnNewYearsDayAndStaysOne() async throws {
        let newYear = Date(timeIntervalSince1970: 1_767_225_600 + 3_600)  // 2026-01-01T01:00Z
        let coffee = ExpenseEntry(title: "Coffee", price: 3, currencyCode: "EUR", date: newYear)
        for (exportedIn, importedIn) in [("UTC", "Pacific/Kiritimati"), ("Pacific/Kiritimati", "UTC")] {
            let store = try FakeExpenseStore(entries: [coffee])
            let csv = try await Self.exporter(of: store, in: exportedIn).exportCSV()
            let summary = try await Self.importer(into: store, in: importedIn).importCSV(csv) { _ in }
            #expect((summary.inserted, summary.replaced) == (0, 1), "\(exportedIn) to \(importedIn)")
            let stored = await store.report(in: Date.distantPast..<Date.distantFuture).entries
            #expect(stored == [coffee], "\(exportedIn) to \(importedIn): \(csv)")
            #expect(
                DayFormat(calendar: Self.calendar("UTC")).string(from: stored.first?.date ?? .distantPast)
                    == "2026-01-01")
        }
    }

    /// Each row says which expense it is and when, in the export's own zone and offset.
    @Test func anExportWritesTheIDAndTheOffsetOfEveryRow() async throws {
        let coffee = ExpenseEntry(
            id: UUID(uuidString: "4B1D7C2E-0A6F-4C8E-9D3B-2F1E5A7C9B10") ?? UUID(), title: "Coffee", price: 3.8,
            currencyCode: "EUR", date: Date(timeIntervalSince1970: 1_767_225_600 + 3_600 + 0.25))
        let store = try FakeExpenseStore(entries: [coffee])
        #expect(
            try await Self.exporter(of: store, in: "Pacific/Kiritimati").exportCSV()
                == "date,time,utc_offset,title,amount,currency,comment,id\r\n"
                + "2026-01-01,15:00:00.250000,UTC+14:00,Coffee,3.80,EUR,,4b1d7c2e-0a6f-4c8e-9d3b-2f1e5a7c9b10\r\n")
        #expect(
            try await Self.exporter(of: store, in: "America/St_Johns").exportCSV().hasSuffix(
                "2025-12-31,21:30:00.250000,UTC-03:30,Coffee,3.80,EUR,,4b1d7c2e-0a6f-4c8e-9d3b-2f1e5a7c9b10\r\n"))
    }

    /// A file written before the id and offset columns existed imports exactly as it did: each row's id comes from
    /// its content and the day as written, its instant from that day and time in the importing zone. The expected
    /// ids and instants are those the importer gave before the columns were added.
    @Test func anExportWithoutIDsAndOffsetsImportsAsBefore() async throws {
        let csv = """
            date,time,title,amount,currency,comment
            2026-03-01,10:30:00.000000,Taxi,38.20,EUR,airport
            2026-03-01,10:30:00.000000,Taxi,38.20,EUR,airport
            2026-03-02,,Hotel,129,EUR,
            """
        let store = FakeExpenseStore()
        let summary = try await Self.importer(into: store, in: "Europe/Berlin").importCSV(csv) { _ in }
        #expect((summary.inserted, summary.rejectedCount) == (3, 0))
        let stored = await store.report(in: Date.distantPast..<Date.distantFuture).entries
        #expect(stored.map(\.id.uuidString).sorted() == Self.oldFormatIDs)
        #expect(stored.map(\.date.timeIntervalSince1970).sorted() == [1_772_357_400, 1_772_357_400, 1_772_406_000])
    }

    static let oldFormatIDs = [
        "28F55081-C5E7-5E4B-AF50-FC5664DA3A78", "7EE60DAA-E18F-53E3-BE3E-BEE8B0F42CE0",
        "CBE40DAA-E18E-53E3-AB35-BEE8B0F52CE0",
    ]

    /// An id that is not one is a rejected row, named by its line; a row without an id (added to an export by hand)
    /// gets one from its content, as before.
    @Test func aRowWithABadIDOrOffsetIsRejectedAndARowWithoutAnIDGetsOneFromItsContent() async throws {
        let csv = """
            date,time,utc_offset,title,amount,currency,comment,id
            2026-03-01,10:30:00,UTC+01:00,Taxi,38.20,EUR,,not-an-id
            2026-03-01,10:30:00,+1,Taxi,38.20,EUR,,4b1d7c2e-0a6f-4c8e-9d3b-2f1e5a7c9b10
            2026-03-01,10:30:00,+01:00,Added by hand,5,EUR,,
            """
        let store = FakeExpenseStore()
        let summary = try await Self.importer(into: store, in: "UTC").importCSV(csv) { _ in }
        #expect(summary.rejected.map(\.line) == [2, 3])
        #expect(
            summary.rejected.map { $0.problems.map(\.code.rawValue) } == [
                ["import.invalidID"], ["import.invalidOffset"],
            ])
        #expect(summary.inserted == 1)
        let again = try await Self.importer(into: store, in: "Asia/Tokyo").importCSV(csv) { _ in }
        #expect((again.inserted, again.replaced) == (0, 1))
        let stored = await store.report(in: Date.distantPast..<Date.distantFuture).entries
        #expect(stored.map(\.date) == [Date(timeIntervalSince1970: 1_772_357_400)])
    }

    /// Two rows naming the same expense: the later one is what the expense becomes, as a second save of it would
    /// make it, and the import does not fail.
    @Test func twoRowsWithOneIDLeaveTheLaterOne() async throws {
        let csv = """
            date,time,utc_offset,title,amount,currency,comment,id
            2026-03-01,10:30:00,UTC,Taxi,38.20,EUR,,4b1d7c2e-0a6f-4c8e-9d3b-2f1e5a7c9b10
            2026-03-01,11:30:00,+00:00,Taxi,40.00,EUR,corrected,4B1D7C2E-0A6F-4C8E-9D3B-2F1E5A7C9B10
            """
        let store = FakeExpenseStore()
        let summary = try await Self.importer(into: store, in: "UTC").importCSV(csv) { _ in }
        #expect(summary.rejected.isEmpty && summary.saved == 2)
        let stored = await store.report(in: Date.distantPast..<Date.distantFuture).entries
        #expect(stored.map(\.comment) == ["corrected"])
    }
}
