public import Essentials

/// A currency as an invoice needs it: its code, how many minor units it has (JPY 0, EUR 2, BHD 3), and the symbol
/// to print.
///
/// A currency of ISO 4217 takes its minor units from the shared kernel's table (``init(_:)``,
/// ``init(iso4217:)``); any other code renders too, with the minor units the caller states. Rendering knows
/// symbols only as display data: a known code prints its symbol (`€`, `zł`, `₽`) when the document's
/// fonts can draw it, every other code prints as itself (`UGX 1,000`).
public struct Currency: Hashable, Sendable {
    /// The currency code, three ASCII capitals (normally ISO 4217).
    public let code: String
    /// Digits after the decimal separator, 0...4; every amount is rounded to these.
    public let minorUnits: Int
    /// A symbol the caller chose, printed as given (an unsupported character is then an error).
    let customSymbol: String?

    /// Creates a currency. Throws ``RenderingError/invalidCurrency(code:)`` unless `code` is three ASCII capitals and
    /// `minorUnits` is in 0...4. Without `symbol` (or with an empty one) the code's known symbol is printed, or
    /// the code itself.
    public init(code: String, minorUnits: Int, symbol: String? = nil) throws(RenderingError) {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
            (0...4).contains(minorUnits)
        else { throw .invalidCurrency(code: code) }
        self.code = code
        self.minorUnits = minorUnits
        self.customSymbol = symbol.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The currency `listed` in ISO 4217, with the table's minor units and its known symbol.
    public init(_ listed: ISOCurrency) {
        self.code = listed.code
        self.minorUnits = listed.minorUnits
        self.customSymbol = nil
    }

    /// The currency `code` names in ISO 4217 (upper case), with the table's minor units; `nil` for a code the
    /// table does not have, which the caller may still render with ``init(code:minorUnits:symbol:)``.
    public init?(iso4217 code: String) {
        guard let listed = ISOCurrency(code: code) else { return nil }
        self.init(listed)
    }

    /// One of the constants below: its code is in the table (the tests hold each one's minor units).
    private init(known code: String) {
        self.code = code
        self.minorUnits = ISOCurrency.minorUnits(for: code) ?? 2
        self.customSymbol = nil
    }

    /// What amounts are printed with: the caller's symbol, else the code's known symbol, else the code.
    public var symbol: String {
        customSymbol ?? Self.knownSymbols[code] ?? code
    }

    /// The symbol to print with `fonts`: a known symbol the fonts cannot draw (`zł` with the standard fonts)
    /// falls back to the code; a caller's own symbol is kept (and reported if it cannot be drawn).
    func displaySymbol(drawableWith fonts: InvoiceFonts) -> String {
        if let customSymbol { return customSymbol }
        guard let known = Self.knownSymbols[code] else { return code }
        return fonts.unsupportedCharacters(in: known).isEmpty ? known : code
    }

    /// US dollar.
    public static let usd = Currency(known: "USD")
    /// Euro.
    public static let eur = Currency(known: "EUR")
    /// Pound sterling.
    public static let gbp = Currency(known: "GBP")
    /// Japanese yen: no minor units.
    public static let jpy = Currency(known: "JPY")
    /// Swiss franc.
    public static let chf = Currency(known: "CHF")
    /// Bahraini dinar: three minor units.
    public static let bhd = Currency(known: "BHD")
    /// Polish złoty.
    public static let pln = Currency(known: "PLN")

    /// Display symbols of common codes, as people in the currency's country write them. Only display data:
    /// whether a code renders never depends on this table.
    static let knownSymbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CHF": "CHF", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$",
        "SEK": "kr", "NOK": "kr", "DKK": "kr.", "ISK": "kr", "PLN": "zł", "CZK": "Kč", "HUF": "Ft", "RON": "lei",
        "BGN": "лв.", "RUB": "₽", "UAH": "₴", "TRY": "₺", "INR": "₹", "KRW": "₩", "ILS": "₪", "NGN": "₦",
        "PHP": "₱", "VND": "₫", "KZT": "₸", "GEL": "₾", "AZN": "₼", "CNY": "CN¥", "HKD": "HK$", "SGD": "S$",
        "BRL": "R$", "MXN": "MX$", "ZAR": "R",
    ]

    /// The symbol is a word (`CHF`, `kr`, `zł`) rather than a sign (`$`), so it needs a space next to the digits.
    static func symbolIsWord(_ symbol: String) -> Bool {
        symbol.last?.isLetter == true || symbol.last == "."
    }
}
