public import Foundation
public import Storage
public import Validation

/// Validates a new expense with the Validation package's rules, then saves it with the Storage package; its rules
/// are also what corrections and imports are checked with (`ExpenseChecking`).
public struct ExpenseRecorder: ExpenseRecording, ExpenseChecking {
    private let validator: any ExpenseValidating
    private let futureValidator: any ExpenseValidating
    private let messages: ValidationMessages
    private let saver: any ExpenseSaving
    private let makeID: @Sendable () -> UUID

    /// Creates a recorder that checks with `validator` (or `futureValidator` for an expense that allows a date far
    /// ahead; `validator` when none is given), words problems with `messages`, saves through `saver` and names new
    /// entries with `makeID` (injected so tests get stable ids).
    public init(
        validator: any ExpenseValidating, futureValidator: (any ExpenseValidating)? = nil,
        messages: ValidationMessages, saver: any ExpenseSaving, makeID: @escaping @Sendable () -> UUID = UUID.init
    ) {
        self.validator = validator
        self.futureValidator = futureValidator ?? validator
        self.messages = messages
        self.saver = saver
        self.makeID = makeID
    }

    /// Validates `expense`, then saves it under a new id.
    public func add(_ expense: NewExpense) async throws(ExpenseInputError) -> ExpenseEntry {
        let problems = self.problems(in: expense)
        guard problems.isEmpty else { throw .invalid(problems) }
        let entry = ExpenseEntry(
            id: makeID(), title: expense.title.trimmingCharacters(in: .whitespacesAndNewlines), price: expense.price,
            currencyCode: expense.currencyCode.uppercased(), comment: expense.comment, date: expense.date,
            category: expense.category, tags: expense.tags)
        do {
            try await saver.save([entry])
        } catch {
            throw .storage(error)
        }
        return entry
    }

    /// Every problem with `expense`, with its message: the far-ahead rules when it allows a date far ahead.
    public func problems(in expense: NewExpense) -> [ValidationProblem] {
        let draft = ExpenseEntryDraft(
            title: expense.title, price: expense.price, currencyCode: expense.currencyCode.uppercased(),
            date: expense.date, comment: expense.comment)
        let rules = expense.allowsFuture ? futureValidator : validator
        return messages.problems(for: rules.validate(expense: draft))
    }
}
