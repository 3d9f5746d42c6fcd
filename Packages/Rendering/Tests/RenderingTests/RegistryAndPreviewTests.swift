import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: template registry")
struct RegistryTests {
    private let registry = InvoiceTemplateRegistry.builtIn(
        accent: .ink, compressor: Fixture.zlib, creationDate: { Fixture.date })
    private let document = InvoiceDocumentBuilder().lineItems(count: 12).build()

    @Test(arguments: [
        (InvoiceTemplateID.standard, "standard"), (.compact, "compact"), (.creative, "creative"),
    ])
    func builtInIDsResolveToTheirTemplates(id: InvoiceTemplateID, template: String) throws {
        #expect(registry.contains(id))
        #expect(try registry.renderer(for: id).render(document) == Fixture.renderer(template).render(document))
    }

    @Test(arguments: ["", "unknown", "STANDARD", "standard ", "../etc/passwd", String(repeating: "x", count: 10_000)])
    func unknownIDsGetTheFallback(raw: String) throws {
        let id = InvoiceTemplateID(rawValue: raw)
        #expect(!registry.contains(id))
        #expect(try registry.renderer(for: id).render(document) == Fixture.renderer("standard").render(document))
    }

    @Test func registeringAddsOrReplacesWithoutChangingTheOriginal() throws {
        let spy = SpyInvoiceRenderer(result: .success(Data([42])))
        let extended = registry.registering(spy, for: "spy").registering(spy, for: .compact)
        #expect(extended.templateIDs == ["compact", "creative", "spy", "standard"])
        #expect(try extended.renderer(for: "spy").render(document) == Data([42]))
        #expect(try extended.renderer(for: .compact).render(document) == Data([42]))
        #expect(spy.renderedInvoices.count == 2)
        #expect(!registry.contains("spy"))
        #expect(try registry.renderer(for: .compact).render(document) != Data([42]))
    }

    @Test func aRegistryWithOnlyAFallbackAlwaysAnswersIt() throws {
        let spy = SpyInvoiceRenderer(result: .failure(.unsupportedCharacters(["ж"])))
        let registry = InvoiceTemplateRegistry(fallback: spy)
        #expect(registry.templateIDs.isEmpty)
        #expect(throws: RenderingError.unsupportedCharacters(["ж"])) {
            try registry.renderer(for: .standard).render(document)
        }
    }

    @Test func concurrentRendersGiveIdenticalBytes() async throws {
        let registry = self.registry
        let document = InvoiceDocumentBuilder().lineItems(count: 300).build()
        let expected = try registry.renderer(for: .creative).render(document)
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for index in 0..<16 {
                let id: InvoiceTemplateID = index.isMultiple(of: 2) ? .creative : "no-such-template"
                group.addTask {
                    let renderer = registry.renderer(for: id)
                    return try renderer.render(document)
                }
            }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        let fallback = try registry.renderer(for: .standard).render(document)
        #expect(results.filter { $0 == expected }.count == 8)
        #expect(results.filter { $0 == fallback }.count == 8)
    }
}

@Suite("Rendering: preview")
struct PreviewTests {
    @Test(arguments: Fixture.templateIDs)
    func previewIsTheFirstPageNumberedAgainstTheWholeDocument(template: String) async throws {
        let theme = try Fixture.renderer(template).theme
        let preview = InvoicePDFPreviewRenderer(theme: theme, compressor: Fixture.zlib, creationDate: { Fixture.date })
        let document = InvoiceDocumentBuilder().lineItems(count: 400).build()
        let data = try #require(preview.preview(document))
        #expect(try await PDFTools.check(data).status == 0)
        #expect(try await PDFTools.info(data)["Pages"] == "1")
        let fullCount = try Fixture.renderer(template).pageCount(of: document)
        let text = try await PDFTools.text(data)
        #expect(text.contains("Page 1 of \(fullCount)"))
        #expect(text.contains("Item 1\n"))
        #expect(!text.contains("Subtotal"))
        let firstPageOfFull = try await PDFTools.text(Fixture.renderer(template).render(document), first: 1, last: 1)
        #expect(text == firstPageOfFull)
    }

