import Rendering
import Validation

/// Hands the Validation package's ISO 4217 table to the Rendering package: every currency a draft may use
/// renders with its minor units, and with its sign where Rendering knows one.
enum CurrencyTable {
    /// The currency for an ISO 4217 code. A code outside the table (which validation refuses before anything is
    /// rendered) falls back to two minor units, so a stored amount still prints.
    @Sendable static func currency(_ code: String) -> Currency {
        let code = code.uppercased()
        let minorUnits = ISO4217.minorUnits(for: code) ?? 2
        let symbol = Currency(code: code).map(\.symbol)
        return (try? Currency(code: code, minorUnits: minorUnits, symbol: symbol)) ?? .usd
    }
}
