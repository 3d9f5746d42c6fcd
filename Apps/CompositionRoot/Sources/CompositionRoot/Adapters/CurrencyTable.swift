import Rendering

/// The currency the Rendering package prints an amount with: a code of the shared kernel's ISO 4217 table (the one
/// Validation accepts codes from) renders with its minor units (Rendering adds the sign where it knows one).
enum CurrencyTable {
    /// The currency for an ISO 4217 code. A code outside the table (which validation refuses before anything is
    /// rendered) falls back to two minor units, so a stored amount still prints.
    @Sendable static func currency(_ code: String) -> Currency {
        let code = code.uppercased()
        return Currency(iso4217: code) ?? (try? Currency(code: code, minorUnits: 2)) ?? .usd
    }
}
