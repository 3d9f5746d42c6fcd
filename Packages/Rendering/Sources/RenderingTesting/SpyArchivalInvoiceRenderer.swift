import Essentials
public import Foundation
public import Rendering

/// An ``/Rendering/ArchivalInvoiceRendering`` double that answers with a fixed result and records every call, so a
/// feature that builds Factur-X documents can check the metadata and attachments it handed over.
public final class SpyArchivalInvoiceRenderer: ArchivalInvoiceRendering, Sendable {
    /// One recorded call.
    public struct Call: Hashable, Sendable {
        /// The invoice rendered.
        public let invoice: InvoiceDocument
        /// The metadata it was described by.
        public let metadata: PDFArchivalMetadata
        /// The files attached, in the order given.
        public let attachments: [PDFAttachment]
    }

    private let recorded = LockedValue<[Call]>([])
    private let result: Result<Data, ArchivalRenderingError>

    /// Creates the spy; every call answers with `result` (a few placeholder bytes by default).
    public init(result: Result<Data, ArchivalRenderingError> = .success(Data("%PDF-A-spy".utf8))) {
        self.result = result
    }

    /// The calls so far, in call order.
    public var calls: [Call] {
        recorded.withLock { $0 }
    }

    /// Records the call and answers with the configured result.
    public func render(
        _ invoice: InvoiceDocument, archival metadata: PDFArchivalMetadata, attachments: [PDFAttachment]
    ) throws(ArchivalRenderingError) -> Data {
        recorded.withLock { $0.append(Call(invoice: invoice, metadata: metadata, attachments: attachments)) }
        return try result.get()
    }
}
