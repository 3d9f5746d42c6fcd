import Essentials
import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: totals and rounding")
struct TotalsTests {
    @Test func linesAreRoundedThenVATIsRoundedOncePerRate() throws {
        let document = InvoiceDocumentBuilder().lineItems([
            InvoiceLineItem(
                description: "a", quantity: 3, unitPrice: try decimal("0.335"), taxRate: TaxRate(percent: 19)),
            InvoiceLineItem(
                description: "b", quantity: 1, unitPrice: try decimal("0.125"), taxRate: TaxRate(percent: 19)),
            InvoiceLineItem(
                description: "c", quantity: try decimal("1.5"), unitPrice: 10, taxRate: TaxRate(percent: 7)),
        ]).build()
        let totals = try InvoiceTotals(of: document)
        // 3 × 0.335 = 1.005 → 1.01 and 0.125 → 0.13: halves go up.
        #expect(totals.lineAmounts == [try decimal("1.01"), try decimal("0.13"), 15])
        #expect(totals.subtotal == (try decimal("16.14")))
        #expect(totals.taxes.map(\.rate) == [TaxRate(percent: 7), TaxRate(percent: 19)])
        #expect(totals.taxes.map(\.category) == [.standard, .standard])
        // BR-CO-17: 19 % of the rate's 1.14 is 0.2166 → 0.22, not the per-line 0.19 + 0.02.
        #expect(totals.taxes.map(\.taxAmount) == [try decimal("1.05"), try decimal("0.22")])
        #expect(totals.taxes.map(\.taxableAmount) == [15, try decimal("1.14")])
        #expect(totals.total == (try decimal("17.41")))
    }

    @Test func halfACentOfVATOnTwoLinesIsRoundedOnce() throws {
        // 10 % of 0.05 is 0.005 per line, but VAT is 10 % of the rate's 0.10: 0.01, not 0.01 + 0.01.
        let line = InvoiceLineItem(
            description: "x", quantity: 1, unitPrice: try decimal("0.05"), taxRate: TaxRate(percent: 10))
        let totals = try InvoiceTotals(of: InvoiceDocumentBuilder().lineItems([line, line]).build())
        #expect(totals.taxes.map(\.taxAmount) == [try decimal("0.01")])
        #expect(totals.total == (try decimal("0.11")))
    }

    @Test func zeroRatesMakeNoTaxRow() throws {
        let totals = try InvoiceTotals(
            of: InvoiceDocumentBuilder().lineItems([
                InvoiceLineItem(description: "a", quantity: 1, unitPrice: 10),
                InvoiceLineItem(description: "b", quantity: 1, unitPrice: 10, taxRate: TaxRate(percent: 20)),
            ]).build())
        #expect(totals.taxes.map(\.rate) == [TaxRate(percent: 20)])
        #expect(totals.total == 22)
    }

    @Test func negativeHalvesRoundAwayFromZero() throws {
        let document = InvoiceDocumentBuilder().lineItems([
            InvoiceLineItem(description: "credit", quantity: -1, unitPrice: try decimal("0.125"))
        ]).build()
        #expect(try InvoiceTotals(of: document).total == (try decimal("-0.13")))
    }

    @Test(arguments: [
        (Currency.jpy, "1234.5", "1235"),
        (Currency.bhd, "1.2345", "1.235"),
        (Currency.usd, "0.005", "0.01"),
        (Currency.eur, "2.675", "2.68"),
    ])
    func minorUnitsOfTheCurrencyDecideTheRounding(currency: Currency, price: String, expected: String) throws {
        let document = InvoiceDocumentBuilder().currency(currency)
            .lineItems([InvoiceLineItem(description: "x", quantity: 1, unitPrice: try decimal(price))]).build()
        #expect(try InvoiceTotals(of: document).total == decimal(expected))
    }

