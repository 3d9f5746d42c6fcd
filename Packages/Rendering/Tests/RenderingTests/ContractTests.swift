import Essentials
import EssentialsTesting
import Foundation
import RenderingTesting
import Testing

@testable import Rendering

/// The invoice contract shared with the Validation package: everything the validator accepts renders, with the
/// same amounts.
@Suite("Rendering: the invoice contract")
struct ContractTests {
    @Test(arguments: [0, 25, 100])
    func amountsJustBelowTheLimitRenderAtAnyTaxRate(percent: Int) async throws {
        let price = try decimal("999999999999999.99")
        let document = InvoiceDocumentBuilder().currency(.eur).locale(.deDE)
            .lineItems([
                InvoiceLineItem(
                    description: "Groß", quantity: 1, unitPrice: price, taxRate: TaxRate(percent: Decimal(percent)))
            ]).build()
        let totals = try InvoiceTotals(of: document)
        #expect(totals.subtotal == price)
        let tax = totals.taxes.first?.taxAmount ?? 0
        #expect(totals.total == price + tax)
        for (_, renderer) in Fixture.templates {
            let pdf = try renderer.render(document)
            #expect(try await PDFTools.check(pdf).status == 0)
            let text = try await PDFTools.text(pdf)
            // The PDF maps the no-break space before € to U+00A0; pdftotext prints it as a space.
            let total = MoneyFormatter(locale: .deDE).string(from: totals.total, currency: .eur)
                .replacingOccurrences(of: "\u{A0}", with: " ")
            #expect(text.contains("999.999.999.999.999,99"))
            #expect(text.contains(total), "\(total)")
        }
    }

    @Test func aSubtotalNearTheLimitFromManyLinesRendersAtFullTax() throws {
        let line = InvoiceLineItem(
            description: "x", quantity: 1, unitPrice: try decimal("99999999999999.99"), taxRate: TaxRate(percent: 100))
        let document = InvoiceDocumentBuilder().lineItems(Array(repeating: line, count: 10)).build()
        let totals = try InvoiceTotals(of: document)
        #expect(totals.subtotal == (try decimal("999999999999999.9")))
        #expect(totals.total == (try decimal("1999999999999999.8")))
        for (_, renderer) in Fixture.templates { _ = try renderer.render(document) }
    }

    @Test func exactlyTheLimitIsOutOfRange() {
        let document = InvoiceDocumentBuilder().lineItems([
            InvoiceLineItem(description: "x", quantity: 1, unitPrice: InvoiceLimits.maximumAmount)
        ]).build()
        #expect(throws: RenderingError.numberOutOfRange(.unitPrice(line: 0))) { try InvoiceTotals(of: document) }
    }

