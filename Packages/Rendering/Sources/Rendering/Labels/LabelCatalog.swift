import Essentials
import Foundation

/// One checked catalog: the labels (English where the file has no text) and which labels the file lacked.
struct LabelCatalog: Sendable {
    let labels: InvoiceLabels
    let missing: [InvoiceLabel]

    init(labels: InvoiceLabels, missing: [InvoiceLabel]) {
        self.labels = labels
        self.missing = missing
    }

    /// Checks the bytes of a catalog file: size, JSON shape, known keys, one line of drawable-length text, and the
    /// placeholders of each label.
    init(json: Data, language: String, fallback: InvoiceLabels = .english) throws(InvoiceLabelsError) {
        guard json.count <= LabelCatalogLimits.maximumFileBytes else {
            throw .catalogTooLarge(language: language, bytes: json.count)
        }
        guard let entries = try? JSONDecoder().decode([String: String].self, from: json) else {
            throw .malformedCatalog(language: language)
        }
        var table: [InvoiceLabel: String] = [:]
        for key in entries.keys.sorted() {
            guard let label = InvoiceLabel(rawValue: key), let text = entries[key] else {
                throw .unknownKey(language: language, key: key)
            }
            try Self.check(text, of: label, language: language)
            table[label] = text
        }
        labels = InvoiceLabels(table, fallback: fallback)
        missing = InvoiceLabel.allCases.filter { table[$0] == nil }
    }

    private static func check(_ text: String, of label: InvoiceLabel, language: String) throws(InvoiceLabelsError) {
        guard text.utf8.count <= LabelCatalogLimits.maximumLabelBytes else {
            throw .labelTooLong(language: language, label: label)
        }
        guard text.unicodeScalars.allSatisfy({ !isControl($0) }) else {
            throw .controlCharacters(language: language, label: label)
        }
        guard !text.allSatisfy(\.isWhitespace) else { throw .emptyLabel(language: language, label: label) }
        let found = placeholders(in: text)
        let needed = label.placeholders
        let missing = needed.filter { !found.contains($0) }
        let extra = found.filter { !needed.contains($0) }
        guard missing.isEmpty && extra.isEmpty else {
            throw .placeholderMismatch(language: language, label: label, missing: missing, extra: extra)
        }
    }

    /// Control characters, line and paragraph separators, and the marks and overrides of bidirectional text.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The `{name}` tokens of `text` (ASCII letters between braces), in order, each once.
    static func placeholders(in text: String) -> [String] {
        var found: [String] = []
        var current: String?
        for character in text {
            if character == "{" {
                current = "{"
            } else if var token = current {
                if character == "}" {
                    token.append("}")
                    if token.count > 2 && !found.contains(token) { found.append(token) }
                    current = nil
                } else if character.isASCII && character.isLetter {
                    token.append(character)
                    current = token
                } else {
                    current = nil
                }
            }
        }
        return found
    }
}

/// The catalogs the package ships, read from its resource folder once per language and process.
final class LabelCatalogs: Sendable {
    /// The catalogs of the resource folder the running binary carries.
    static let shared = LabelCatalogs(locator: .standard())

    /// English as every catalog falls back to it: the shipped file when it is complete and valid, else the words
    /// built in.
    static let english: InvoiceLabels = {
        let builtIn = InvoiceLabels(complete: InvoiceLabels.builtInEnglish)
        guard let data = try? LabelCatalogs.shared.read("en"),
            let catalog = try? LabelCatalog(json: data, language: "en", fallback: builtIn)
        else { return builtIn }
        return catalog.labels
    }()

    /// The subfolder of the resource folder that holds the catalogs.
    static let subfolder = "Labels"

    private let locator: ResourceLocator
    private let loaded = LockedValue<[String: Result<LabelCatalog, InvoiceLabelsError>]>([:])
    /// The language codes with a catalog file, and `en` always.
    let available: [String]

    init(locator: ResourceLocator) {
        self.locator = locator
        var codes: Set<String> = ["en"]
        if let folder = locator.folder(Self.subfolder),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        {
            for name in names where name.hasSuffix(".json") {
                let code = String(name.dropLast(".json".count))
                if Self.isLanguageCode(code) { codes.insert(code) }
            }
        }
        available = codes.sorted()
    }

    /// The checked catalog for `language` (`fr`, `fr_CH`, `FR`), read on first use.
    func catalog(for language: String) throws(InvoiceLabelsError) -> LabelCatalog {
        guard let code = Self.code(of: language), available.contains(code) else {
            throw .unknownLanguage(language, available: available)
        }
        if let known = loaded.withLock({ $0[code] }) { return try known.get() }
        let result = Result { () throws(InvoiceLabelsError) -> LabelCatalog in
            guard let data = try read(code) else {
                // English without a file is the words built in; another language's file went away after listing.
                guard code == "en" else { throw .unknownLanguage(language, available: available) }
                return LabelCatalog(labels: .english, missing: [])
            }
            return try LabelCatalog(json: data, language: code)
        }
        loaded.withLock { $0[code] = result }
        return try result.get()
    }

    /// The bytes of the catalog file of `code`, or nil when there is none (or it cannot be read). A file larger
    /// than the limit is refused by its size, without reading it.
    func read(_ code: String) throws(InvoiceLabelsError) -> Data? {
        guard let url = locator.url(of: code + ".json", in: Self.subfolder) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= LabelCatalogLimits.maximumFileBytes else { throw .catalogTooLarge(language: code, bytes: size) }
        return try? Data(contentsOf: url)
    }

    /// The lower-case language of a code such as `de`, `de_AT` or `pt-BR`, or nil when it names none.
    static func code(of language: String) -> String? {
        let letters = language.prefix { $0.isASCII && $0.isLetter }
        let rest = language.dropFirst(letters.count)
        guard rest.isEmpty || rest.first == "_" || rest.first == "-" else { return nil }
        let code = letters.lowercased()
        return isLanguageCode(code) ? code : nil
    }

    private static func isLanguageCode(_ code: String) -> Bool {
        (2...3).contains(code.utf8.count)
            && code.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }
}
