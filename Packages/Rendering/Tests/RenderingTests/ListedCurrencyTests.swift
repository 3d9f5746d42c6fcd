import Essentials
import Rendering
import Testing

@Suite("Rendering: currencies from the ISO 4217 table")
struct ListedCurrencyTests {
    @Test func aListedCurrencyTakesItsMinorUnitsFromTheTable() throws {
        let dinar = try #require(Currency(iso4217: "BHD"))
        #expect((dinar.code, dinar.minorUnits, dinar.symbol) == ("BHD", 3, "BHD"))
        #expect(Currency(iso4217: "CLF")?.minorUnits == 4)
        #expect(Currency(iso4217: "JPY") == .jpy)
        let listed = try #require(ISOCurrency(code: "PLN"))
        #expect(Currency(listed) == .pln)
    }

    @Test(arguments: ["eur", "XTS", "BGN", "EURO", ""])
    func aCodeOutsideTheTableIsNoListedCurrency(code: String) {
        #expect(Currency(iso4217: code) == nil)
    }

    @Test func theNamedCurrenciesHaveTheTablesMinorUnits() {
        #expect([Currency.usd, .eur, .gbp, .jpy, .chf, .bhd, .pln].map(\.minorUnits) == [2, 2, 2, 0, 2, 3, 2])
        #expect(
            [Currency.usd, .eur, .gbp, .jpy, .chf, .bhd, .pln].map(\.symbol) == [
                "$", "€", "£", "¥", "CHF", "BHD", "zł",
            ])
    }
}
