import Foundation
import Testing

@testable import InvoicesFeature

@Suite("Invoices: numbers")
struct InvoiceNumberTests {
    @Test(arguments: [
        (1, "INV-0001"), (42, "INV-0042"), (9_999, "INV-9999"), (12_345, "INV-12345"),
        (2_147_483_648, "INV-2147483648"), (Int.max, "INV-9223372036854775807"),
    ])
    func theDefaultPatternHasThePrefixAndAtLeastFourDigitsForEvery64BitCounter(counter: Int, number: String) {
        let numbering = InvoiceNumbering.invoices(calendar: utcCalendar)
        #expect(numbering.number(counter: counter, date: fixedNow) == number)
        #expect(numbering.sequenceName(for: fixedNow) == "invoices")
        #expect(InvoiceNumber.isWellFormed(number))
    }

    @Test(arguments: ["", "INV-\u{1B}[2J", "INV-\n1", "INV-" + String(repeating: "9", count: 61)])
    func anEmptyOrControlTextOrOneLongerThanTheAPIAcceptsIsNoNumber(text: String) {
        #expect(!InvoiceNumber.isWellFormed(text))
    }
}
