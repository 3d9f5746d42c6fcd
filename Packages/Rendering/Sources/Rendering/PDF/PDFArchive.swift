import Foundation

/// The parts a PDF/A-3b document adds to an ordinary one (ISO 19005-3): the XMP packet, the output intent's colour
/// profile and the attached files, already checked.
struct PDFArchiveContent {
    /// The XMP packet, written uncompressed as the catalog's `/Metadata`.
    var metadataPacket: [UInt8]
    /// An ICC profile with three components (sRGB), the output intent's `/DestOutputProfile`.
    var colorProfile: [UInt8]
    /// The files, in the order the caller gave them (the order of the catalog's `/AF`).
    var attachments: [PDFAttachment]

    /// Checks `attachments` (names, sizes, media types, duplicates) and keeps them with `packet` and `profile`.
    init(metadataPacket: [UInt8], colorProfile: [UInt8], attachments: [PDFAttachment]) throws(ArchivalRenderingError) {
        var seen = Set<String>()
        for attachment in attachments {
            try Self.check(attachment)
            let key = attachment.fileName.precomposedStringWithCanonicalMapping.lowercased()
            guard seen.insert(key).inserted else { throw .duplicateAttachmentName(attachment.fileName) }
        }
        self.metadataPacket = metadataPacket
        self.colorProfile = colorProfile
        self.attachments = attachments
    }

    private static func check(_ attachment: PDFAttachment) throws(ArchivalRenderingError) {
        guard isUsableFileName(attachment.fileName) else { throw .invalidAttachmentName(attachment.fileName) }
        guard !attachment.data.isEmpty else { throw .emptyAttachment(attachment.fileName) }
        guard attachment.data.count <= PDFAttachment.maximumByteCount else {
            throw .attachmentTooLarge(name: attachment.fileName, byteCount: attachment.data.count)
        }
        guard isMIMEType(attachment.mimeType) else { throw .invalidMIMEType(attachment.mimeType) }
    }

    /// Whether `name` can become a file name on the machine that extracts it without naming another folder.
    static func isUsableFileName(_ name: String) -> Bool {
        guard !name.isEmpty, name != ".", name != "..", name.utf8.count <= 255 else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2F, 0x5C, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069,
                0x2028, 0x2029:
                false
            default:
                true
            }
        }
    }

    /// `type/subtype` with the token characters of RFC 6838 (letters, digits, `!#$&^_.+-`), each part starting
    /// with a letter or digit.
    static func isMIMEType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.utf8.first, part.utf8.count <= 127, isAlphanumeric(first) else { return false }
            return part.utf8.allSatisfy { isAlphanumeric($0) || Array("!#$&^_.+-".utf8).contains($0) }
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The bytes of the PDF string that names a file (`/F`, `/UF` and the name tree's key): the name itself when it
    /// is ASCII, else UTF-16BE with a byte-order mark, as PDF text strings are.
    static func nameBytes(_ name: String) -> [UInt8] {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return Array(name.utf8) }
        var raw: [UInt8] = [0xFE, 0xFF]
        for unit in name.utf16 { raw += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return raw
    }
}

/// Object numbers of the archival parts and how they are written: metadata, output intent, colour profile, then
/// a file specification and an embedded file stream per attachment.
struct PDFArchiveObjects {
    let metadata: Int
    let outputIntent: Int
    let colorProfile: Int
    let firstAttachment: Int
    let end: Int

    init(first: Int, attachments: Int) {
        metadata = first
        outputIntent = first + 1
        colorProfile = first + 2
        firstAttachment = first + 3
        end = firstAttachment + attachments * 2
    }

    private func fileSpecification(_ index: Int) -> Int { firstAttachment + index * 2 }

