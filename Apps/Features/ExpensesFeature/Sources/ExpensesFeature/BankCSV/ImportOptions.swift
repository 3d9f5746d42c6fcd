import Foundation
public import Storage

/// How `expense import` reads a file that is not the app's own CSV: a bank's export. Every field left nil is
/// detected from the file.
public struct ExpenseImportOptions: Hashable, Sendable, Codable {
    /// The text encoding (`--encoding`); detected when nil.
    public var encoding: CSVTextEncoding?
    /// The headings of columns the built-in headings do not know (`--columns date=Buchungstag,...`).
    public var columns: [ImportField: String]
    /// How days are written (`--date-format`); detected when nil.
    public var dateFormat: BankDateFormat?
    /// The decimal mark (`--decimal-mark`); detected when nil.
    public var decimalMark: DecimalMark?
    /// The currency of every row of a file without a currency column (`--currency`).
    public var currency: String?
    /// The currency of rows when neither the file nor `currency` names one: the user's configured currency.
    public var defaultCurrency: String?
    /// Imports credits (money received) as expenses too, instead of skipping them (`--credits`).
    public var importsCredits: Bool

    /// Creates options; by default everything is detected and credits are skipped.
    public init(
        encoding: CSVTextEncoding? = nil, columns: [ImportField: String] = [:], dateFormat: BankDateFormat? = nil,
        decimalMark: DecimalMark? = nil, currency: String? = nil, defaultCurrency: String? = nil,
        importsCredits: Bool = false
    ) {
        self.encoding = encoding
        self.columns = columns
        self.dateFormat = dateFormat
        self.decimalMark = decimalMark
        self.currency = currency
        self.defaultCurrency = defaultCurrency
        self.importsCredits = importsCredits
    }
}

/// A bank's export format saved under a name (`--profile mybank`), so the next import of that bank's file needs
/// no options.
public struct ImportProfile: Hashable, Sendable, Codable {
    /// The name it was saved under: letters, digits, `-` and `_`.
    public var name: String
    /// The headings of the columns.
    public var columns: [ImportField: String]
    /// The encoding, when one was given.
    public var encoding: CSVTextEncoding?
    /// The date format, when one was given.
    public var dateFormat: BankDateFormat?
    /// The decimal mark, when one was given.
    public var decimalMark: DecimalMark?
    /// The currency, when one was given.
    public var currency: String?

    /// Creates a profile.
    public init(
        name: String, columns: [ImportField: String], encoding: CSVTextEncoding? = nil,
        dateFormat: BankDateFormat? = nil, decimalMark: DecimalMark? = nil, currency: String? = nil
    ) {
        self.name = name
        self.columns = columns
        self.encoding = encoding
        self.dateFormat = dateFormat
        self.decimalMark = decimalMark
        self.currency = currency
    }

    /// Whether `name` can name a profile: 1 to 64 letters, digits, `-` and `_`.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count)
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}

/// Keeps import profiles: the capability the import command is given to remember a bank's format.
public protocol ImportProfileStoring: Sendable {
    /// The profile saved as `name`, or nil when there is none.
    func profile(named name: String) async throws(StorageError) -> ImportProfile?
    /// Saves `profile` under its name, replacing one saved before.
    func save(_ profile: ImportProfile) async throws(StorageError)
}

/// Import profiles as JSON documents (`expense-import-profile-<name>.json`) in the app's document store, beside
/// the settings.
public struct DocumentImportProfiles: ImportProfileStoring {
    private let documents: any DocumentSaving & DocumentLoading

    /// Profiles kept in `documents`.
    public init(documents: any DocumentSaving & DocumentLoading) {
        self.documents = documents
    }

    private static func id(_ name: String) throws(StorageError) -> DocumentID {
        try DocumentID("expense-import-profile-\(name.lowercased()).json")
    }

    /// See the protocol.
    public func profile(named name: String) async throws(StorageError) -> ImportProfile? {
        guard let document = try await documents.load(try Self.id(name)) else { return nil }
        return try? JSONDecoder().decode(ImportProfile.self, from: document.bytes)
    }

    /// See the protocol.
    public func save(_ profile: ImportProfile) async throws(StorageError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = (try? encoder.encode(profile)) ?? Data()
        _ = try await documents.save(
            DocumentDraft(id: try Self.id(profile.name), contentType: DocumentContentType.json, bytes: bytes))
    }
}