    @Test func anEmptyInvoiceHasZeroTotalsAndStillRenders() async throws {
        let document = InvoiceDocumentBuilder().lineItems([]).notes("").build()
        let totals = try InvoiceTotals(of: document)
        #expect(totals.subtotal == 0 && totals.total == 0 && totals.taxes.isEmpty && totals.lineAmounts.isEmpty)
        for (_, renderer) in Fixture.templates {
            let pdf = try renderer.render(document)
            #expect(try await PDFTools.check(pdf).status == 0)
            let text = try await PDFTools.text(pdf)
            #expect(text.contains("Total $0.00"))
            #expect(!text.contains("Notes"))
        }
    }

    @Test(arguments: [
        (
            "quantity NaN", InvoiceLineItem(description: "x", quantity: .nan, unitPrice: 1),
            InvoiceField.quantity(line: 1)
        ),
        ("price NaN", InvoiceLineItem(description: "x", quantity: 1, unitPrice: .nan), .unitPrice(line: 1)),
        (
            "huge price", InvoiceLineItem(description: "x", quantity: 1, unitPrice: InvoiceLimits.maximumAmount),
            .unitPrice(line: 1)
        ),
        (
            "huge product", InvoiceLineItem(description: "x", quantity: 100_000_000, unitPrice: 100_000_000),
            .lineAmount(line: 1)
        ),
        (
            "negative tax", InvoiceLineItem(description: "x", quantity: 1, unitPrice: 1, taxRate: TaxRate(percent: -1)),
            .taxRate(line: 1)
        ),
        (
            "tax NaN", InvoiceLineItem(description: "x", quantity: 1, unitPrice: 1, taxRate: TaxRate(percent: .nan)),
            .taxRate(line: 1)
        ),
        (
            "tax above 100 %",
            InvoiceLineItem(
                description: "x", quantity: 1, unitPrice: 1, taxRate: TaxRate(percent: Decimal(10_001) / 100)),
            .taxRate(line: 1)
        ),
        (
            "price exactly 10^15",
            InvoiceLineItem(description: "x", quantity: 1, unitPrice: -InvoiceLimits.maximumAmount),
            .unitPrice(line: 1)
        ),
    ])
    func numbersOutsideTheLimitsAreTypedErrors(name: String, item: InvoiceLineItem, field: InvoiceField) throws {
        let document = InvoiceDocumentBuilder().lineItems(count: 1).adding(item).build()
        #expect(throws: RenderingError.numberOutOfRange(field), "\(name)") { try InvoiceTotals(of: document) }
        for (_, renderer) in Fixture.templates {
            #expect(throws: RenderingError.numberOutOfRange(field)) { try renderer.render(document) }
        }
    }

    @Test func aTotalBeyondTheLimitIsReportedAsTheTotal() throws {
        let big = InvoiceLimits.maximumAmount - 1
        let lines = Array(
            repeating: InvoiceLineItem(description: "a", quantity: 1, unitPrice: big), count: 1_001)
        let document = InvoiceDocumentBuilder().lineItems(lines).build()
        #expect(throws: RenderingError.numberOutOfRange(.total)) { try InvoiceTotals(of: document) }
    }

    @Test func theLargestAllowedAmountsStillFitTheirColumns() async throws {
        let big = InvoiceLimits.maximumAmount - 1
        let longest = try decimal("-99999999999.999999")
        let document = InvoiceDocumentBuilder().currency(.bhd).lineItems([
            InvoiceLineItem(description: "Big", quantity: 1, unitPrice: big / 1000, taxRate: TaxRate(percent: 100)),
            InvoiceLineItem(description: "Fine-grained", quantity: longest / 1000, unitPrice: try decimal("0.000001")),
            InvoiceLineItem(description: "Credit", quantity: -1, unitPrice: big / 2000),
        ]).build()
        for (_, renderer) in Fixture.templates {
            let pdf = try renderer.render(document)
            #expect(try await PDFTools.check(pdf).status == 0)
            let text = try await PDFTools.text(pdf)
            #expect(text.contains("BHD 999,999,999,999.999"))
            #expect(text.contains("Fine-grained"))
        }
    }
}
