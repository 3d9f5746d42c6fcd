/// Text from a failure's parameters made safe to print inside an error's description: every invisible character
/// (a control, a direction override, a zero-width space) is written as its code point, so a message never hides or
/// reorders its own words. Packages share no code, so each package whose messages quote such values keeps its own
/// copy of this small type.
enum ReadableText {
    /// `text` with invisible characters written as code points between spaces: `fdp U+202E exe`.
    static func escaped(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(isVisible) else { return text }
        var tokens: [String] = []
        var run = ""
        for scalar in text.unicodeScalars {
            if isVisible(scalar) {
                run.unicodeScalars.append(scalar)
            } else {
                if !run.isEmpty { tokens.append(run) }
                run = ""
                tokens.append(codePoint(scalar))
            }
        }
        if !run.isEmpty { tokens.append(run) }
        return tokens.joined(separator: " ")
    }

    /// `U+00A0`: at least four hexadecimal digits, as the Unicode standard writes code points.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
    }

    /// Whether a scalar shows as itself: the plain space, or anything but a control, format, other space or
    /// separator character.
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar != " " else { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
            .unassigned:
            return false
        default:
            return true
        }
    }
}
