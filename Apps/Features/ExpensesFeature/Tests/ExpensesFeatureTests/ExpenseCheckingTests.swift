import Essentials
import ExpensesFeature
import Foundation
import Storage
import StorageTesting
import Testing
import Validation

/// Refuses the third expense it is asked about and accepts every other, keeping each one it was asked about. It is
/// all the editor and the importer are given to check with, so what they do here is all they need of recording.
private struct SpyExpenseChecker: ExpenseChecking {
    static let refusal = ValidationProblem(
        code: ValidationCode(rawValue: "test.thirdRefused"), path: "title", message: "The third expense is refused.")

    private let seen = LockedValue<[NewExpense]>([])

    /// Every expense asked about, in order.
    var checked: [NewExpense] { seen.withLock { $0 } }

    func problems(in expense: NewExpense) -> [ValidationProblem] {
        let count = seen.withLock { seen in
            seen.append(expense)
            return seen.count
        }
        return count == 3 ? [Self.refusal] : []
    }
}

@Suite("Expenses: correcting and importing need only the checking capability")
struct ExpenseCheckingTests {
    @Test func theImporterSavesTheRowsTheCheckerAcceptsAndReportsTheOneItRefuses() async throws {
        let store = FakeExpenseStore()
        let checker = SpyExpenseChecker()
        let importer = CSVExpenseImporter(rules: checker, saver: store, days: DayFormat(calendar: utcCalendar))
        let csv = """
            date,title,amount,currency
            2026-03-01,Coffee,3,EUR
            2026-03-02,Tea,2,EUR
            2026-03-03,Cake,4,EUR
            2026-03-04,Juice,5,EUR
            """
        let summary = try await importer.importCSV(csv) { _ in }
        #expect((summary.inserted, summary.replaced, summary.rejectedCount) == (3, 0, 1))
        #expect(summary.rejected.map(\.line) == [4])
        #expect(summary.rejected.first?.problems == [SpyExpenseChecker.refusal])
        #expect(checker.checked.map(\.title) == ["Coffee", "Tea", "Cake", "Juice"])
        let saved = await store.report(in: Date.distantPast..<Date.distantFuture).entries
        #expect(Set(saved.map(\.title)) == ["Coffee", "Tea", "Juice"])
    }

    @Test func theEditorSavesTheCorrectionsTheCheckerAcceptsAndChangesNothingItRefuses() async throws {
        let id = try #require(UUID(uuidString: "4b1d7c2e-0a6f-4c8e-9d3b-2f1e5a7c9b10"))
        let coffee = ExpenseEntry(id: id, title: "Coffee", price: 3, currencyCode: "EUR", comment: "", date: fixedNow)
        let store = try FakeExpenseStore(entries: [coffee])
        let checker = SpyExpenseChecker()
        let editor = ExpenseEditor(rules: checker, store: store)
        let repriced = try await editor.correct("4b1d7c2e", with: ExpenseCorrection(price: 4))
        let commented = try await editor.correct("4b1d7c2e", with: ExpenseCorrection(comment: "oat milk"))
        await #expect(throws: ExpenseCorrectionError.invalid([SpyExpenseChecker.refusal])) {
            try await editor.correct("4b1d7c2e", with: ExpenseCorrection(title: "Tea"))
        }
        #expect(repriced.id == id && repriced.price == 4)
        #expect(commented.id == id && commented.price == 4 && commented.comment == "oat milk")
        #expect(try await editor.expense(matching: "4b1d7c2e") == commented)
        #expect(checker.checked.map(\.title) == ["Coffee", "Coffee", "Tea"])
        #expect(try await editor.delete("4b1d7c2e") == commented)
        #expect(checker.checked.count == 3)
    }
}
