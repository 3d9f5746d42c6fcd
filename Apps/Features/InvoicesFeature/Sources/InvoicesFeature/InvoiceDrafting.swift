import Essentials
public import Foundation
public import Rendering
public import Validation

/// What every flow that draws an invoice shares: the rules a filled-in form is checked with, the days it is
/// issued and due, and the document the renderers draw from it. Submitting and previewing read a form the same
/// way, so a preview shows what the invoice will print.
public struct InvoiceDrafting: Sendable {
    /// The invoice rules.
    public var validator: any InvoiceValidating
    /// The wording of every failure.
    public var messages: ValidationMessages
    /// The current time: the issue date.
    public var now: @Sendable () -> Date
    /// The calendar issue and due days are counted in.
    public var calendar: Calendar
    /// How money and dates are printed on the PDF.
    public var locale: RenderingLocale
    /// The wording of the PDF's titles and totals.
    public var labels: InvoiceLabels
    /// The currency, with its minor units, for an ISO 4217 code.
    public var currency: @Sendable (String) -> Currency

    /// Creates the shared parts.
    public init(
        validator: any InvoiceValidating, messages: ValidationMessages, now: @escaping @Sendable () -> Date,
        calendar: Calendar, locale: RenderingLocale, labels: InvoiceLabels = .english,
        currency: @escaping @Sendable (String) -> Currency
    ) {
        self.validator = validator
        self.messages = messages
        self.now = now
        self.calendar = calendar
        self.locale = locale
        self.labels = labels
        self.currency = currency
    }

    /// When a form filled in now is issued, and when it is due: the form's day, or 30 days after the issue.
    func dates(of request: InvoiceRequest) -> (issued: Date, due: Date) {
        let issued = now()
        return (issued, request.dueDate ?? calendar.date(byAdding: .day, value: 30, to: issued) ?? issued)
    }

    /// `date` as `YYYY-MM-DD` in the calendar's time zone, as records store it.
    func dayText(_ date: Date) -> String {
        CalendarDay(date, in: calendar.timeZone).iso8601
    }

    /// Every failure of the form: the invoice rules of the Validation package, which also cover what the renderer
    /// needs (amount limits, decimals, tax, characters the fonts can draw). Line `n` (from 1) is the element `n`.
    func failures(of request: InvoiceRequest, issued: Date, due: Date) -> [ValidationFailure] {
        let draft = InvoiceDraft(
            clientName: request.client,
            lineItems: request.items.enumerated().map { index, item in
                LineItem(
                    id: String(index + 1), description: item.description, quantity: item.quantity,
                    unitPrice: item.unitPrice)
            },
            currencyCode: request.currencyCode, issueDate: issued, dueDate: due, taxPercent: request.taxPercent,
            notes: request.notes)
        return validator.validate(invoice: draft)
    }

    /// The failures as the sentences a person reads.
    func problems(_ failures: [ValidationFailure]) -> [ValidationProblem] {
        messages.problems(for: failures)
    }

    /// The document the renderers draw for `request`, numbered `number`, with `labels` (the configured ones unless
    /// given).
    func document(
        _ request: InvoiceRequest, number: String, issued: Date, due: Date, seller: Seller,
        labels: InvoiceLabels? = nil
    ) -> InvoiceDocument {
        let timeZone = calendar.timeZone
        let taxRate = TaxRate(percent: request.taxPercent ?? 0)
        return InvoiceDocument(
            number: number,
            issueDate: CalendarDay(issued, in: timeZone),
            dueDate: CalendarDay(due, in: timeZone),
            seller: InvoiceParty(name: seller.name, lines: seller.address, taxID: seller.taxID, iban: seller.iban),
            client: InvoiceParty(name: request.client.trimmingCharacters(in: .whitespacesAndNewlines)),
            currency: currency(request.currencyCode.uppercased()),
            lineItems: request.items.map {
                InvoiceLineItem(
                    description: $0.description, quantity: $0.quantity, unitPrice: $0.unitPrice, taxRate: taxRate)
            },
            notes: request.notes,
            locale: locale,
            labels: labels ?? self.labels)
    }
}
