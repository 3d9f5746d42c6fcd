import Foundation

/// A `Decimal` as sign, a 64-bit integer significand and a power of ten, when its significand fits: the common
/// case of every invoice number, handled with integer arithmetic because `Decimal` arithmetic and `description`
/// cost a microsecond or more each, which a 1,000-line invoice repeats thousands of times.
///
/// Anything that does not fit (NaN, more than 18 significant digits) has no parts, and callers take the
/// `Decimal` path, so results never depend on which path ran.
struct DecimalParts: Hashable {
    let negative: Bool
    let significand: UInt64
    let exponent: Int

    /// The parts of `value`, or nil for NaN and significands of more than 18 digits.
    init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        let number = NSDecimalNumber(decimal: value.significand)
        // Below 10^18 the double is far from the 64-bit limit, so the integer read back is exact.
        guard number.doubleValue < 9.9e17 else { return nil }
        let significand = number.uint64Value
        guard significand < Self.powers[18] else { return nil }
        self.init(negative: value.isSignMinus && significand != 0, significand: significand, exponent: value.exponent)
    }

    init(negative: Bool, significand: UInt64, exponent: Int) {
        self.negative = negative
        self.significand = significand
        self.exponent = exponent
    }

    /// 10^0 ... 10^19, every power of ten a `UInt64` holds.
    static let powers: [UInt64] = {
        var powers: [UInt64] = [1]
        for _ in 1...19 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// How many decimal digits `value` has (1 for 0).
    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        while count < 20 && value >= powers[count] { count += 1 }
        return count
    }

    /// Whether the magnitude is below 10^`power`.
    func magnitudeIsBelow(powerOfTen power: Int) -> Bool {
        significand == 0 || Self.digitCount(significand) + exponent <= power
    }

    /// Whether the magnitude is at most 100 (the highest tax rate).
    var isAtMostOneHundred: Bool {
        magnitudeIsBelow(powerOfTen: 2) || normalized == DecimalParts(negative: negative, significand: 1, exponent: 2)
    }

    /// The value with the same sign, keyed without trailing zeros (19 and 19.0 are one rate).
    var normalized: DecimalParts {
        var significand = self.significand
        var exponent = self.exponent
        while significand != 0 && significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        return DecimalParts(negative: negative, significand: significand, exponent: significand == 0 ? 0 : exponent)
    }

    /// The magnitude of `self × other × 10^shift`, rounded half up to an integer, or nil when the result or an
    /// intermediate does not fit 64 bits (the caller then falls back to `Decimal`).
    func roundedProductMagnitude(_ other: DecimalParts, shift: Int) -> UInt64? {
        let (high, low) = significand.multipliedFullWidth(by: other.significand)
        let power = exponent + other.exponent + shift
        if high == 0 && low == 0 { return 0 }
        if power >= 0 {
            guard high == 0, power <= 19 else { return nil }
            let (result, overflow) = low.multipliedReportingOverflow(by: Self.powers[power])
            return overflow ? nil : result
        }
        guard -power <= 19 else { return nil }
        let divisor = Self.powers[-power]
        guard high < divisor else { return nil }
        let (quotient, remainder) = divisor.dividingFullWidth((high, low))
        guard remainder >= divisor - remainder else { return quotient }
        return quotient == UInt64.max ? nil : quotient + 1
    }

    /// The decimal digits of the integer and fraction parts (the fraction exactly `-exponent` digits long).
    func digits() -> (integer: [UInt8], fraction: [UInt8]) {
        var all: [UInt8] = []
        var rest = significand
        repeat {
            all.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        all.reverse()
        if exponent >= 0 {
            if significand != 0 { all += repeatElement(UInt8(ascii: "0"), count: exponent) }
            return (all, [])
        }
        let fractionCount = -exponent
        if all.count <= fractionCount {
            return ([UInt8(ascii: "0")], Array(repeating: UInt8(ascii: "0"), count: fractionCount - all.count) + all)
        }
        return (Array(all[..<(all.count - fractionCount)]), Array(all[(all.count - fractionCount)...]))
    }
}
