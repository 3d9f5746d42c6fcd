import Foundation
import Storage
import StorageTesting
import Testing
import Validation
import ValidationTesting

@testable import ExpensesFeature

@Suite("Expenses: recording an expense")
struct ExpenseRecorderTests {
    private func expense(title: String = "Coffee", price: Decimal = 3.8) -> NewExpense {
        NewExpense(title: title, price: price, currencyCode: "eur", date: fixedNow, comment: "with a friend")
    }

    @Test func aValidExpenseIsSavedTrimmedWithAnUpperCaseCurrency() async throws {
        let store = SpyExpenseStore()
        let recorder = ExpenseRecorder(
            validator: ExpenseValidator(), messages: .english, saver: store, makeID: SequentialIDs().make)
        let entry = try await recorder.add(expense(title: "  Coffee  "))
        #expect(entry.title == "Coffee")
        #expect(entry.currencyCode == "EUR")
        #expect(entry.id.uuidString == "00000000-0000-0000-0000-000000000001")
        #expect(await store.savedEntries == [entry])
    }

    @Test func everyProblemIsReportedWithItsMessageAndNothingIsSaved() async throws {
        let store = SpyExpenseStore()
        let validator = StubValidator<ExpenseEntryDraft>(failures: [
            ValidationFailure(code: .expenseTitleMissing, path: "title"),
            ValidationFailure(code: .expensePriceNotPositive, path: "price"),
        ])
        let recorder = ExpenseRecorder(validator: validator, messages: .english, saver: store)
        await #expect {
            try await recorder.add(expense(title: "", price: -1))
        } throws: { error in
            guard case .invalid(let problems)? = error as? ExpenseInputError else { return false }
            return problems.map(\.path) == ["title", "price"]
                && problems.map(\.code.rawValue) == ["expense.titleMissing", "expense.priceNotPositive"]
                && problems.allSatisfy { !$0.message.isEmpty && $0.message != $0.code.rawValue }
        }
        #expect(await store.savedEntries.isEmpty)
        #expect(validator.recordedValues.first?.currencyCode == "EUR")
    }

    @Test func aStorageFailureIsTypedAndTheEntryIsNotReportedAsSaved() async throws {
        let store = SpyExpenseStore()
        await store.failNext(.save, with: .closed)
        let recorder = ExpenseRecorder(validator: ExpenseValidator(), messages: .english, saver: store)
        await #expect(throws: ExpenseInputError.storage(.closed)) { try await recorder.add(expense()) }
    }
}
