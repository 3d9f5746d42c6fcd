public import Foundation

/// Names a template, as stored in settings or sent by a server.
public struct InvoiceTemplateID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The identifier.
    public let rawValue: String

    /// Wraps any identifier; unknown ones resolve to the registry's fallback.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Allows `"standard"` where an ID is expected.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The standard template.
    public static let standard: InvoiceTemplateID = "standard"
    /// The compact template.
    public static let compact: InvoiceTemplateID = "compact"
    /// The creative template.
    public static let creative: InvoiceTemplateID = "creative"
}

/// Maps template IDs to renderers, with a fallback for IDs it does not know, so a stale setting or a newer
/// server never leaves a user without an invoice. Adding a template is one new ``InvoiceRendering`` type plus one
/// `registering` call.
public struct InvoiceTemplateRegistry: Sendable {
    private var renderers: [InvoiceTemplateID: any InvoiceRendering]
    /// What unknown IDs get.
    public let fallback: any InvoiceRendering

    /// Creates a registry with only a fallback.
    public init(fallback: any InvoiceRendering) {
        self.renderers = [:]
        self.fallback = fallback
    }

    /// Standard, Compact and Creative (in `accent`) under their IDs, with Standard as the fallback, all drawn
    /// with `fonts` and compressed by `compressor` when given.
    public static func builtIn(
        accent: PDFColor = PDFColor(red: 0.85, green: 0.33, blue: 0.2), pageSize: PageSize = .a4,
        fonts: InvoiceFonts = .default, compressor: (any FlateCompressing)? = nil,
        creationDate: @escaping @Sendable () -> Date = { Date() }
    ) -> InvoiceTemplateRegistry {
        let standard = StandardInvoiceTemplate(
            pageSize: pageSize, fonts: fonts, compressor: compressor, creationDate: creationDate)
        let compact = CompactInvoiceTemplate(
            pageSize: pageSize, fonts: fonts, compressor: compressor, creationDate: creationDate)
        let creative = CreativeInvoiceTemplate(
            accent: accent, pageSize: pageSize, fonts: fonts, compressor: compressor, creationDate: creationDate)
        return InvoiceTemplateRegistry(fallback: standard)
            .registering(standard, for: .standard)
            .registering(compact, for: .compact)
            .registering(creative, for: .creative)
    }

    /// A copy with `renderer` under `id`, replacing any renderer registered there before.
    public func registering(_ renderer: any InvoiceRendering, for id: InvoiceTemplateID) -> InvoiceTemplateRegistry {
        var copy = self
        copy.renderers[id] = renderer
        return copy
    }

    /// The renderer registered under `id`, or the fallback.
    public func renderer(for id: InvoiceTemplateID) -> any InvoiceRendering {
        renderers[id] ?? fallback
    }

    /// Whether `id` has a renderer of its own (rather than the fallback).
    public func contains(_ id: InvoiceTemplateID) -> Bool {
        renderers[id] != nil
    }

    /// The registered IDs, sorted, for a template picker.
    public var templateIDs: [InvoiceTemplateID] {
        renderers.keys.sorted { $0.rawValue < $1.rawValue }
    }
}
