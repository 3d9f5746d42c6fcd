public import Foundation

/// What an archival (PDF/A-3b) document says about itself, in its XMP metadata and its document information
/// dictionary, which PDF/A requires to agree.
///
/// Every field left nil is taken from the invoice, as an ordinary render does: the title is "Invoice <number>" in
/// the invoice's labels, the author the seller's name, the date the renderer's clock. `facturX` adds the Factur-X /
/// ZUGFeRD extension schema that tells a receiving system which attachment is the invoice's XML.
public struct PDFArchivalMetadata: Hashable, Sendable {
    /// A field of the metadata, for ``ArchivalRenderingError/invalidMetadataText(_:)``.
    public enum Field: Hashable, Sendable {
        /// ``PDFArchivalMetadata/title``.
        case title
        /// ``PDFArchivalMetadata/author``.
        case author
        /// ``PDFArchivalMetadata/subject``.
        case subject
        /// A value of ``PDFArchivalMetadata/facturX``.
        case facturX
    }

    /// The document's title (`dc:title`, `/Title`); nil for the invoice's.
    public var title: String?
    /// Who made it (`dc:creator`, `/Author`); nil for the seller's name.
    public var author: String?
    /// What it is about (`dc:description`, `/Subject`); nil leaves it out.
    public var subject: String?
    /// When it was made (`xmp:CreateDate` and `xmp:ModifyDate`, `/CreationDate` and `/ModDate`); nil asks the
    /// renderer's clock, so a fixed date gives the same bytes on every run.
    public var creationDate: Date?
    /// The Factur-X / ZUGFeRD fields; nil writes a plain PDF/A-3b document.
    public var facturX: FacturXMetadata?

    /// Describes an archival document; every field is optional.
    public init(
        title: String? = nil, author: String? = nil, subject: String? = nil, creationDate: Date? = nil,
        facturX: FacturXMetadata? = nil
    ) {
        self.title = title
        self.author = author
        self.subject = subject
        self.creationDate = creationDate
        self.facturX = facturX
    }
}

/// The Factur-X / ZUGFeRD extension schema's four fields (namespace
/// `urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#`, prefix `fx`): a receiving system reads them to find the
/// XML and to know which profile it follows.
public struct FacturXMetadata: Hashable, Sendable {
    /// `fx:DocumentType`: `INVOICE` for invoices and credit notes alike.
    public var documentType: String
    /// `fx:DocumentFileName`: the attachment holding the XML; the render fails when no attachment has this name.
    public var documentFileName: String
    /// `fx:Version`: the version of the Factur-X schema, `1.0`.
    public var version: String
    /// `fx:ConformanceLevel`: the profile the XML follows.
    public var conformanceLevel: FacturXConformanceLevel

    /// The fields for an invoice whose XML is attached as `documentFileName` (`factur-x.xml` by default; ZUGFeRD
    /// 2.x and XRechnung use the same name).
    public init(
        conformanceLevel: FacturXConformanceLevel, documentFileName: String = "factur-x.xml",
        documentType: String = "INVOICE", version: String = "1.0"
    ) {
        self.documentType = documentType
        self.documentFileName = documentFileName
        self.version = version
        self.conformanceLevel = conformanceLevel
    }
}

/// A Factur-X profile as `fx:ConformanceLevel` spells it. Open, so a profile added by a later version of the
/// standard is one static member (or a raw value) away rather than a breaking change.
public struct FacturXConformanceLevel: RawRepresentable, Hashable, Sendable {
    /// The exact text written into the metadata (`EN 16931`, `XRECHNUNG`).
    public var rawValue: String

    /// A level spelled as the metadata spells it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// MINIMUM: only the header and totals; not an invoice under EN 16931 on its own.
    public static let minimum = FacturXConformanceLevel(rawValue: "MINIMUM")
    /// BASIC WL: header, parties and totals, without lines.
    public static let basicWL = FacturXConformanceLevel(rawValue: "BASIC WL")
    /// BASIC: a subset of EN 16931 with lines.
    public static let basic = FacturXConformanceLevel(rawValue: "BASIC")
    /// EN 16931 (COMFORT in ZUGFeRD): the European norm's core invoice.
    public static let en16931 = FacturXConformanceLevel(rawValue: "EN 16931")
    /// EXTENDED: EN 16931 plus further fields.
    public static let extended = FacturXConformanceLevel(rawValue: "EXTENDED")
    /// XRECHNUNG: the German public-sector CIUS of EN 16931 (ZUGFeRD 2.1.1 and later).
    public static let xRechnung = FacturXConformanceLevel(rawValue: "XRECHNUNG")
}
