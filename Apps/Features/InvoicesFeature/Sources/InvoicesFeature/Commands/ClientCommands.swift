public import CommandKit
import Foundation
import Rendering
public import Storage
import Validation

/// The client directory's commands of `ledger`: `client add|list|show|edit|delete`. An invoice names a client by
/// its key with `ledger invoice new --client KEY`.
public struct ClientCommands: CommandGroup {
    private let clients: @Sendable () async throws(CommandError) -> any ClientDirectoring

    /// The commands on the directory `open` makes when a command first needs it.
    public init(clients open: @escaping @Sendable () async throws(StorageError) -> any ClientDirectoring) {
        clients = { () async throws(CommandError) -> any ClientDirectoring in
            do throws(StorageError) {
                return try await open()
            } catch {
                throw .storage(error)
            }
        }
    }

    /// Every command of the group, in the order help lists them.
    public var commands: [CommandSpec] {
        [add, list, show, edit, delete]
    }

    private static let detailsHelp =
        "The key is what 'ledger invoice new --client KEY' names: 1 to 48 lower-case letters, digits, '.', '_' or "
        + "'-'. The country, VAT identifier (with its check digits), e-mail address and currency are checked as the "
        + "seller's settings are."

    /// The options `add` and `edit` share; `add` requires the name and the country.
    private static func detailOptions(requiring: Bool) -> [OptionSpec] {
        [
            .value("name", "NAME", "the name printed on invoices", required: requiring),
            .value(
                "address", "LINE",
                requiring ? "a line of the street address" : "a line of the street address (replaces every line)",
                repeatable: true),
            .value("postcode", "CODE", "the post code"),
            .value("city", "CITY", "the city"),
            .value("country", "CC", "the country, ISO 3166-1 alpha-2 such as FR", required: requiring),
            .value("vat-id", "ID", "the VAT identifier, such as FR40303265045"),
            .value("email", "ADDRESS", "where invoices are sent (XRechnung's electronic address)"),
            .value("currency", "CODE", "the ISO 4217 code invoices for the client are in by default"),
            .value("terms", "DAYS", "days from issue to due when an invoice names no due day (default 30)"),
            .value(
                "language", "CODE",
                "the language the client's invoices print in, one of \(InvoiceLabels.available.joined(separator: ", "))",
                choices: InvoiceLabels.available),
            .value("buyer-reference", "TEXT", "the reference the client asked for (the Leitweg-ID for XRechnung)"),
        ]
    }

    // MARK: client add and edit

    private var add: CommandSpec {
        CommandSpec(
            path: ["client", "add"], arguments: ["KEY"], summary: "add a client to the directory",
            options: Self.detailOptions(requiring: true), details: Self.detailsHelp
        ) { invocation throws(CommandError) in
            let key = try invocation.positionals()[0]
            var client = ClientRecord(key: key, name: "", countryCode: "")
            try Self.apply(invocation, to: &client)
            let directory = try await clients()
            let saved: ClientRecord
            do throws(ClientError) {
                saved = try await directory.save(client, replacing: false)
            } catch {
                throw .client(error)
            }
            return Self.report("Added", saved, invocation: invocation)
        }
    }

    private var edit: CommandSpec {
        CommandSpec(
            path: ["client", "edit"], arguments: ["KEY"], summary: "change a client's details",
            options: Self.detailOptions(requiring: false),
            details: "Only the options given change; an empty value ('') removes an optional detail. Invoices "
                + "already issued keep the details they were issued with."
        ) { invocation throws(CommandError) in
            let key = try invocation.positionals()[0]
            let directory = try await clients()
            let found: ClientRecord?
            do throws(ClientError) {
                found = try await directory.client(key)
            } catch {
                throw .client(error)
            }
            guard var client = found else { throw .client(.notFound(key.lowercased())) }
            try Self.apply(invocation, to: &client)
            do throws(ClientError) {
                let saved = try await directory.save(client, replacing: true)
                return Self.report("Changed", saved, invocation: invocation)
            } catch {
                throw .client(error)
            }
        }
    }

    /// Copies the options given into `client`; an empty value clears an optional detail.
    private static func apply(_ invocation: Invocation, to client: inout ClientRecord) throws(CommandError) {
        let arguments = invocation.arguments
        func text(_ name: String) -> String?? {
            guard let value = arguments.value(name) else { return .none }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            return .some(trimmed.isEmpty ? nil : trimmed)
        }
        if let name = arguments.value("name") { client.name = name }
        if let country = arguments.value("country") { client.countryCode = country }
        let lines = arguments.all("address")
        if !lines.isEmpty { client.address = lines == [""] ? [] : lines }
        if let value = text("postcode") { client.postcode = value }
        if let value = text("city") { client.city = value }
        if let value = text("vat-id") { client.vatID = value }
        if let value = text("email") { client.email = value }
        if let value = text("currency") { client.currency = value }
        if let value = text("language") {
            // Checked here, not by the directory, so a client kept before the check still saves other changes.
            if let value, InvoiceLanguages.code(value) == nil {
                throw .invalid(
                    "the client",
                    [
                        ValidationProblem(
                            code: languageCode, path: "language",
                            message: "An invoice language is one of "
                                + "\(InvoiceLabels.available.joined(separator: ", ")).")
                    ], field: { _ in "--language" })
            }
            client.language = value.flatMap(InvoiceLanguages.code)
        }
        if let value = text("buyer-reference") { client.buyerReference = value }
        if let value = text("terms") {
            guard let value else {
                client.paymentTermsDays = nil
                return
            }
            guard let days = Int(value), (0...3_650).contains(days) else {
                throw invocation.command.usageError("--terms '\(value)' is not a number of days from 0 to 3650")
            }
            client.paymentTermsDays = days
        }
    }

