public import Foundation

/// How a ``CSVWriter`` writes.
public struct CSVWritingOptions: Hashable, Sendable {
    /// The field separator: `,` by RFC 4180, `;` for spreadsheets of locales with a decimal comma.
    public var delimiter: UInt8
    /// The record separator: CRLF by RFC 4180, LF for Unix tools.
    public var lineEnding: String
    /// Puts `'` in front of a field that a spreadsheet would run as a formula (one starting with `=`, `+`, `-`,
    /// `@`, a tab or a carriage return), so opening an export never runs what someone typed into a title. A reader
    /// with `undoesFormulaDefusing` gets the field back exactly.
    public var defusesFormulas: Bool

    /// Creates options.
    public init(delimiter: UInt8 = UInt8(ascii: ","), lineEnding: String = "\r\n", defusesFormulas: Bool = true) {
        self.delimiter = delimiter
        self.lineEnding = lineEnding
        self.defusesFormulas = defusesFormulas
    }
}

/// Writes RFC 4180 CSV: a field is quoted only when it must be (it holds the delimiter, a quote, a carriage return
/// or a line feed), quotes inside are doubled.
public struct CSVWriter: Sendable {
    private let options: CSVWritingOptions

    /// A writer with `options`.
    public init(options: CSVWritingOptions = CSVWritingOptions()) {
        self.options = options
    }

    /// One record, with its line ending.
    public func line(_ fields: [String]) -> String {
        let delimiter = Character(Unicode.Scalar(options.delimiter))
        return fields.map(encode).joined(separator: String(delimiter)) + options.lineEnding
    }

    /// Every record, each with its line ending, as UTF-8.
    public func data(_ rows: [[String]]) -> Data {
        var data = Data()
        for row in rows { data.append(contentsOf: line(row).utf8) }
        return data
    }

    private func encode(_ field: String) -> String {
        let value = options.defusesFormulas && CSVFormulas.needsDefusing(field) ? "'" + field : field
        let delimiter = Unicode.Scalar(options.delimiter)
        let mustQuote = value.unicodeScalars.contains { $0 == delimiter || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard mustQuote else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// The rule that makes defusing lossless: a field is prefixed with `'` when it starts with a formula character, or
/// with `'` followed by a field that would be prefixed. Undoing removes one `'` exactly when the rest would have been
/// prefixed, so every field, `'=1` included, reads back as written.
enum CSVFormulas {
    private static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    static func needsDefusing(_ field: String) -> Bool {
        var scalars = field.unicodeScalars[...]
        while let first = scalars.first {
            if triggers.contains(first) { return true }
            guard first == "'" else { return false }
            scalars = scalars.dropFirst()
        }
        return false
    }

    static func undefused(_ field: String) -> String {
        guard field.unicodeScalars.first == "'" else { return field }
        let rest = String(field.unicodeScalars.dropFirst())
        return needsDefusing(rest) ? rest : field
    }
}
