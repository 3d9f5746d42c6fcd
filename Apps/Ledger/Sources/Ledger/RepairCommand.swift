import CommandKit
import CompositionRoot
import Foundation

/// `ledger repair`: salvages a damaged database of the data folder. The data folder is the platform's, so this is
/// one of the shell's own commands.
struct RepairCommand: CommandGroup {
    let factory: LedgerFactory

    var commands: [CommandSpec] {
        [
            CommandSpec(
                path: ["repair"], summary: "salvage every readable row of a damaged database into a new one",
                details: "Run it when a command says the database is damaged, with no other ledger running. The "
                    + "damaged file is kept beside the new one (ledger.damaged-<time>.sqlite) and never deleted."
            ) { invocation throws(CommandError) in
                _ = try invocation.positionals()
                let outcome: DataFolderRepair
                do {
                    outcome = try await factory.repairDataFolder()
                } catch {
                    throw .dataFolder(error)
                }
                let console = invocation.console
                switch outcome {
                case .nothingToRepair:
                    console.line("There is no database in the data folder yet; nothing to repair.")
                case .sound:
                    console.line("The database is sound; nothing was changed.")
                case .nothingRecovered(let summary):
                    throw CommandError(
                        message: "not one row could be read from the damaged database; nothing was changed",
                        hint: "Restore the data folder from a backup; the damaged file stays where it is.",
                        status: .dataError, details: [summary])
                case .repaired(let summary, let kept, let complete):
                    console.line(summary)
                    console.line("The damaged file is kept as \(kept.path).")
                    if !complete {
                        console.error(
                            "ledger: some rows could not be read; they are missing from the repaired database")
                        return .dataError
                    }
                }
                return .success
            }
        ]
    }
}
