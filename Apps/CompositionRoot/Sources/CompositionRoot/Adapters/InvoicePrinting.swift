import Foundation
import Rendering
import RenderingZlib
import Validation

/// How invoices are printed: the fonts (DejaVu Sans, shipped with the Rendering package), zlib compression, and
/// the wording for the environment's language. The fonts also tell the Validation package which characters a
/// draft may not use, so a draft that passes validation always renders.
struct InvoicePrinting: Sendable {
    let fonts: InvoiceFonts
    let compressor: ZlibFlateCompressor
    let labels: InvoiceLabels

    init(locale: Locale) {
        fonts = Self.fonts
        compressor = ZlibFlateCompressor()
        labels = InvoiceLabels(languageCode: locale.language.languageCode?.identifier ?? "en")
    }

    /// Parsed once per process: the font files are large and never change.
    private static let fonts = InvoiceFonts.default

    /// The characters of a text the fonts cannot draw, for the Validation package's checks.
    var undrawableCharacters: UndrawableCharacters {
        { [fonts] text in fonts.unsupportedCharacters(in: text) }
    }

    /// The three templates on these fonts, with creation dates from `now`.
    func templates(now: @escaping @Sendable () -> Date) -> InvoiceTemplateRegistry {
        .builtIn(fonts: fonts, compressor: compressor, creationDate: now)
    }
}
