import Rendering

/// Whether a locale identifier names a locale Foundation has data for, and if not, what the user may have meant.
public enum LocaleCheckResult: Hashable, Sendable {
    /// Foundation knows the locale: money and days can be shown in it.
    case known
    /// Foundation does not know it; `suggestions` are the closest identifiers it knows, best first (at most five).
    case unknown(suggestions: [String])
}

/// Says whether a locale identifier (already shaped like a language tag) is one Foundation knows. The settings
/// store is given one so that an identifier Foundation would silently replace by its root locale (`xx_YY`) is
/// refused when it is set; tests may hand over a stub.
public typealias LocaleCheck = @Sendable (String) -> LocaleCheckResult

/// The locale check of the Rendering package, which prints invoices in the locale: known when
/// `RenderingLocale(validating:)` accepts the identifier, otherwise unknown with its suggestions (the same
/// language first, then the closest spelling, at most five).
public enum RenderingLocaleCheck {
    /// The check, as the settings store takes it.
    public static let check: LocaleCheck = { identifier in
        do throws(RenderingLocaleError) {
            _ = try RenderingLocale(validating: identifier)
            return .known
        } catch {
            switch error {
            case .unknownIdentifier(_, let suggestions): return .unknown(suggestions: suggestions)
            case .malformedIdentifier: return .unknown(suggestions: [])
            }
        }
    }
}
