import Essentials
public import Foundation

/// Why a locale identifier was refused by ``RenderingLocale/init(validating:dateStyle:)``.
public enum RenderingLocaleError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// Empty, longer than 64 characters, or with characters no locale identifier has (spaces, controls, `/`,
    /// `.`, letters outside ASCII). The payload is the identifier as given.
    case malformedIdentifier(String)
    /// Well formed, but its language or region is not one Foundation knows (`xx_YY`, `en_QQ`). `suggestions`
    /// are at most five known identifiers close to it, closest first, for a "did you mean" line.
    case unknownIdentifier(String, suggestions: [String])

    /// The known identifiers to offer instead (none for a malformed one).
    public var suggestions: [String] {
        switch self {
        case .malformedIdentifier: return []
        case .unknownIdentifier(_, let suggestions): return suggestions
        }
    }

    /// A sentence for people, with what to type instead.
    public var description: String {
        let hint = "Use a language code with an optional region, such as pl_PL, de_CH or fr."
        switch self {
        case .malformedIdentifier(let identifier) where identifier.isEmpty:
            return "The locale is empty. \(hint)"
        case .malformedIdentifier(let identifier):
            return "\(ReadableText.quoted(identifier)) is not a locale identifier. \(hint)"
        case .unknownIdentifier(let identifier, let suggestions):
            let known = "\(ReadableText.quoted(identifier)) is not a locale this system knows."
            guard !suggestions.isEmpty else { return "\(known) \(hint)" }
            let list = suggestions.joined(separator: ", ")
            return "\(known) Did you mean \(list)? \(hint)"
        }
    }

    /// The same sentence, for code that shows `localizedDescription`.
    public var errorDescription: String? { description }
}

/// Which identifiers Foundation knows, and which known ones are close to an unknown one.
enum LocaleIdentifiers {
    /// The longest identifier considered (`sr_Latn_RS@currency=EUR;numbers=latn` is 36).
    static let maximumLength = 64

    /// The locale for `identifier`, with `-` written as `_`, or the reason it is refused.
    static func locale(for identifier: String) throws(RenderingLocaleError) -> Locale {
        guard let parts = Parts(identifier) else { throw .malformedIdentifier(identifier) }
        let languageKnown = isoLanguages.contains(parts.language)
        let regionKnown = parts.region.map { isoRegions.contains($0) } ?? true
        guard languageKnown && regionKnown else {
            throw .unknownIdentifier(identifier, suggestions: suggestions(for: parts))
        }
        return Locale(identifier: parts.identifier)
    }

    /// An identifier taken apart: `language[_Script][_REGION][_VARIANT][@keywords]`.
    struct Parts {
        var language: String
        var script: String?
        var region: String?
        var variants: [String] = []
        var keywords: String?

        init?(_ identifier: String) {
            guard !identifier.isEmpty, identifier.count <= LocaleIdentifiers.maximumLength,
                identifier.unicodeScalars.allSatisfy({ $0.isASCII && Self.allowed.contains($0) })
            else { return nil }
            let halves = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            if halves.count == 2 {
                guard !halves[1].isEmpty, !halves[1].contains("@") else { return nil }
                keywords = String(halves[1])
            }
            let fields = halves[0].split(separator: "_", omittingEmptySubsequences: false).flatMap {
                $0.split(separator: "-", omittingEmptySubsequences: false)
            }
            guard let first = fields.first, (2...3).contains(first.count), first.allSatisfy(\.isLetter),
                fields.allSatisfy({ !$0.isEmpty })
            else { return nil }
            language = first.lowercased()
            var rest = fields.dropFirst()
            if let next = rest.first, next.count == 4, next.allSatisfy(\.isLetter) {
                script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
                rest = rest.dropFirst()
            }
            if let next = rest.first,
                (next.count == 2 && next.allSatisfy(\.isLetter)) || (next.count == 3 && next.allSatisfy(\.isNumber))
            {
                region = next.uppercased()
                rest = rest.dropFirst()
            }
            // Variants (`VALENCIA`, `POSIX`) are 4 to 8 letters or digits.
            guard rest.allSatisfy({ (4...8).contains($0.count) && $0.allSatisfy { $0.isLetter || $0.isNumber } })
            else { return nil }
            variants = rest.map { $0.uppercased() }
        }

        private static let allowed = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-@=;")

        /// The identifier in Foundation's spelling (`pl_PL`, `zh_Hans_CN`).
        var identifier: String {
            var result = ([language] + [script, region].compactMap { $0 } + variants).joined(separator: "_")
            if let keywords { result += "@" + keywords }
            return result
        }
    }

    static let isoLanguages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
    static let isoRegions = Set(Locale.Region.isoRegions.map(\.identifier))

    /// Foundation's identifiers of a language and a region (`pl_PL`, `sr_Latn_RS`), the ones worth suggesting.
    static let suggestable: [String] = Locale.availableIdentifiers.filter { $0.contains("_") }.sorted()

    /// At most five known identifiers for `parts`: those of the same language first (`en_QQ` → `en_…`), else of
    /// the same region, the region's main language first (`xx_PL` → `pl_PL`, then `en_PL`), each group ordered
    /// by edit distance, then alphabetically.
    static func suggestions(for parts: Parts) -> [String] {
        let wanted = parts.identifier.lowercased()
        // CLDR's likely subtags: the language most people of the region speak (`und_PL` → `pl`).
        let regionLanguage = parts.region.flatMap {
            Locale.Language(identifier: "und_\($0)").maximalIdentifier.split(separator: "-").first.map(String.init)
        }
        let ranked = suggestable.map { candidate -> (group: Int, distance: Int, identifier: String) in
            let candidateParts = Parts(candidate)
            let sameRegion = parts.region != nil && candidateParts?.region == parts.region
            let group: Int
            if candidateParts?.language == parts.language {
                group = candidateParts?.region == parts.region ? 0 : 1
            } else if sameRegion && candidateParts?.language == regionLanguage {
                group = 2
            } else if sameRegion {
                group = 3
            } else {
                group = 4
            }
            return (group, editDistance(wanted, candidate.lowercased()), candidate)
        }
        return ranked.sorted { ($0.group, $0.distance, $0.identifier) < ($1.group, $1.distance, $1.identifier) }
            .prefix(5).map(\.identifier)
    }

    /// Levenshtein distance over Unicode scalars (identifiers are short ASCII).
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
