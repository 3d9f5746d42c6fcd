public import Essentials
import Foundation

/// How numbers and dates are written on a document: separators, where the currency symbol goes, date order.
///
/// Rendering keeps its own small table instead of asking ICU through `NumberFormatter`, because ICU's output
/// changes between versions and platforms (French grouping became U+202F, which the core fonts lack) and a
/// rendered invoice must be the same bytes everywhere.
public struct RenderingLocale: Hashable, Sendable {
    /// Where the currency symbol stands.
    public enum SymbolPlacement: Hashable, Sendable {
        /// `$1.00`, `CHF 1.00`: before the digits (with a space when the symbol is a word).
        case leading
        /// `1,00 €`: after the digits, always with a space.
        case trailing
    }

    /// The order and separator of day, month and year.
    public enum DateStyle: Hashable, Sendable {
        /// `2025-03-14`.
        case iso8601
        /// `14.03.2025` or `14/03/2025`.
        case dayMonthYear(separator: Character)
        /// `03/14/2025`.
        case monthDayYear(separator: Character)
    }

    /// Separates whole units from minor units.
    public var decimalSeparator: Character
    /// Separates groups of three digits; nil writes no grouping.
    public var groupingSeparator: Character?
    /// Where the currency symbol stands.
    public var symbolPlacement: SymbolPlacement
    /// How days are written.
    public var dateStyle: DateStyle

    /// Creates conventions of your own. Characters the core fonts cannot show are reported when a document
    /// using them renders.
    public init(
        decimalSeparator: Character,
        groupingSeparator: Character?,
        symbolPlacement: SymbolPlacement,
        dateStyle: DateStyle
    ) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.symbolPlacement = symbolPlacement
        self.dateStyle = dateStyle
    }

    /// United States: `$1,234.56`, `03/14/2025`.
    public static let enUS = RenderingLocale(
        decimalSeparator: ".", groupingSeparator: ",", symbolPlacement: .leading,
        dateStyle: .monthDayYear(separator: "/"))
    /// United Kingdom and most other English: `£1,234.56`, `14/03/2025`.
    public static let enGB = RenderingLocale(
        decimalSeparator: ".", groupingSeparator: ",", symbolPlacement: .leading,
        dateStyle: .dayMonthYear(separator: "/"))
    /// Germany and Austria: `1.234,56 €`, `14.03.2025`.
    public static let deDE = RenderingLocale(
        decimalSeparator: ",", groupingSeparator: ".", symbolPlacement: .trailing,
        dateStyle: .dayMonthYear(separator: "."))
    /// France: `1 234,56 €` with a no-break space, `14/03/2025`.
    public static let frFR = RenderingLocale(
        decimalSeparator: ",", groupingSeparator: "\u{A0}", symbolPlacement: .trailing,
        dateStyle: .dayMonthYear(separator: "/"))
    /// Switzerland: `CHF 1’234.56`, `14.03.2025`.
    public static let deCH = RenderingLocale(
        decimalSeparator: ".", groupingSeparator: "’", symbolPlacement: .leading,
        dateStyle: .dayMonthYear(separator: "."))
    /// Japan: `¥1,235`, `2025-03-14`.
    public static let jaJP = RenderingLocale(
        decimalSeparator: ".", groupingSeparator: ",", symbolPlacement: .leading, dateStyle: .iso8601)

    /// The conventions for a locale identifier such as `de_DE`, `de-AT`, `fr` or `en_GB`. Unknown languages
    /// get `enUS`, so any identifier yields a usable locale.
    public init(identifier: String) {
        let parts = identifier.replacingOccurrences(of: "-", with: "_").split(separator: "_")
        let language = parts.first.map { $0.lowercased() } ?? ""
        let region = parts.count > 1 ? parts[1].uppercased() : ""
        switch (language, region) {
        case (_, "CH") where ["de", "fr", "it", "rm"].contains(language): self = .deCH
        case ("en", "US"), ("en", ""): self = .enUS
        case ("en", _): self = .enGB
        case ("de", _): self = .deDE
        case ("fr", _): self = .frFR
        case ("ja", _): self = .jaJP
        default: self = .enUS
        }
    }

    /// Writes `day` in this locale's date style.
    public func string(from day: CalendarDay) -> String {
        let year = String(format: "%04d", day.year)
        let month = String(format: "%02d", day.month)
        let date = String(format: "%02d", day.day)
        switch dateStyle {
        case .iso8601: return day.iso8601
        case .dayMonthYear(let separator): return "\(date)\(separator)\(month)\(separator)\(year)"
        case .monthDayYear(let separator): return "\(month)\(separator)\(date)\(separator)\(year)"
        }
    }
}
