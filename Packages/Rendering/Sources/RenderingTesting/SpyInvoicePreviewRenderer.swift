import Essentials
public import Foundation
public import Rendering

/// An ``/Rendering/InvoicePreviewRendering`` double that answers with fixed bytes (or nil) and records every invoice.
public final class SpyInvoicePreviewRenderer: InvoicePreviewRendering, Sendable {
    private let recorded = LockedValue<[InvoiceDocument]>([])
    private let answer: Data?

    /// Creates the spy; every call answers `answer` (a few placeholder bytes by default).
    public init(answer: Data? = Data("%PDF-preview-spy".utf8)) {
        self.answer = answer
    }

    /// The invoices previewed so far, in call order.
    public var previewedInvoices: [InvoiceDocument] {
        recorded.withLock { $0 }
    }

    /// Records `invoice` and answers with the configured bytes.
    public func preview(_ invoice: InvoiceDocument) -> Data? {
        recorded.withLock { $0.append(invoice) }
        return answer
    }
}
