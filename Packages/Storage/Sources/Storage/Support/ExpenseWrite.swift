package import Foundation

/// A write waiting for its group commit.
package enum ExpenseWrite: Sendable {
    case save([StoredExpense])
    case delete([UUID])
}

/// What a write did.
package enum ExpenseWriteReply: Sendable {
    case saved(SaveReceipt)
    case deleted([UUID])
}
