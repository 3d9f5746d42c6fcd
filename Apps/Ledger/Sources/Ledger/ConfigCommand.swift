import CompositionRoot
import Foundation

/// `ledger config list|get|set|unset`: the user's settings, kept in the data folder and used by every command.
enum ConfigCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["config", "list"], summary: "every setting with its value",
            details: "Settings: " + SettingKey.allCases.map { "\n  \($0.rawValue): \($0.summary)" }.joined(), run: list),
        CommandSpec(
            path: ["config", "get"], arguments: ["KEY"], summary: "one setting's value",
            argumentChoices: [SettingKey.allCases.map(\.rawValue)], run: get),
        CommandSpec(
            path: ["config", "set"], arguments: ["KEY", "VALUE", "MORE?"], summary: "change a setting",
            details: "seller.address takes one value per address line (ledger config set seller.address "
                + "'1 Main Street' '10115 Berlin'); every other setting takes one value. Values are validated "
                + "before they are kept.",
            argumentChoices: [SettingKey.allCases.map(\.rawValue)], run: set),
        CommandSpec(
            path: ["config", "unset"], arguments: ["KEY"], summary: "remove an optional setting (its default applies)",
            argumentChoices: [SettingKey.allCases.filter(\.isOptional).map(\.rawValue)], run: unset),
    ]

    private static func list(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        _ = try invocation.positionals()
        let session = await invocation.context()
        let settings = try await session.run { () throws(CommandError) in try await current(session) }
        print(settings, keys: SettingKey.allCases, console: session.console)
        return .success
    }

    private static func get(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let key = try settingKey(try invocation.positionals()[0])
        let session = await invocation.context()
        let settings = try await session.run { () throws(CommandError) in try await current(session) }
        if session.console.json {
            print(settings, keys: [key], console: session.console)
        } else {
            for value in settings.values(of: key) { session.console.line(value) }
        }
        return .success
    }

    private static func set(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let words = invocation.arguments.positionals
        guard let first = words.first else { throw .usage("config set needs KEY and VALUE") }
        let key = try settingKey(first)
        var values = Array(words.dropFirst())
        if key == .invoiceFallbackFont {
            // Kept absolute, so the font is found from whatever folder a later command runs in.
            values = values.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? $0 : absolutePath($0) }
        }
        let session = await invocation.context()
        let settings = try await session.run { () throws(CommandError) in
            let store = try await session.settings()
            do throws(SettingsError) {
                return try await store.set(key, to: values)
            } catch {
                throw .settings(error)
            }
        }
        print(settings, keys: [key], console: session.console)
        return .success
    }

    private static func unset(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        let key = try settingKey(try invocation.positionals()[0])
        let session = await invocation.context()
        let settings = try await session.run { () throws(CommandError) in
            let store = try await session.settings()
            do throws(SettingsError) {
                return try await store.unset(key)
            } catch {
                throw .settings(error)
            }
        }
        print(settings, keys: [key], console: session.console)
        return .success
    }

    /// `path` resolved against the current folder.
    private static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func settingKey(_ text: String) throws(CommandError) -> SettingKey {
        guard let key = SettingKey(rawValue: text.lowercased()) else { throw .settings(.unknownKey(text)) }
        return key
    }

    private static func current(_ session: CommandContext) async throws(CommandError) -> LedgerSettings {
        let store = try await session.settings()
        do throws(SettingsError) {
            return try await store.current()
        } catch {
            throw .settings(error)
        }
    }

    /// `key = value` lines (several lines for the address), or a JSON object of the keys.
    private static func print(_ settings: LedgerSettings, keys: [SettingKey], console: Console) {
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
