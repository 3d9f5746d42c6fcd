import CommandKit
import CompositionRoot

extension LedgerFactory {
    /// Every feature's commands, in the order help lists them: one line per feature. Each feature owns its
    /// commands (parsing, help, completion words, what they print, their links and demo); this list only
    /// decides that they are part of `ledger`.
    var featureCommands: [any CommandGroup] {
        [
            expenseCommands(),
            invoiceCommands(),
            clientCommands(),
            accountCommands(),
            linkCommands(),
            homeCommands(),
            settingsCommands(),
        ]
    }
}