    @Test(arguments: [
        ("UGX", 0, "1,235"), ("XOF", 0, "1,235"), ("IQD", 3, "1,234.500"), ("LYD", 3, "1,234.500"),
        ("CLF", 4, "1,234.5000"), ("XTS", 2, "1,234.50"), ("KWD", 3, "1,234.500"),
    ])
    func anyCurrencyRendersWithTheCallersMinorUnits(code: String, units: Int, digits: String) async throws {
        let currency = try Currency(code: code, minorUnits: units)
        let document = InvoiceDocumentBuilder().currency(currency)
            .lineItems([InvoiceLineItem(description: "Fee", quantity: 1, unitPrice: try decimal("1234.5"))]).build()
        let pdf = try Fixture.renderer("standard").render(document)
        let extracted = try await PDFTools.text(pdf)
        // The symbol is CLDR's for American English (`XOF` is `F CFA`), the digits the caller's minor units.
        let expected = Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: "en_US"))
            .precision(.fractionLength(units)).format(MoneyRounding.round(try decimal("1234.5"), scale: units))
            .replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(expected.contains(digits))
        let text = extracted.replacingOccurrences(of: "\u{A0}", with: " ")
            .replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(text.contains("Total \(expected)"), "\(text)")
    }

    @Test(arguments: [
        ("1.5", "1200", "1800", "1.5"), ("0.125", "10.01", "1.25", "0.125"), ("2.345", "0.5", "1.17", "2.345"),
        ("0.333", "3", "1", "0.333"), ("0.005", "1", "0.01", "0.005"),
    ])
    func decimalQuantitiesMultiplyAndRoundHalfUp(
        quantity: String, price: String, net: String, printed: String
    ) async throws {
        let document = InvoiceDocumentBuilder().currency(.eur).lineItems([
            InvoiceLineItem(description: "Hours", quantity: try decimal(quantity), unitPrice: try decimal(price))
        ]).build()
        #expect(try InvoiceTotals(of: document).lineAmounts == [try decimal(net)])
        let text = try await PDFTools.text(try Fixture.renderer("compact").render(document))
        #expect(text.contains("\(printed) €"), "\(text)")
    }

    @Test(arguments: ["0", "7.5", "19", "100"])
    func taxRatesFromZeroToOneHundredRender(rate: String) async throws {
        let document = InvoiceDocumentBuilder().currency(.eur).lineItems([
            InvoiceLineItem(
                description: "Service", quantity: 1, unitPrice: 200, taxRate: TaxRate(percent: try decimal(rate)))
        ]).build()
        let totals = try InvoiceTotals(of: document)
        #expect(totals.total == 200 + 200 * (try decimal(rate)) / 100)
        let text = try await PDFTools.text(try Fixture.renderer("standard").render(document))
        #expect(text.contains("Total \(MoneyFormatter(locale: .enUS).string(from: totals.total, currency: .eur))"))
    }

    /// The integer path and the shared EN 16931 arithmetic (`InvoiceCalculation`) give the same figures, and both
    /// follow the rule as the README states it, for random documents in currencies of zero to four minor units,
    /// including credits and 19-digit prices that the integer path declines.
    @Test func bothArithmeticPathsAgreeWithTheRule() throws {
        var random = SeededGenerator(seed: 99)
        let rates = ["0", "5", "7", "7.5", "19", "20", "21", "25", "100"].compactMap { Decimal(string: $0) }
        var integerPathRuns = 0
        for round in 0..<300 {
            let units = Int.random(in: 0...4, using: &random)
            let currency = try Currency(code: "XTS", minorUnits: units)
            let items = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                var price = Decimal(Int.random(in: 0...99_999_999, using: &random)) / 10_000
                if round % 10 == 0 { price += Decimal(string: "123456789012.3456789") ?? 0 }
                let sign: Decimal = Int.random(in: 0..<8, using: &random) == 0 ? -1 : 1
                return InvoiceLineItem(
                    description: "x", quantity: sign * Decimal(Int.random(in: 1...99_999, using: &random)) / 1_000,
                    unitPrice: price, taxRate: TaxRate(percent: rates[Int.random(in: 0..<rates.count, using: &random)]))
            }
            let document = InvoiceDocumentBuilder().currency(currency).lineItems(items).build()
            let totals = try InvoiceTotals(of: document)
            let expected = Self.rule(document)
            #expect(totals.lineAmounts == expected.nets, "round \(round)")
            #expect(totals.taxes.map(\.taxAmount) == expected.taxes, "round \(round)")
            #expect(totals.total == expected.total, "round \(round)")
            #expect(totals.total == totals.subtotal + totals.taxes.reduce(0) { $0 + $1.taxAmount })
            let decimalPath = try InvoiceTotals(decimalArithmeticOf: document)
            #expect(totals == decimalPath, "round \(round)")
            if InvoiceTotals.integerTotals(of: document) != nil { integerPathRuns += 1 }
        }
        #expect(integerPathRuns > 200)
    }

    /// The rule as the README states it, written plainly: lines rounded, VAT per rate rounded once.
    static func rule(_ document: InvoiceDocument) -> (nets: [Decimal], taxes: [Decimal], total: Decimal) {
        func round(_ value: Decimal) -> Decimal {
            var input = value
            var output = Decimal()
            NSDecimalRound(&output, &input, document.currency.minorUnits, .plain)
            return output
        }
        let nets = document.lineItems.map { round($0.quantity * $0.unitPrice) }
        var byRate: [TaxRate: Decimal] = [:]
        for (item, net) in zip(document.lineItems, nets) where !item.taxRate.percent.isZero {
            byRate[item.taxRate, default: 0] += net
        }
        let taxes = byRate.keys.sorted().map { round((byRate[$0] ?? 0) * $0.percent / 100) }
        return (nets, taxes, nets.reduce(0, +) + taxes.reduce(0, +))
    }
}
