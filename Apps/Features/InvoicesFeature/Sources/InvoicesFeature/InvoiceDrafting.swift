import Essentials
public import Foundation
public import Rendering
public import Validation

/// What every flow that draws an invoice shares: the rules a filled-in form is checked with, the days it is
/// issued and due, and the document the renderers draw from it. Submitting and previewing read a form the same
/// way, so a preview shows what the invoice will print.
public struct InvoiceDrafting: Sendable {
    /// The invoice rules of a printed invoice.
    public var validator: any InvoiceValidating
    /// The rules of each format's profile (an e-invoice is checked against EN 16931, XRechnung adds its own);
    /// `validator` for every profile unless given.
    public var profileValidator: @Sendable (InvoiceProfile) -> any InvoiceValidating
    /// The wording of every failure.
    public var messages: ValidationMessages
    /// The current time: the issue date.
    public var now: @Sendable () -> Date
    /// The calendar issue and due days are counted in.
    public var calendar: Calendar
    /// How money and dates are printed on the PDF.
    public var locale: RenderingLocale
    /// The wording of the PDF's titles and totals; its language also picks the standard wording of a VAT exemption.
    /// A request that names no language (or one `languageLabels` has no catalog for) prints with it.
    public var labels: InvoiceLabels
    /// The catalog of the language a request names (`de`), nil when there is none: an invoice for a client who reads
    /// German prints German titles, totals and exemption wording whatever the setting says, while money and days
    /// stay in `locale`. The composition root answers from the Rendering package's catalogs; by default no
    /// language has one, so every invoice prints with `labels`.
    public var languageLabels: @Sendable (String) -> InvoiceLabels?
    /// The currency, with its minor units, for an ISO 4217 code.
    public var currency: @Sendable (String) -> Currency

    /// Creates the shared parts; `profileValidator` answers the validator of each profile (`validator` for all
    /// when nil).
    public init(
        validator: any InvoiceValidating, messages: ValidationMessages, now: @escaping @Sendable () -> Date,
        calendar: Calendar, locale: RenderingLocale, labels: InvoiceLabels = .english,
        currency: @escaping @Sendable (String) -> Currency,
        profileValidator: (@Sendable (InvoiceProfile) -> any InvoiceValidating)? = nil,
        languageLabels: @escaping @Sendable (String) -> InvoiceLabels? = { _ in nil }
    ) {
        self.languageLabels = languageLabels
        self.validator = validator
        self.profileValidator = profileValidator ?? { [validator] _ in validator }
        self.messages = messages
        self.now = now
        self.calendar = calendar
        self.locale = locale
        self.labels = labels
        self.currency = currency
    }

    /// The words `request` prints with: its language's catalog, else `labels`.
    func labels(for request: InvoiceRequest) -> InvoiceLabels {
        request.language.flatMap(languageLabels) ?? labels
    }

    /// When a form filled in now is issued, and when it is due: the form's day, or 30 days after the issue.
    func dates(of request: InvoiceRequest) -> (issued: Date, due: Date) {
        let issued = request.issueDate ?? now()
        return (
            issued,
            request.dueDate
                ?? calendar.date(byAdding: .day, value: request.paymentTermsDays ?? 30, to: issued) ?? issued
        )
    }

    /// `date` as `YYYY-MM-DD` in the calendar's time zone, as records store it.
    func dayText(_ date: Date) -> String {
        CalendarDay(date, in: calendar.timeZone).iso8601
    }

    /// Every failure of the form: the invoice rules of the Validation package for the form's format (which also
    /// cover what the renderer needs: amount limits, decimals, tax, characters the fonts can draw). Line `n` (from
    /// 1) is the element `n`. The seller is checked only in an e-invoice, whose profile states it.
    func failures(of request: InvoiceRequest, issued: Date, due: Date, seller: Seller? = nil) -> [ValidationFailure] {
        profileValidator(request.format.profile)
            .validate(invoice: draft(of: request, issued: issued, due: due, seller: seller))
    }

