import Testing

@testable import InvoicesFeature

@Suite("Invoices: numbers")
struct InvoiceNumberTests {
    @Test(arguments: [
        (1, "INV-0001"), (42, "INV-0042"), (9_999, "INV-9999"), (12_345, "INV-12345"),
        (2_147_483_648, "INV-2147483648"), (Int.max, "INV-9223372036854775807"),
    ])
    func aNumberHasThePrefixAndAtLeastFourDigitsForEvery64BitCounter(counter: Int, number: String) {
        #expect(InvoiceNumber.formatted(counter) == number)
        #expect(InvoiceNumber.isWellFormed(number))
    }

    @Test(arguments: ["", "INV", "inv-0001", "0001", "../INV-0001", "INV-" + String(repeating: "9", count: 61)])
    func aTextWithoutThePrefixOrLongerThanTheAPIAcceptsIsNoNumber(text: String) {
        #expect(!InvoiceNumber.isWellFormed(text))
    }
}
