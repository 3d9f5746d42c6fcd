import CompositionRoot
import Foundation

/// `ledger repair`: salvages a damaged database of the data folder.
enum RepairCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["repair"], summary: "salvage every readable row of a damaged database into a new one",
            details: "Run it when a command says the database is damaged, with no other ledger running. The damaged "
                + "file is kept beside the new one (ledger.damaged-<time>.sqlite) and never deleted.",
            run: run)
    ]

    private static func run(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        _ = try invocation.positionals()
        let session = await invocation.context()
        let outcome: DataFolderRepair
        do throws(StorageError) {
            outcome = try await session.factory.repairDataFolder()
        } catch {
            throw .storage(error)
        }
        let console = session.console
        switch outcome {
        case .nothingToRepair:
            console.line("There is no database in the data folder yet; nothing to repair.")
        case .sound:
            console.line("The database is sound; nothing was changed.")
        case .repaired(let summary, let kept, let complete):
            console.line(summary)
            console.line("The damaged file is kept as \(kept.path).")
            if !complete {
                console.error("ledger: some rows could not be read; they are missing from the repaired database")
                return .dataError
            }
        }
        return .success
    }
}
