public import Foundation

/// A file carried inside an archival PDF, such as the CII XML of a Factur-X or ZUGFeRD invoice.
///
/// PDF/A-3 allows any file to travel with the document as long as the document says how it relates to the file
/// (``Relationship``); a reader lists it as an attachment and a machine extracts it by name. The name is checked
/// before anything is written (``ArchivalRenderingError``), because it becomes a file name on whatever machine
/// extracts it.
public struct PDFAttachment: Hashable, Sendable {
    /// How the attached file relates to the pages: the `/AFRelationship` of PDF/A-3. Factur-X uses `data` (the
    /// XML carries what the pages show, for the MINIMUM and BASIC WL profiles) or `alternative` (the XML is an
    /// equivalent form of the invoice: EN 16931, EXTENDED, XRECHNUNG).
    public enum Relationship: String, Hashable, Sendable, CaseIterable {
        /// The file holds the data the pages are drawn from.
        case data = "Data"
        /// The file is another form of the same content.
        case alternative = "Alternative"
        /// The file is the source the document was made from.
        case source = "Source"
        /// The file adds to what the pages show.
        case supplement = "Supplement"
        /// None of the above, or not known.
        case unspecified = "Unspecified"
    }

    /// The largest attachment accepted, 10 MiB: a CII invoice is a few kilobytes to a few hundred, and the whole
    /// document is built in memory, so anything near this limit is a mistake rather than an invoice.
    public static let maximumByteCount = 10 * 1024 * 1024

    /// The name the file is extracted under (`factur-x.xml`, `xrechnung.xml`): no slashes, backslashes or control
    /// characters, not `.` or `..`, at most 255 bytes of UTF-8.
    public var fileName: String
    /// The media type (`text/xml`, `application/xml`), written as the embedded file's `/Subtype`.
    public var mimeType: String
    /// The file's bytes, stored exactly (compressed when the renderer has a compressor).
    public var data: Data
    /// How the file relates to the pages.
    public var relationship: Relationship
    /// What a reader shows beside the file name; nil leaves it out.
    public var description: String?
    /// When the file was last changed, written as its `/ModDate` (Factur-X requires one).
    public var modificationDate: Date

    /// Describes a file to attach; nothing is checked until the document is rendered.
    public init(
        fileName: String, mimeType: String, data: Data, relationship: Relationship, description: String? = nil,
        modificationDate: Date
    ) {
        self.fileName = fileName
        self.mimeType = mimeType
        self.data = data
        self.relationship = relationship
        self.description = description
        self.modificationDate = modificationDate
    }
}