    /// `/Metadata`, `/OutputIntents`, and with attachments `/AF` and the `/EmbeddedFiles` name tree, whose keys are
    /// sorted by their bytes as a name tree requires.
    func appendCatalogEntries(_ archive: PDFArchiveContent, to output: inout PDFOutput) {
        output.append(" /Metadata \(metadata) 0 R /OutputIntents [\(outputIntent) 0 R]")
        guard !archive.attachments.isEmpty else { return }
        output.append(" /AF [")
        for index in archive.attachments.indices { output.append("\(fileSpecification(index)) 0 R ") }
        output.append("] /Names << /EmbeddedFiles << /Names [")
        let keyed = archive.attachments.indices.map {
            (PDFArchiveContent.nameBytes(archive.attachments[$0].fileName), $0)
        }
        for (key, index) in keyed.sorted(by: { $0.0.lexicographicallyPrecedes($1.0) }) {
            output.append(stringBytes: key)
            output.append(" \(fileSpecification(index)) 0 R ")
        }
        output.append("] >> >>")
    }

    func write(_ archive: PDFArchiveContent, to output: inout PDFOutput) {
        output.stream(
            metadata, archive.metadataPacket, entries: " /Type /Metadata /Subtype /XML", compressible: false)

        output.beginObject(outputIntent)
        output.append(
            "<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1) "
                + "/RegistryName (http://www.color.org) /Info (sRGB IEC61966-2.1) "
                + "/DestOutputProfile \(colorProfile) 0 R >>")
        output.endObject()
        output.stream(colorProfile, archive.colorProfile, entries: " /N 3")

        for (index, attachment) in archive.attachments.enumerated() {
            let specification = fileSpecification(index)
            let name = PDFArchiveContent.nameBytes(attachment.fileName)
            output.beginObject(specification)
            output.append("<< /Type /Filespec /F ")
            output.append(stringBytes: name)
            output.append(" /UF ")
            output.append(stringBytes: name)
            output.append(" /AFRelationship /\(attachment.relationship.rawValue)")
            if let description = attachment.description {
                output.append(" /Desc ")
                output.append(textString: description)
            }
            output.append(" /EF << /F \(specification + 1) 0 R /UF \(specification + 1) 0 R >> >>")
            output.endObject()
            let date = PDFDocumentWriter.pdfDate(attachment.modificationDate)
            output.stream(
                specification + 1, [UInt8](attachment.data),
                entries: " /Type /EmbeddedFile /Subtype /\(Self.name(attachment.mimeType)) "
                    + "/Params << /ModDate (\(date)) /Size \(attachment.data.count) >>")
        }
    }

    /// `text` as a PDF name's characters: bytes outside `!`...`~` and the delimiters written as `#XX` (7.3.5).
    static func name(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if (0x21...0x7E).contains(byte), !Array("()<>[]{}/%#".utf8).contains(byte) {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                let digits = String(byte, radix: 16, uppercase: true)
                result += "#" + (digits.count == 1 ? "0" + digits : digits)
            }
        }
        return result
    }
}

