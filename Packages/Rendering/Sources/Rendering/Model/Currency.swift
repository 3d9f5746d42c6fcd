/// A currency as an invoice needs it: its ISO 4217 code, how many minor units it has (JPY 0, EUR 2, BHD 3) and
/// the symbol to print.
public struct Currency: Hashable, Sendable {
    /// The ISO 4217 code, three ASCII capitals.
    public let code: String
    /// Digits after the decimal separator; every amount is rounded to these.
    public let minorUnits: Int
    /// What amounts are printed with: a symbol the core fonts can show (`$`, `€`, `£`, `¥`), or the code.
    public let symbol: String

    /// Creates any currency. Throws `RenderingError.invalidCurrency` unless `code` is three ASCII capitals and
    /// `minorUnits` is in 0...4. `symbol` defaults to the code; an empty symbol also falls back to the code.
    public init(code: String, minorUnits: Int, symbol: String? = nil) throws(RenderingError) {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
            (0...4).contains(minorUnits)
        else { throw .invalidCurrency(code: code) }
        self.code = code
        self.minorUnits = minorUnits
        self.symbol = symbol.flatMap { $0.isEmpty ? nil : $0 } ?? code
    }

    /// A currency of the built-in ISO 4217 table, or nil for an unknown code. Lookup ignores case.
    public init?(code: String) {
        guard let known = Self.known[code.uppercased()] else { return nil }
        self = known
    }

    private init(known code: String, _ minorUnits: Int, _ symbol: String) {
        self.code = code
        self.minorUnits = minorUnits
        self.symbol = symbol
    }

    /// US dollar.
    public static let usd = Currency(known: "USD", 2, "$")
    /// Euro.
    public static let eur = Currency(known: "EUR", 2, "€")
    /// Pound sterling.
    public static let gbp = Currency(known: "GBP", 2, "£")
    /// Japanese yen: no minor units.
    public static let jpy = Currency(known: "JPY", 0, "¥")
    /// Swiss franc.
    public static let chf = Currency(known: "CHF", 2, "CHF")
    /// Bahraini dinar: three minor units.
    public static let bhd = Currency(known: "BHD", 3, "BHD")

    /// The codes `init?(code:)` knows, with minor units from ISO 4217. Symbols outside WinAnsi (₹, ₩, zł) are
    /// replaced by the code so every built-in currency renders with the core fonts.
    private static let known: [String: Currency] = {
        let table: [(String, Int, String)] = [
            ("USD", 2, "$"), ("EUR", 2, "€"), ("GBP", 2, "£"), ("JPY", 0, "¥"), ("CHF", 2, "CHF"),
            ("CAD", 2, "CA$"), ("AUD", 2, "A$"), ("NZD", 2, "NZ$"), ("SEK", 2, "kr"), ("NOK", 2, "kr"),
            ("DKK", 2, "kr."), ("PLN", 2, "PLN"), ("CZK", 2, "CZK"), ("HUF", 2, "Ft"), ("INR", 2, "INR"),
            ("CNY", 2, "CN¥"), ("HKD", 2, "HK$"), ("SGD", 2, "S$"), ("KRW", 0, "KRW"), ("BHD", 3, "BHD"),
            ("KWD", 3, "KWD"), ("OMR", 3, "OMR"), ("JOD", 3, "JOD"), ("TND", 3, "TND"), ("ISK", 0, "ISK"),
            ("CLP", 0, "CLP"), ("VND", 0, "VND"), ("BRL", 2, "R$"), ("MXN", 2, "MX$"), ("ZAR", 2, "R"),
            ("TRY", 2, "TRY"), ("ILS", 2, "ILS"), ("AED", 2, "AED"), ("SAR", 2, "SAR"), ("THB", 2, "THB"),
            ("RUB", 2, "RUB"), ("UAH", 2, "UAH"), ("CLF", 4, "CLF"),
        ]
        return Dictionary(uniqueKeysWithValues: table.map { ($0.0, Currency(known: $0.0, $0.1, $0.2)) })
    }()

    /// The symbol is a word (`CHF`, `kr`) rather than a sign (`$`), so it needs a space next to the digits.
    var symbolIsWord: Bool {
        symbol.last?.isLetter == true || symbol.last == "."
    }
}
