import Foundation

/// Whether a locale identifier names a locale Foundation has data for, and if not, what the user may have meant.
public enum LocaleCheckResult: Hashable, Sendable {
    /// Foundation knows the locale: money and days can be shown in it.
    case known
    /// Foundation does not know it; `suggestions` are the closest identifiers it knows, best first (at most five).
    case unknown(suggestions: [String])
}

/// Says whether a locale identifier (already shaped like a language tag) is one Foundation knows. The settings
/// store is given one so that an identifier Foundation would silently replace by its root locale (`xx_YY`) is
/// refused when it is set; the app may hand over another implementation (the rendering package's), tests a stub.
public typealias LocaleCheck = @Sendable (String) -> LocaleCheckResult

/// The locale check on Foundation's own lists, used when the app gives none.
public enum FoundationLocaleCheck {
    /// The most suggestions a refusal lists.
    public static let maximumSuggestions = 5

    /// Known when Foundation lists the identifier (with `-` or `_`), or when its language is an ISO 639 code
    /// Foundation has data for and its region, if any, is an ISO 3166 region (`en_DE`). Otherwise unknown, with
    /// the available identifiers of the same language first, then the nearest by edit distance.
    public static let check: LocaleCheck = { identifier in result(for: identifier) }

    static func result(for identifier: String) -> LocaleCheckResult {
        guard !identifier.isEmpty, identifier.utf8.count <= 64,
            identifier.unicodeScalars.allSatisfy({ $0.isASCII && (isAlphanumeric($0) || $0 == "-" || $0 == "_") })
        else { return .unknown(suggestions: []) }
        let canonical = identifier.replacingOccurrences(of: "-", with: "_")
        let available = Locale.availableIdentifiers
        let lowered = canonical.lowercased()
        if available.contains(where: { $0.lowercased() == lowered }) { return .known }
        let parts = canonical.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        let language = parts[0].lowercased()
        let languagesWithData = Set(available.map { $0.split(separator: "_").first.map(String.init) ?? $0 })
        let isoLanguages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
        if isoLanguages.contains(language), languagesWithData.contains(language), regionIsKnown(parts) {
            return .known
        }
        return .unknown(suggestions: suggestions(for: lowered, language: language, among: available))
    }

    /// The region after the language (and script, if any) is an ISO 3166 region, or there is none.
    private static func regionIsKnown(_ parts: [String]) -> Bool {
        var index = 1
        if index < parts.count, parts[index].count == 4, parts[index].allSatisfy(\.isLetter) { index += 1 }
        guard index < parts.count else { return true }
        let part = parts[index]
        let isRegion =
            (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber))
        guard isRegion else { return true }
        return Locale.Region.isoRegions.contains { $0.identifier.uppercased() == part.uppercased() }
    }

    private static func suggestions(for text: String, language: String, among available: [String]) -> [String] {
        let ranked = available.map { candidate -> (sameLanguage: Bool, distance: Int, identifier: String) in
            let lowered = candidate.lowercased()
            let candidateLanguage = lowered.split(separator: "_").first.map(String.init) ?? lowered
            return (candidateLanguage == language, editDistance(text, lowered), candidate)
        }
        return
            ranked
            .sorted {
                ($0.sameLanguage ? 0 : 1, $0.distance, $0.identifier) < (
                    $1.sameLanguage ? 0 : 1, $1.distance, $1.identifier
                )
            }
            .prefix(maximumSuggestions).map(\.identifier)
    }

    /// Levenshtein distance over Unicode scalars (both texts are short ASCII here).
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first.unicodeScalars)
        let b = Array(second.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
