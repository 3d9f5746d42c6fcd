import CompositionRoot
import DevServer
import Foundation

/// `ledger demo`: every feature in turn, as a user would type it, on a fresh data folder and a local API server.
enum DemoCommand {
    /// One command of the demo and what it should end with.
    private struct Step {
        let note: String
        let words: [String]
        var expected: ExitStatus = .success
    }

    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["demo"], summary: "every feature in turn on a fresh data folder, against a local API server",
            details: "Starts Scripts/dev-server on a free loopback port unless --api-url is given, and runs each "
                + "command as a user would type it.",
            run: run)
    ]

    private static func run(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        _ = try invocation.positionals()
        let options = invocation.options
        let console = invocation.console
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledger-demo-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandError(message: "cannot create \(folder.path) (\(error))", status: .ioError)
        }
        var server: DevServer?
        let apiURL: URL
        if let given = options.apiURL {
            apiURL = given
        } else {
            do throws(DevServerError) {
                server = try await DevServer.start()
            } catch {
                throw CommandError(
                    message: "the API server could not be started: \(error)",
                    hint: "Run the demo from the repository (it starts Scripts/dev-server with python3), or start an "
                        + "API server and pass --api-url.",
                    status: .unavailable)
            }
            apiURL = server?.baseURL ?? DataDirectory.defaultAPIURL
        }

        console.line("Ledger demo")
        console.line("  data folder: \(folder.path)")
        console.line(
            "  API server:  \(apiURL.absoluteString)"
                + (server == nil ? "" : " (Scripts/dev-server, started for the demo)"))

        let global = ["--data-dir", folder.path, "--api-url", apiURL.absoluteString]
        let days = DayFormat(calendar: .current)
        let today = CommandContext.clock()
        let yesterday = days.string(from: today.addingTimeInterval(-86_400))
        let csv = folder.appendingPathComponent("expenses.csv")
        let pdf = folder.appendingPathComponent("INV-0001.pdf")
        let email = "demo-\(UUID().uuidString.prefix(6).lowercased())@example.com"
        do {
            try """
            date,title,amount,currency,comment
            \(days.string(from: today)),Taxi to the airport,38.20,EUR,client visit
            \(yesterday),Hotel,129.00,EUR,
            2026-13-01,Broken date,10.00,EUR,
            \(yesterday),Free lunch,-5,EUR,
            \(yesterday),Conference ticket,450,USD,early bird

            """.write(to: csv, atomically: true, encoding: .utf8)
        } catch {
            throw CommandError(message: "cannot write \(csv.path) (\(error))", status: .ioError)
        }

        let steps = [
            Step(
                note: "Set up your company once: invoices carry it",
                words: ["config", "set", "seller.name", "Acme Consulting GmbH"]),
            Step(note: "", words: ["config", "set", "seller.address", "Friedrichstraße 1", "10117 Berlin"]),
            Step(note: "", words: ["config", "set", "seller.tax-id", "DE123456789"]),
            Step(note: "", words: ["config", "set", "seller.iban", "DE89 3704 0044 0532 0130 00"]),
            Step(note: "Record expenses", words: ["expense", "add", "--title", "Coffee", "--price", "3.80"]),
            Step(
                note: "",
                words: [
                    "expense", "add", "--title", "Train ticket", "--price", "42.50", "--date", yesterday,
                    "--comment", "to the client",
                ]),
            Step(note: "Import a CSV file with two broken rows", words: ["expense", "import", csv.path]),
            Step(note: "Every expense, newest first", words: ["expense", "list"]),
            Step(note: "This week's report, grouped by day", words: ["report", "week"]),
            Step(note: "This month as CSV", words: ["report", "month", "--format", "csv"]),
            Step(
                note: "A typo is caught before anything is sent", words: ["register", "demo@@example"],
                expected: .dataError),
            Step(note: "Register and sign in", words: ["register", email]),
            Step(
                note: "Validate, render, store and upload an invoice",
                words: [
                    "invoice", "new", "--client", "ACME Corporation", "--item", "Consulting (days);5;650",
                    "--item", "Travel expenses;1;80.70", "--tax", "20", "--template", "creative", "--out", pdf.path,
                ]),
            Step(
                note: "An invoice with problems is refused, with every problem listed",
                words: ["invoice", "new", "--client", " ", "--item", "Nothing;0;-1"], expected: .dataError),
            Step(note: "Duplicate it for next month", words: ["invoice", "duplicate", "INV-0001"]),
            Step(note: "Stored invoices", words: ["invoice", "list"]),
            Step(note: "Deep links: inside the app", words: ["open", "ledger://invoices/INV-0001"]),
            Step(note: "Deep links: a trusted site outside", words: ["open", "https://help.ledger.example/faq"]),
            Step(
                note: "Deep links: hostile ones are rejected with a reason", words: ["open", "javascript:alert(1)"],
                expected: .dataError),
            Step(
                note: "", words: ["open", "https://app.ledger.example@evil.test/invoices/INV-0001"],
                expected: .dataError),
            Step(
                note: "The server-driven home screen (one unknown and one broken section are skipped)", words: ["home"]),
        ]
        var unexpected = 0
        for step in steps {
            unexpected += await run(step, global: global, console: console) ? 0 : 1
        }
        if let server {
            await server.stop()
            console.line("\n# The API server is stopped: the home screen comes from the saved copy")
            unexpected += await run(Step(note: "", words: ["home"]), global: global, console: console) ? 0 : 1
        }
        console.line("")
        console.line("The invoice PDF: \(pdf.path)")
        console.line("The data folder: \(folder.path) (remove it when done)")
        guard unexpected == 0 else {
            console.error("ledger: \(unexpected) demo steps ended differently than expected")
            return .failure
        }
        return .success
    }

    private static func run(_ step: Step, global: [String], console: Console) async -> Bool {
        if !step.note.isEmpty { console.line("\n# \(step.note)") }
        console.line("$ ledger " + step.words.map(quoted).joined(separator: " "))
        let status = await LedgerCommandLine.run(step.words + global)
        if status != step.expected {
            console.error("ledger demo: expected exit status \(step.expected.rawValue), got \(status.rawValue)")
            return false
        }
        return true
    }

    private static func quoted(_ word: String) -> String {
        word.contains(where: { " ;()@&|'".contains($0) }) ? "'\(word)'" : word
    }
}
