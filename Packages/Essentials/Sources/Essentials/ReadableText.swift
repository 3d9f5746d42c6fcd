/// Values written into error messages so a person can read them: text in quotation marks with every invisible
/// character (a control, a direction override, a zero-width joiner, an unusual space) written as its code point,
/// so a message never hides or reorders its own words, and lists and counts in plain English.
///
/// One rule decides what is invisible, for every package's messages: a character (a grapheme, as a person sees
/// it) shows as itself when it starts with a letter, digit, punctuation, symbol or the plain space and holds no
/// control, format or other space character; anything else is written as the code points it is made of.
public enum ReadableText {
    /// `text` in quotation marks, invisible characters as code points (`“fdp U+202E exe”`), cut after `limit`
    /// characters with an ellipsis, so a megabyte of payload never becomes a megabyte of message.
    public static func quoted(_ text: String, limit: Int = 80) -> String {
        "“" + escaped(text.prefix(max(limit, 0))) + (text.count > limit ? "…" : "") + "”"
    }

    /// `text` with its invisible characters written as code points between spaces (`fdp U+202E exe`), for a value
    /// that a message shows without quotation marks; text with nothing invisible comes back unchanged.
    public static func escaped(_ text: some StringProtocol) -> String {
        var tokens: [String] = []
        var run = ""
        for character in text {
            if isVisible(character) {
                run.append(character)
            } else {
                if !run.isEmpty { tokens.append(run) }
                run = ""
                tokens.append(codePoints(of: character))
            }
        }
        if !run.isEmpty { tokens.append(run) }
        return tokens.joined(separator: " ")
    }

    /// One character named so it can be found in any font: `ł (U+0142)`, `🇩🇪 (U+1F1E9 U+1F1EA)`, or only its code
    /// points (`U+202E`, `U+0020`) when it cannot be seen on its own.
    public static func describe(_ character: Character) -> String {
        let codes = codePoints(of: character)
        return isVisible(character) && character != " " ? "\(character) (\(codes))" : codes
    }

    /// `a`, `a and b`, `a, b and c`; after `limit` items, `a, b, c and 4 more`.
    public static func list(_ items: [String], limit: Int = 8) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        if items.count > limit {
            return items.prefix(limit).joined(separator: ", ") + " and \(items.count - limit) more"
        }
        return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }

    /// `1 byte`, `2 bytes`, `1,024 bytes`: the number grouped, the noun in the singular only for one.
    public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(grouped(count)) " + (count == 1 ? singular : plural ?? singular + "s")
    }

    /// `1000000` as `1,000,000`: digits in groups of three, as English writes large numbers.
    public static func grouped(_ number: some BinaryInteger) -> String {
        let digits = String(number.magnitude)
        var result = number < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// `U+00A0`: at least four hexadecimal digits, as the Unicode standard writes code points.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
    }

    private static func codePoints(of character: Character) -> String {
        character.unicodeScalars.map(codePoint).joined(separator: " ")
    }

    /// Whether a character shows as itself: it starts with a letter, digit, punctuation, symbol or the plain
    /// space, and holds no control, format (direction overrides, joiners) or other space character.
    private static func isVisible(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .privateUse, .surrogate, .unassigned: return false
        default: break
        }
        return character.unicodeScalars.allSatisfy {
            guard $0 != " " else { return true }
            switch $0.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return false
            default: return true
            }
        }
    }
}
