import CompositionRoot
import Foundation

/// `ledger expense add|list|import|export|edit|delete`.
enum ExpenseCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["expense", "add"], summary: "record an expense",
            options: [
                .value("title", "TEXT", "what the money was spent on", required: true),
                .value(
                    "price", "AMOUNT", "the amount, such as 12.50 (at most the currency's decimals)", required: true),
                .value("currency", "CODE", "ISO 4217 code (default: the configured currency, else EUR)"),
                .value("date", "YYYY-MM-DD", "the day it was spent (default: today)"),
                .value("comment", "TEXT", "a note"),
                .flag("allow-future", "accept a date more than a year ahead (it is refused as a likely typo)"),
            ],
            details: "An expense dated by --date keeps the time of day it was recorded, so the expenses of one day "
                + "list in the order they were recorded.",
            run: add),
        CommandSpec(
            path: ["expense", "list"], summary: "every expense, newest first (with --json: the report schema)",
            run: list),
        CommandSpec(
            path: ["expense", "import"], arguments: ["FILE.csv"],
            summary: "import a CSV file (columns date,title,amount,currency[,comment])",
            details: "Good rows are kept and bad rows are reported with their line numbers. Importing the same file "
                + "again adds nothing.",
            run: importFile),
        CommandSpec(
            path: ["expense", "export"], summary: "every expense as CSV, which 'expense import' reads back",
            run: export),
        CommandSpec(
            path: ["expense", "edit"], arguments: ["ID"], summary: "correct a recorded expense",
            options: [
                .value("title", "TEXT", "a new title"), .value("price", "AMOUNT", "a new amount"),
                .value("currency", "CODE", "a new currency"), .value("date", "YYYY-MM-DD", "a new day"),
                .value("comment", "TEXT", "a new comment"),
            ],
            details: "ID is the expense's id or its first 8 or more characters, as 'expense list --json' prints them.",
            run: edit),
        CommandSpec(
            path: ["expense", "delete"], arguments: ["ID"], summary: "delete a recorded expense",
            details: "ID is the expense's id or its first 8 or more characters.", run: delete),
    ]

    private static func add(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        _ = try invocation.positionals()
        let session = await invocation.context()
        let price = try amount(invocation.value("price"), option: "price")
        let now = session.factory.environment.now()
        let date = try day(invocation.arguments.value("date"), option: "date", days: session.factory.days).map {
            session.factory.days.moment(on: $0, atTimeOf: now)
        }
        let expense = NewExpense(
            title: invocation.value("title"), price: price,
            currencyCode: invocation.arguments.value("currency") ?? session.defaultCurrency, date: date ?? now,
            comment: invocation.arguments.value("comment") ?? "", allowsFuture: invocation.arguments.has("allow-future")
        )
        let entry = try await session.run { () throws(CommandError) in
            let expenses = try await session.expenses()
            do throws(ExpenseInputError) {
                return try await expenses.recorder.add(expense)
            } catch {
                throw .expense(error)
            }
        }
        report("Added", entry, in: session)
        return .success
    }

    private static func list(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        _ = try invocation.positionals()
        let session = await invocation.context()
        let text = try await ReportCommand.report(
            .allTime, format: session.console.json ? .json : .table, session: session)
        session.console.block(text)
        return .success
    }

    private static func export(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        _ = try invocation.positionals()
        let session = await invocation.context()
        let csv = try await session.run { () throws(CommandError) in
            let exporter = try await session.expenses().exporter
            do throws(StorageError) {
                return try await exporter.exportCSV()
            } catch {
                throw .storage(error)
            }
        }
        session.console.write(csv)
        return .success
    }

    private static func importFile(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let path = try invocation.positionals()[0]
        let file = URL(fileURLWithPath: path)
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw CommandError(
                message: "cannot read '\(path)'", hint: "Give the path of a CSV file.", status: .usage)
        }
        let session = await invocation.context()
        let console = session.console
        let summary: ImportSummary = try await session.run { () throws(CommandError) in
            let importer = try await session.expenses().importer
            do throws(ExpenseImportError) {
                return try await importer.importCSV(from: file) { progress in
                    guard console.showsProgress, let total = progress.totalBytes, total >= 1 << 20 else { return }
                    console.progress(
                        "Importing: \(progress.rowsRead) rows, \(progress.bytesRead * 100 / max(total, 1))%")
                }
            } catch {
                switch error {
                case .unreadableFile(let problem):
                    throw CommandError(
                        message: "'\(path)' cannot be imported: \(problem.message)",
                        hint: "Fix the file and import it again; rows already saved are not duplicated.",
                        status: .dataError)
                case .storage(let failure, let saved):
                    var described = CommandError.storage(failure)
                    described.details = [
                        "\(Plural.count(saved, "row")) saved before the failure; importing again adds no duplicates."
                    ]
                    throw described
                case .cancelled(let saved):
                    throw CommandError(
                        message: "the import was stopped after \(Plural.count(saved, "saved row"))",
                        hint: "Import the file again: the saved rows are not duplicated.", status: .failure)
                }
            }
        }
        if console.showsProgress { console.progress("") }
        if console.json {
            console.emit(summary)
            return .success
        }
        console.line(
            "Imported \(Plural.count(summary.inserted, "new expense")) from \(path) "
                + "(\(Plural.count(summary.replaced, "row")) already there).")
        if summary.rejectedCount > 0 {
            console.line("Skipped \(Plural.count(summary.rejectedCount, "row")):")
            for row in summary.rejected {
                console.line("  line \(row.line): " + row.problems.map(\.message).joined(separator: " "))
            }
            if summary.rejectedCount > summary.rejected.count {
                console.line("  and \(summary.rejectedCount - summary.rejected.count) more")
            }
        }
        return .success
    }

    private static func edit(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let id = try invocation.positionals()[0]
        let session = await invocation.context()
        let arguments = invocation.arguments
        let correction = ExpenseCorrection(
            title: arguments.value("title"),
            price: try arguments.value("price").map { text throws(CommandError) in
                try amount(text, option: "price")
            },
            currencyCode: arguments.value("currency"),
            date: try day(arguments.value("date"), option: "date", days: session.factory.days).map {
                session.factory.days.moment(on: $0, atTimeOf: session.factory.environment.now())
            },
            comment: arguments.value("comment"))
        guard !correction.isEmpty else {
            throw invocation.spec.usageError(
                "expense edit needs at least one of --title, --price, --currency, --date, --comment")
        }
        let entry = try await session.run { () throws(CommandError) in
            let corrections = try await session.expenses().corrections
            do throws(ExpenseCorrectionError) {
                return try await corrections.correct(id, with: correction)
            } catch {
                throw .correction(error)
            }
        }
        report("Corrected", entry, in: session)
        return .success
    }

    private static func delete(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let id = try invocation.positionals()[0]
        let session = await invocation.context()
        let entry = try await session.run { () throws(CommandError) in
            let corrections = try await session.expenses().corrections
            do throws(ExpenseCorrectionError) {
                return try await corrections.delete(id)
            } catch {
                throw .correction(error)
            }
        }
        report("Deleted", entry, in: session)
        return .success
    }

    /// Says which expense a command added, corrected or deleted: as JSON with --json, else one line.
    private static func report(_ verb: String, _ entry: ExpenseEntry, in session: CommandContext) {
        if session.console.json {
            session.console.emit(ExpenseJSON(entry, days: session.factory.days))
        } else {
            session.console.line(
                "\(verb) \(entry.title): \(session.factory.formatted(entry.price, currencyCode: entry.currencyCode)) "
                    + "on \(session.factory.days.string(from: entry.date)) (\(entry.id.uuidString.lowercased()))")
        }
    }

    /// The amount `text` spells, or a usage error naming the option.
    static func amount(_ text: String, option: String) throws(CommandError) -> Decimal {
        guard let value = DecimalText.parse(text) else {
            throw .usage("--\(option) '\(text)' is not a number such as 12.50", hint: nil)
        }
        return value
    }

    /// The day `text` names, nil when absent, or a usage error that says what is wrong with it.
    static func day(_ text: String?, option: String, days: DayFormat) throws(CommandError) -> Date? {
        guard let text else { return nil }
        do throws(DayFormat.Problem) {
            return try days.day(from: text)
        } catch {
            throw .usage("--\(option): \(error)", hint: nil)
        }
    }
}

/// An expense as `--json` prints it; the amount is a string so no digit is lost.
struct ExpenseJSON: Encodable {
    let id: String
    let title: String
    let amount: String
    let currency: String
    let date: String
    let comment: String

    init(_ entry: ExpenseEntry, days: DayFormat) {
        id = entry.id.uuidString.lowercased()
        title = entry.title
        amount = "\(entry.price)"
        currency = entry.currencyCode
        date = days.string(from: entry.date)
        comment = entry.comment
    }
}

/// Counts with their noun in the right number: "1 row", "2 rows", "0 rows".
enum Plural {
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
