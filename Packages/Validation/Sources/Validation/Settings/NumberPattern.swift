/// How document numbers are written: literal text around tokens, such as `INV-{yyyy}-{seq:4}` (`INV-2026-0007`) or
/// `FV/{yyyy}/{mm}/{seq:3}` (`FV/2026/11/007`).
///
/// Tokens: `{yyyy}` the year, `{yy}` its last two digits, `{mm}` the month (`01`...`12`), `{seq}` the counter and
/// `{seq:N}` the counter with at least N digits (N is 1...9). A pattern has exactly one counter, so every number is
/// distinct within its period. The counter starts again on the smallest period the pattern shows
/// (``resetPeriod``): a number that shows the month but not the year would repeat every year, so `{mm}` alone still
/// counts monthly and the caller keeps one sequence per year and month (``sequenceSuffix(year:month:)``).
///
/// Parsing never traps: every text either is a pattern or has one typed ``NumberPatternProblem``.
public struct NumberPattern: Hashable, Sendable, CustomStringConvertible {
    /// One part of a pattern.
    public enum Part: Hashable, Sendable {
        /// Text printed as it is.
        case literal(String)
        /// `{yyyy}`: the four-digit year.
        case year
        /// `{yy}`: the year's last two digits.
        case shortYear
        /// `{mm}`: the two-digit month.
        case month
        /// `{seq}` / `{seq:N}`: the counter, at least `minimumDigits` digits.
        case counter(minimumDigits: Int)
    }

    /// When the counter starts again at 1.
    public enum ResetPeriod: String, Hashable, Sendable, CaseIterable {
        /// Never: the pattern shows neither year nor month.
        case never
        /// Every year: the pattern shows the year but not the month.
        case yearly
        /// Every month: the pattern shows the month.
        case monthly
    }

    /// The longest pattern, in characters: numbers are printed in a header, stored as ids and sent to the server,
    /// whose limit is 64 characters including the counter's digits.
    public static let maximumLength = 40

    /// The pattern as written.
    public let text: String
    /// The parts, in order.
    public let parts: [Part]

    /// `{seq}`: the counter alone, the pattern that is always valid (a fallback that needs no parsing).
    public static let counterOnly = NumberPattern(text: "{seq}", parts: [.counter(minimumDigits: 1)])

    private init(text: String, parts: [Part]) {
        self.text = text
        self.parts = parts
    }