    /// The form as Validation's draft, in the terms of EN 16931.
    func draft(of request: InvoiceRequest, issued: Date, due: Date, seller: Seller?) -> InvoiceDraft {
        let timeZone = calendar.timeZone
        let vat = lineVAT(of: request)
        return InvoiceDraft(
            clientName: request.client,
            lineItems: request.items.enumerated().map { index, item in
                LineItem(
                    id: String(index + 1), description: item.description, quantity: item.quantity,
                    unitPrice: item.unitPrice, vatCategory: vat[index].category, taxPercent: item.taxPercent)
            },
            currencyCode: request.currencyCode, issueDate: issued, dueDate: due, taxPercent: request.taxPercent,
            notes: request.notes,
            seller: request.format.hasXML ? seller.map(Self.party) : nil,
            buyerAddress: buyerAddress(request),
            buyerVATID: request.clientVATID, buyerEmail: request.clientEmail, buyerReference: request.buyerReference,
            orderReference: request.orderReference,
            serviceDate: request.serviceDate.map { CalendarDay($0, in: timeZone) },
            allowancesCharges: discounts(of: request).map {
                AllowanceChargeDraft(
                    isCharge: false, amount: $0.amount, reason: $0.reason, reasonCode: "95",
                    vatCategory: $0.category, taxPercent: $0.rate)
            },
            vatExemptions: exemptions(of: request).mapValues { VATExemptionDraft(reason: $0.reason, code: $0.code) },
            paymentTerms: paymentTerms(due: due, labels: labels(for: request)),
            payment: seller.flatMap { seller in
                guard request.format.hasXML, let iban = seller.iban else { return nil }
                return PaymentInstructions(iban: iban, bic: seller.bic)
            })
    }

    /// The failures as the sentences a person reads; a path of a field the command has an option for names the
    /// option (`--client-vat-id`), and one of a setting names the setting.
    func problems(_ failures: [ValidationFailure]) -> [ValidationProblem] {
        messages.problems(for: failures).map { problem in
            var problem = problem
            problem.path = Self.optionName(ofPath: problem.path)
            return problem
        }
    }

    /// What the form or the settings call the field at `path`.
    static func optionName(ofPath path: String) -> String {
        if path.hasPrefix("vatExemptions.") { return "--exemption-reason" }
        if path.hasPrefix("allowancesCharges") { return "--discount" }
        if let item = itemOption(ofPath: path) { return item }
        return optionNames[path] ?? path
    }

    /// `lineItems[0].unitPrice` is what the user typed as the price of the first `--item`: `--item 1 (price)`.
    private static func itemOption(ofPath path: String) -> String? {
        guard path.hasPrefix("lineItems[") else { return path == "lineItems" ? "--item" : nil }
        let rest = path.dropFirst("lineItems[".count)
        guard let close = rest.firstIndex(of: "]"), let index = Int(rest[..<close]) else { return "--item" }
        let field = rest[close...].dropFirst().drop { $0 == "." }
        let part = field.isEmpty ? nil : itemParts[String(field.prefix { $0 != "." })]
        return "--item \(index + 1)" + (part.map { " (\($0))" } ?? "")
    }

    private static let itemParts = [
        "description": "description", "quantity": "quantity", "unitPrice": "price", "vatCategory": "VAT",
        "taxPercent": "VAT", "allowancesCharges": "discount",
    ]

    private static let optionNames: [String: String] = [
        "clientName": "--client", "currencyCode": "--currency", "taxPercent": "--tax", "dueDate": "--due",
        "issueDate": "the issue date", "notes": "--notes", "buyerVATID": "--client-vat-id",
        "buyerAddress": "--client-address",
        "buyerAddress.countryCode": "--client-country", "buyerAddress.postcode": "--client-postcode",
        "buyerAddress.city": "--client-city", "buyerAddress.lines": "--client-address",
        "buyerEmail": "--client-email", "buyerReference": "--buyer-reference", "orderReference": "--order-reference",
        "serviceDate": "--service-date", "seller.vatID": "seller.vat-id", "seller.address": "seller.address",
        "seller.address.countryCode": "seller.country", "seller.address.postcode": "seller.postcode",
        "seller.address.city": "seller.city", "seller.email": "seller.email", "seller.phone": "seller.phone",
        "seller.contactName": "seller.contact", "seller.taxRegistration": "seller.registration",
        "payment.iban": "seller.iban", "payment.bic": "seller.bic",
    ]

