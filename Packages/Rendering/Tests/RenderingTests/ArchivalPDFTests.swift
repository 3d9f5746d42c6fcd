import Foundation
import RenderingTesting
import RenderingZlib
import Testing

@testable import Rendering

#if canImport(FoundationXML)
import FoundationXML
#endif

/// PDF/A-3b documents with attached files (the Factur-X / ZUGFeRD container): read back by the package's own small
/// object reader, by qpdf and poppler, and by pikepdf where it is installed.
@Suite("Rendering: archival PDF with attachments")
struct ArchivalPDFTests {
    static let xml = Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">
          <!-- Zażółć gęślą jaźń & (parentheses) \\ backslash -->
        </rsm:CrossIndustryInvoice>

        """.utf8)

    static func facturX(_ data: Data = xml, name: String = "factur-x.xml") -> PDFAttachment {
        PDFAttachment(
            fileName: name, mimeType: "text/xml", data: data, relationship: .alternative,
            description: "Factur-X invoice", modificationDate: Fixture.date)
    }

    static let metadata = PDFArchivalMetadata(
        subject: "Invoice INV-2025-0042", facturX: FacturXMetadata(conformanceLevel: .en16931))

    static let plain = InvoicePDFRenderer(creationDate: { Fixture.date })
    static let compressed = InvoicePDFRenderer(compressor: Fixture.zlib, creationDate: { Fixture.date })

    static func render(
        _ renderer: InvoicePDFRenderer = plain, metadata: PDFArchivalMetadata = metadata,
        attachments: [PDFAttachment] = [facturX()]
    ) throws -> Data {
        try renderer.render(InvoiceDocumentBuilder().build(), archival: metadata, attachments: attachments)
    }

    @Test(arguments: [InvoiceTemplateID.standard, .compact, .creative])
    func everyBuiltInTemplateWritesItsLookAsAnArchivalPDF(template: InvoiceTemplateID) throws {
        let registry = InvoiceTemplateRegistry.builtIn(creationDate: { Fixture.date })
        let archival = try #require(registry.renderer(for: template) as? any ArchivalInvoiceRendering)
        let document = InvoiceDocumentBuilder().build()
        let pdf = try archival.render(document, archival: Self.metadata, attachments: [Self.facturX()])
        let catalog = try PDFObjects(pdf).catalog.dictionary
        #expect(catalog.contains("/AF") && catalog.contains("/OutputIntents"))
        // The same pages as the template's ordinary PDF: the look the user chose.
        let plain = try registry.renderer(for: template).render(document)
        #expect(try PDFObjects(plain).objects.count < PDFObjects(pdf).objects.count)
    }

    @Test func catalogListsTheXMLAsAssociatedAndEmbeddedFile() throws {
        let pdf = try PDFObjects(try Self.render())
        let catalog = try pdf.catalog.dictionary
        let associated = try pdf.references(inArrayAfter: "/AF", in: catalog)
        try #require(associated.count == 1)
        #expect(catalog.contains("/Names << /EmbeddedFiles << /Names [(factur-x.xml) \(associated[0]) 0 R ] >> >>"))

        let specification = try #require(pdf.objects[associated[0]]).dictionary
        #expect(specification.contains("/Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) "))
        #expect(specification.contains("/AFRelationship /Alternative"))
        #expect(specification.contains("/Desc <FEFF"))
        let file = try pdf.resolve("/EF << /F", in: specification)
        #expect(
            try pdf.resolve("/UF", in: String(specification.split(separator: "/EF")[1])).dictionary == file.dictionary)
        #expect(file.dictionary.contains("/Type /EmbeddedFile /Subtype /text#2Fxml"))
        #expect(file.dictionary.contains("/Params << /ModDate (D:20250314104000Z) /Size \(Self.xml.count) >>"))
        #expect(!file.dictionary.contains("/Filter"), "no compressor: stored as is")
        #expect(file.stream == [UInt8](Self.xml))
    }

    /// The example of the documentation (the article "Archival PDF" and the README), as written there.
    @Test func documentationExample() async throws {
        let invoice = InvoiceDocumentBuilder().build()
        let (xml, issued) = (Self.xml, Fixture.date)
        let pdf = try InvoicePDFRenderer(compressor: ZlibFlateCompressor()).render(
            invoice,
            archival: PDFArchivalMetadata(facturX: FacturXMetadata(conformanceLevel: .en16931)),
            attachments: [
                PDFAttachment(
                    fileName: "factur-x.xml", mimeType: "text/xml", data: xml, relationship: .alternative,
                    description: "Factur-X invoice", modificationDate: issued)
            ])
        let check = try await PDFTools.check(pdf)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    @Test func headerTrailerAndOutputIntentAreThoseOfPDFA() throws {
        let data = try Self.render()
        #expect(Array(data.prefix(15)) == Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
        let pdf = try PDFObjects(data)
        let catalog = try pdf.catalog.dictionary
        let intents = try pdf.references(inArrayAfter: "/OutputIntents", in: catalog)
        try #require(intents.count == 1)
        let intent = try #require(pdf.objects[intents[0]]).dictionary
        #expect(intent.contains("/Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1)"))
        let profile = try pdf.resolve("/DestOutputProfile", in: intent)
        #expect(profile.dictionary.contains("/N 3"))
        let shipped = try Data(contentsOf: Self.sourceFolder.appendingPathComponent("ColorProfiles/sRGB.icc"))
        #expect(profile.stream == [UInt8](shipped))
        // An ICC profile's header: its size, then `acsp` at 36 and the colour space `RGB ` at 16.
        #expect(Array(shipped[36..<40]) == Array("acsp".utf8))
        #expect(Array(shipped[16..<20]) == Array("RGB ".utf8))

        let identifier = try #require(pdf.trailer.range(of: "/ID [<"))
        let ids = pdf.trailer[identifier.upperBound...].prefix { $0 != "]" }
        let parts = ids.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "<>")) }
        #expect(parts.count == 2 && parts.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        #expect(!String(decoding: data, as: UTF8.self).contains("/Encrypt"))
    }

    @Test func xmpIdentifiesPDFA3BAndTheFacturXFields() throws {
        let pdf = try PDFObjects(try Self.render())
        let metadata = try pdf.resolve("/Metadata", in: try pdf.catalog.dictionary)
        #expect(metadata.dictionary.contains("/Type /Metadata /Subtype /XML"))
        #expect(!metadata.dictionary.contains("/Filter"))
        let stream = try #require(metadata.stream)
        let fields = try XMPFields(Data(stream))
        #expect(fields["pdfaid:part"] == ["3"])
        #expect(fields["pdfaid:conformance"] == ["B"])
        #expect(fields["fx:DocumentType"] == ["INVOICE"])
        #expect(fields["fx:DocumentFileName"] == ["factur-x.xml"])
        #expect(fields["fx:Version"] == ["1.0"])
        #expect(fields["fx:ConformanceLevel"] == ["EN 16931"])
        #expect(fields["pdfaSchema:namespaceURI"] == ["urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"])
        #expect(fields["pdfaSchema:prefix"] == ["fx"])
        #expect(fields["pdfaProperty:name"] == ["DocumentFileName", "DocumentType", "Version", "ConformanceLevel"])
        #expect(fields["pdfaProperty:valueType"] == Array(repeating: "Text", count: 4))
        #expect(fields["pdfaProperty:category"] == Array(repeating: "external", count: 4))
        #expect(fields["xmp:CreateDate"] == ["2025-03-14T10:40:00Z"])
        #expect(fields["xmp:ModifyDate"] == ["2025-03-14T10:40:00Z"])
        #expect(fields["pdf:Producer"] == ["Rendering (Swift)"])
        #expect(fields["dc:title"] == ["Invoice INV-2025-0042"])
        #expect(fields["dc:creator"] == ["Acme Tools Ltd"])
        #expect(fields["dc:description"] == ["Invoice INV-2025-0042"])
    }

    @Test func withoutFacturXTheExtensionSchemaIsLeftOut() throws {
        let data = try Self.render(metadata: PDFArchivalMetadata(), attachments: [])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<pdfaid:part>3</pdfaid:part>"))
        #expect(!text.contains("fx:") && !text.contains("/AF [") && !text.contains("/EmbeddedFiles"))
    }

    /// Title and author are the invoice's unless given; the info dictionary states the same values as the XMP.
    @Test func hostileTitleIsEscapedInTheXMPAndReadBackByPDFInfo() async throws {
        let title = "</rdf:li> & \"Quotes\" 'and' <script> ]]> (paren \\ backslash\r\nline) Zażółć 中文 🙂"
        let author = "O'Brien & Söhne <GmbH>"
        let data = try Self.render(metadata: PDFArchivalMetadata(title: title, author: author))
        let pdf = try PDFObjects(data)
        let stream = try #require(try pdf.resolve("/Metadata", in: try pdf.catalog.dictionary).stream)
        let fields = try XMPFields(Data(stream))
        #expect(fields["dc:title"] == [title])
        #expect(fields["dc:creator"] == [author])
        let info = try await PDFTools.info(data)
        // The info parser splits lines on "\n", which in Swift does not split the one character "\r\n".
        #expect(info["Title"] == title)
        #expect(info["Author"] == author)
        let check = try await PDFTools.check(data)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    @Test func sameInputGivesTheSameBytesAndAnotherAttachmentAnotherID() throws {
        let first = try Self.render(Self.compressed)
        #expect(try Self.render(Self.compressed) == first)
        let other = try Self.render(Self.compressed, attachments: [Self.facturX(Data("<x/>".utf8))])
        let firstID = try PDFObjects(first).trailer.split(separator: "/ID")[1]
        let otherID = try PDFObjects(other).trailer.split(separator: "/ID")[1]
        #expect(firstID != otherID)
    }

    @Test func everyFontIsAnEmbeddedTrueTypeSubset() async throws {
        let data = try Self.render(Self.compressed)
        let pdf = try PDFObjects(data)
        let fonts = pdf.objects.values.filter { $0.dictionary.contains("/Type /Font ") }
        #expect(!fonts.isEmpty)
        #expect(fonts.allSatisfy { !$0.dictionary.contains("/Type1") })
        let descriptors = pdf.objects.values.filter { $0.dictionary.contains("/Type /FontDescriptor") }
        #expect(!descriptors.isEmpty && descriptors.allSatisfy { $0.dictionary.contains("/FontFile2 ") })
        #expect(!descriptors.contains { $0.dictionary.contains("/CIDSet") })
        #expect(
            fonts.filter { $0.dictionary.contains("/CIDFontType2") }.allSatisfy {
                $0.dictionary.contains("/CIDToGIDMap /Identity")
            })
        #expect(fonts.filter { $0.dictionary.contains("/Type0") }.allSatisfy { $0.dictionary.contains("/ToUnicode") })
        let rows = try await PDFTools.fonts(data)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.embedded && $0.subset && $0.unicode })
    }

    @Test func ordinaryRenderStaysWithoutArchivalParts() throws {
        let text = String(decoding: try Self.plain.render(InvoiceDocumentBuilder().build()), as: UTF8.self)
        #expect(!text.contains("/Metadata") && !text.contains("/OutputIntents") && !text.contains("/AF "))
    }

    @Test func qpdfChecksAndDecompressesTheAttachment() async throws {
        let data = try Self.render(Self.compressed)
        let check = try await PDFTools.check(data)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let pdf = try PDFObjects(data)
        let specification = try pdf.references(inArrayAfter: "/AF", in: try pdf.catalog.dictionary)[0]
        let specificationObject = try #require(pdf.objects[specification])
        let fileObject = try #require(PDFObjects.integer(after: "/EF << /F ", in: specificationObject.dictionary))
        #expect(try #require(pdf.objects[fileObject]).dictionary.contains("/Filter /FlateDecode"))
        let output = try await PDFTools.run("qpdf", on: data) {
            ["--show-object=\(fileObject)", "--filtered-stream-data", $0.path]
        }
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutputData == Self.xml)
    }

    @Test func pdfdetachListsAndExtractsTheXML() async throws {
        let data = try Self.render(
            Self.compressed,
            attachments: [Self.facturX(), Self.facturX(Data("<extra/>".utf8), name: "Anhang-ü.xml")])
        let list = try await PDFTools.run("pdfdetach", on: data) { ["-list", $0.path] }
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput.contains("2 embedded files"))
        #expect(list.standardOutput.contains("factur-x.xml"))
        #expect(list.standardOutput.contains("Anhang-ü.xml"))
        let saved = try await PDFTools.run("pdfdetach", on: data) {
            ["-savefile", "factur-x.xml", "-o", "/dev/stdout", $0.path]
        }
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(saved.standardOutputData == Self.xml)
    }

    @Test func nameTreeIsSortedWhileAFKeepsTheGivenOrder() throws {
        let second = Self.facturX(Data("<b/>".utf8), name: "b.xml")
        let first = Self.facturX(Data("<a/>".utf8), name: "a.xml")
        let data = try Self.render(metadata: PDFArchivalMetadata(), attachments: [second, first])
        let pdf = try PDFObjects(data)
        let catalog = try pdf.catalog.dictionary
        let associated = try pdf.references(inArrayAfter: "/AF", in: catalog)
        try #require(associated.count == 2)
        #expect(
            catalog.contains("/EmbeddedFiles << /Names [(a.xml) \(associated[1]) 0 R (b.xml) \(associated[0]) 0 R ]"))
    }

    @Test(
        .enabled(
            if: Pikepdf.python != nil, "pikepdf is not installed for any python3 (apt-get install python3-pikepdf)"))
    func pikepdfReadsTheAttachmentAndThePDFAIdentification() async throws {
        let data = try Self.render(Self.compressed)
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            spec = pdf.attachments['factur-x.xml']
            sys.stdout.buffer.write(spec.get_file().read_bytes())
            sys.stderr.write(pdf.open_metadata().pdfa_status + '|' + str(spec.obj.AFRelationship))
            """
        let python = try #require(Pikepdf.python)
        let output = try await PDFTools.run(python, on: data) { ["-c", script, $0.path] }
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutputData == Self.xml)
        #expect(output.standardError == "3B|/Alternative")
    }

    // MARK: - Bad input

    @Test func standardFontsAreRefused() throws {
        let renderer = InvoicePDFRenderer(fonts: .standard14, creationDate: { Fixture.date })
        #expect(throws: ArchivalRenderingError.fontsNotEmbedded) { try Self.render(renderer) }
    }

    @Test(arguments: [
        "", ".", "..", "../factur-x.xml", "invoices/factur-x.xml", "C:\\factur-x.xml", "a\u{0}b.xml",
        "line\nbreak.xml", "evil\u{202E}lmx.exe", String(repeating: "ä", count: 128) + ".xml",
    ])
    func unusableAttachmentNamesAreRefused(name: String) throws {
        #expect(throws: ArchivalRenderingError.invalidAttachmentName(name)) {
            try Self.render(metadata: PDFArchivalMetadata(), attachments: [Self.facturX(name: name)])
        }
    }

    @Test func emptyHugeAndDuplicateAttachmentsAreRefused() throws {
        #expect(throws: ArchivalRenderingError.emptyAttachment("factur-x.xml")) {
            try Self.render(attachments: [Self.facturX(Data())])
        }
        let huge = Data(count: 20 * 1024 * 1024)
        #expect(throws: ArchivalRenderingError.attachmentTooLarge(name: "factur-x.xml", byteCount: huge.count)) {
            try Self.render(attachments: [Self.facturX(huge)])
        }
        #expect(throws: ArchivalRenderingError.duplicateAttachmentName("Factur-X.XML")) {
            try Self.render(attachments: [Self.facturX(), Self.facturX(name: "Factur-X.XML")])
        }
        var badType = Self.facturX()
        badType.mimeType = "text xml"
        #expect(throws: ArchivalRenderingError.invalidMIMEType("text xml")) { try Self.render(attachments: [badType]) }
        #expect(throws: ArchivalRenderingError.missingFacturXAttachment("factur-x.xml")) {
            try Self.render(attachments: [Self.facturX(name: "invoice.xml")])
        }
    }

    @Test func theLargestAttachmentIsAccepted() throws {
        let largest = Data(repeating: 0x20, count: PDFAttachment.maximumByteCount)
        let pdf = try PDFObjects(try Self.render(Self.compressed, attachments: [Self.facturX(largest)]))
        let specification = try pdf.references(inArrayAfter: "/AF", in: try pdf.catalog.dictionary)[0]
        let file = try pdf.resolve("/EF << /F", in: try #require(pdf.objects[specification]).dictionary)
        #expect(file.dictionary.contains("/Size \(PDFAttachment.maximumByteCount) "))
    }

    @Test(arguments: [
        (PDFArchivalMetadata(title: "a\u{1}b"), PDFArchivalMetadata.Field.title),
        (PDFArchivalMetadata(author: "\u{1B}[31m"), .author),
        (PDFArchivalMetadata(subject: "\u{FFFF}"), .subject),
        (PDFArchivalMetadata(facturX: FacturXMetadata(conformanceLevel: .init(rawValue: "EN\u{0}16931"))), .facturX),
    ])
    func controlCharactersInMetadataAreRefused(metadata: PDFArchivalMetadata, field: PDFArchivalMetadata.Field) {
        #expect(throws: ArchivalRenderingError.invalidMetadataText(field)) { try Self.render(metadata: metadata) }
    }

    @Test func aMissingColourProfileIsATypedError() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("RenderingTests-\(UUID().uuidString)")
        let result = BundledColorProfile.load(from: ResourceLocator(resourceFolders: [empty]))
        #expect(throws: ArchivalRenderingError.missingColorProfile("sRGB.icc")) { try result.get() }
        let shipped = BundledColorProfile.load(from: ResourceLocator(resourceFolders: [Self.sourceFolder]))
        #expect(try shipped.get().count == 6_922)
    }

    @Test func spyRecordsWhatAFeatureHandedOver() throws {
        let spy = SpyArchivalInvoiceRenderer(result: .failure(.fontsNotEmbedded))
        let invoice = InvoiceDocumentBuilder().build()
        #expect(throws: ArchivalRenderingError.fontsNotEmbedded) {
            try spy.render(invoice, archival: Self.metadata, attachments: [Self.facturX()])
        }
        #expect(spy.calls.map(\.metadata) == [Self.metadata])
        #expect(spy.calls.first?.attachments == [Self.facturX()])
        #expect(try SpyArchivalInvoiceRenderer().render(invoice, archival: .init(), attachments: []).count > 0)
    }

    @Test func invoiceErrorsArriveWrapped() {
        let invoice = InvoiceDocumentBuilder().notes("中").build()
        #expect(throws: ArchivalRenderingError.rendering(.unsupportedCharacters(["中"]))) {
            try Self.plain.render(invoice, archival: Self.metadata, attachments: [Self.facturX()])
        }
    }

    @Test(arguments: [
        ArchivalRenderingError.fontsNotEmbedded, .missingColorProfile("sRGB.icc"), .invalidAttachmentName("a/b"),
        .duplicateAttachmentName("x.xml"), .emptyAttachment("x.xml"), .attachmentTooLarge(name: "x", byteCount: 1),
        .invalidMIMEType("x"), .invalidMetadataText(.title), .invalidMetadataText(.author),
        .invalidMetadataText(.subject), .invalidMetadataText(.facturX), .missingFacturXAttachment("factur-x.xml"),
        .rendering(.unsupportedCharacters(["中"])),
    ])
    func errorsReadAsSentences(error: ArchivalRenderingError) {
        let text = "\(error)"
        #expect(text.hasSuffix(".") && !text.contains("(\"") && !text.contains("ArchivalRenderingError"))
        #expect(error.localizedDescription == text)
    }

    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Rendering/Resources").standardizedFileURL
}

