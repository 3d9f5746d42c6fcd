import Essentials
public import Foundation

/// Why an archival (PDF/A-3b) document could not be written. A separate type from ``RenderingError`` so that
/// callers of the ordinary renderers switch over the cases they always had; the invoice's own problems arrive
/// wrapped in ``rendering(_:)``.
public enum ArchivalRenderingError: Error, Hashable, Sendable {
    /// The invoice itself cannot be rendered (characters, scripts, numbers, fonts): the same error an ordinary
    /// render reports.
    case rendering(RenderingError)
    /// The fonts include the standard 14 fonts, which are not embedded; PDF/A requires every font to be embedded.
    case fontsNotEmbedded
    /// The sRGB colour profile that comes with the renderer was not found (the binary was shipped without its
    /// resource folder). Names the file.
    case missingColorProfile(String)
    /// An attachment's file name is empty, `.` or `..`, longer than 255 bytes of UTF-8, or contains a slash, a
    /// backslash or a control or direction-override character. Names it as given.
    case invalidAttachmentName(String)
    /// Two attachments have the same file name, compared without regard to case (they would overwrite each other
    /// when extracted on most systems). Names the second.
    case duplicateAttachmentName(String)
    /// An attachment has no bytes. Names it.
    case emptyAttachment(String)
    /// An attachment is larger than ``PDFAttachment/maximumByteCount``.
    case attachmentTooLarge(name: String, byteCount: Int)
    /// An attachment's media type is not `type/subtype` in ASCII letters, digits and `!#$&^_.+-`. Names it as given.
    case invalidMIMEType(String)
    /// A metadata text holds a character XML cannot carry (a control character other than tab and line breaks).
    case invalidMetadataText(PDFArchivalMetadata.Field)
    /// ``FacturXMetadata/documentFileName`` names no attachment. Names the file.
    case missingFacturXAttachment(String)
}

extension ArchivalRenderingError: CustomStringConvertible, LocalizedError {
    /// What went wrong and what to do, as sentences a person can be shown; code switches on the case instead.
    public var description: String {
        switch self {
        case .rendering(let error):
            return error.description
        case .fontsNotEmbedded:
            return "An archival PDF must embed every font, and the standard 14 fonts are never embedded. Render "
                + "with TrueType fonts (the bundled DejaVu Sans, or your own)."
        case .missingColorProfile(let file):
            return "The colour profile \(file) that comes with the invoice renderer was not found. Ship the folder "
                + "\(ResourceLocator.folderNames[0]) (\(ResourceLocator.folderNames[1]) on Apple platforms) beside "
                + "the executable, or set \(ResourceLocator.environmentVariable) to its path."
        case .invalidAttachmentName(let name):
            return "The attachment name \(ReadableText.quoted(name)) cannot be used as a file name: it must not be "
                + "empty, “.” or “..”, longer than 255 bytes, or contain a slash, a backslash or control characters."
        case .duplicateAttachmentName(let name):
            return "Two attachments are named \(ReadableText.quoted(name)) (ignoring case); give each its own name."
        case .emptyAttachment(let name):
            return "The attachment \(ReadableText.quoted(name)) is empty."
        case .attachmentTooLarge(let name, let byteCount):
            return "The attachment \(ReadableText.quoted(name)) has \(ReadableText.grouped(byteCount)) bytes; an "
                + "attachment may have at most \(ReadableText.grouped(PDFAttachment.maximumByteCount)) bytes."
        case .invalidMIMEType(let type):
            return "\(ReadableText.quoted(type)) is not a media type; write it as type/subtype, such as text/xml."
        case .invalidMetadataText(let field):
            return "The document's \(field.name) contains a control character, which its metadata cannot hold; "
                + "remove it."
        case .missingFacturXAttachment(let file):
            return "The Factur-X metadata names the attachment \(ReadableText.quoted(file)), but no attachment has "
                + "that name; attach the invoice's XML under it."
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension PDFArchivalMetadata.Field {
    fileprivate var name: String {
        switch self {
        case .title: "title"
        case .author: "author"
        case .subject: "subject"
        case .facturX: "Factur-X fields"
        }
    }
}
