public import Essentials
public import Foundation

/// Whether a document bills (an invoice) or takes back (a credit note): the document type of EN 16931 (BT-3).
public enum InvoiceKind: String, Hashable, Sendable, CaseIterable {
    /// A commercial invoice, UNTDID 1001 code 380.
    case invoice
    /// A credit note, code 381: it refers to the invoice it corrects.
    case creditNote

    /// The UNTDID 1001 code written in the e-invoice.
    public var typeCode: String {
        switch self {
        case .invoice: "380"
        case .creditNote: "381"
        }
    }
}

/// A billing period (BG-14): the first and the last day delivered.
public struct InvoicePeriod: Hashable, Sendable {
    /// The first day (BT-73).
    public var start: CalendarDay
    /// The last day, not before the first (BT-74).
    public var end: CalendarDay

    /// Creates a period.
    public init(start: CalendarDay, end: CalendarDay) {
        self.start = start
        self.end = end
    }
}

/// The invoice a credit note corrects (BG-3).
public struct PrecedingInvoice: Hashable, Sendable {
    /// Its number (BT-25).
    public var number: String
    /// The day it was issued (BT-26).
    public var issueDate: CalendarDay

    /// Creates a reference.
    public init(number: String, issueDate: CalendarDay) {
        self.number = number
        self.issueDate = issueDate
    }
}

/// Why an invoice charges no VAT in a category (BT-120, BT-121), printed under the VAT rows and written into
/// the e-invoice.
public struct VATExemption: Hashable, Sendable {
    /// The reason in words, in the invoice's language ("Reverse charge: the recipient accounts for the VAT").
    public var reason: String
    /// The VATEX code, such as `VATEX-EU-AE`.
    public var code: String?

    /// Creates a reason.
    public init(reason: String, code: String? = nil) {
        self.reason = reason
        self.code = code
    }
}

/// A discount (allowance) or a surcharge (charge), on one line (BG-27, BG-28) or on the whole invoice (BG-20,
/// BG-21).
public struct InvoiceAllowanceCharge: Hashable, Sendable {
    /// A charge raises the amount, an allowance lowers it.
    public var isCharge: Bool
    /// The amount, positive, in the invoice's currency (BT-92, BT-99, BT-136, BT-141).
    public var amount: Decimal
    /// Why, in words (BT-97, BT-104, BT-139, BT-144).
    public var reason: String
    /// Why, as a code: UNTDID 5189 for allowances (`95` discount), UNTDID 7161 for charges.
    public var reasonCode: String?
    /// The VAT category of a document-level allowance or charge (BT-95, BT-102); a line's own allowances and
    /// charges take the line's category, and this is ignored for them.
    public var vatCategory: VATCategory
    /// The VAT rate of a document-level allowance or charge (BT-96, BT-103); ignored on a line.
    public var taxRate: TaxRate

    /// Creates an allowance or a charge.
    public init(
        isCharge: Bool, amount: Decimal, reason: String, reasonCode: String? = nil,
        vatCategory: VATCategory = .standard, taxRate: TaxRate = .zero
    ) {
        self.isCharge = isCharge
        self.amount = amount
        self.reason = reason
        self.reasonCode = reasonCode
        self.vatCategory = vatCategory
        self.taxRate = taxRate
    }
}

/// How the buyer pays (BG-16, BG-17): the kernel's, named here so that code importing only Rendering can write it.
public typealias PaymentInstructions = Essentials.PaymentInstructions
