import Rendering
import Validation

/// Hands the Validation package's ISO 4217 table to the Rendering package: every currency a draft may use
/// renders with its minor units (Rendering adds the sign where it knows one).
enum CurrencyTable {
    /// The currency for an ISO 4217 code. A code outside the table (which validation refuses before anything is
    /// rendered) falls back to two minor units, so a stored amount still prints.
    @Sendable static func currency(_ code: String) -> Currency {
        let code = code.uppercased()
        return (try? Currency(code: code, minorUnits: ISO4217.minorUnits(for: code) ?? 2)) ?? .usd
    }
}
