import Foundation

/// Validates a new expense with the Validation package's rules, then saves it with the Storage package.
struct ExpenseRecorder: ExpenseRecording {
    let validator: any ExpenseValidating
    let messages: ValidationMessages
    let saver: any ExpenseSaving
    let makeID: @Sendable () -> UUID

    func add(_ expense: NewExpense) async throws(ExpenseInputError) -> ExpenseEntry {
        let problems = check(expense)
        guard problems.isEmpty else { throw .invalid(problems) }
        let entry = ExpenseEntry(
            id: makeID(), title: expense.title.trimmingCharacters(in: .whitespacesAndNewlines), price: expense.price,
            currencyCode: expense.currencyCode.uppercased(), comment: expense.comment, date: expense.date)
        do {
            try await saver.save([entry])
        } catch {
            throw .storage(error)
        }
        return entry
    }

    /// Every problem with `expense`, with its message.
    func check(_ expense: NewExpense) -> [InputProblem] {
        let draft = ExpenseEntryDraft(
            title: expense.title, price: expense.price, currencyCode: expense.currencyCode.uppercased(),
            date: expense.date, comment: expense.comment)
        return validator.validate(expense: draft).map { messages.problem(for: $0) }
    }
}

extension ValidationMessages {
    /// A validation failure as an input problem people can read.
    func problem(for failure: ValidationFailure) -> InputProblem {
        InputProblem(code: failure.code.rawValue, path: failure.path, message: message(for: failure))
    }
}
