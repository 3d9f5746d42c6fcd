import CompositionRoot
import Foundation

/// Global options, read from anywhere on the command line.
struct GlobalOptions {
    var dataDirectory: URL?
    var apiURL: URL?
    var json = false
    var verbose = false
    var help = false
    var version = false

    /// Takes the global options out of `words`; what remains is the command and its arguments.
    static func extract(from words: [String]) throws(CommandError) -> (GlobalOptions, [String]) {
        var options = GlobalOptions()
        var rest: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            let (name, inline) = split(word)
            switch name {
            case "--data-dir", "--api-url":
                guard let value = inline ?? (index < words.count ? words[index] : nil), !value.isEmpty else {
                    throw .usage("\(name) needs a value")
                }
                if inline == nil { index += 1 }
                if name == "--data-dir" {
                    options.dataDirectory = URL(fileURLWithPath: value, isDirectory: true)
                } else {
                    guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
                        ["http", "https"].contains(scheme), url.host != nil
                    else { throw .usage("--api-url '\(value)' is not an http or https URL") }
                    options.apiURL = url
                }
            case "--json": options.json = true
            case "--verbose": options.verbose = true
            case "-h", "--help": options.help = true
            case "--version": options.version = true
            default: rest.append(word)
            }
        }
        return (options, rest)
    }

    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}

/// Parses the command line and dispatches to a command. Commands only parse, call what the composition root
/// hands out, and print.
enum LedgerCommandLine {
    static let version = "ledger 1.0.0"

    static var usage: String {
        let reports = ReportNames.all.joined(separator: "|")
        return """
            USAGE: ledger <command> [options]

            Keeps expenses and invoices on this machine and talks to the Ledger API.

            EXPENSES
              expense add --title T --price P [--currency C] [--date YYYY-MM-DD] [--comment X]
              expense list                         every expense, newest first
              expense import FILE.csv              columns date,title,amount,currency[,comment]; bad rows are
                                                   reported with their line numbers, good rows are kept
              expense export                       every expense as CSV (what import reads)
              report \(reports)|--from D --to D [--format table|csv|json]

            INVOICES
              invoice new --client NAME --item "description;quantity;unit price" [--item ...]
                          [--currency C] [--due YYYY-MM-DD] [--template standard|compact|creative]
                          [--tax PERCENT] [--notes X] [--out FILE.pdf]
              invoice list | show NUMBER [--out FILE.pdf] | upload NUMBER | duplicate NUMBER [--out FILE.pdf]

            ACCOUNT, LINKS AND HOME
              register EMAIL                       create an account and sign in (needed to upload invoices)
              open URL                             route a deep link: a screen, an outside site, or a rejection
              home                                 the home screen from the API (the saved copy when offline)
              demo [--api-url URL]                 every feature in turn on a fresh data folder, against a
                                                   local API server it starts (unless --api-url is given)

            OPTIONS
              --data-dir DIR      where data lives (default: \(DataDirectory.defaultPath))
              --api-url URL       the Ledger API (default: \(DataDirectory.defaultAPIURL))
              --json              print results as JSON
              --verbose           log HTTP requests and registration steps to standard error
              -h, --help          show this help;  --version  show the version

            EXIT STATUS
              0 done, 64 wrong command line, 65 input not acceptable, 69 API unavailable,
              74 data folder unreadable, 75 kept locally but the upload failed (retry later), 1 other errors

            """
    }

    static func run(_ words: [String]) async -> ExitStatus {
        let options: GlobalOptions
        let rest: [String]
        do throws(CommandError) {
            (options, rest) = try GlobalOptions.extract(from: words)
        } catch {
            Console(json: false).report(error)
            return error.status
        }
        let console = Console(json: options.json)
        if options.version {
            console.line(version)
            return .success
        }
        guard let command = rest.first else {
            if options.help {
                console.line(usage)
                return .success
            }
            FileHandle.standardError.write(Data(usage.utf8))
            return .usage
        }
        if options.help || command == "help" {
            console.line(usage)
            return .success
        }
        let arguments = Array(rest.dropFirst())
        do throws(CommandError) {
            switch command {
            case "expense": try await ExpenseCommand.run(arguments, options: options, console: console)
            case "report": try await ReportCommand.run(arguments, options: options, console: console)
            case "invoice": return try await InvoiceCommand.run(arguments, options: options, console: console)
            case "register": try await RegisterCommand.run(arguments, options: options, console: console)
            case "open": try await OpenCommand.run(arguments, options: options, console: console)
            case "home": try await HomeCommand.run(arguments, options: options, console: console)
            case "demo": return try await DemoCommand.run(arguments, options: options, console: console)
            default:
                throw CommandError.usage(
                    "unknown command '\(command)'", hint: "Run 'ledger --help' to see the commands.")
            }
            return .success
        } catch {
            console.report(error)
            return error.status
        }
    }
}

/// The factory for one run, configured from the global options.
struct CommandContext {
    let factory: LedgerFactory
    let console: Console

    init(options: GlobalOptions, console: Console) {
        let verbose = options.verbose
        self.console = console
        self.factory = LedgerFactory(
            environment: .init(
                dataDirectory: options.dataDirectory ?? DataDirectory.default,
                apiBaseURL: options.apiURL ?? DataDirectory.defaultAPIURL,
                log: { line in
                    if verbose { FileHandle.standardError.write(Data("· \(line)\n".utf8)) }
                }
            ))
    }

    /// The expenses feature, or why the data folder cannot be opened.
    func expenses() async throws(CommandError) -> Expenses {
        do {
            return try await factory.makeExpenses()
        } catch {
            throw .storage(error)
        }
    }

    /// The invoices feature, or why the data folder cannot be opened.
    func invoices() async throws(CommandError) -> Invoices {
        do throws(StorageError) {
            return try await factory.makeInvoices()
        } catch {
            throw .storage(error)
        }
    }

    /// Runs `body` with the factory and closes the data folder's store afterwards, also on failure.
    func run<Result>(_ body: () async throws(CommandError) -> Result) async throws(CommandError) -> Result {
        do {
            let result = try await body()
            await factory.close()
            return result
        } catch {
            await factory.close()
            throw error
        }
    }
}
