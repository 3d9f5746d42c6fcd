public import Foundation

/// Writes amounts, quantities and rates the same way in every template: the one place that knows separators,
/// symbol position and minor units.
public struct MoneyFormatter: Hashable, Sendable {
    /// The conventions used.
    public let locale: RenderingLocale

    /// Creates a formatter for `locale`.
    public init(locale: RenderingLocale) {
        self.locale = locale
    }

    /// `amount` rounded to the currency's minor units (half away from zero) with its symbol: `$1,234.50`,
    /// `1.234,50 €`, `¥1,235`, `BHD 1.250`. Negative amounts get a leading `-`. NaN is written `NaN` (the
    /// renderer never passes one; it reports `numberOutOfRange` first).
    public func string(from amount: Decimal, currency: Currency) -> String {
        string(from: amount, currency: currency, symbol: currency.symbol)
    }

    /// `amount` with `symbol` in place of the currency's own (the renderer's choice for its fonts).
    func string(from amount: Decimal, currency: Currency, symbol: String) -> String {
        guard !amount.isNaN else { return "NaN" }
        let rounded = MoneyRounding.round(amount, scale: currency.minorUnits)
        let digits = number(
            rounded, minimumFractionDigits: currency.minorUnits, maximumFractionDigits: currency.minorUnits)
        return attachingSymbol(symbol, to: digits)
    }

    /// A quantity: grouped, exact up to six fraction digits, trailing zeros dropped (`1.5`, `1,000`, `0.125`).
    func quantity(_ value: Decimal) -> String {
        number(MoneyRounding.round(value, scale: 6), minimumFractionDigits: 0, maximumFractionDigits: 6)
    }

    /// A unit price: like an amount, but keeps up to six fraction digits when the price has them (`$0.0125`),
    /// because a unit price may be finer than the currency's minor unit.
    func unitPrice(_ value: Decimal, currency: Currency, symbol: String) -> String {
        let rounded = MoneyRounding.round(value, scale: 6)
        let digits = number(rounded, minimumFractionDigits: currency.minorUnits, maximumFractionDigits: 6)
        return attachingSymbol(symbol, to: digits)
    }

    private func attachingSymbol(_ symbol: String, to digits: String) -> String {
        let negative = digits.hasPrefix("-")
        let magnitude = negative ? String(digits.dropFirst()) : digits
        let sign = negative ? "-" : ""
        switch locale.symbolPlacement {
        case .leading: return sign + symbol + (Currency.symbolIsWord(symbol) ? " " : "") + magnitude
        // A no-break space keeps the symbol on the line of its amount.
        case .trailing: return sign + magnitude + "\u{A0}" + symbol
        }
    }

    /// A tax rate: `19%`, `7.5%` (with the locale's decimal separator).
    func percent(_ rate: TaxRate) -> String {
        number(MoneyRounding.round(rate.percent, scale: 4), minimumFractionDigits: 0, maximumFractionDigits: 4) + "%"
    }

    /// Digits of an already rounded value with grouping and the locale's separators; a leading `-` when negative.
    func number(_ value: Decimal, minimumFractionDigits: Int, maximumFractionDigits: Int) -> String {
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
        if fraction.count > maximumFractionDigits { fraction.removeLast(fraction.count - maximumFractionDigits) }
        while fraction.count > minimumFractionDigits && fraction.last == zero { fraction.removeLast() }
        while fraction.count < minimumFractionDigits { fraction.append(zero) }
        let isZero = integer.allSatisfy { $0 == zero } && fraction.allSatisfy { $0 == zero }

        var result = negative && !isZero ? "-" : ""
        if let separator = locale.groupingSeparator, integer.count > 3 {
            let leading = integer.count % 3 == 0 ? 3 : integer.count % 3
            result += String(decoding: integer[..<leading], as: UTF8.self)
            var index = leading
            while index < integer.count {
                result.append(separator)
                result += String(decoding: integer[index..<index + 3], as: UTF8.self)
                index += 3
            }
        } else {
            result += String(decoding: integer, as: UTF8.self)
        }
        if !fraction.isEmpty {
            result.append(locale.decimalSeparator)
            result += String(decoding: fraction, as: UTF8.self)
        }
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
