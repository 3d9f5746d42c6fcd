import Foundation
import Storage
import StorageTesting
import Testing
import Validation

@testable import ExpensesFeature

/// A seeded generator, so a failing round trip can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

@Suite("Expenses: export then import loses nothing")
struct RoundTripTests {
    private static let titles = [
        "Coffee", "Train, return", "\"Quoted\" lunch", "=SUM(A1)", "+44 call", "-minus", "@mention", "Łódź taxi",
        "日本の本", "Zürich — hotel", "semi;colon",
    ]
    private static let currencies: [(String, Int)] = [("EUR", 2), ("JPY", 0), ("BHD", 3), ("USD", 2), ("PLN", 2)]

    private func entries(count: Int, seed: UInt64) -> [ExpenseEntry] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let (code, decimals) = Self.currencies[Int.random(in: 0..<Self.currencies.count, using: &random)]
            let minor = Int.random(in: 1...99_999_999, using: &random)
            let price = Decimal(minor) / pow(10, decimals)
            // From 1901 to 2025 (the validator refuses dates far ahead), a fraction to the last bit of a Double.
            let seconds = Double(Int.random(in: -2_177_000_000...1_760_000_000, using: &random))
            let fraction = index % 4 == 0 ? 0 : Double.random(in: 0..<1, using: &random)
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            let id = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                    bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            return ExpenseEntry(
                id: id, title: Self.titles[index % Self.titles.count] + " \(index)", price: price,
                currencyCode: code, comment: index % 3 == 0 ? "" : "note \(index), \"with\" quotes",
                date: Date(timeIntervalSince1970: seconds + fraction),
                // Labels on some rows: spreadsheet-like text, quotes, several tags in one cell, none at all.
                category: Self.categories[index % Self.categories.count],
                tags: Self.tagLists[index % Self.tagLists.count])
        }
    }

    private static let categories: [String?] = [nil, "Food & drink", "=SUM(A1)", "Reise \"Zürich\"", nil, "日本"]
    private static let tagLists: [[String]] = [[], ["work"], ["Work trip", "client-a", "+1"], [], ["@home"]]

    @Test func anExportWithoutLabelsKeepsItsEightColumnsAndOneWithThemAddsTwo() async throws {
        let source = FakeExpenseStore()
        let plain = ExpenseEntry(
            id: UUID(), title: "Tea", price: 2, currencyCode: "EUR", date: Date(timeIntervalSince1970: 0))
        try await source.save(plain)
        let exporter = ImportAcrossTimeZonesTests.exporter(of: source, in: "UTC")
        #expect(try await exporter.exportCSV().hasPrefix("date,time,utc_offset,title,amount,currency,comment,id\r\n"))
        var labelled = plain
        labelled.category = "Food"
        labelled.tags = ["work", "late"]
        try await source.save(labelled)
        let csv = try await exporter.exportCSV()
        #expect(csv.hasPrefix("date,time,utc_offset,title,amount,currency,comment,id,category,tags\r\n"))
        #expect(csv.hasSuffix(",Food,\"work,late\"\r\n"), "\(csv)")
    }

    @Test func badLabelsInAFileAreReportedWithTheirLine() async throws {
        let csv = """
            date,title,amount,currency,category,tags
            2025-01-02,Tea,2,EUR,Food,"work,Work"
            2025-01-03,Cake,3,EUR,,"a,,b"
            2025-01-04,Bun,1,EUR,\(String(repeating: "c", count: 101)),

            """
        let target = FakeExpenseStore()
        let summary = try await ImportAcrossTimeZonesTests.importer(into: target, in: "UTC").importCSV(csv) { _ in }
        #expect(summary.inserted == 1)
        #expect(summary.rejected.map(\.line) == [3, 4])
        #expect(summary.rejected.flatMap(\.problems).map(\.path) == ["tags", "category"])
        let saved = try #require(await target.report(in: Date.distantPast..<Date.distantFuture).entries.first)
        #expect(saved.category == "Food" && saved.tags == ["work"])
    }

    /// Exported in one zone and imported in another, including zones whose historical offsets have seconds
    /// (Amsterdam until 1937, Kathmandu until 1920).
    @Test(
        arguments: [
            (1, "UTC", "UTC"), (2, "Europe/Amsterdam", "Pacific/Kiritimati"), (3, "Asia/Kathmandu", "America/St_Johns"),
            (4, "Australia/Lord_Howe", "Pacific/Chatham"),
        ] as [(UInt64, String, String)])
    func everyFieldSurvivesExportAndImport(seed: UInt64, exportedIn: String, importedIn: String) async throws {
        let original = entries(count: 400, seed: seed)
        let source = FakeExpenseStore()
        try await source.save(original)
        let csv = try await ImportAcrossTimeZonesTests.exporter(of: source, in: exportedIn).exportCSV()
        let target = FakeExpenseStore()
        let summary = try await ImportAcrossTimeZonesTests.importer(into: target, in: importedIn).importCSV(csv) { _ in
        }
        #expect(summary.inserted == original.count && summary.rejectedCount == 0, "\(summary.rejected.prefix(3))")
        let imported = await target.report(in: Date.distantPast..<Date.distantFuture).entries
        // Every field, the id and the instant to the last bit.
        let lost = Set(original).subtracting(imported)
        #expect(lost.isEmpty, "lost: \(lost.prefix(3)), got instead: \(Set(imported).subtracting(original).prefix(3))")
        let again = try await ImportAcrossTimeZonesTests.exporter(of: target, in: exportedIn).exportCSV()
        #expect(again == csv)
    }
}
