/// Payloads written into error messages so a person can read them: characters with their code points, invisible
/// ones (controls, direction overrides, unusual spaces) as code points only, so a message never hides or reorders
/// its own text.
enum ReadableText {
    /// `ł (U+0142)`, `🇩🇪 (U+1F1E9 U+1F1EA)`, or `U+202E` for a character that cannot be seen.
    static func describe(_ character: Character) -> String {
        let codes = character.unicodeScalars.map(codePoint).joined(separator: " ")
        return isVisible(character) ? "\(character) (\(codes))" : codes
    }

    /// `text` in quotation marks, invisible characters as code points, cut to `limit` characters.
    static func quoted(_ text: String, limit: Int = 40) -> String {
        var tokens: [String] = []
        var run = ""
        for character in text.prefix(limit) {
            if isVisible(character) {
                run.append(character)
            } else {
                if !run.isEmpty { tokens.append(run) }
                run = ""
                tokens.append(character.unicodeScalars.map(codePoint).joined(separator: " "))
            }
        }
        if !run.isEmpty { tokens.append(run) }
        return "“" + tokens.joined(separator: " ") + (text.count > limit ? "…" : "") + "”"
    }

    /// `a`, `a and b`, `a, b and c`; after `limit` items, `a, b, c and 4 more`.
    static func list(_ items: [String], limit: Int = 8) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        if items.count > limit {
            return items.prefix(limit).joined(separator: ", ") + " and \(items.count - limit) more"
        }
        return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }

    /// `U+00A0`: at least four hexadecimal digits, as the Unicode standard writes code points.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
    }

    /// `1000000` as `1,000,000`.
    static func grouped(_ digits: String) -> String {
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// Whether a character shows as itself: it starts with a letter, digit, punctuation or symbol and holds no
    /// control, format (direction overrides, joiners) or space character.
    private static func isVisible(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .privateUse, .surrogate, .unassigned: return false
        default: break
        }
        return character.unicodeScalars.allSatisfy {
            switch $0.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: false
            default: true
            }
        }
    }
}