    /// The document the renderers and the e-invoice writers draw for `request`, numbered `number`, with `labels`
    /// (the request's language's unless given).
    func document(
        _ request: InvoiceRequest, number: String, issued: Date, due: Date, seller: Seller,
        labels: InvoiceLabels? = nil
    ) -> InvoiceDocument {
        let timeZone = calendar.timeZone
        let vat = lineVAT(of: request)
        let payment: PaymentInstructions? =
            seller.iban == nil && seller.bic == nil
            ? nil : PaymentInstructions(iban: seller.iban, bic: seller.bic, reference: number)
        return InvoiceDocument(
            number: number,
            issueDate: CalendarDay(issued, in: timeZone),
            serviceDate: request.serviceDate.map { CalendarDay($0, in: timeZone) },
            dueDate: CalendarDay(due, in: timeZone),
            seller: Self.sellerParty(seller),
            client: buyerParty(request),
            buyerReference: request.buyerReference,
            orderReference: request.orderReference,
            currency: currency(request.currencyCode.uppercased()),
            lineItems: request.items.enumerated().map { index, item in
                InvoiceLineItem(
                    description: item.description, quantity: item.quantity, unitPrice: item.unitPrice,
                    taxRate: TaxRate(percent: vat[index].rate), vatCategory: vat[index].category)
            },
            allowancesCharges: discounts(of: request).map {
                InvoiceAllowanceCharge(
                    isCharge: false, amount: $0.amount, reason: $0.reason, reasonCode: "95",
                    vatCategory: $0.category ?? .standard, taxRate: TaxRate(percent: $0.rate))
            },
            vatExemptions: exemptions(of: request).mapValues { VATExemption(reason: $0.reason, code: $0.code) },
            paymentTerms: paymentTerms(due: due, labels: self.labels(for: request)),
            payment: payment,
            notes: request.notes,
            locale: locale,
            labels: labels ?? self.labels(for: request))
    }

    // MARK: VAT

    /// The category and rate of each line: its own, else the invoice's; the rate of a category other than
    /// standard is zero unless the line gives one. A line of a plain PDF with no category and no rate stays
    /// without one, as it always printed; an e-invoice states zero-rated there, as Validation reads it.
    func lineVAT(of request: InvoiceRequest) -> [(category: VATCategory?, rate: Decimal)] {
        request.items.map { item in
            let explicit = item.vatCategory ?? request.vatCategory
            let invoiceRate = request.taxPercent ?? 0
            let category: VATCategory? =
                explicit ?? (invoiceRate > 0 ? .standard : (request.format.hasXML ? .zeroRated : nil))
            let rate = item.taxPercent ?? (category == .standard ? invoiceRate : 0)
            return (category, rate)
        }
    }

    /// The standard wording and code of why no VAT is charged, for every category in use that needs one; the
    /// user's `exemptionReason` replaces the wording.
    func exemptions(of request: InvoiceRequest) -> [VATCategory: (reason: String, code: String?)] {
        let categories = Set(lineVAT(of: request).compactMap(\.category)).filter(\.needsExemptionReason)
        let words = labels(for: request)
        var result: [VATCategory: (reason: String, code: String?)] = [:]
        for category in categories {
            let typed = request.exemptionReason?.trimmingCharacters(in: .whitespacesAndNewlines)
            let reason = (typed?.isEmpty == false ? typed : nil) ?? words.exemptionReason(for: category)
            guard let reason else { continue }
            result[category] = (reason, category.standardExemptionCode)
        }
        return result
    }

