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
                    + "Foundation knows, such as de_DE or pl-PL. seller.vat-id is checked against its country's "
                    + "format and check digits and kept without separators ('DE 123 456 788' is kept as "
                    + "DE123456788; a number without its country prefix takes seller.country's). seller.tax-id "
                    + "takes a tax number as before, prefixed or not ('123-456-32-18'); while seller.vat-id is not "
                    + "set, invoices use seller.tax-id as the VAT id when it reads as one with its country prefix. "
                    + "seller.country takes an ISO 3166 two-letter code in any case (kept in upper case); "
                    + "seller.bic a BIC of 8 or 11 characters; seller.email an e-mail address; seller.postcode, "
                    + "seller.city, seller.phone and seller.contact the address and contact an XRechnung needs. "
                    + "invoice.format takes \(InvoiceFormat.accepted); when it is not set, invoices are facturx "
                    + "when seller.country is an EU member state and seller.vat-id (or a prefixed seller.tax-id) or "
                    + "seller.registration is set, and pdf otherwise. invoice.vat-category takes "
                    + "\(InvoiceFormat.vatCategoryList); when it is not set, S. invoice.language takes a language "
                    + "invoices have labels for (\(InvoiceLanguage.builtIn.joined(separator: ", "))); when it is not "
                    + "set, the locale's language when it is one of them, and English otherwise.\nSettings:"
                    + SettingKey.allCases.map { "\n  \($0.rawValue): \($0.summary)" }.joined(),
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
    /// What to give instead, for the settings whose format people look up; the others keep CommandKit's hint
    /// (how to print characters the invoice fonts lack).
    private static let invalidHint: [SettingKey: String] = [
        .sellerVATID:
            "Give the VAT identifier as your VAT registration shows it, with its country prefix, such as "
            + "DE 123 456 788 or FR 40 303 265 045; nothing was changed.",
        .sellerTaxID: "Give the tax number as printed, such as DE123456788 or 123-456-32-18; nothing was changed.",
        .sellerCountry: "Give the ISO 3166 two-letter code of the country, such as DE, PL or FR; nothing was changed.",
        .sellerBIC: "Give your bank's BIC of 8 or 11 characters, such as DEUTDEFF or DEUTDEFF500; nothing was changed.",
        .sellerIBAN: "Give the IBAN as your bank prints it, such as DE89 3704 0044 0532 0130 00; nothing was changed.",
        .sellerEmail: "Give an e-mail address such as billing@example.com; nothing was changed.",
        .sellerPhone: "Give the number with its country code, such as +49 30 1234567; nothing was changed.",
        .sellerPostcode: "Give the post code as it is written in the address, such as 10117; nothing was changed.",
        .invoiceFormat: "Give \(InvoiceFormat.accepted), or unset it for the default; nothing was changed.",
        .invoiceVATCategory: "Give one of S, Z, E, AE, K, G or O, or unset it for S; nothing was changed.",
        .invoiceLanguage: "Give a language code such as de or fr, or unset it for the locale's; nothing was changed.",
        .invoiceNumberPattern:
            "Give a pattern with one counter, such as INV-{yyyy}-{seq:4} or FV/{yyyy}/{mm}/{seq:3}; nothing was changed.",
        .creditNoteNumberPattern: "Give a pattern with one counter, such as CN-{yyyy}-{seq:4}; nothing was changed.",
    ]

    static func settings(_ error: SettingsError) -> CommandError {
        switch error {
        case .unknownKey(let key):
            .usage(
                "there is no setting '\(key)'",
                hint: "Settings: \(SettingKey.allCases.map(\.rawValue).joined(separator: ", ")).")
        case .invalid(let key, let problems):
            .invalid("\(key.rawValue)", problems, hint: invalidHint[key])
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
