import Foundation

/// A `Decimal` as sign, a 64-bit integer significand and a power of ten, when its significand fits: the common
/// case of every invoice number, formatted and used as a key with integer operations because `Decimal`'s
/// `description` and hashing cost a microsecond or more each, which a 1,000-line invoice repeats thousands of times.
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
