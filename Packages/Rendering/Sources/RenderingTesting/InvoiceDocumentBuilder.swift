public import Essentials
import Foundation
public import Rendering

/// Builds invoice documents for tests: a complete, valid invoice by default, changed one property at a time.
///
/// ```swift
/// let invoice = InvoiceDocumentBuilder().lineItems(count: 40).currency(.eur).build()
/// ```
public struct InvoiceDocumentBuilder: Sendable {
    private var document: InvoiceDocument

    /// Starts from a three-line USD invoice from "Acme Tools Ltd" to "Globex Corporation", issued 2025-03-14 and
    /// due 2025-04-13, with notes.
    public init() {
        document = InvoiceDocument(
            number: "INV-2025-0042",
            issueDate: Self.day(2025, 3, 14),
            dueDate: Self.day(2025, 4, 13),
            seller: InvoiceParty(
                name: "Acme Tools Ltd", lines: ["12 Harbour Street", "Bristol BS1 4DJ", "VAT GB 123 4567 89"]),
            client: InvoiceParty(
                name: "Globex Corporation",
                lines: ["Attn. Accounts Payable", "500 Market Ave", "Springfield, OR 97477"]),
            currency: .usd,
            lineItems: [
                InvoiceLineItem(
                    description: "Design workshop (2 days)", quantity: 2, unitPrice: 1_200, taxRate: .init(percent: 20)),
                InvoiceLineItem(
                    description: "Prototype hosting, March", quantity: 1, unitPrice: Decimal(string: "49.90") ?? 49,
                    taxRate: .init(percent: 20)),
                InvoiceLineItem(
                    description: "Printed manuals", quantity: 25, unitPrice: Decimal(string: "3.75") ?? 3,
                    taxRate: .zero),
            ],
            notes: "Payment within 30 days by bank transfer.\nIBAN GB29 NWBK 6016 1331 9268 19",
            locale: .enUS
        )
    }

    /// The document as configured.
    public func build() -> InvoiceDocument { document }

    /// Sets the invoice number.
    public func number(_ number: String) -> Self { with { $0.number = number } }
    /// Sets the seller block.
    public func seller(_ seller: InvoiceParty) -> Self { with { $0.seller = seller } }
    /// Sets the client block.
    public func client(_ client: InvoiceParty) -> Self { with { $0.client = client } }
    /// Sets the currency.
    public func currency(_ currency: Currency) -> Self { with { $0.currency = currency } }
    /// Sets the formatting conventions.
    public func locale(_ locale: RenderingLocale) -> Self { with { $0.locale = locale } }
    /// Sets the label catalog.
    public func labels(_ labels: InvoiceLabels) -> Self { with { $0.labels = labels } }
    /// Sets the date the service was delivered.
    public func serviceDate(_ day: CalendarDay?) -> Self { with { $0.serviceDate = day } }
    /// Sets the notes.
    public func notes(_ notes: String) -> Self { with { $0.notes = notes } }
    /// Sets the issue and due dates.
    public func dates(issued: CalendarDay, due: CalendarDay?) -> Self {
        with {
            $0.issueDate = issued
            $0.dueDate = due
        }
    }
    /// Replaces the lines.
    public func lineItems(_ items: [InvoiceLineItem]) -> Self { with { $0.lineItems = items } }
    /// Appends one line.
    public func adding(_ item: InvoiceLineItem) -> Self { with { $0.lineItems.append(item) } }

    /// Replaces the lines with `count` predictable ones: "Item 1" ... with quantity 1...5, unit price 10.00,
    /// 10.50, ... and tax rates cycling through 0 %, 7 % and 19 %.
    public func lineItems(count: Int) -> Self {
        let rates = [TaxRate.zero, TaxRate(percent: 7), TaxRate(percent: 19)]
        let items = (0..<max(count, 0)).map { index in
            InvoiceLineItem(
                description: "Item \(index + 1)",
                quantity: Decimal(index % 5 + 1),
                unitPrice: Decimal(1000 + 50 * (index % 20)) / 100,
                taxRate: rates[index % rates.count])
        }
        return with { $0.lineItems = items }
    }

    private func with(_ change: (inout InvoiceDocument) -> Void) -> Self {
        var copy = self
        change(&copy.document)
        return copy
    }

    /// A fixed day for fixtures; the fallback is unreachable for the constants used here.
    private static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay {
        CalendarDay(year: year, month: month, day: day) ?? CalendarDay(Date(timeIntervalSince1970: 0), in: .gmt)
    }
}
