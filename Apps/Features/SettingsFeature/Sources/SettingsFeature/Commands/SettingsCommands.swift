public import CommandKit
import Foundation
public import Storage

/// The settings commands of `ledger`: `config list|get|set|unset`, the user's settings kept in the data folder and
/// used by every command; and the settings' part of the demo (the user's company, which invoices carry).
public struct SettingsCommands: CommandGroup {
    private let settings: @Sendable () async throws(CommandError) -> any SettingsStore

    /// The commands on the store `open` makes when a command first needs it.
    public init(settings open: @escaping @Sendable () async throws(StorageError) -> any SettingsStore) {
        settings = { () async throws(CommandError) -> any SettingsStore in
            do throws(StorageError) {
                return try await open()
            } catch {
                throw .storage(error)
            }
        }
    }

    /// Every command of the group, in the order help lists them.
    public var commands: [CommandSpec] {
        [
            CommandSpec(
                path: ["config", "list"], summary: "every setting with its value",
                details: "Settings: " + SettingKey.allCases.map { "\n  \($0.rawValue): \($0.summary)" }.joined()
            ) { invocation throws(CommandError) in
                _ = try invocation.positionals()
                print(try await current(), keys: SettingKey.allCases, console: invocation.console)
                return .success
            },
            CommandSpec(
                path: ["config", "get"], arguments: ["KEY"], summary: "one setting's value",
                argumentChoices: [SettingKey.allCases.map(\.rawValue)]
            ) { invocation throws(CommandError) in
                let key = try Self.key(try invocation.positionals()[0])
                let settings = try await current()
                if invocation.console.json {
                    print(settings, keys: [key], console: invocation.console)
                } else {
                    for value in settings.values(of: key) { invocation.console.line(value) }
                }
                return .success
            },
            CommandSpec(
                path: ["config", "set"], arguments: ["KEY", "VALUE", "MORE?"], summary: "change a setting",
                details: "seller.address takes one value per address line (ledger config set seller.address "
                    + "'1 Main Street' '10115 Berlin'); every other setting takes one value. Values are validated "
                    + "before they are kept: week.first-day takes \(WeekdayText.accepted); locale takes a locale "
                    + "Foundation knows, such as de_DE or pl-PL.",
                argumentChoices: [SettingKey.allCases.map(\.rawValue)]
            ) { invocation throws(CommandError) in
                let words = invocation.arguments.positionals
                guard let first = words.first else { throw .usage("config set needs KEY and VALUE") }
                let key = try Self.key(first)
                var values = Array(words.dropFirst())
                if key == .invoiceFallbackFont {
                    // Kept absolute, so the font is found from whatever folder a later command runs in.
                    values = values.map {
                        $0.trimmingCharacters(in: .whitespaces).isEmpty
                            ? $0 : URL(fileURLWithPath: $0).standardizedFileURL.path
                    }
                }
                let store = try await settings()
                do throws(SettingsError) {
                    print(try await store.set(key, to: values), keys: [key], console: invocation.console)
                } catch {
                    throw .settings(error)
                }
                return .success
            },
            CommandSpec(
                path: ["config", "unset"], arguments: ["KEY"],
                summary: "remove an optional setting (its default applies)",
                argumentChoices: [SettingKey.allCases.filter(\.isOptional).map(\.rawValue)]
            ) { invocation throws(CommandError) in
                let key = try Self.key(try invocation.positionals()[0])
                let store = try await settings()
                do throws(SettingsError) {
                    print(try await store.unset(key), keys: [key], console: invocation.console)
                } catch {
                    throw .settings(error)
                }
                return .success
            },
        ]
    }

    /// The user's company, set once: every invoice carries it.
    public var demo: DemoSection? {
        DemoSection(
            title: "Settings", setsUp: true,
            steps: [
                DemoStep(
                    "Set up your company once: invoices carry it",
                    ["config", "set", "seller.name", "Acme Consulting GmbH"]),
                DemoStep("", ["config", "set", "seller.address", "Friedrichstraße 1", "10117 Berlin"]),
                DemoStep("", ["config", "set", "seller.tax-id", "DE123456789"]),
                DemoStep("", ["config", "set", "seller.iban", "DE89 3704 0044 0532 0130 00"]),
            ])
    }

    private static func key(_ text: String) throws(CommandError) -> SettingKey {
        guard let key = SettingKey(rawValue: text.lowercased()) else { throw .settings(.unknownKey(text)) }
        return key
    }

    private func current() async throws(CommandError) -> LedgerSettings {
        let store = try await settings()
        do throws(SettingsError) {
            return try await store.current()
        } catch {
            throw .settings(error)
        }
    }

    /// `key = value` lines (several lines for the address), or a JSON object of the keys.
    private func print(_ settings: LedgerSettings, keys: [SettingKey], console: Console) {
        if console.json {
            var object: [String: [String]] = [:]
            for key in keys { object[key.rawValue] = settings.values(of: key) }
            console.emit(object)
            return
        }
        var table = TextTable([.left, .left])
        for key in keys {
            let values = settings.values(of: key)
            if values.isEmpty { table.append([key.rawValue, "(not set)"]) }
            for (index, value) in values.enumerated() { table.append([index == 0 ? key.rawValue : "", value]) }
        }
        for line in table.lines { console.line(line) }
    }
}

extension CommandError {
    static func settings(_ error: SettingsError) -> CommandError {
        switch error {
        case .unknownKey(let key):
            .usage(
                "there is no setting '\(key)'",
                hint: "Settings: \(SettingKey.allCases.map(\.rawValue).joined(separator: ", ")).")
        case .invalid(let key, let problems):
            .invalid("\(key.rawValue)", problems)
        case .wrongNumberOfValues, .required:
            .usage(error.description, hint: "Run 'ledger help config set'.")
        case .unreadable:
            CommandError(
                message: error.description,
                hint: "Set each setting again with 'ledger config set', or restore the data folder from a backup.",
                status: .ioError)
        case .storage(let failure):
            .storage(failure)
        case .unusableFont:
            CommandError(
                message: error.description,
                hint: "Give the path of a TrueType font file, such as DroidSansFallbackFull.ttf from the "
                    + "fonts-droid-fallback package; nothing was changed.",
                status: .dataError)
        case .unknownLocale:
            CommandError(
                message: error.description,
                hint: "Give a language and region, such as de_DE, en_GB or pl_PL ('-' or '_' between them); "
                    + "nothing was changed.",
                status: .dataError)
        }
    }
}