/// The text of every element of an XMP packet by qualified name, in document order, read by Foundation's XML
/// parser: a packet that is not well-formed XML fails the test.
struct XMPFields {
    private var values: [String: [String]] = [:]

    init(_ data: Data) throws {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "not well-formed")")
        values = collector.values
    }

    subscript(name: String) -> [String]? { values[name] }

    /// Keeps the text of the innermost named element; `rdf:li` hands its text to the property around it.
    private final class Collector: NSObject, XMLParserDelegate {
        var values: [String: [String]] = [:]
        private var stack: [String] = []
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            stack.append(name)
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty || name == "rdf:li" else { return }
            let property = stack.last { !$0.hasPrefix("rdf:") } ?? name
            let key = name == "rdf:li" ? property : name
            if !trimmed.isEmpty { values[key, default: []].append(text) }
            text = ""
        }
    }
}

/// A python3 that can import pikepdf: the one on PATH, the repository's tools environment, or the system's.
enum Pikepdf {
    static let python: String? = {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? "/root"
        let tools =
            environment["LEDGER_TOOLS_DIR"]
            ?? ((environment["XDG_CACHE_HOME"] ?? home + "/.cache") + "/ledger-monorepo/python-tools")
        let onPath = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        let candidates = onPath + [tools + "/bin/python3", "/usr/bin/python3"]
        return candidates.first { path in
            guard FileManager.default.isExecutableFile(atPath: path) else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["-c", "import pikepdf"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }()
}