    /// Reads `text`; throws the first problem found.
    public init(parsing text: String) throws(NumberPatternProblem) {
        guard text.count <= Self.maximumLength else { throw .tooLong(maximum: Self.maximumLength) }
        if text.unicodeScalars.contains(where: Self.isControl) { throw .controlCharacter }
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let first = rest.first {
            if first == "}" { throw .unknownToken("}") }
            guard first == "{" else {
                literal.append(first)
                rest = rest.dropFirst()
                continue
            }
            guard let close = rest.firstIndex(of: "}") else { throw .unclosedBrace }
            let name = rest[rest.index(after: rest.startIndex)..<close]
            if name.contains("{") { throw .unclosedBrace }
            let part = try Self.token(String(name))
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(part)
            rest = rest[rest.index(after: close)...]
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        let counters = parts.filter { if case .counter = $0 { true } else { false } }.count
        guard counters > 0 else { throw .missingCounter }
        guard counters == 1 else { throw .twoCounters }
        self.text = text
        self.parts = parts
    }

    /// The pattern as written.
    public var description: String { text }

    /// When the counter starts again: monthly when the month is shown, yearly when only the year is, never
    /// otherwise.
    public var resetPeriod: ResetPeriod {
        if parts.contains(.month) { return .monthly }
        if parts.contains(.year) || parts.contains(.shortYear) { return .yearly }
        return .never
    }

    /// What tells one period's sequence from another's: nil when the counter never resets, `2026` for a yearly
    /// pattern, `2026-11` for a monthly one (ISO 8601 order, so names sort by time).
    public func sequenceSuffix(year: Int, month: Int) -> String? {
        switch resetPeriod {
        case .never: nil
        case .yearly: Self.padded(year, 4)
        case .monthly: Self.padded(year, 4) + "-" + Self.padded(month, 2)
        }
    }

    /// The number for `counter` in `year` and `month` (1...12): `INV-{yyyy}-{seq:4}` with 7, 2026, 11 is
    /// `INV-2026-0007`. A counter longer than its minimum is printed whole, never cut.
    public func format(counter: Int, year: Int, month: Int) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .year: Self.padded(year, 4)
            case .shortYear: Self.padded(((year % 100) + 100) % 100, 2)
            case .month: Self.padded(month, 2)
            case .counter(let digits): Self.padded(counter, digits)
            }
        }.joined()
    }

    /// The counter a formatted number carries, when `number` is one of this pattern's; nil otherwise. Lookups use
    /// it to find `INV-2026-0007` by `7`.
    public func counter(in number: String) -> Int? {
        var rest = Substring(number)
        var counter: Int?
        for (index, part) in parts.enumerated() {
            switch part {
            case .literal(let text):
                guard rest.hasPrefix(text) else { return nil }
                rest = rest.dropFirst(text.count)
            case .year: rest = rest.dropFirst(4)
            case .shortYear, .month: rest = rest.dropFirst(2)
            case .counter:
                // The counter's digits run up to the next literal (or the end); a date part after it has a fixed
                // width.
                var width = rest.prefix { $0.isASCII && $0.isNumber }.count
                for later in parts[(index + 1)...] {
                    switch later {
                    case .year: width -= 4
                    case .shortYear, .month: width -= 2
                    default: break
                    }
                    if case .literal = later { break }
                }
                guard width > 0, let value = Int(rest.prefix(width)) else { return nil }
                counter = value
                rest = rest.dropFirst(width)
            }
        }
        return rest.isEmpty ? counter : nil
    }

    private static func token(_ name: String) throws(NumberPatternProblem) -> Part {
        switch name {
        case "yyyy": return .year
        case "yy": return .shortYear
        case "mm": return .month
        case "seq": return .counter(minimumDigits: 1)
        default:
            let prefix = "seq:"
            guard name.hasPrefix(prefix), name.utf8.count == prefix.utf8.count + 1,
                let digit = name.last?.wholeNumberValue, name.last?.isASCII == true, (1...9).contains(digit)
            else { throw .unknownToken(name) }
            return .counter(minimumDigits: digit)
        }
    }

    private static func padded(_ value: Int, _ digits: Int) -> String {
        let text = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
        default: false
        }
    }
}

/// Why a text is not a ``NumberPattern``.
public enum NumberPatternProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pattern has no `{seq}` or `{seq:N}`, so two documents would get the same number.
    case missingCounter
    /// The pattern has more than one counter.
    case twoCounters
    /// A `{...}` names no token (`{year}`, `{seq:0}`, `{seq:10}`), or a `}` closes nothing; the text between the
    /// braces, or `}`.
    case unknownToken(String)
    /// A `{` is never closed.
    case unclosedBrace
    /// The pattern is longer than `maximum` characters.
    case tooLong(maximum: Int)
    /// The pattern holds a control, format or line-breaking character, which a number must not print.
    case controlCharacter

    /// A stable code for programs (`numberPattern.missingCounter`).
    public var code: ValidationCode {
        let reason =
            switch self {
            case .missingCounter: "missingCounter"
            case .twoCounters: "twoCounters"
            case .unknownToken: "unknownToken"
            case .unclosedBrace: "unclosedBrace"
            case .tooLong: "tooLong"
            case .controlCharacter: "controlCharacter"
            }
        return ValidationCode(rawValue: "numberPattern." + reason)
    }

    /// The problem as a sentence with what to do.
    public var description: String {
        switch self {
        case .missingCounter:
            "The pattern needs a counter: add {seq} or {seq:4} (at least four digits), such as INV-{yyyy}-{seq:4}."
        case .twoCounters: "The pattern may have only one counter ({seq} or {seq:N})."
        case .unknownToken(let token) where token == "}":
            "The pattern has a '}' that closes no '{'."
        case .unknownToken(let token):
            "The pattern has an unknown part {\(token.count > 20 ? String(token.prefix(20)) + "…" : token)}: use "
                + "{yyyy}, {yy}, {mm}, {seq} or {seq:N} with N from 1 to 9."
        case .unclosedBrace: "The pattern has a '{' that is never closed."
        case .tooLong(let maximum): "The pattern is longer than \(maximum) characters."
        case .controlCharacter: "The pattern contains a control character; use printable text only."
        }
    }
}