    /// A client's `--language` names no language invoices have words for.
    static let languageCode = ValidationCode(rawValue: "client.languageUnknown")

    private static func report(_ verb: String, _ client: ClientRecord, invocation: Invocation) -> ExitStatus {
        let console = invocation.console
        if console.json {
            console.emit(client)
        } else {
            console.line("\(verb) client \(client.key): \(TerminalText.singleLine(client.name)).")
        }
        return .success
    }

    // MARK: client list, show and delete

    private var list: CommandSpec {
        CommandSpec(path: ["client", "list"], summary: "every client in the directory") {
            invocation throws(CommandError) in
            _ = try invocation.positionals()
            let directory = try await clients()
            let all: [ClientRecord]
            do throws(ClientError) {
                all = try await directory.list()
            } catch {
                throw .client(error)
            }
            let console = invocation.console
            if console.json {
                console.emit(all)
                return .success
            }
            guard !all.isEmpty else {
                console.line("No clients yet. Add one with 'ledger client add KEY --name NAME --country CC'.")
                return .success
            }
            var table = TextTable([.left, .left, .left, .left])
            for client in all {
                table.append([
                    client.key, TerminalText.singleLine(client.name), client.countryCode,
                    client.vatID ?? "",
                ])
            }
            for line in table.lines { console.line(line) }
            return .success
        }
    }

    private var show: CommandSpec {
        CommandSpec(path: ["client", "show"], arguments: ["KEY"], summary: "one client's details") {
            invocation throws(CommandError) in
            let key = try invocation.positionals()[0]
            let directory = try await clients()
            let found: ClientRecord?
            do throws(ClientError) {
                found = try await directory.client(key)
            } catch {
                throw .client(error)
            }
            guard let client = found else { throw .client(.notFound(key.lowercased())) }
            let console = invocation.console
            if console.json {
                console.emit(client)
                return .success
            }
            let single = TerminalText.singleLine
            console.line("\(client.key): \(single(client.name))")
            for line in client.address { console.line("  \(single(line))") }
            let place = [client.postcode, client.city].compactMap { $0 }.map(single).joined(separator: " ")
            console.line("  " + (place.isEmpty ? client.countryCode : "\(place), \(client.countryCode)"))
            let details: [(String, String?)] = [
                ("VAT id", client.vatID), ("E-mail", client.email.map(single)), ("Currency", client.currency),
                ("Terms", client.paymentTermsDays.map { "\($0) days" }), ("Language", client.language.map(single)),
                ("Buyer reference", client.buyerReference.map(single)),
            ]
            for (label, value) in details {
                if let value { console.line("  \(label): \(value)") }
            }
            return .success
        }
    }

    private var delete: CommandSpec {
        CommandSpec(
            path: ["client", "delete"], arguments: ["KEY"], summary: "remove a client no invoice names",
            details: "Refused (exit status 65) while a stored invoice was issued to the client or a saved draft "
                + "bills it."
        ) { invocation throws(CommandError) in
            let key = try invocation.positionals()[0]
            let directory = try await clients()
            do throws(ClientError) {
                try await directory.delete(key)
            } catch {
                throw .client(error)
            }
            invocation.console.line("Deleted client \(key.lowercased()).")
            return .success
        }
    }
}

extension CommandError {
    /// The client directory's errors said for people: what happened, what to do, and the exit status.
    static func client(_ error: ClientError) -> CommandError {
        switch error {
        case .invalidKey:
            .usage(TerminalText.safe("\(error)"), hint: "Such as 'acme' or 'acme-gmbh'.")
        case .invalid(let problems):
            .invalid("the client", problems)
        case .notFound:
            CommandError(
                message: TerminalText.safe("\(error)"), hint: "Run 'ledger client list' to see the clients.",
                status: .dataError)
        case .alreadyExists(let key):
            CommandError(
                message: "\(error)", hint: "Change it with 'ledger client edit \(key)', or choose another key.",
                status: .dataError)
        case .inUse:
            CommandError(
                message: "\(error)",
                hint: "Issued invoices keep their client; the entry stays while they name it.", status: .dataError)
        case .inUseByDrafts(_, let drafts):
            CommandError(
                message: "\(error)",
                hint: "Delete \(drafts.count == 1 ? "it" : "each") with 'ledger invoice delete \(drafts[0])', or bill "
                    + "another client with 'ledger invoice edit \(drafts[0]) --client KEY|NAME'.",
                status: .dataError)
        case .storage(let failure):
            .storage(failure)
        }
    }
}
