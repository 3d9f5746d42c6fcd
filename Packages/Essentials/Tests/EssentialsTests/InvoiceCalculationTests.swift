import Essentials
import Foundation
import Testing

@Suite struct InvoiceCalculationTests {
    private func decimal(_ text: String) throws -> Decimal {
        try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test func vatOfACategoryIsRoundedOnceOnItsTaxableAmount() throws {
        // Rounding each line's VAT and summing would give 41,804.52 here; the category's VAT is 19 % of
        // 220,023.75 rounded once: 41,804.51 (BR-CO-17).
        let prices = ["36670.63", "36670.63", "36670.63", "36670.62", "36670.62", "36670.62"]
        let lines = try prices.map {
            InvoiceCalculation.Line(quantity: 1, netPrice: try decimal($0), category: .standard, ratePercent: 19)
        }
        let figures = InvoiceCalculation(lines: lines, minorUnits: 2)
        #expect(figures.lineTotal == (try decimal("220023.75")))
        #expect(figures.vatBreakdown.count == 1)
        #expect(figures.vatBreakdown.first?.taxAmount == (try decimal("41804.51")))
        #expect(figures.totalWithVAT == (try decimal("261828.26")))
        #expect(figures.amountDue == figures.totalWithVAT)
    }

    @Test func mixedRatesGetOneBreakdownEachInCategoryOrder() throws {
        let figures = InvoiceCalculation(
            lines: [
                .init(quantity: 2, netPrice: try decimal("10.05"), category: .standard, ratePercent: 19),
                .init(quantity: 1, netPrice: 50, category: .reverseCharge, ratePercent: 0),
                .init(quantity: 3, netPrice: try decimal("3.33"), category: .standard, ratePercent: 7),
                .init(quantity: 1, netPrice: 5, category: .standard, ratePercent: 19),
            ],
            minorUnits: 2)
        #expect(figures.vatBreakdown.map(\.category) == [.standard, .standard, .reverseCharge])
        #expect(figures.vatBreakdown.map(\.ratePercent) == [7, 19, 0])
        #expect(figures.vatBreakdown.map(\.taxableAmount) == [try decimal("9.99"), try decimal("25.1"), 50])
        #expect(figures.vatBreakdown.map(\.taxAmount) == [try decimal("0.7"), try decimal("4.77"), 0])
        #expect(figures.vatTotal == (try decimal("5.47")))
        #expect(figures.totalWithVAT == (try decimal("90.56")))
    }

    @Test func allowancesAndChargesChangeTheTaxableAmountOfTheirCategory() throws {
        let figures = InvoiceCalculation(
            lines: [
                .init(
                    quantity: 10, netPrice: 12, allowances: 20, charges: try decimal("2.5"), category: .standard,
                    ratePercent: 19)
            ],
            adjustments: [
                .init(isCharge: false, amount: 10, category: .standard, ratePercent: 19),
                .init(isCharge: true, amount: try decimal("4.99"), category: .standard, ratePercent: 19),
            ],
            paidAmount: 50, minorUnits: 2)
        #expect(figures.lineNetAmounts == [try decimal("102.5")])
        #expect(figures.allowanceTotal == 10)
        #expect(figures.chargeTotal == (try decimal("4.99")))
        #expect(figures.totalWithoutVAT == (try decimal("97.49")))
        #expect(figures.vatBreakdown.first?.taxableAmount == (try decimal("97.49")))
        #expect(figures.vatBreakdown.first?.taxAmount == (try decimal("18.52")))
        #expect(figures.totalWithVAT == (try decimal("116.01")))
        #expect(figures.amountDue == (try decimal("66.01")))
    }

    @Test func halvesRoundAwayFromZeroInTheCurrencysMinorUnits() throws {
        let yen = InvoiceCalculation(
            lines: [.init(quantity: try decimal("1.5"), netPrice: 3, category: .standard, ratePercent: 10)],
            minorUnits: 0)
        #expect(yen.lineNetAmounts == [5])
        #expect(yen.vatTotal == 1)
        let credit = InvoiceCalculation(
            lines: [.init(quantity: -1, netPrice: try decimal("0.125"), category: .standard, ratePercent: 0)],
            minorUnits: 2)
        #expect(credit.lineNetAmounts == [try decimal("-0.13")])
    }

    @Test func anEmptyInvoiceHasZeroFiguresAndNoBreakdown() {
        let figures = InvoiceCalculation(lines: [], minorUnits: 2)
        #expect(figures.vatBreakdown.isEmpty)
        #expect(figures.totalWithVAT == 0)
        #expect(figures.amountDue == 0)
    }

    @Test func categoryCodesReadInAnyCaseAndSayWhatTheyNeed() {
        #expect(VATCategory(code: "ae") == .reverseCharge)
        #expect(VATCategory(code: "X") == nil)
        #expect(VATCategory(code: "") == nil)
        #expect(VATCategory.allCases.filter(\.chargesVAT) == [.standard])
        #expect(VATCategory.allCases.filter(\.needsExemptionReason).map(\.code) == ["E", "AE", "K", "G", "O"])
        #expect(VATCategory.reverseCharge.standardExemptionCode == "VATEX-EU-AE")
        #expect(VATCategory.exempt.standardExemptionCode == nil)
    }
}
