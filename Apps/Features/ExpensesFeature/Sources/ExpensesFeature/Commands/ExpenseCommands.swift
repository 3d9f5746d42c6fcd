public import CommandKit
import Essentials
import Foundation
public import Storage
import Validation

/// The expense and report commands of `ledger`: `expense add|list|import|export|edit|delete` and `report`, the
/// screens their links open (`ledger://expenses`, `ledger://expenses/new`, `ledger://reports/<period>`), and the
/// expenses' part of the demo.
public struct ExpenseCommands: CommandGroup {
    private let expenses: @Sendable () async throws(CommandError) -> Expenses

    /// The commands on the expenses `open` makes when a command first needs them (the composition root opens the
    /// data folder's store there).
    public init(expenses open: @escaping @Sendable () async throws(StorageError) -> Expenses) {
        expenses = { () async throws(CommandError) -> Expenses in
            do throws(StorageError) {
                return try await open()
            } catch {
                throw .storage(error)
            }
        }
    }

    /// Every command of the group, in the order help lists them.
    public var commands: [CommandSpec] {
        [add, list, importFile, export, edit, delete, report]
    }

    /// The screens the expense links open.
    public var screens: [LinkScreen] {
        [
            LinkScreen(name: "expenses", path: "expenses") { _, invocation throws(CommandError) in
                try await printReport(.allTime, invocation: invocation)
            },
            LinkScreen(name: "new-expense", path: "expenses/new") { _, invocation throws(CommandError) in
                invocation.console.line(
                    "New expense: ledger expense add --title TEXT --price AMOUNT [--date YYYY-MM-DD]")
                return .success
            },
            LinkScreen(
                name: "report", path: "reports",
                value: LinkValue(
                    placeholder: "PERIOD", choices: ReportPeriod.all.map(\.name),
                    canonical: { ReportPeriod.named($0)?.name })
            ) { value, invocation throws(CommandError) in
                guard let period = value.flatMap(ReportPeriod.named) else {
                    throw CommandError(message: "the link names no report period", status: .dataError)
                }
                return try await printReport(period, invocation: invocation)
            },
        ]
    }

    // MARK: expense add

