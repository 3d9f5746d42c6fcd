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
        fonts = fallbackFont.flatMap { try? InvoiceFallbackFont.fonts(adding: $0.path).get() } ?? Self.fonts
        compressor = ZlibFlateCompressor()
    }

    /// Parsed once per process: the font files are large and never change.
    private static let fonts = InvoiceFonts.default

    /// The characters of a text the fonts cannot draw, for the Validation package's checks.
    var undrawableCharacters: UndrawableCharacters {
        { [fonts] text in fonts.unsupportedCharacters(in: text) }
    }
}

/// The user's fallback font for invoices: a TrueType font file (`.ttf`, or the first face of a `.ttc`) that draws
/// what DejaVu Sans cannot, such as Chinese, Japanese or Korean. Characters are looked up in DejaVu Sans first.
/// Only the glyphs an invoice uses are embedded, so a 20 MB font adds a few kilobytes to a PDF.
public enum InvoiceFallbackFont {
    /// Files larger than this are not read: the CJK fonts Linux distributions ship weigh 4-20 MB.
    public static let maximumBytes = 64 << 20

    /// Why the file at `path` cannot be the fallback font, as a phrase for a person ("there is no file there"), or
    /// nil when it can.
    public static func problem(at path: String) -> String? {
        switch fonts(adding: path) {
        case .success: nil
        case .failure(let reason): reason.description
        }
    }

    /// The built-in fonts with the font at `path` after them. Read once per path and process; a file that cannot
    /// be used is read again next time (it may have been fixed).
    static func fonts(adding path: String) -> Result<InvoiceFonts, Problem> {
        if let loaded = loaded.withLock({ $0[path] }) { return .success(loaded) }
        let result = read(path).map { InvoiceFonts.default.addingFallback($0) }
        if case .success(let fonts) = result { loaded.withLock { $0[path] = fonts } }
        return result
    }

    /// Fonts read so far, by path.
    private static let loaded = LockedValue<[String: InvoiceFonts]>([:])

    private static func read(_ path: String) -> Result<TrueTypeFont, Problem> {
        // Through symbolic links (distributions link font files into place) to what is read.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target) else {
            return .failure(FileManager.default.fileExists(atPath: target) ? .unreadable : .noFile)
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: return .failure(.folder)
        default: return .failure(.notAFile)  // a device or a pipe, which could be read forever
        }
        guard (attributes[.size] as? Int ?? 0) <= maximumBytes else { return .failure(.tooLarge) }
        guard let data = FileManager.default.contents(atPath: target) else { return .failure(.unreadable) }
        do {
            return .success(try TrueTypeFont(data: data))
        } catch {
            return .failure(.font(error))
        }
    }

    /// Why a file cannot be the fallback font.
    enum Problem: Error, Hashable, CustomStringConvertible {
        case noFile
        case folder
        case notAFile
        case unreadable
        case tooLarge
        case font(FontError)

        var description: String {
            switch self {
            case .noFile: "there is no file there"
            case .folder: "it is a folder, not a font file"
            case .notAFile: "it is a device or a pipe, not a font file"
            case .unreadable: "the file cannot be read (check its permissions)"
            case .tooLarge:
                "the file is larger than the \(InvoiceFallbackFont.maximumBytes >> 20) MB a font may be"
            case .font(.unsupportedOutlines):
                "it has PostScript (CFF) outlines, which cannot be embedded; choose a TrueType font instead"
            case .font(.embeddingNotPermitted): "its licence does not allow embedding it in documents"
            case .font(.noUnicodeCharacterMap): "it has no Unicode character map"
            case .font(.missingTable(let table)), .font(.truncated(let table)), .font(.malformed(let table)):
                "it is damaged (its \(table) table cannot be read)"
            case .font(.notAFont), .font(.faceIndexOutOfRange), .font(.missingResource):
                "it is not a TrueType font or font collection"
            }
        }
    }
}
