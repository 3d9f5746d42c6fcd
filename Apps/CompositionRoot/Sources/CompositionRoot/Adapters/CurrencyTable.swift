import Rendering

/// Hands the currencies of the Validation package's ISO 4217 table to the Rendering package, which prints
/// amounts with their minor units.
enum CurrencyTable {
    /// The currency for an ISO 4217 code; codes outside Rendering's table get two minor units and the code as
    /// their symbol.
    @Sendable static func currency(_ code: String) -> Currency {
        Currency(code: code) ?? (try? Currency(code: code, minorUnits: 2)) ?? .usd
    }
}
