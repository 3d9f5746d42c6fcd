import CompositionRoot
import Foundation

/// `ledger expense add|list|import|export`.
enum ExpenseCommand {
    static func run(_ words: [String], options: GlobalOptions, console: Console) async throws(CommandError) {
        guard let action = words.first else {
            throw .usage("expense needs an action: add, list, import or export")
        }
        let rest = Array(words.dropFirst())
        let session = CommandContext(options: options, console: console)
        switch action {
        case "add": try await add(rest, session: session)
        case "list": try await list(rest, session: session)
        case "import": try await importFile(rest, session: session)
        case "export": try await export(rest, session: session)
        default: throw .usage("unknown expense action '\(action)'; use add, list, import or export")
        }
    }

    private static func add(_ words: [String], session: CommandContext) async throws(CommandError) {
        let arguments = try Arguments(words, options: ["title", "price", "currency", "date", "comment"])
        _ = try arguments.expectPositionals([], for: "expense add")
        let title = try arguments.required("title", for: "expense add")
        let priceText = try arguments.required("price", for: "expense add")
        guard let price = DecimalText.parse(priceText) else {
            throw .usage("--price '\(priceText)' is not a number such as 12.50", hint: nil)
        }
        let date =
            try day(arguments.value("date"), option: "date", days: session.factory.days)
            ?? session.factory.environment.now()
        let expense = NewExpense(
            title: title, price: price, currencyCode: arguments.value("currency") ?? "EUR", date: date,
            comment: arguments.value("comment") ?? "")
        let entry = try await session.run { () throws(CommandError) in
            let expenses = try await session.expenses()
            do throws(ExpenseInputError) {
                return try await expenses.recorder.add(expense)
            } catch {
                throw .expense(error)
            }
        }
        if session.console.json {
            session.console.emit(ExpenseJSON(entry, days: session.factory.days))
        } else {
            session.console.line(
                "Added \(entry.title): \(session.factory.formatted(entry.price, currencyCode: entry.currencyCode)) on \(session.factory.days.string(from: entry.date)) (\(entry.id.uuidString.lowercased()))"
            )
        }
    }

    private static func list(_ words: [String], session: CommandContext) async throws(CommandError) {
        _ = try Arguments(words).expectPositionals([], for: "expense list")
        let text = try await ReportCommand.report(
            .allTime, format: session.console.json ? .json : .table, session: session)
        session.console.block(text)
    }

    private static func export(_ words: [String], session: CommandContext) async throws(CommandError) {
        _ = try Arguments(words).expectPositionals([], for: "expense export")
        let csv = try await session.run { () throws(CommandError) in
            let exporter = try await session.expenses().exporter
            do throws(StorageError) {
                return try await exporter.exportCSV()
            } catch {
                throw .storage(error)
            }
        }
        session.console.write(csv)
    }

    private static func importFile(_ words: [String], session: CommandContext) async throws(CommandError) {
        let path = try Arguments(words).expectPositionals(["FILE.csv"], for: "expense import")[0]
        let text: String
        do {
            text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        } catch {
            throw CommandError(
                message: "cannot read '\(path)' as UTF-8 text", hint: "Give the path of a CSV file.", status: .usage)
        }
        let console = session.console
        let summary: ImportSummary = try await session.run { () throws(CommandError) in
            let importer = try await session.expenses().importer
            do throws(ExpenseImportError) {
                return try await importer.importCSV(text) { progress in
                    guard console.showsProgress, progress.totalRows >= 1_000 else { return }
                    console.progress("Importing: \(progress.rowsRead) of \(progress.totalRows) rows")
                }
            } catch {
                switch error {
                case .unreadableFile(let problem):
                    throw CommandError(message: "'\(path)' cannot be imported: \(problem.message)", status: .dataError)
                case .storage(let failure, let saved):
                    var described = CommandError.storage(failure)
                    described.details = [
                        "\(saved) rows were saved before the failure; importing again adds no duplicates."
                    ]
                    throw described
                }
            }
        }
        if console.showsProgress { console.progress("") }
        if console.json {
            console.emit(summary)
        } else {
            console.line("Imported \(summary.inserted) new expenses from \(path) (\(summary.replaced) already there).")
            if !summary.rejected.isEmpty {
                console.line("Skipped \(summary.rejected.count) rows:")
                for row in summary.rejected {
                    console.line("  line \(row.line): " + row.problems.map(\.message).joined(separator: " "))
                }
            }
        }
    }

    /// The day `text` names, nil when absent, or a usage error naming the option.
    static func day(_ text: String?, option: String, days: DayFormat) throws(CommandError) -> Date? {
        guard let text else { return nil }
        guard let date = days.date(from: text) else {
            throw .usage("--\(option) '\(text)' is not a day written as YYYY-MM-DD", hint: nil)
        }
        return date
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
