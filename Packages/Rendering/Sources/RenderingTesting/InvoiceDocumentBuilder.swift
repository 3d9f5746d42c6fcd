public import Essentials
public import Foundation
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

    // MARK: - EN 16931

    /// Fills in what an EN 16931 invoice needs and the default leaves out: the seller "Nordlicht Design GmbH" in
    /// Hamburg and the buyer "Globex GmbH" in Berlin with postal addresses, VAT identifiers, the seller's tax
    /// number and e-mail addresses; a buyer reference, an order reference, a service date, payment terms and a
    /// credit transfer to `DE89370400440532013000` quoting the invoice number. Lines, currency and locale stay.
    public func en16931() -> Self {
        with {
            $0.seller = InvoiceParty(
                name: "Nordlicht Design GmbH",
                address: PostalAddress(
                    lines: ["Hafenstraße 12"], postcode: "20457", city: "Hamburg", countryCode: "DE"),
                vatID: "DE123456789", taxRegistration: "22/815/08150", email: "billing@nordlicht.example",
                contactName: "Jana Berg", phone: "+49 40 1234567")
            $0.client = InvoiceParty(
                name: "Globex GmbH",
                address: PostalAddress(
                    lines: ["Friedrichstraße 100", "Aufgang B"], postcode: "10117", city: "Berlin", countryCode: "DE"),
                vatID: "DE987654321", email: "ap@globex.example")
            $0.buyerReference = "04011000-12345-34"
            $0.orderReference = "PO-7781"
            $0.serviceDate = Self.day(2025, 3, 10)
            $0.paymentTerms = "Payable within 30 days without deduction."
            $0.payment = PaymentInstructions(
                iban: "DE89370400440532013000", bic: "COBADEFFXXX", reference: $0.number)
        }
    }
    /// Makes the document a credit note correcting invoice `number` of `issued`.
    public func creditNote(correcting number: String, issued: CalendarDay) -> Self {
        with {
            $0.kind = .creditNote
            $0.precedingInvoice = PrecedingInvoice(number: number, issueDate: issued)
        }
    }
    /// Sets the document type.
    public func kind(_ kind: InvoiceKind) -> Self { with { $0.kind = kind } }
    /// Sets the billed period (and clears nothing else: a document may state a service date too).
    public func servicePeriod(from start: CalendarDay, to end: CalendarDay) -> Self {
        with { $0.servicePeriod = InvoicePeriod(start: start, end: end) }
    }
    /// Sets the buyer reference (XRechnung's Leitweg-ID).
    public func buyerReference(_ reference: String?) -> Self { with { $0.buyerReference = reference } }
    /// Sets the buyer's purchase order reference.
    public func orderReference(_ reference: String?) -> Self { with { $0.orderReference = reference } }
    /// Sets the due date.
    public func dueDate(_ day: CalendarDay?) -> Self { with { $0.dueDate = day } }
    /// Sets the payment terms text.
    public func paymentTerms(_ terms: String?) -> Self { with { $0.paymentTerms = terms } }
    /// Sets the payment instructions.
    public func payment(_ payment: PaymentInstructions?) -> Self { with { $0.payment = payment } }
    /// Sets what was already paid.
    public func paidAmount(_ amount: Decimal) -> Self { with { $0.paidAmount = amount } }
    /// Appends a document-level discount in the standard category at `percent`.
    public func allowance(
        _ amount: Decimal, reason: String, percent: Decimal, category: VATCategory = .standard
    )
        -> Self
    {
        with {
            $0.allowancesCharges.append(
                InvoiceAllowanceCharge(
                    isCharge: false, amount: amount, reason: reason, reasonCode: "95", vatCategory: category,
                    taxRate: TaxRate(percent: percent)))
        }
    }
    /// Appends a document-level surcharge in the standard category at `percent`.
    public func charge(
        _ amount: Decimal, reason: String, percent: Decimal, category: VATCategory = .standard
    )
        -> Self
    {
        with {
            $0.allowancesCharges.append(
                InvoiceAllowanceCharge(
                    isCharge: true, amount: amount, reason: reason, vatCategory: category,
                    taxRate: TaxRate(percent: percent)))
        }
    }
    /// Replaces the document-level allowances and charges.
    public func allowancesCharges(_ adjustments: [InvoiceAllowanceCharge]) -> Self {
        with { $0.allowancesCharges = adjustments }
    }
    /// States why `category` charges no VAT; `code` defaults to the category's standard VATEX code.
    public func vatExemption(_ category: VATCategory, reason: String, code: String? = nil) -> Self {
        with { $0.vatExemptions[category] = VATExemption(reason: reason, code: code ?? category.standardExemptionCode) }
    }
    /// Puts every line in the reverse-charge category at 0 % and states the reason, as an invoice to a business
    /// in another EU country does.
    public func reverseCharge(
        reason: String = "Reverse charge: the recipient accounts for the VAT (Article 196 VAT Directive)."
    ) -> Self {
        with {
            for index in $0.lineItems.indices {
                $0.lineItems[index].taxRate = .zero
                $0.lineItems[index].vatCategory = .reverseCharge
            }
        }
        .vatExemption(.reverseCharge, reason: reason)
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
