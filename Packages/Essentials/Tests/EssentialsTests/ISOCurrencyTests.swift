import Essentials
import Testing

@Suite("Essentials: ISO 4217 currencies")
struct ISOCurrencyTests {
    @Test func everyCurrencyHasItsMinorUnits() {
        #expect(ISOCurrency.minorUnitsByCode.values.allSatisfy { (0...4).contains($0) }, "amounts carry 0...4")
        for code in ["JPY", "KRW", "UGX", "XOF", "XAF", "XPF", "CLP", "ISK", "VND", "PYG", "BIF", "UYI", "VUV"] {
            #expect(ISOCurrency.minorUnits(for: code) == 0, "\(code)")
        }
        for code in ["BHD", "IQD", "LYD", "KWD", "JOD", "OMR", "TND"] {
            #expect(ISOCurrency.minorUnits(for: code) == 3, "\(code)")
        }
        #expect(ISOCurrency.minorUnits(for: "CLF") == 4)
        #expect(ISOCurrency.minorUnits(for: "UYW") == 4)
        for code in ["EUR", "USD", "GBP", "CHF", "PLN", "XCG", "ZWG", "SLE", "VED", "MRU", "IDR", "IRR"] {
            #expect(ISOCurrency.minorUnits(for: code) == 2, "\(code)")
        }
    }

    @Test(arguments: ["eur", "XAU", "XXX", "XTS", "BGN", "HRK", "ANG", "", "EURO"])
    func aCodeOutsideTheTableNamesNoCurrency(code: String) {
        #expect(ISOCurrency.minorUnits(for: code) == nil)
        #expect(ISOCurrency(code: code) == nil)
    }

    @Test func theTableIsTheDocumentedSnapshot() {
        let codes = ISOCurrency.codes
        #expect(codes.count == 164)
        #expect(codes == Set(ISOCurrency.minorUnitsByCode.keys))
        #expect(codes.allSatisfy { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isUppercase } })
        #expect(
            codes.isDisjoint(with: [
                "XXX", "XTS", "XAU", "XAG", "XPD", "XPT", "XDR", "XAD", "HRK", "SLL", "VEF", "CUC", "ZWL", "ANG", "BGN",
            ])
        )
    }

    @Test func everyCurrencyIsListedOnceInTheOrderOfItsCode() throws {
        #expect(ISOCurrency.all.count == 164)
        #expect(ISOCurrency.all.map(\.code) == ISOCurrency.codes.sorted())
        #expect(ISOCurrency.all.first?.code == "AED")
        #expect(ISOCurrency.all.last?.code == "ZWG")
        let dinar = try #require(ISOCurrency(code: "BHD"))
        #expect((dinar.code, dinar.minorUnits, "\(dinar)") == ("BHD", 3, "BHD"))
    }
}
