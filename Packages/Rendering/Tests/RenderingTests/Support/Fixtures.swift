import Essentials
import Foundation
import Rendering
import RenderingTesting
import RenderingZlib
import Testing

/// A decimal from its exact text (a floating-point literal would go through `Double` and lose digits).
func decimal(_ text: String) throws -> Decimal {
    try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
}

/// A calendar day that must exist.
func day(_ year: Int, _ month: Int, _ day: Int) throws -> CalendarDay {
    try #require(CalendarDay(year: year, month: month, day: day))
}

enum Fixture {
    static let date = Date(timeIntervalSince1970: 1_741_948_800)

    /// The compressor the app injects.
    static let zlib = ZlibFlateCompressor()

    /// Every template under test as the app configures it (DejaVu Sans embedded, zlib), with a fixed creation
    /// date.
    static let templates: [(id: String, renderer: InvoicePDFRenderer)] = [
        ("standard", InvoicePDFRenderer(theme: .standard, compressor: zlib, creationDate: { date })),
        ("compact", InvoicePDFRenderer(theme: .compact, compressor: zlib, creationDate: { date })),
        ("creative", InvoicePDFRenderer(theme: .creative(accent: .ink), compressor: zlib, creationDate: { date })),
    ]

    /// The same templates with the standard 14 fonts and no compression: the smallest-files configuration.
    static let standardFontTemplates: [(id: String, renderer: InvoicePDFRenderer)] = [
        ("standard", InvoicePDFRenderer(theme: .standard, fonts: .standard14, creationDate: { date })),
        ("compact", InvoicePDFRenderer(theme: .compact, fonts: .standard14, creationDate: { date })),
        ("creative", InvoicePDFRenderer(theme: .creative(accent: .ink), fonts: .standard14, creationDate: { date })),
    ]

    static func renderer(_ id: String) throws -> InvoicePDFRenderer {
        try #require(templates.first { $0.id == id }?.renderer)
    }

    static func standardFontRenderer(_ id: String) throws -> InvoicePDFRenderer {
        try #require(standardFontTemplates.first { $0.id == id }?.renderer)
    }

    static let templateIDs = templates.map(\.id)
}