    /// The discount as document allowances, one per VAT category and rate of the lines, each in proportion to the
    /// lines' net amount in that category and rate (so a mixed-rate invoice's VAT stays right); the last takes what
    /// rounding leaves.
    func discounts(
        of request: InvoiceRequest
    ) -> [(amount: Decimal, reason: String, category: VATCategory?, rate: Decimal)] {
        guard let discount = request.discount else { return [] }
        let minorUnits = currency(request.currencyCode.uppercased()).minorUnits
        let reason = discount.reason.isEmpty ? "Discount" : discount.reason
        var groups: [(category: VATCategory?, rate: Decimal, net: Decimal)] = []
        for (item, vat) in zip(request.items, lineVAT(of: request)) {
            let net = Self.rounded(item.quantity * item.unitPrice, minorUnits)
            if let index = groups.firstIndex(where: { $0.category == vat.category && $0.rate == vat.rate }) {
                groups[index].net += net
            } else {
                groups.append((vat.category, vat.rate, net))
            }
        }
        let lines = groups.reduce(Decimal(0)) { $0 + $1.net }
        let total =
            discount.amount ?? Self.rounded(lines * (discount.percent ?? 0) / 100, minorUnits)
        guard !groups.isEmpty, lines != 0 else {
            return [(total, reason, request.vatCategory, request.taxPercent ?? 0)]
        }
        var left = total
        return groups.enumerated().map { index, group in
            let share = index == groups.count - 1 ? left : Self.rounded(total * group.net / lines, minorUnits)
            left -= share
            return (share, reason, group.category, group.rate)
        }
    }

    private static func rounded(_ value: Decimal, _ places: Int) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, places, .plain)
        return result
    }

    /// "Due on 2026-12-24", in the invoice's language.
    func paymentTerms(due: Date, labels: InvoiceLabels) -> String {
        labels.dueOn(dayText(due))
    }

    // MARK: Parties

    /// The client's address as the rules check it and the invoice prints it (the kernel's one type for both); none
    /// without a country.
    private func buyerAddress(_ request: InvoiceRequest) -> PostalAddress? {
        request.clientCountry.map {
            PostalAddress(
                lines: request.clientAddress, postcode: request.clientPostcode ?? "", city: request.clientCity ?? "",
                countryCode: $0.uppercased())
        }
    }

    /// The seller's address, likewise.
    private static func sellerAddress(_ seller: Seller) -> PostalAddress? {
        seller.countryCode.map {
            PostalAddress(
                lines: seller.address, postcode: seller.postcode ?? "", city: seller.city ?? "", countryCode: $0)
        }
    }

    private func buyerParty(_ request: InvoiceRequest) -> InvoiceParty {
        let address = buyerAddress(request)
        return InvoiceParty(
            name: request.client.trimmingCharacters(in: .whitespacesAndNewlines),
            lines: address == nil ? request.clientAddress : [],
            address: address,
            vatID: request.clientVATID.map { VATIdentifier.normalized($0, countryCode: request.clientCountry) ?? $0 },
            email: request.clientEmail)
    }

    private static func sellerParty(_ seller: Seller) -> InvoiceParty {
        let address = sellerAddress(seller)
        return InvoiceParty(
            name: seller.name, lines: address == nil ? seller.address : [], address: address,
            vatID: seller.vatID, taxRegistration: seller.taxRegistration ?? (seller.vatID == nil ? seller.taxID : nil),
            email: seller.email, contactName: seller.contactName,
            phone: seller.phone)
    }

    private static func party(_ seller: Seller) -> InvoicePartyDraft {
        InvoicePartyDraft(
            name: seller.name,
            address: sellerAddress(seller),
            vatID: seller.vatID, taxRegistration: seller.taxRegistration ?? (seller.vatID == nil ? seller.taxID : nil),
            email: seller.email, contactName: seller.contactName, phone: seller.phone)
    }
}
