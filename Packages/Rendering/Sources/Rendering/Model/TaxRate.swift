public import Foundation

/// A tax rate in percent (19 means 19 %). A type of its own so a fraction (0.19) is never mistaken for it.
public struct TaxRate: Hashable, Comparable, Sendable {
    /// The rate in percent.
    public let percent: Decimal

    /// Creates a rate of `percent` %. Out-of-range values are accepted here and reported by the renderer as
    /// ``RenderingError/numberOutOfRange(_:)``, so a form can hold what the user typed.
    public init(percent: Decimal) {
        self.percent = percent
    }

    /// No tax.
    public static let zero = TaxRate(percent: 0)

    /// Orders rates by size.
    public static func < (lhs: TaxRate, rhs: TaxRate) -> Bool {
        lhs.percent < rhs.percent
    }
}
