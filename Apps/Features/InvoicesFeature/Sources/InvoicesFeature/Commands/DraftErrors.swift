import CommandKit

/// The draft flows' errors said for people: what happened, what to do, and the exit status.
extension CommandError {
    static func draft(_ error: DraftError) -> CommandError {
        switch error {
        case .notFound(let id):
            CommandError(
                message: "no draft \(id)", hint: "Run 'ledger invoice drafts' to see the saved drafts.",
                status: .dataError)
        case .issued(let id, let number):
            CommandError(
                message: "draft \(id) was issued as invoice \(TerminalText.safe(number)); it can no longer be "
                    + "changed, deleted or issued again",
                hint: "Issued invoices are immutable: see it with 'ledger invoice show \(TerminalText.safe(number))', "
                    + "correct it with a credit note ('ledger invoice credit \(TerminalText.safe(number))').",
                status: .dataError)
        case .invoice(let error):
            .invoice(error)
        case .storage(let error):
            .storage(error)
        }
    }
}
