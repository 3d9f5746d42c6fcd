public import Foundation

/// Writes amounts, quantities and rates the same way in every template and report: Foundation's currency,
/// number and percent styles for the locale, with the currency's minor units and this package's rounding.
public struct MoneyFormatter: Hashable, Sendable {
    /// The conventions used.
    public let locale: RenderingLocale

    /// Creates a formatter for `locale`.
    public init(locale: RenderingLocale) {
        self.locale = locale
    }

    /// Which symbol an amount is written with.
    enum Symbol: Hashable, Sendable {
        /// The locale's own symbol for the code (`zł` in Polish, `PLN` in American English).
        case locale
        /// The ISO code (`PLN`), where fonts cannot draw the locale's symbol.
        case isoCode
        /// A symbol the caller chose, in place of the ISO code.
        case custom(String)
    }

    /// `amount` rounded to the currency's minor units (half away from zero) as the locale writes money:
    /// `$1,234.50`, `1.234,50 €`, `10 455,00 zł`, `￥1,235`, `BHD 1,234.500`. A symbol the caller gave the
    /// currency replaces the locale's. NaN is written `NaN` (the renderer never passes one; it reports
    /// `numberOutOfRange` first).
    public func string(from amount: Decimal, currency: Currency) -> String {
        string(from: amount, currency: currency, symbol: Self.symbol(of: currency))
    }

    /// The symbol to print with `coverage`: the caller's own symbol (reported if it cannot be drawn), else the
    /// locale's when the fonts can draw the locale's way of writing it, else the ISO code.
    func symbol(for currency: Currency, drawableWith coverage: some GlyphCoverage) -> Symbol {
        let symbol = Self.symbol(of: currency)
        guard symbol == .locale else { return symbol }
        let sample = locale.styles.currency(code: currency.code, fractionDigits: 0...0).format(Decimal(0))
        return coverage.unsupportedCharacters(in: sample).isEmpty ? .locale : .isoCode
    }

    /// `.custom` when the caller gave the currency a symbol of its own, else `.locale`.
    private static func symbol(of currency: Currency) -> Symbol {
        currency.customSymbol.map { .custom($0) } ?? .locale
    }

    /// `amount` with the chosen symbol (the renderer's choice for its fonts).
    func string(from amount: Decimal, currency: Currency, symbol: Symbol) -> String {
        guard !amount.isNaN else { return "NaN" }
        let digits = currency.minorUnits...currency.minorUnits
        return format(MoneyRounding.round(amount, scale: currency.minorUnits), currency, digits, symbol)
    }

    /// A unit price: like an amount, but keeps up to six fraction digits when the price has them (`$0.0125`),
    /// because a unit price may be finer than the currency's minor unit.
    func unitPrice(_ value: Decimal, currency: Currency, symbol: Symbol) -> String {
        guard !value.isNaN else { return "NaN" }
        let digits = min(currency.minorUnits, 6)...6
        return format(MoneyRounding.round(value, scale: 6), currency, digits, symbol)
    }

    private func format(
        _ rounded: Decimal, _ currency: Currency, _ digits: ClosedRange<Int>, _ symbol: Symbol
    ) -> String {
        switch symbol {
        case .locale:
            return locale.styles.currency(code: currency.code, fractionDigits: digits).format(rounded)
        case .isoCode:
            return locale.styles.currency(code: currency.code, fractionDigits: digits, isoCode: true).format(rounded)
        case .custom(let custom):
            // The ISO code is always written literally, so it is the one part that can be replaced exactly.
            let text = locale.styles.currency(code: currency.code, fractionDigits: digits, isoCode: true)
                .format(rounded)
            return text.replacingOccurrences(of: currency.code, with: custom)
        }
    }

    /// A quantity: grouped, exact up to six fraction digits, trailing zeros dropped (`1.5`, `1,000`, `0,125`).
    func quantity(_ value: Decimal) -> String {
        guard !value.isNaN else { return "NaN" }
        return locale.styles.quantity.format(MoneyRounding.round(value, scale: 6))
    }

    /// A tax rate in the locale's percent pattern: `19%`, `19 %`, `%19`, `7,5 %`.
    func percent(_ rate: TaxRate) -> String {
        guard !rate.percent.isNaN else { return "NaN" }
        return locale.styles.percent.format(MoneyRounding.round(rate.percent, scale: 4) / 100)
    }

    /// Digits of an already rounded value with a `.` and no grouping, a leading `-` when negative: the
    /// locale-independent form of CSV cells, which every spreadsheet reads alike.
    static func plainNumber(_ value: Decimal, fractionDigits: Int) -> String {
        let zero = UInt8(ascii: "0")
        var negative = false
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        if let parts = DecimalParts(value) {
            negative = parts.negative
            (integer, fraction) = parts.digits()
        } else {
            // `Decimal.description` is locale-independent plain notation ("-1234.5"), never an exponent.
            var inFraction = false
            for byte in value.description.utf8 {
                switch byte {
                case UInt8(ascii: "-"): negative = true
                case UInt8(ascii: "."): inFraction = true
                case zero...UInt8(ascii: "9"):
                    if inFraction { fraction.append(byte) } else { integer.append(byte) }
                default: break
                }
            }
        }
        if integer.isEmpty { integer = [zero] }
        if fraction.count > fractionDigits { fraction.removeLast(fraction.count - fractionDigits) }
        while fraction.count < fractionDigits { fraction.append(zero) }
        let isZero = integer.allSatisfy { $0 == zero } && fraction.allSatisfy { $0 == zero }
        var result = negative && !isZero ? "-" : ""
        result += String(decoding: integer, as: UTF8.self)
        if !fraction.isEmpty { result += "." + String(decoding: fraction, as: UTF8.self) }
        return result
    }
}

/// The rounding rule of every amount: to the currency's minor units, halves away from zero (commercial
/// rounding, "half up" for the positive amounts of an invoice: 0.125 → 0.13, -0.125 → -0.13).
public enum MoneyRounding {
    /// `value` rounded to `scale` fraction digits, halves away from zero.
    public static func round(_ value: Decimal, scale: Int) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, scale, .plain)
        return output
    }
}
