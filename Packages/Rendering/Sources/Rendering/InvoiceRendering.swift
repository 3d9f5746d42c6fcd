public import Foundation

/// Turns an invoice into the bytes of a finished document (a PDF).
public protocol InvoiceRendering: Sendable {
    /// Renders `invoice`; throws only when the invoice cannot be laid out at all.
    func render(_ invoice: InvoiceDocument) throws(RenderingError) -> Data
}

/// What a renderer needs to know about an invoice: the renderer's own input, independent of how a form collects it.
public struct InvoiceDocument: Hashable, Sendable {
    /// The invoice number shown in the heading.
    public var number: String
    /// The billed party.
    public var clientName: String

    /// Creates a document.
    public init(number: String, clientName: String) {
        self.number = number
        self.clientName = clientName
    }
}

/// Why an invoice could not be rendered.
public enum RenderingError: Error, Hashable, Sendable {
    /// The text contains characters the chosen fonts cannot show; they are listed so a caller can name them.
    case unsupportedCharacters([Character])
}
