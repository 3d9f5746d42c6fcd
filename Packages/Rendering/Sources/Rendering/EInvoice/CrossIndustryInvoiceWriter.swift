public import Foundation

/// Writes an invoice as a UN/CEFACT Cross Industry Invoice (CII D16B) of EN 16931: the XML that Factur-X and
/// ZUGFeRD embed in a PDF at their EN 16931 ("COMFORT") level, and, with ``Profile/xrechnung``, the German
/// XRechnung 3.0 that public buyers require.
///
/// Every amount comes from the shared kernel's `InvoiceCalculation`, the arithmetic the invoice rules and the
/// printed invoice use, so the XML states the figures the PDF prints. Elements follow the order and cardinality of
/// the CII schema; what the schema or the chosen profile cannot carry is refused with an ``EInvoiceError`` instead
/// of being written invalid. The business rules beyond that (BR-*, checked against the semantics of the invoice)
/// are the invoice validator's concern.
public struct CrossIndustryInvoiceWriter: EInvoiceWriting {
    /// The specification an e-invoice claims to follow (BT-24), which decides what a receiver checks.
    public enum Profile: String, Hashable, Sendable, CaseIterable {
        /// EN 16931 itself: Factur-X EN 16931 and ZUGFeRD COMFORT.
        case en16931
        /// XRechnung 3.0, the German CIUS of EN 16931: it also needs the buyer reference (the Leitweg-ID), the
        /// seller's contact with telephone and e-mail, the buyer's e-mail address and payment instructions.
        case xrechnung

        /// The specification identifier written as the guideline (BT-24).
        public var guidelineID: String {
            switch self {
            case .en16931: "urn:cen.eu:en16931:2017"
            case .xrechnung: "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
            }
        }

        /// The business process written before the guideline (BT-23), when the profile names one: XRechnung uses
        /// the Peppol billing process.
        public var businessProcessID: String? {
            switch self {
            case .en16931: nil
            case .xrechnung: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"
            }
        }
    }

    /// Which specification the written invoices follow.
    public let profile: Profile

    /// Creates a writer of `profile`.
    public init(profile: Profile = .en16931) {
        self.profile = profile
    }

    /// The invoice as CII XML in UTF-8, or the first reason it cannot be written.
    public func xml(for invoice: InvoiceDocument) throws(EInvoiceError) -> Data {
        let content = try CrossIndustryInvoiceContent(invoice, profile: profile)
        return Data(try content.write())
    }
}
