public import Foundation
public import Rendering
public import Validation

/// A look at an invoice before it is created: what it comes to, what the form still lacks, and its first page
/// drawn by the Rendering package's preview renderer.
public protocol InvoicePreviewing: Sendable {
    /// The preview of `request`. Never fails: an incomplete or invalid form is previewed as far as it can be drawn,
    /// with every problem listed. Nothing is stored and no number is taken.
    func preview(_ request: InvoiceRequest) async -> InvoicePreview
}

/// What a preview shows: the form with its days and the amounts that can be added up, the problems that would
/// stop `InvoiceSubmitting` from accepting it, and the first page.
public struct InvoicePreview: Hashable, Sendable {
    /// The form as previewed.
    public var request: InvoiceRequest
    /// The issue day it would have if created now, `YYYY-MM-DD`.
    public var issuedOn: String
    /// The due day, `YYYY-MM-DD`.
    public var dueOn: String
    /// The net amount of each line; nil when the amounts cannot be added up (numbers beyond the renderer's limits).
    public var lineAmounts: [Decimal]?
    /// The sum of the lines before tax; nil when it cannot be added up.
    public var subtotal: Decimal?
    /// The tax, all rates together; nil when it cannot be added up.
    public var tax: Decimal?
    /// The total with tax; nil when it cannot be added up.
    public var total: Decimal?
    /// Every rule the form breaks, with its message; empty when it would be accepted as it is.
    public var problems: [ValidationProblem]
    /// The first page as a PDF, titled as a preview and numbered ``InvoicePreviewer/number``; nil when the form has
    /// something no font or layout can draw yet (the problems say what).
    public var pdf: Data?

    /// Creates a preview.
    public init(
        request: InvoiceRequest, issuedOn: String, dueOn: String, lineAmounts: [Decimal]?, subtotal: Decimal?,
        tax: Decimal?, total: Decimal?, problems: [ValidationProblem], pdf: Data?
    ) {
        self.request = request
        self.issuedOn = issuedOn
        self.dueOn = dueOn
        self.lineAmounts = lineAmounts
        self.subtotal = subtotal
        self.tax = tax
        self.total = total
        self.problems = problems
        self.pdf = pdf
    }
}

/// Previews the invoice form through an ``/Rendering/InvoicePreviewRendering`` (whose contract is never to throw)
/// rather than a template, so a half-filled form never fails: it is checked and drawn exactly as a submission
/// would be (the same ``InvoiceDrafting``), but nothing is numbered or stored, and the page says it is a preview.
public struct InvoicePreviewer: InvoicePreviewing {
    /// What a preview prints where the invoice number goes: no number is taken for it.
    public static let number = "PREVIEW"

    private let drafting: InvoiceDrafting
    private let renderer: any InvoicePreviewRendering
    private let seller: @Sendable () async throws(InvoiceError) -> Seller

    /// Checks and draws with `drafting`, renders with `renderer`, and prints `seller` (read at every preview; a
    /// seller that cannot be read leaves the seller's part blank rather than failing the preview).
    public init(
        drafting: InvoiceDrafting, renderer: any InvoicePreviewRendering,
        seller: @escaping @Sendable () async throws(InvoiceError) -> Seller
    ) {
        self.drafting = drafting
        self.renderer = renderer
        self.seller = seller
    }

    /// See the protocol.
    public func preview(_ request: InvoiceRequest) async -> InvoicePreview {
        let (issued, due) = drafting.dates(of: request)
        let readSeller = try? await seller()
        let problems = drafting.problems(
            drafting.failures(of: request, issued: issued, due: due, seller: readSeller))
        let seller = readSeller ?? Seller(name: "", address: [])
        let words = drafting.labels(for: request)
        let labels = InvoiceLabels([.documentTitle: "\(words[.documentTitle]) (\(Self.number))"], fallback: words)
        let document = drafting.document(
            request, number: Self.number, issued: issued, due: due, seller: seller, labels: labels)
        let totals = try? InvoiceTotals(of: document)
        return InvoicePreview(
            request: request, issuedOn: drafting.dayText(issued), dueOn: drafting.dayText(due),
            lineAmounts: totals?.lineAmounts, subtotal: totals?.subtotal,
            tax: totals.map { $0.taxes.reduce(Decimal(0)) { $0 + $1.taxAmount } }, total: totals?.total,
            problems: problems, pdf: renderer.preview(document))
    }
}
