/// A currency as an invoice needs it: its code, how many minor units it has (JPY 0, EUR 2, BHD 3), both from the
/// caller, and the symbol to print.
///
/// Any code renders: the caller states the minor units (the app takes them from its ISO 4217 table). Rendering
/// knows symbols only as display data: a known code prints its symbol (`€`, `zł`, `₽`) when the document's
/// fonts can draw it, every other code prints as itself (`UGX 1,000`).
public struct Currency: Hashable, Sendable {
    /// The currency code, three ASCII capitals (normally ISO 4217).
    public let code: String
    /// Digits after the decimal separator, 0...4; every amount is rounded to these.
    public let minorUnits: Int
    /// A symbol the caller chose, printed as given (an unsupported character is then an error).
    private let customSymbol: String?

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

    private init(known code: String, _ minorUnits: Int) {
        self.code = code
        self.minorUnits = minorUnits
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
    public static let usd = Currency(known: "USD", 2)
    /// Euro.
    public static let eur = Currency(known: "EUR", 2)
    /// Pound sterling.
    public static let gbp = Currency(known: "GBP", 2)
    /// Japanese yen: no minor units.
    public static let jpy = Currency(known: "JPY", 0)
    /// Swiss franc.
    public static let chf = Currency(known: "CHF", 2)
    /// Bahraini dinar: three minor units.
    public static let bhd = Currency(known: "BHD", 3)
    /// Polish złoty.
    public static let pln = Currency(known: "PLN", 2)

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
