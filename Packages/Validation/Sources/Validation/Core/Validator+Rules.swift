public import Foundation

// Building blocks shared by the domain validators. Each takes the code it reports, so a form names its own
// reasons (`invoice.clientNameMissing`) while the logic lives once.

extension Validator where Value == String {
    /// Fails with `code` when the text is empty or only whitespace, control or invisible formatting
    /// characters (a name made of zero-width spaces is as blank as an empty one).
    public static func notBlank(_ code: ValidationCode) -> Validator {
        rule(code) { TextInspection.hasVisibleContent($0) }
    }

    /// Fails with `code` when the text has more than `limit` Unicode scalars.
    ///
    /// Scalars, not `Character`s: one character can carry thousands of combining marks, so counting
    /// characters would let a hostile megabyte through as "one character".
    public static func maximumLength(_ limit: Int, _ code: ValidationCode) -> Validator {
        rule(code) { TextInspection.scalarCount($0, exceeds: limit) == false }
    }

    /// Fails with `code` when the text holds characters no person types into a form field: control
    /// characters, the replacement character U+FFFD left behind by invalid UTF-8, Unicode noncharacters and
    /// bidirectional embeddings, overrides and isolates (which make text display differently from what it
    /// says; the left-to-right and right-to-left marks that Arabic and Hebrew input needs stay allowed).
    /// Line breaks and tabs are allowed only when `allowsLineBreaks` is set, for multi-line fields.
    public static func plainText(_ code: ValidationCode, allowsLineBreaks: Bool = false) -> Validator {
        rule(code) { TextInspection.isPlainText($0, allowsLineBreaks: allowsLineBreaks) }
    }
}

/// Answers which characters of a text the configured font cannot draw, once each, in order of first
/// appearance; empty when it can draw them all. The app builds it from the renderer's font, so a form refuses
/// text the PDF could not show before anything is rendered.
public typealias UndrawableCharacters = @Sendable (String) -> [Character]

extension Validator where Value == String {
    /// Fails with `code` when `undrawableCharacters` names characters of the text, carrying them in the
    /// failure's ``ValidationParameter/characters`` parameter so a message can say which ones.
    public static func drawable(
        _ code: ValidationCode, undrawableCharacters: @escaping UndrawableCharacters
    ) -> Validator {
        Validator { text in
            let missing = undrawableCharacters(text)
            guard !missing.isEmpty else { return [] }
            return [
                ValidationFailure(
                    code: code, parameters: [ValidationParameter.characters: CharacterList.describe(missing)])
            ]
        }
    }
}

/// Names characters for people: each once, visible ones in quotes with their code points, invisible ones by
/// code point only, so a message never carries a control character or a direction override to a terminal.
enum CharacterList {
    static let maximumListed = 20

    static func describe(_ characters: [Character]) -> String {
        var seen = Set<Character>()
        var unique: [Character] = []
        for character in characters where seen.insert(character).inserted { unique.append(character) }
        var parts = unique.prefix(maximumListed).map(describe(_:))
        if unique.count > maximumListed { parts.append("and \(unique.count - maximumListed) more") }
        return parts.joined(separator: ", ")
    }

    static func describe(_ character: Character) -> String {
        let codePoints = character.unicodeScalars.map { "U+" + hex($0.value) }.joined(separator: " ")
        let visible = character.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
                && TextInspection.isPlainText(String(scalar), allowsLineBreaks: false)
                && ![.control, .format, .privateUse, .unassigned, .surrogate, .lineSeparator, .paragraphSeparator]
                    .contains(properties.generalCategory)
        }
        return visible ? "\"\(character)\" (\(codePoints))" : codePoints
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension Validator where Value: Comparable & Sendable {
    /// Fails with `code` unless the value is strictly greater than `bound`.
    public static func greaterThan(_ bound: Value, _ code: ValidationCode) -> Validator {
        rule(code) { $0 > bound }
    }

    /// Fails with `code` when the value is less than `bound`.
    public static func atLeast(_ bound: Value, _ code: ValidationCode) -> Validator {
        rule(code) { $0 >= bound }
    }

    /// Fails with `code` when the value is greater than `bound`.
    public static func atMost(_ bound: Value, _ code: ValidationCode) -> Validator {
        rule(code) { $0 <= bound }
    }

    /// Fails with `code` unless the value is strictly less than `bound`, for exclusive limits such as
    /// ``MoneyLimits/amountLimit``.
    public static func lessThan(_ bound: Value, _ code: ValidationCode) -> Validator {
        rule(code) { $0 < bound }
    }
}

extension Validator where Value == Decimal {
    /// Fails with `code` when the value is NaN. Compose it with ``then(_:)`` before any comparison: Foundation
    /// orders NaN below every number, so `Decimal.nan < 0` is `true` and comparisons alone mislead.
    public static func notNaN(_ code: ValidationCode) -> Validator {
        rule(code) { !$0.isNaN }
    }

    /// Fails with `code` when a (non-NaN) value has more than `places` digits after the decimal point,
    /// trailing zeros ignored; the failure carries `places` as ``ValidationParameter/decimalPlaces``.
    public static func decimalPlaces(atMost places: Int, _ code: ValidationCode) -> Validator {
        Validator { value in
            MoneyLimits.hasAtMost(places, decimalPlaces: value)
                ? [] : [ValidationFailure(code: code, parameters: [ValidationParameter.decimalPlaces: String(places)])]
        }
    }

    /// Fails with `code` when the magnitude of a (non-NaN) value exceeds `limit`.
    public static func magnitudeAtMost(_ limit: Decimal, _ code: ValidationCode) -> Validator {
        rule(code) { $0.magnitude <= limit }
    }
}

extension Validator where Value: Collection & Sendable {
    /// Fails with `code` when the collection is empty.
    public static func notEmpty(_ code: ValidationCode) -> Validator {
        rule(code) { !$0.isEmpty }
    }

    /// Fails with `code` when the collection has more than `limit` elements.
    public static func maximumCount(_ limit: Int, _ code: ValidationCode) -> Validator {
        rule(code) { $0.count <= limit }
    }
}

/// Scalar-level checks on free text, each a single pass that stops as soon as the answer is known. ASCII,
/// the bulk of most text, is decided by value; only other scalars consult Unicode properties.
enum TextInspection {
    static func hasVisibleContent(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            if scalar.isASCII { return scalar.value > 0x20 && scalar.value != 0x7F }
            let properties = scalar.properties
            return
                !(properties.isWhitespace || properties.isDefaultIgnorableCodePoint
                || properties.generalCategory == .control)
        }
    }

    static func scalarCount(_ text: String, exceeds limit: Int) -> Bool {
        // The UTF-8 length bounds the scalar count from above: most short texts are answered without a walk.
        if text.utf8.count <= limit { return false }
        var count = 0
        for _ in text.unicodeScalars {
            count += 1
            if count > limit { return true }
        }
        return false
    }

    static func isPlainText(_ text: String, allowsLineBreaks: Bool) -> Bool {
        !text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x20...0x7E: return false
            case 0x0A, 0x0D, 0x09, 0x2028, 0x2029: return !allowsLineBreaks
            // Controls, the replacement character, bidirectional embeddings, overrides and isolates.
            case 0x00...0x1F, 0x7F...0x9F, 0xFFFD, 0x202A...0x202E, 0x2066...0x2069: return true
            // Noncharacters: U+FDD0–U+FDEF and the last two code points of every plane.
            case 0xFDD0...0xFDEF: return true
            default: return scalar.value & 0xFFFE == 0xFFFE
            }
        }
    }
}
