public import Foundation
public import Rendering

/// An ``/Rendering/InvoicePreviewRendering`` double that answers with fixed bytes (or nil) and records every invoice.
public final class SpyInvoicePreviewRenderer: InvoicePreviewRendering, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [InvoiceDocument] = []
    private let answer: Data?

    /// Creates the spy; every call answers `answer` (a few placeholder bytes by default).
    public init(answer: Data? = Data("%PDF-preview-spy".utf8)) {
        self.answer = answer
    }

    /// The invoices previewed so far, in call order.
    public var previewedInvoices: [InvoiceDocument] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Records `invoice` and answers with the configured bytes.
    public func preview(_ invoice: InvoiceDocument) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(invoice)
        return answer
    }
}
