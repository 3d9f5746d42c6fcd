import Foundation
import Storage

/// The text encodings bank exports are written in.
public enum CSVTextEncoding: String, Hashable, Sendable, CaseIterable, Codable {
    /// UTF-8, with or without a byte order mark.
    case utf8 = "utf-8"
    /// Windows-1252, the Western European code page (German, French, Spanish, Dutch, English banks).
    case windows1252 = "windows-1252"
    /// Windows-1250, the Central European code page (Polish, Czech banks).
    case windows1250 = "windows-1250"
    /// ISO-8859-2, Latin-2.
    case iso88592 = "iso-8859-2"

    /// The encoding a name given on the command line spells (`cp1250`, `latin2`, `UTF8` ...), or nil.
    public static func named(_ name: String) -> CSVTextEncoding? {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "utf8": return .utf8
        case "windows1252", "cp1252", "win1252": return .windows1252
        case "windows1250", "cp1250", "win1250": return .windows1250
        case "iso88592", "latin2": return .iso88592
        default: return nil
        }
    }

    private var foundation: String.Encoding {
        switch self {
        case .utf8: .utf8
        case .windows1252: .windowsCP1252
        case .windows1250: .windowsCP1250
        case .iso88592: .isoLatin2
        }
    }

    /// The UTF-8 bytes of every byte of a single-byte encoding (a byte the code page leaves undefined reads as
    /// U+FFFD); nil for UTF-8.
    var table: [[UInt8]]? {
        guard self != .utf8 else { return nil }
        return (0...255).map { (byte: Int) -> [UInt8] in
            if byte < 0x80 { return [UInt8(byte)] }
            guard let text = String(data: Data([UInt8(byte)]), encoding: foundation), text.unicodeScalars.count == 1
            else { return Array("\u{FFFD}".utf8) }
            return Array(text.utf8)
        }
    }

    /// The letters a text in this encoding is expected to hold beyond ASCII: the detection's evidence.
    private var expectedLetters: Set<Character> {
        switch self {
        case .utf8: []
        case .windows1252: Set("àâäçèéêëîïôöùûüÿßñáíóúœæÀÂÄÇÈÉÊËÎÏÔÖÙÛÜÑÁÍÓÚŒ¿¡€")
        case .windows1250, .iso88592: Set("ąćęłńóśźżĄĆĘŁŃÓŚŹŻčďěňřšťůžČĎĚŇŘŠŤŮŽőűŐŰäöüéáíúýÄÖÜÉÁÍÚÝ€")
        }
    }

    /// The encoding of a file that begins with `sample`: UTF-8 when it has a byte order mark or is valid UTF-8
    /// (a sequence cut by the end of the sample is allowed); otherwise the single-byte code page under which its
    /// bytes read as the most plausible text. Each non-ASCII character scores 2 when it is a letter that code
    /// page's languages use, 1 when it is another letter, and -3 otherwise (a symbol, a C1 control, an undefined
    /// byte); ties go to Windows-1252, then Windows-1250.
    public static func detect(_ sample: [UInt8]) -> CSVTextEncoding {
        if sample.starts(with: [0xEF, 0xBB, 0xBF]) || isUTF8(sample) { return .utf8 }
        var best = CSVTextEncoding.windows1252
        var bestScore = Int.min
        for candidate in [CSVTextEncoding.windows1252, .windows1250, .iso88592] {
            guard let table = candidate.table else { continue }
            let expected = candidate.expectedLetters
            var score = 0
            for byte in sample where byte >= 0x80 {
                let character = Character(String(decoding: table[Int(byte)], as: UTF8.self))
                score += expected.contains(character) ? 2 : character.isLetter ? 1 : -3
            }
            if score > bestScore {
                best = candidate
                bestScore = score
            }
        }
        return best
    }

    private static func isUTF8(_ sample: [UInt8]) -> Bool {
        // Drop a sequence the sample's end may have cut: at most three bytes after the last lead byte.
        var end = sample.count
        var back = 0
        while back < 3, end - back > 0, sample[end - back - 1] & 0xC0 == 0x80 { back += 1 }
        if end - back > 0, sample[end - back - 1] >= 0xC0 { end = end - back - 1 }
        return String(validating: sample[..<end], as: UTF8.self) != nil
    }
}

/// A byte source read through a single-byte code page, handing out UTF-8.
struct DecodedSource<Base: CSVByteSource>: CSVByteSource {
    private var base: Base
    private let table: [[UInt8]]?

    init(_ base: Base, encoding: CSVTextEncoding) {
        self.base = base
        table = encoding.table
    }

    mutating func nextBytes(maximumCount: Int) async throws(StorageError) -> [UInt8] {
        let bytes = try await base.nextBytes(maximumCount: maximumCount)
        guard let table else { return bytes }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count + bytes.count / 4)
        for byte in bytes { decoded += table[Int(byte)] }
        return decoded
    }
}

