public import Foundation
public import Rendering

/// An ``/Rendering/InvoiceRendering`` double that answers with a fixed result and records every invoice it was given.
public final class SpyInvoiceRenderer: InvoiceRendering, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [InvoiceDocument] = []
    private let result: Result<Data, RenderingError>

    /// Creates the spy; every call answers with `result` (a few placeholder bytes by default).
    public init(result: Result<Data, RenderingError> = .success(Data("%PDF-spy".utf8))) {
        self.result = result
    }

    /// The invoices rendered so far, in call order.
    public var renderedInvoices: [InvoiceDocument] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Records `invoice` and answers with the configured result.
    public func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data {
        lock.lock()
        recorded.append(invoice)
        lock.unlock()
        return try result.get()
    }
}
