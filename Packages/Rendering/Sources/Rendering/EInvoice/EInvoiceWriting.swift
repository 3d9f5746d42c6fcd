public import Foundation

/// Writes an invoice as a structured electronic invoice: the XML a buyer's system reads instead of a person
/// reading the PDF.
///
/// A protocol of its own, not a method of ``InvoiceRendering``, because its contract differs: an e-invoice states
/// codes and amounts a machine checks, so it refuses what a printed invoice may show (a line without a VAT
/// category, a currency with three decimals, an address without a country).
public protocol EInvoiceWriting: Sendable {
    /// The e-invoice of `invoice` as UTF-8 XML with its declaration, the same bytes for the same invoice.
    func xml(for invoice: InvoiceDocument) throws(EInvoiceError) -> Data
}
