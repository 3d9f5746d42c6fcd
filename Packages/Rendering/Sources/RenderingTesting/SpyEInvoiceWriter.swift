import Essentials
public import Foundation
public import Rendering

/// An ``/Rendering/EInvoiceWriting`` double that answers with a fixed result and records every invoice it was given,
/// so code that sends e-invoices is tested without writing XML.
public final class SpyEInvoiceWriter: EInvoiceWriting, Sendable {
    private let recorded = LockedValue<[InvoiceDocument]>([])
    private let result: Result<Data, EInvoiceError>

    /// Creates the spy; every call answers with `result` (a placeholder XML document by default).
    public init(result: Result<Data, EInvoiceError> = .success(Data("<?xml version=\"1.0\"?><spy/>".utf8))) {
        self.result = result
    }

    /// The invoices written so far, in call order.
    public var writtenInvoices: [InvoiceDocument] {
        recorded.withLock { $0 }
    }

    /// Records `invoice` and answers with the configured result.
    public func xml(for invoice: InvoiceDocument) throws(EInvoiceError) -> Data {
        recorded.withLock { $0.append(invoice) }
        return try result.get()
    }
}