/// The XMP packet of a PDF/A-3b document (ISO 19005-3, 6.6): the PDF/A identification, the same title, author,
/// subject, dates and producer as the document information dictionary, and with Factur-X its extension schema
/// (which PDF/A requires for every property outside the predefined schemas) and its four values.
enum XMPPacket {
    static func make(info: PDFDocumentInfo, facturX: FacturXMetadata?) throws(ArchivalRenderingError) -> [UInt8] {
        let title = try escaped(info.title, .title)
        let author = try escaped(info.author, .author)
        let date = xmpDate(info.creationDate)
        var text = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
               <pdfaid:part>3</pdfaid:part>
               <pdfaid:conformance>B</pdfaid:conformance>
              </rdf:Description>
              <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
               <dc:format>application/pdf</dc:format>
               <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(title)</rdf:li></rdf:Alt></dc:title>
               <dc:creator><rdf:Seq><rdf:li>\(author)</rdf:li></rdf:Seq></dc:creator>

            """
        if let subject = info.subject {
            let value = try escaped(subject, .subject)
            text += "   <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(value)</rdf:li></rdf:Alt>"
            text += "</dc:description>\n"
        }
        text += """
              </rdf:Description>
              <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
               <xmp:CreateDate>\(date)</xmp:CreateDate>
               <xmp:ModifyDate>\(date)</xmp:ModifyDate>
              </rdf:Description>
              <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
               <pdf:Producer>\(try escaped(info.producer, .title))</pdf:Producer>
              </rdf:Description>

            """
        if let facturX { text += try facturXDescriptions(facturX) }
        text += """
             </rdf:RDF>
            </x:xmpmeta>

            """
        // Padding lets a later editor update the packet in place, as XMP recommends.
        for _ in 0..<20 { text += String(repeating: " ", count: 99) + "\n" }
        text += "<?xpacket end=\"w\"?>"
        return Array(text.utf8)
    }

    static let facturXNamespace = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"

    private static func facturXDescriptions(_ facturX: FacturXMetadata) throws(ArchivalRenderingError) -> String {
        let properties = [
            ("DocumentFileName", "The name of the embedded XML document"),
            ("DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER"),
            ("Version", "The actual version of the standard applying to the embedded XML document"),
            ("ConformanceLevel", "The conformance level of the embedded XML document"),
        ]
        var text = """
              <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
                xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
                xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
               <pdfaExtension:schemas>
                <rdf:Bag>
                 <rdf:li rdf:parseType="Resource">
                  <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                  <pdfaSchema:namespaceURI>\(facturXNamespace)</pdfaSchema:namespaceURI>
                  <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                  <pdfaSchema:property>
                   <rdf:Seq>

            """
        for (name, description) in properties {
            text += """
                        <rdf:li rdf:parseType="Resource">
                         <pdfaProperty:name>\(name)</pdfaProperty:name>
                         <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                         <pdfaProperty:category>external</pdfaProperty:category>
                         <pdfaProperty:description>\(description)</pdfaProperty:description>
                        </rdf:li>

                """
        }
        text += """
                   </rdf:Seq>
                  </pdfaSchema:property>
                 </rdf:li>
                </rdf:Bag>
               </pdfaExtension:schemas>
              </rdf:Description>
              <rdf:Description rdf:about="" xmlns:fx="\(facturXNamespace)">
               <fx:DocumentType>\(try escaped(facturX.documentType, .facturX))</fx:DocumentType>
               <fx:DocumentFileName>\(try escaped(facturX.documentFileName, .facturX))</fx:DocumentFileName>
               <fx:Version>\(try escaped(facturX.version, .facturX))</fx:Version>
               <fx:ConformanceLevel>\(try escaped(facturX.conformanceLevel.rawValue, .facturX))</fx:ConformanceLevel>
              </rdf:Description>

            """
        return text
    }

    /// `text` as XML character data, or the error naming `field` when it holds a character XML 1.0 cannot carry
    /// even escaped (controls other than tab, line feed and carriage return; U+FFFE and U+FFFF).
    static func escaped(_ text: String, _ field: PDFArchivalMetadata.Field) throws(ArchivalRenderingError) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A: result.unicodeScalars.append(scalar)
            // A raw carriage return would be read back as a line feed.
            case 0x0D: result += "&#13;"
            case 0x00...0x1F, 0xFFFE, 0xFFFF: throw .invalidMetadataText(field)
            case 0x26: result += "&amp;"
            case 0x3C: result += "&lt;"
            case 0x3E: result += "&gt;"
            case 0x22: result += "&quot;"
            case 0x27: result += "&apos;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `YYYY-MM-DDThh:mm:ssZ`: the same instant as the info dictionary's `D:YYYYMMDDHHmmSSZ`, which PDF/A requires.
    static func xmpDate(_ date: Date) -> String {
        let digits = Array(PDFDocumentWriter.pdfDate(date).dropFirst(2).prefix(14))
        func part(_ range: Range<Int>) -> String { String(digits[range]) }
        return "\(part(0..<4))-\(part(4..<6))-\(part(6..<8))T\(part(8..<10)):\(part(10..<12)):\(part(12..<14))Z"
    }
}

/// The sRGB profile shipped in the resources (`ColorProfiles/sRGB.icc`, zlib licence, see
/// `LICENSE-sRGB-icc.txt` beside it), read once.
enum BundledColorProfile {
    static let fileName = "sRGB.icc"

    static let sRGB: Result<[UInt8], ArchivalRenderingError> = load(from: .standard())

    static func load(from locator: ResourceLocator) -> Result<[UInt8], ArchivalRenderingError> {
        guard let url = locator.url(of: fileName, in: "ColorProfiles"), let data = try? Data(contentsOf: url),
            data.count > 128
        else { return .failure(.missingColorProfile(fileName)) }
        return .success([UInt8](data))
    }
}
