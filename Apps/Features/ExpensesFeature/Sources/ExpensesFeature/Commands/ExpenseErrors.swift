import CommandKit
import Essentials
import Storage
import Validation

/// The expense flows' errors said for people: what happened, what to do, and the exit status.
extension CommandError {
    static func expense(_ error: ExpenseInputError) -> CommandError {
        switch error {
        case .invalid(let problems):
            .invalid(
                "the expense", problems,
                hint: problems.contains { $0.code == .expenseDateTooFarInFuture }
                    ? "If the date is right, add --allow-future." : nil, field: option)
        case .storage(let error): .storage(error)
        }
    }

    /// The option of `expense add` and `expense edit` a problem's field is given with (`price` → `--price`).
    private static func option(_ problem: ValidationProblem) -> String? {
        let field = problem.path.split(separator: ".").first.map(String.init) ?? ""
        return ["title", "price", "currency", "date", "comment"].contains(field) ? "--\(field)" : nil
    }

    static func correction(_ error: ExpenseCorrectionError, days: DayFormat) -> CommandError {
        switch error {
        case .notFound(let id):
            CommandError(
                message: "no expense '\(id)' on this machine", hint: "Run 'ledger expense list' to see the ids.",
                status: .dataError)
        case .ambiguous(let id, let candidates):
            CommandError(
                message: "'\(id)' is the start of \(candidates.count) expenses' ids",
                hint: "Give the id of the one you mean, as a line above shows it.", status: .dataError,
                details: candidates.map { [short = ShortIDs(of: candidates.map(\.id))] entry in
                    "\(short[entry.id])  \(days.string(from: entry.date))  \(TerminalText.safe(entry.title))"
                })
        case .prefixTooShort(let id, let minimum):
            CommandError(
                message: "'\(id)' is too short to name an expense",
                hint: "Give at least \(minimum) characters of the id.", status: .usage)
        case .invalid(let problems): .invalid("the corrected expense", problems, field: option)
        case .storage(let error): .storage(error)
        }
    }

    static func importing(_ error: ExpenseImportError, path: String) -> CommandError {
        switch error {
        case .unreadableFile(let problem):
            let hint =
                switch problem.path {
                case "header":
                    "Name its columns: --columns date=HEADING,title=HEADING,amount=HEADING (add --profile NAME to "
                        + "keep them)."
                case "currency": "Give the currency with --currency CODE."
                case "date-format": "Give the format with --date-format."
                default: "Fix the file and import it again; rows already saved are not duplicated."
                }
            return CommandError(
                message: "'\(path)' cannot be imported: \(problem.message)", hint: hint, status: .dataError)
        case .ambiguous(let problem):
            return CommandError(
                message: "'\(path)' cannot be imported: \(problem.message)",
                hint: problem.path == "decimal-mark"
                    ? "Say which with --decimal-mark . or --decimal-mark ,"
                    : "Say which with --date-format, such as --date-format DD/MM/YYYY.", status: .dataError)
        case .storage(let failure, let saved):
            var described = CommandError.storage(failure)
            described.details = [
                "\(Plural.count(saved, "row")) saved before the failure; importing again adds no duplicates."
            ]
            return described
        case .cancelled(let saved):
            return CommandError(
                message: "the import was stopped after \(Plural.count(saved, "saved row"))",
                hint: "Import the file again: the saved rows are not duplicated.", status: .failure)
        }
    }
}
