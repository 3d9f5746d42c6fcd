import Foundation
import Storage
import StorageTesting
import Testing

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
            let seconds = Double(Int.random(in: 0..<(3 * 365 * 86_400), using: &random))
            let micros = Double(Int.random(in: 0..<1_000_000, using: &random)) / 1_000_000
            return ExpenseEntry(
                id: UUID(), title: Self.titles[index % Self.titles.count] + " \(index)", price: price,
                currencyCode: code, comment: index % 3 == 0 ? "" : "note \(index), \"with\" quotes",
                date: Date(timeIntervalSince1970: 1_700_000_000 + seconds + micros))
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyFieldSurvivesExportAndImport(seed: UInt64) async throws {
        let original = entries(count: 400, seed: seed)
        let source = FakeExpenseStore()
        try await source.save(original)
        let csv = try await makeExpenses(store: source).exporter.exportCSV()
        let target = FakeExpenseStore()
        let summary = try await makeExpenses(store: target).importer.importCSV(csv) { _ in }
        #expect(summary.inserted == original.count && summary.rejectedCount == 0, "\(summary.rejected.prefix(3))")
        let imported = await target.report(in: Date.distantPast..<Date.distantFuture).entries
        func fields(_ entry: ExpenseEntry) -> String {
            let micros = Int64((entry.date.timeIntervalSince1970 * 1_000_000).rounded())
            return "\(entry.title)|\(entry.price)|\(entry.currencyCode)|\(entry.comment)|\(micros)"
        }
        let lost = Set(original.map(fields)).subtracting(imported.map(fields))
        #expect(
            lost.isEmpty,
            "lost: \(lost.sorted().prefix(3)), got instead: \(Set(imported.map(fields)).subtracting(original.map(fields)).sorted().prefix(3))"
        )
        let again = try await makeExpenses(store: target).exporter.exportCSV()
        #expect(again == csv)
    }
}
