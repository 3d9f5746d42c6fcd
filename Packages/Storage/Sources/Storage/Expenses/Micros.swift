package import Foundation

/// Exact conversion between `Decimal` prices and whole millionths.
///
/// `Decimal` arithmetic and its string form cost microseconds per value, too slow for a million-row import, so
/// the fast path splits the decimal into sign, exponent and integer significand and verifies its own result by
/// rebuilding the decimal; anything the fast path cannot prove falls back to exact (slow) decimal rounding.
package enum Micros {
    private static let limit = ExpenseLimits.maximumPriceMicros
    private static let powersOfTen: [UInt64] = (0...19).map { power in
        (0..<power).reduce(UInt64(1)) { value, _ in value &* 10 }
    }

    /// The price as millionths, or why it cannot be stored without changing it.
    package static func from(_ price: Decimal) -> Result<Int64, EntryProblem> {
        if price.isNaN { return .failure(.priceNotANumber) }
        if price.isZero { return .success(0) }
        let exponent = price.exponent
        let significand = NSDecimalNumber(decimal: price.significand).uint64Value
        let rebuilt = Decimal(sign: price.sign, exponent: exponent, significand: Decimal(significand))
        guard rebuilt == price else { return slowPath(price) }
        let magnitude: UInt64
        let shift = exponent + ExpenseLimits.fractionDigits
        if shift >= 0 {
            guard shift < powersOfTen.count else { return .failure(.priceTooLarge) }
            let (product, overflow) = significand.multipliedReportingOverflow(by: powersOfTen[shift])
            guard !overflow else { return .failure(.priceTooLarge) }
            magnitude = product
        } else {
            guard -shift < powersOfTen.count else { return .failure(.priceTooPrecise) }
            let divisor = powersOfTen[-shift]
            guard significand % divisor == 0 else { return .failure(.priceTooPrecise) }
            magnitude = significand / divisor
        }
        guard magnitude <= UInt64(limit) else { return .failure(.priceTooLarge) }
        let micros = Int64(magnitude)
        return .success(price.sign == .minus ? -micros : micros)
    }

    /// The decimal for `micros` millionths, with trailing zeros removed so it prints the way people write it.
    package static func decimal(_ micros: Int64) -> Decimal {
        var magnitude = micros.magnitude
        var exponent = -ExpenseLimits.fractionDigits
        while exponent < 0, magnitude != 0, magnitude % 10 == 0 {
            magnitude /= 10
            exponent += 1
        }
        if magnitude == 0 { return 0 }
        return Decimal(sign: micros < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(magnitude))
    }

    /// Exact rounding with `Decimal` arithmetic, for significands beyond 64 bits (values written with many zeros).
    private static func slowPath(_ price: Decimal) -> Result<Int64, EntryProblem> {
        if price.magnitude > ExpenseLimits.maximumPrice { return .failure(.priceTooLarge) }
        var scaled = price * Decimal(sign: .plus, exponent: ExpenseLimits.fractionDigits, significand: 1)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled else { return .failure(.priceTooPrecise) }
        guard let micros = Int64(rounded.description) else { return .failure(.priceTooLarge) }
        return .success(micros)
    }
}

/// A sum of millionths that cannot overflow: each amount is split into billions and a remainder, and both parts
/// are summed separately (the same split the SQLite backend uses in SQL), so a total is exact for any number of
/// entries a store can hold.
package struct MicrosTotal: Hashable, Sendable {
    private static let split: Int64 = 1_000_000_000
    /// Sum of `amount / 1e9` (truncated toward zero).
    package private(set) var billions: Int64 = 0
    /// Sum of `amount % 1e9` (same sign as the amount).
    package private(set) var remainder: Int64 = 0
    /// Number of amounts added.
    package private(set) var count = 0

    package init() {}

    /// A total from parts summed elsewhere (by SQL).
    package init(billions: Int64, remainder: Int64, count: Int) {
        self.billions = billions
        self.remainder = remainder
        self.count = count
    }

    package mutating func add(_ micros: Int64) {
        billions += micros / Self.split
        remainder += micros % Self.split
        count += 1
    }

    /// The exact sum.
    package var decimal: Decimal {
        let micros = Decimal(billions) * Decimal(Self.split) + Decimal(remainder)
        return micros * Decimal(sign: .plus, exponent: -ExpenseLimits.fractionDigits, significand: 1)
    }
}
