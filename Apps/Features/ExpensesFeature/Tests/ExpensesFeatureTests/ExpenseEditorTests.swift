import Essentials
import Foundation
import Storage
import StorageTesting
import Testing
import Validation

@testable import ExpensesFeature

@Suite("Expenses: correcting and deleting")
struct ExpenseEditorTests {
    private func recorded(_ titles: [String]) async throws -> (Expenses, [ExpenseEntry]) {
        let store = FakeExpenseStore()
        let recorder = ExpenseRecorder(
            validator: ExpenseValidator(), messages: .english, saver: store, makeID: SequentialIDs().make)
        let expenses = Expenses(
            recorder: recorder,
            importer: CSVExpenseImporter(rules: recorder, saver: store, days: DayFormat(calendar: utcCalendar)),
            exporter: makeExpenses(store: store).exporter, reports: makeExpenses(store: store).reports,
            corrections: ExpenseEditor(rules: recorder, store: store), display: display())
        var entries: [ExpenseEntry] = []
        for title in titles {
            entries.append(
                try await expenses.recorder.add(NewExpense(title: title, price: 2, currencyCode: "EUR", date: fixedNow))
            )
        }
        return (expenses, entries)
    }

    @Test func aCorrectionKeepsTheIdAndChangesOnlyWhatItNames() async throws {
        let (expenses, entries) = try await recorded(["Coffee"])
        let corrected = try await expenses.corrections.correct(
            entries[0].id.uuidString, with: ExpenseCorrection(price: Decimal(string: "2.50"), comment: "oat milk"))
        #expect(corrected.id == entries[0].id && corrected.title == "Coffee")
        #expect(corrected.price == Decimal(string: "2.50") && corrected.comment == "oat milk")
        #expect(try await expenses.corrections.expense(matching: entries[0].id.uuidString) == corrected)
    }

    @Test func anInvalidCorrectionChangesNothing() async throws {
        let (expenses, entries) = try await recorded(["Coffee"])
        await #expect {
            try await expenses.corrections.correct(entries[0].id.uuidString, with: ExpenseCorrection(price: -1))
        } throws: { error in
            guard case .invalid(let problems)? = error as? ExpenseCorrectionError else { return false }
            return problems.map(\.code.rawValue) == ["expense.priceNotPositive"]
        }
        #expect(try await expenses.corrections.expense(matching: entries[0].id.uuidString) == entries[0])
    }

    @Test func aDeletedExpenseIsGone() async throws {
        let (expenses, entries) = try await recorded(["Coffee", "Tea"])
        let deleted = try await expenses.corrections.delete(entries[1].id.uuidString.lowercased())
        #expect(deleted == entries[1])
        await #expect(throws: ExpenseCorrectionError.notFound(entries[1].id.uuidString)) {
            try await expenses.corrections.delete(entries[1].id.uuidString)
        }
        #expect(try await expenses.corrections.expense(matching: entries[0].id.uuidString) == entries[0])
    }

    @Test func prefixesFindOneExpenseOrSayWhyNot() async throws {
        let (expenses, entries) = try await recorded(["Coffee", "Tea"])
        await #expect {
            try await expenses.corrections.expense(matching: "00000000")
        } throws: { error in
            guard case .ambiguous("00000000", let candidates) = error as? ExpenseCorrectionError else { return false }
            return Set(candidates) == Set(entries)
        }
        await #expect(throws: ExpenseCorrectionError.prefixTooShort("0000", minimumLength: 8)) {
            try await expenses.corrections.expense(matching: "0000")
        }
        #expect(try await expenses.corrections.expense(matching: "00000000-0000-0000-0000-000000000002") == entries[1])
    }

    @Test(arguments: [
        ("", ExpenseCorrectionError.prefixTooShort("", minimumLength: 8)),
        ("zzzzzzzz", .notFound("zzzzzzzz")),
        ("../../../../", .notFound("../../../../")),
        (String(repeating: "0", count: 10_000), .notFound(String(repeating: "0", count: 10_000))),
        ("00000000\u{0}", .notFound("00000000\u{0}")),
    ])
    func hostileIdsFindNothing(id: String, expected: ExpenseCorrectionError) async throws {
        let (expenses, entries) = try await recorded(["Coffee"])
        await #expect(throws: expected) { try await expenses.corrections.delete(id) }
        #expect(try await expenses.corrections.expense(matching: entries[0].id.uuidString) == entries[0])
    }
}
