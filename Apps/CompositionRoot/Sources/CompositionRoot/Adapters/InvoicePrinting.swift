import Essentials
import Foundation
import Rendering
import RenderingZlib
import Validation

/// How invoices are printed: the fonts (DejaVu Sans, shipped with the Rendering package, and the user's fallback
/// font when one is set) and zlib compression; the wording comes from the `invoice.language` setting
/// (`Configured.invoiceLabels`). The fonts also tell the Validation package which characters a draft may not use, so
/// a draft that passes validation always renders.
struct InvoicePrinting: Sendable {
    let fonts: InvoiceFonts
    let compressor: ZlibFlateCompressor

    /// The printing with the built-in fonts and `fallbackFont`; one that cannot be read is left out
    /// (``InvoiceFallbackFont`` says why, for the app to tell the user).
    init(fallbackFont: URL? = nil) {
        // `InvoiceFonts.default` is parsed once per process (a static of the Rendering package).
        fonts = fallbackFont.flatMap { try? InvoiceFallbackFont.fonts(adding: $0.path).get() } ?? .default
        compressor = ZlibFlateCompressor()
    }

    /// The characters of a text the fonts cannot draw, for the Validation package's checks.
    var undrawableCharacters: UndrawableCharacters {
        { [fonts] text in fonts.unsupportedCharacters(in: text) }
    }
}

/// The user's fallback font for invoices: a TrueType font file (`.ttf`, or the first face of a `.ttc`) that draws
/// what DejaVu Sans cannot, such as Chinese, Japanese or Korean. Characters are looked up in DejaVu Sans first.
/// Only the glyphs an invoice uses are embedded, so a 20 MB font adds a few kilobytes to a PDF.
public enum InvoiceFallbackFont {
    /// Why the file at `path` cannot be the fallback font, as a phrase for a person ("there is no file there"), or
    /// nil when it can.
    public static func problem(at path: String) -> String? {
        switch fonts(adding: path) {
        case .success: nil
        case .failure(let error): error.reason
        }
    }

    /// The built-in fonts with the font at `path` after them. Read once per path and process; a file that cannot
    /// be used is read again next time (it may have been fixed).
    static func fonts(adding path: String) -> Result<InvoiceFonts, FontFileError> {
        if let loaded = loaded.withLock({ $0[path] }) { return .success(loaded) }
        let result = Result { () throws(FontFileError) in
            InvoiceFonts.default.addingFallback(try TrueTypeFont(contentsOfFile: path))
        }
        if case .success(let fonts) = result { loaded.withLock { $0[path] = fonts } }
        return result
    }

    /// Fonts read so far, by path.
    private static let loaded = LockedValue<[String: InvoiceFonts]>([:])
}