/// How the days of a bank export are written.
public enum BankDateFormat: String, Hashable, Sendable, CaseIterable, Codable {
    /// `2024-01-31`.
    case iso = "YYYY-MM-DD"
    /// `31.01.2024`, as German, Polish and Swiss banks write days.
    case dayMonthYearDots = "DD.MM.YYYY"
    /// `31.01.24`.
    case dayMonthShortYearDots = "DD.MM.YY"
    /// `31/01/2024`, as French, Spanish and British banks write days.
    case dayMonthYearSlashes = "DD/MM/YYYY"
    /// `01/31/2024`, as American banks write days.
    case monthDayYearSlashes = "MM/DD/YYYY"
    /// `31-01-2024`, as Dutch banks write days.
    case dayMonthYearDashes = "DD-MM-YYYY"
    /// `20240131`, as ING Netherlands writes days.
    case compact = "YYYYMMDD"

    /// The format a name given on the command line spells (`dd.mm.yyyy`, `MM/DD/YYYY` ...), or nil.
    public static func named(_ name: String) -> BankDateFormat? {
        allCases.first { $0.rawValue == name.uppercased() }
    }

    /// `YYYY-MM-DD` of the day `text` names in this format, or nil when it names none (the calendar check is the
    /// importer's `DayFormat`).
    func isoDay(_ text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespaces)
        func digits(_ part: Substring, _ count: Int) -> String? {
            part.count == count && part.allSatisfy({ $0.isASCII && $0.isNumber }) ? String(part) : nil
        }
        func parts(_ separator: Character) -> [Substring] {
            text.split(separator: separator, omittingEmptySubsequences: false)
        }
        var year: String?
        var month: String?
        var day: String?
        switch self {
        case .iso:
            let p = parts("-")
            guard p.count == 3 else { return nil }
            (year, month, day) = (digits(p[0], 4), digits(p[1], 2), digits(p[2], 2))
        case .dayMonthYearDots, .dayMonthYearSlashes, .monthDayYearSlashes, .dayMonthYearDashes:
            let p = parts(self == .dayMonthYearDots ? "." : self == .dayMonthYearDashes ? "-" : "/")
            guard p.count == 3 else { return nil }
            let first = p[0].count == 1 ? "0" + p[0] : p[0]
            let second = p[1].count == 1 ? "0" + p[1] : p[1]
            year = digits(p[2], 4)
            if self == .monthDayYearSlashes {
                (month, day) = (digits(first, 2), digits(second, 2))
            } else {
                (day, month) = (digits(first, 2), digits(second, 2))
            }
        case .dayMonthShortYearDots:
            let p = parts(".")
            guard p.count == 3, let short = digits(p[2], 2) else { return nil }
            (year, month, day) = ("20" + short, digits(p[1], 2), digits(p[0], 2))
        case .compact:
            guard digits(Substring(text), 8) != nil else { return nil }
            let characters = Array(text)
            (year, month, day) = (String(characters[0..<4]), String(characters[4..<6]), String(characters[6..<8]))
        }
        guard let year, let month, let day, let m = Int(month), let d = Int(day), (1...12).contains(m),
            (1...31).contains(d)
        else { return nil }
        return "\(year)-\(month)-\(day)"
    }
}

/// The character that separates an amount's whole part from its decimals.
public enum DecimalMark: String, Hashable, Sendable, CaseIterable, Codable {
    /// `1,234.56`.
    case point = "."
    /// `1.234,56`.
    case comma = ","

    /// The mark a name given on the command line spells (`.`, `,`, `point`, `comma`), or nil.
    public static func named(_ name: String) -> DecimalMark? {
        switch name.lowercased() {
        case ".", "point", "dot": .point
        case ",", "comma": .comma
        default: nil
        }
    }

    /// The signed amount `text` spells with this mark: a sign (`-`, `+`, `−`, a trailing `-`, or parentheses),
    /// a currency symbol or code around it, and groups of three digits separated by the other mark, a space or
    /// `'`; nil when it spells none.
    func amount(_ text: String) -> Decimal? {
        var text = text.trimmingCharacters(in: .whitespaces)
        var negative = false
        if text.hasPrefix("("), text.hasSuffix(")") {
            negative = true
            text = String(text.dropFirst().dropLast())
        }
        // Currency symbols and codes: letters and symbols around the number.
        text = String(text.drop { !($0.isNumber || "+-−.,".contains($0)) })
        while let last = text.last, !last.isNumber, last != "-" { text.removeLast() }
        text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("-") {
            negative.toggle()
            text.removeLast()
        }
        if let first = text.first, "+-−".contains(first) {
            if first != "+" { negative.toggle() }
            text.removeFirst()
        }
        let group: Character = self == .point ? "," : "."
        let mark: Character = self == .point ? "." : ","
        let pieces = text.split(separator: mark, omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count) else { return nil }
        let whole = pieces[0]
        let groups = whole.split(omittingEmptySubsequences: false) {
            $0 == group || $0 == " " || $0 == "'" || $0 == "\u{A0}" || $0 == "\u{202F}"
        }
        guard let head = groups.first, (1...(groups.count > 1 ? 3 : 30)).contains(head.count),
            groups.dropFirst().allSatisfy({ $0.count == 3 }),
            groups.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        var plain = groups.joined()
        if pieces.count == 2 {
            guard !pieces[1].isEmpty, pieces[1].count <= 10, pieces[1].allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
            plain += "." + pieces[1]
        }
        guard let value = Decimal(string: plain, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return negative ? -value : value
    }
}