    @Test func previewIsNilInsteadOfThrowing() {
        let preview = InvoicePDFPreviewRenderer(creationDate: { Fixture.date })
        let arabic = InvoiceDocumentBuilder().client(InvoiceParty(name: "محمد")).build()
        let chinese = InvoiceDocumentBuilder().client(InvoiceParty(name: "中文")).build()
        let broken = InvoiceDocumentBuilder().lineItems([
            InvoiceLineItem(description: "x", quantity: .nan, unitPrice: 1)
        ])
        .build()
        #expect(preview.preview(arabic) == nil)
        #expect(preview.preview(chinese) == nil)
        #expect(preview.preview(InvoiceDocumentBuilder().client(InvoiceParty(name: "Иван")).build()) != nil)
        #expect(preview.preview(broken) == nil)
        #expect(preview.preview(InvoiceDocumentBuilder().lineItems([]).build()) != nil)
    }

    @Test func previewRenderersAreUsableThroughTheProtocol() {
        let previewers: [any InvoicePreviewRendering] = [
            InvoicePDFPreviewRenderer(creationDate: { Fixture.date }), SpyInvoicePreviewRenderer(answer: nil),
        ]
        let answers = previewers.map { $0.preview(InvoiceDocumentBuilder().build()) }
        #expect(answers[0]?.starts(with: Data("%PDF-1.7".utf8)) == true)
        #expect(answers[1] == nil)
    }
}

@Suite("Rendering: test doubles")
struct TestKitTests {
    @Test func spyRecordsInvoicesAndReturnsConfiguredBytes() throws {
        let spy = SpyInvoiceRenderer(result: .success(Data([1, 2, 3])))
        let invoice = InvoiceDocumentBuilder().number("INV-1").build()
        #expect(try spy.render(invoice) == Data([1, 2, 3]))
        #expect(spy.renderedInvoices == [invoice])
    }

    @Test func spyRethrowsConfiguredError() {
        let spy = SpyInvoiceRenderer(result: .failure(.unsupportedCharacters(["ж"])))
        #expect(throws: RenderingError.unsupportedCharacters(["ж"])) {
            try spy.render(InvoiceDocumentBuilder().client(InvoiceParty(name: "Иван")).build())
        }
        #expect(spy.renderedInvoices.count == 1)
    }

    @Test func spiesRecordConcurrentCalls() async {
        let spy = SpyInvoiceRenderer()
        let previewSpy = SpyInvoicePreviewRenderer()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let invoice = InvoiceDocumentBuilder().number("N\(index)").build()
                    _ = try? spy.render(invoice)
                    _ = previewSpy.preview(invoice)
                }
            }
        }
        #expect(Set(spy.renderedInvoices.map(\.number)).count == 100)
        #expect(previewSpy.previewedInvoices.count == 100)
    }

    @Test func stubCoverageReportsItsCharactersOnceInOrder() {
        let stub = StubGlyphCoverage(unsupported: ["ж", "中"])
        #expect(stub.unsupportedCharacters(in: "中 a ж b 中 ж") == ["中", "ж"])
        #expect(stub.unsupportedCharacters(in: "") == [])
        let coverage: any GlyphCoverage = stub
        #expect(coverage.unsupportedCharacters(in: "plain") == [])
    }

    @Test func builderDefaultsAreAValidRenderableInvoice() throws {
        let document = InvoiceDocumentBuilder().build()
        #expect(document.lineItems.count == 3)
        #expect(try InvoiceTotals(of: document).total == (try decimal("3033.63")))
        let built = InvoiceDocumentBuilder().lineItems(count: 7).currency(.jpy).locale(.jaJP).notes("")
            .dates(issued: try day(2024, 2, 29), due: nil).number("X").build()
        #expect(built.lineItems.map(\.description) == (1...7).map { "Item \($0)" })
        #expect(built.currency == .jpy && built.locale == .jaJP && built.notes.isEmpty && built.dueDate == nil)
        #expect(InvoiceDocumentBuilder().lineItems(count: -5).build().lineItems.isEmpty)
        let added = InvoiceDocumentBuilder().adding(InvoiceLineItem(description: "extra", quantity: 1, unitPrice: 1))
        #expect(added.build().lineItems.last?.description == "extra")
        let serviceDay = try day(2025, 3, 1)
        let labelled = InvoiceDocumentBuilder().labels(.german).serviceDate(serviceDay).build()
        #expect(labelled.labels == .german && labelled.serviceDate == serviceDay)
    }
}