    private var add: CommandSpec {
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
            ] + Self.labelOptions,
            details: "An expense dated by --date keeps the time of day it was recorded, so the expenses of one day "
                + "list in the order they were recorded."
        ) { invocation throws(CommandError) in
            _ = try invocation.positionals()
            let expenses = try await expenses()
            let display = expenses.display
            let arguments = invocation.arguments
            let price = try display.amount(invocation.value("price"), option: "price")
            let now = display.now()
            let date = try display.day(arguments.value("date"), option: "date").map {
                display.days.moment(on: $0, atTimeOf: now)
            }
            var expense = NewExpense(
                title: invocation.value("title"), price: price,
                currencyCode: arguments.value("currency") ?? display.defaultCurrency, date: date ?? now,
                comment: arguments.value("comment") ?? "", allowsFuture: arguments.has("allow-future"))
            (expense.category, expense.tags) = try Self.labels(invocation)
            let entry: ExpenseEntry
            do throws(ExpenseInputError) {
                entry = try await expenses.recorder.add(expense)
            } catch {
                throw .expense(error)
            }
            Self.say("Added", entry, display: display, console: invocation.console)
            return .success
        }
    }

    // MARK: expense list and report

    private var list: CommandSpec {
        CommandSpec(
            path: ["expense", "list"], summary: "every expense, newest first (with --json: the report schema)",
            options: Self.listOptions, details: Self.listDetails
        ) { invocation throws(CommandError) in
            _ = try invocation.positionals()
            let (period, options) = try Self.listRequest(invocation, display: try await expenses().display)
            return try await printReport(period, options: options, invocation: invocation)
        }
    }

    private var report: CommandSpec {
        let periods = ReportPeriod.all.map(\.name)
        let listed = periods.dropLast().joined(separator: ", ") + " or " + (periods.last ?? "")
        return CommandSpec(
            path: ["report"], arguments: ["PERIOD?", "WHEN?"],
            summary: "expenses of a period (\(listed)), or of --from D --to D",
            options: [
                .value("from", "YYYY-MM-DD", "the first day of a custom period"),
                .value("to", "YYYY-MM-DD", "the last day of a custom period"),
                .value(
                    "format", "FORMAT", "table (default), csv or json", choices: ReportFormat.allCases.map(\.rawValue)),
            ] + Self.reportPeriodOptions,
            details: "PERIOD is \(listed) (\(ReportPeriod.all.flatMap(\.aliases).joined(separator: ", ")) are read "
                + "too), as in the app's links: 'ledger link report week' prints ledger://reports/week. "
                + Self.reportPeriodDetails,
            argumentChoices: [periods]
        ) { invocation throws(CommandError) in
            let positionals = try invocation.positionals()
            let arguments = invocation.arguments
            let period: ReportPeriod
            switch (positionals.first, arguments.value("from"), arguments.value("to")) {
            case (let name?, nil, nil):
                guard let named = ReportPeriod.named(name) else {
                    throw invocation.command.usageError(
                        "unknown report period '\(name)'; use \(listed), or --from D --to D")
                }
                period = try await Self.pastPeriod(
                    named, when: positionals.dropFirst().first, invocation: invocation, expenses: expenses)
            case (nil, let from?, let to?):
                let days = try await expenses().display
                guard let start = try days.day(from, option: "from"), let last = try days.day(to, option: "to"),
                    let end = days.days.endOfDay(from: to)
                else { throw invocation.command.usageError("report needs --from and --to as YYYY-MM-DD") }
                guard start <= last else { throw invocation.command.usageError("--from \(from) is after --to \(to)") }
                period = .custom(start...end)
            case (let name?, _, _):
                throw invocation.command.usageError(
                    "report takes a period or --from and --to, not both: '\(name)' was given with "
                        + ["from", "to"].filter { arguments.value($0) != nil }.map { "--\($0)" }
                        .joined(separator: " and "))
            case (nil, _?, nil): throw invocation.command.usageError("report --from needs --to as well")
            case (nil, nil, _?): throw invocation.command.usageError("report --to needs --from as well")
            case (nil, nil, nil):
                throw invocation.command.usageError("report needs a period (\(listed)) or --from and --to")
            }
            return try await printReport(
                period, format: arguments.value("format"), options: try Self.reportOptions(invocation),
                invocation: invocation)
        }
    }

    /// Prints the report of `period` in `--format` (table unless `--json`).
    private func printReport(
        _ period: ReportPeriod, format name: String? = nil, options: ReportOptions = ReportOptions(),
        invocation: Invocation
    ) async throws(CommandError) -> ExitStatus {
        let console = invocation.console
        let formatName = name ?? (console.json ? "json" : "table")
        guard let format = ReportFormat(rawValue: formatName) else {
            throw invocation.command.usageError("--format '\(formatName)' is not one of table, csv, json")
        }
        let reports = try await expenses().reports
        do throws(StorageError) {
            console.block(try await reports.report(period, format: format, options: options))
        } catch {
            throw .storage(error)
        }
        return .success
    }

    // MARK: expense import and export

    private var importFile: CommandSpec {
        CommandSpec(
            path: ["expense", "import"], arguments: ["FILE.csv"],
            summary: "import the app's CSV or a bank's export (detects its separator, dates, decimals, encoding)",
            options: [
                .value(
                    "columns", "FIELD=HEADING,...",
                    "headings the built-in list does not know: date, title, amount, debit, credit, direction, "
                        + "currency, comment"),
                .value("profile", "NAME", "saves --columns and the other format options under NAME, or reads them"),
                .value("encoding", "NAME", "utf-8, windows-1250, windows-1252 or iso-8859-2 (default: detected)"),
                .value(
                    "date-format", "FORMAT",
                    BankDateFormat.allCases.map(\.rawValue).joined(separator: ", ") + " (default: detected)"),
                .value("decimal-mark", "MARK", "'.' or ',' (default: detected)"),
                .value("currency", "CODE", "the currency of a file without a currency column (default: configured)"),
                .flag("credits", "import credits (money received) too; they are skipped by default"),
            ],
            details: "Good rows are kept and bad rows are reported with their line numbers. Importing the same file "
                + "again adds nothing. A bank export is read as it is: the separator, the account lines before the "
                + "header, the columns (common headings in English, German, French, Polish, Spanish and Dutch), "
                + "the date format, the decimal mark and the encoding are detected; debits become expenses. A file "
                + "that reads two ways is refused, naming a line and both readings."
        ) { invocation throws(CommandError) in
            let path = try invocation.positionals()[0]
            let file = URL(fileURLWithPath: path)
            do throws(FileReadProblem) {
                _ = try FileReadProblem.sample(of: file, count: 1)
            } catch {
                throw CommandError(
                    message: "cannot read '\(path)': \(error)", hint: "Give the path of a CSV file.", status: .usage)
            }
            let expenses = try await expenses()
            let options = try await Self.importOptions(invocation, expenses: expenses)
            let console = invocation.console
            let importer = expenses.importer
            let summary: ImportSummary
            do throws(ExpenseImportError) {
                summary = try await importer.importCSV(from: file, options: options) { progress in
                    guard console.showsProgress, let total = progress.totalBytes, total >= 1 << 20 else { return }
                    console.progress(
                        "Importing: \(progress.rowsRead) rows, \(progress.bytesRead * 100 / max(total, 1))%")
                }
            } catch {
                throw .importing(error, path: path)
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
            if summary.skippedCredits > 0 {
                console.line(
                    "Left out \(Plural.count(summary.skippedCredits, "credit")) (money received); "
                        + "--credits imports them.")
            }
            return .success
        }
    }

    /// The import options of the command line, over those of `--profile` (saved when `--columns` is given with
    /// it), with the configured currency for files that name none.
    private static func importOptions(
        _ invocation: Invocation, expenses: Expenses
    ) async throws(CommandError) -> ExpenseImportOptions {
        let arguments = invocation.arguments
        var options = ExpenseImportOptions(defaultCurrency: expenses.display.defaultCurrency)
        let profileName = arguments.value("profile")
        var saved: ImportProfile?
        if let profileName {
            guard ImportProfile.isValidName(profileName) else {
                throw invocation.command.usageError(
                    "--profile '\(profileName)' is not a name of letters, digits, '-' and '_'")
            }
            guard let profiles = expenses.profiles else {
                throw CommandError(
                    message: "import profiles cannot be kept here", hint: "Give the options without --profile.",
                    status: .unavailable)
            }
            do throws(StorageError) {
                saved = try await profiles.profile(named: profileName)
            } catch {
                throw .storage(error)
            }
            if saved == nil, arguments.value("columns") == nil {
                throw CommandError(
                    message: "there is no import profile '\(profileName)'",
                    hint: "Save one with --columns date=HEADING,title=HEADING,amount=HEADING --profile \(profileName).",
                    status: .usage)
            }
        }
        if let saved {
            options.columns = saved.columns
            options.encoding = saved.encoding
            options.dateFormat = saved.dateFormat
            options.decimalMark = saved.decimalMark
            options.currency = saved.currency
        }
        if let text = arguments.value("columns") {
            options.columns = try columns(text, invocation: invocation)
        }
        if let name = arguments.value("encoding") {
            guard let encoding = CSVTextEncoding.named(name) else {
                throw invocation.command.usageError(
                    "--encoding '\(name)' is not one of "
                        + CSVTextEncoding.allCases.map(\.rawValue).joined(separator: ", "))
            }
            options.encoding = encoding
        }
        if let name = arguments.value("date-format") {
            guard let format = BankDateFormat.named(name) else {
                throw invocation.command.usageError(
                    "--date-format '\(name)' is not one of "
                        + BankDateFormat.allCases.map(\.rawValue).joined(separator: ", "))
            }
            options.dateFormat = format
        }
        if let name = arguments.value("decimal-mark") {
            guard let mark = DecimalMark.named(name) else {
                throw invocation.command.usageError("--decimal-mark '\(name)' is not '.' or ','")
            }
            options.decimalMark = mark
        }
        if let code = arguments.value("currency") { options.currency = code.uppercased() }
        options.importsCredits = arguments.has("credits")
        if let profileName, let profiles = expenses.profiles, arguments.value("columns") != nil {
            let profile = ImportProfile(
                name: profileName, columns: options.columns, encoding: options.encoding,
                dateFormat: options.dateFormat, decimalMark: options.decimalMark, currency: options.currency)
            do throws(StorageError) {
                try await profiles.save(profile)
            } catch {
                throw .storage(error)
            }
        }
        return options
    }

    /// `date=Buchungstag,title=Verwendungszweck,amount=Betrag` as fields and headings.
    private static func columns(
        _ text: String, invocation: Invocation
    ) throws(CommandError) -> [ImportField: String] {
        var columns: [ImportField: String] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let field = ImportField(rawValue: parts[0].lowercased()), !parts[1].isEmpty else {
                throw invocation.command.usageError(
                    "--columns '\(pair)' is not FIELD=HEADING with FIELD one of "
                        + ImportField.allCases.map(\.rawValue).joined(separator: ", "))
            }
            columns[field] = parts[1]
        }
        return columns
    }

    private var export: CommandSpec {
        CommandSpec(path: ["expense", "export"], summary: "every expense as CSV, which 'expense import' reads back") {
            invocation throws(CommandError) in
            _ = try invocation.positionals()
            let exporter = try await expenses().exporter
            do throws(StorageError) {
                invocation.console.write(try await exporter.exportCSV())
            } catch {
                throw .storage(error)
            }
            return .success
        }
    }

    // MARK: expense edit and delete

    private var edit: CommandSpec {
        CommandSpec(
            path: ["expense", "edit"], arguments: ["ID"], summary: "correct a recorded expense",
            options: [
                .value("title", "TEXT", "a new title"), .value("price", "AMOUNT", "a new amount"),
                .value("currency", "CODE", "a new currency"), .value("date", "YYYY-MM-DD", "a new day"),
                .value("comment", "TEXT", "a new comment"),
            ] + Self.editLabelOptions,
            details: "ID is the expense's id or any start of it that names one expense (at least 8 characters), "
                + "such as the short id 'expense list' prints."
        ) { invocation throws(CommandError) in
            let id = try invocation.positionals()[0]
            let expenses = try await expenses()
            let display = expenses.display
            let arguments = invocation.arguments
            var correction = ExpenseCorrection(
                title: arguments.value("title"),
                price: try arguments.value("price").map { text throws(CommandError) in
                    try display.amount(text, option: "price")
                },
                currencyCode: arguments.value("currency"),
                date: try display.day(arguments.value("date"), option: "date").map {
                    display.days.moment(on: $0, atTimeOf: display.now())
                },
                comment: arguments.value("comment"))
            try Self.addLabelChanges(invocation, to: &correction)
            guard !correction.isEmpty else {
                throw invocation.command.usageError(
                    "expense edit needs at least one of --title, --price, --currency, --date, --comment, "
                        + "--category, --no-category, --tag, --untag")
            }
            let entry: ExpenseEntry
            do throws(ExpenseCorrectionError) {
                entry = try await expenses.corrections.correct(id, with: correction)
            } catch {
                throw .correction(error, days: display.days)
            }
            Self.say("Corrected", entry, display: display, console: invocation.console)
            return .success
        }
    }

    private var delete: CommandSpec {
        CommandSpec(
            path: ["expense", "delete"], arguments: ["ID"], summary: "delete a recorded expense",
            details: "ID is the expense's id or any start of it that names one expense (at least 8 characters), "
                + "such as the short id 'expense list' prints."
        ) { invocation throws(CommandError) in
            let id = try invocation.positionals()[0]
            let expenses = try await expenses()
            let entry: ExpenseEntry
            do throws(ExpenseCorrectionError) {
                entry = try await expenses.corrections.delete(id)
            } catch {
                throw .correction(error, days: expenses.display.days)
            }
            Self.say("Deleted", entry, display: expenses.display, console: invocation.console)
            return .success
        }
    }

    /// Says which expense a command added, corrected or deleted: as JSON with --json, else one line.
    private static func say(_ verb: String, _ entry: ExpenseEntry, display: DisplayContext, console: Console) {
        if console.json {
            console.emit(ExpenseJSON(entry, days: display.days))
        } else {
            console.line(
                "\(verb) \(entry.title): \(display.money(entry.price, entry.currencyCode)) "
                    + "on \(display.days.string(from: entry.date)) (\(entry.id.uuidString.lowercased()))")
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
    /// `null` when there is none: every object has every key.
    let category: String?
    let tags: [String]

    init(_ entry: ExpenseEntry, days: DayFormat) {
        id = entry.id.uuidString.lowercased()
        title = entry.title
        amount = "\(entry.price)"
        currency = entry.currencyCode
        date = days.string(from: entry.date)
        comment = entry.comment
        category = entry.category
        tags = entry.tags
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, amount, currency, date, comment, category, tags
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(amount, forKey: .amount)
        try container.encode(currency, forKey: .currency)
        try container.encode(date, forKey: .date)
        try container.encode(comment, forKey: .comment)
        try container.encode(category, forKey: .category)
        try container.encode(tags, forKey: .tags)
    }
}
