import Essentials
public import Foundation
public import Rendering

/// An ``/Rendering/InvoiceRendering`` double that answers with a fixed result and records every invoice it was given.
public final class SpyInvoiceRenderer: InvoiceRendering, Sendable {
    private let recorded = LockedValue<[InvoiceDocument]>([])
    private let result: Result<Data, RenderingError>

    /// Creates the spy; every call answers with `result` (a few placeholder bytes by default).
    public init(result: Result<Data, RenderingError> = .success(Data("%PDF-spy".utf8))) {
        self.result = result
    }

    /// The invoices rendered so far, in call order.
    public var renderedInvoices: [InvoiceDocument] {
        recorded.withLock { $0 }
    }

    /// Records `invoice` and answers with the configured result.
    public func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data {
        recorded.withLock { $0.append(invoice) }
        return try result.get()
    }
}
