import Essentials

/// The ISO 4217 currencies an invoice or expense may use, with their minor units: the shared kernel's table
/// (`ISOCurrency` in `Essentials`), under the names this package has always given it.
public enum ISO4217 {
    /// Every accepted alphabetic code with its minor units: the digits after the decimal separator an amount
    /// in that currency carries (JPY 0, EUR 2, BHD 3, CLF 4). The codes are `ISOCurrency`'s: list one of
    /// ISO 4217 without the codes that name no money and without withdrawn ones.
    public static let minorUnitsByCode: [String: Int] = ISOCurrency.minorUnitsByCode

    /// The accepted alphabetic codes, upper case: the keys of `minorUnitsByCode`.
    public static let currencyCodes: Set<String> = ISOCurrency.codes

    /// The minor units of `code` (upper case, as ISO 4217 writes it), or `nil` when it is not an accepted code.
    public static func minorUnits(for code: String) -> Int? {
        ISOCurrency.minorUnits(for: code)
    }
}
