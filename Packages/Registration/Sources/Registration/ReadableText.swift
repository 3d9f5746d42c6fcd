/// Values written into error messages so a person can read them: text in quotation marks with every invisible
/// character (a control, a direction override, a zero-width space) written as its code point, so a message never
/// hides or reorders its own words, and lists and counts in plain English. Packages share no code, so each package
/// whose messages quote such values keeps its own copy of this small type.
enum ReadableText {
    /// `text` in quotation marks, invisible characters as code points (`“fdp U+202E exe”`), cut after `limit`
    /// characters.
    static func quoted(_ text: String, limit: Int = 80) -> String {
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

    /// `1 byte`, `2 bytes`.
    static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }

    /// `U+00A0`: at least four hexadecimal digits, as the Unicode standard writes code points.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
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
