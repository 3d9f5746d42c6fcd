import Foundation
import Rendering
import RenderingTesting
import Testing

@Suite("Rendering: PDF structure")
struct PDFWriterTests {
    private func bytes(_ data: Data) -> [UInt8] { [UInt8](data) }

    @Test(arguments: Fixture.templateIDs)
    func crossReferenceOffsetsPointAtTheirObjects(template: String) throws {
        let pdf = try Fixture.renderer(template).render(InvoiceDocumentBuilder().lineItems(count: 150).build())
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.7\n"))
        #expect(text.hasSuffix("%%EOF\n"))
        let tail = try #require(text.range(of: "startxref\n", options: .backwards))
        let offsetText = text[tail.upperBound...].prefix { $0.isNumber }
        let xrefOffset = try #require(Int(offsetText))
        let all = bytes(pdf)
        #expect(Array(all[xrefOffset..<xrefOffset + 4]) == Array("xref".utf8))

        let lines = String(decoding: all[xrefOffset...], as: UTF8.self).split(separator: "\n")
        let header = lines[1].split(separator: " ")
        let count = try #require(Int(header[1]))
        #expect(lines[2] == "0000000000 65535 f ")
        for object in 1..<count {
            let entry = lines[2 + object]
            #expect(entry.utf8.count == 19, "entry \(object) is not 20 bytes with its newline")
            let offset = try #require(Int(entry.prefix(10)))
            let expected = Array("\(object) 0 obj\n".utf8)
            #expect(Array(all[offset..<offset + expected.count]) == expected, "object \(object)")
        }
        #expect(text.contains("/Size \(count) "))
    }

    @Test func sameInputGivesTheSameBytes() throws {
        let document = InvoiceDocumentBuilder().lineItems(count: 200).notes("Thanks (really) \\ truly").build()
        for (_, renderer) in Fixture.templates {
            let first = try renderer.render(document)
            let second = try renderer.render(document)
            #expect(first == second)
        }
    }

    @Test func creationDateIsInjectedAndShownByPDFInfo() async throws {
        let march = Date(timeIntervalSince1970: 1_741_948_800)  // 2025-03-14T10:40:00Z
        let renderer = InvoicePDFRenderer(creationDate: { march })
        let pdf = try renderer.render(InvoiceDocumentBuilder().build())
        let raw = String(decoding: pdf, as: UTF8.self)
        #expect(raw.contains("/CreationDate (D:20250314104000Z)"))
        let info = try await PDFTools.info(pdf)
        #expect(info["Title"] == "Invoice INV-2025-0042")
        #expect(info["Author"] == "Acme Tools Ltd")
        #expect(info["PDF version"] == "1.7")
        #expect(info["CreationDate"]?.contains("2025") == true)

        let later = try InvoicePDFRenderer(creationDate: { march.addingTimeInterval(86_400) })
            .render(InvoiceDocumentBuilder().build())
        #expect(later != pdf)
    }

    @Test(arguments: [-1e15, -62_135_596_801.0, 0, 253_402_300_800.0, 1e15, Double.nan, Double.infinity])
    func extremeCreationDatesStillGiveAValidDate(seconds: Double) async throws {
        let pdf = try InvoicePDFRenderer(creationDate: { Date(timeIntervalSince1970: seconds) })
            .render(InvoiceDocumentBuilder().build())
        let raw = String(decoding: pdf, as: UTF8.self)
        let range = try #require(raw.range(of: "/CreationDate (D:"))
        let digits = raw[range.upperBound...].prefix(15)
        #expect(digits.prefix(14).allSatisfy(\.isNumber) && digits.last == "Z", "\(digits)")
        #expect(try await PDFTools.check(pdf).status == 0)
    }

    @Test func infoStringsCarryAnyUnicodeTitle() async throws {
        // The number is WinAnsi, but the info dictionary is UTF-16 so even the em dash and euro survive.
        let pdf = try InvoicePDFRenderer(creationDate: { Fixture.date })
            .render(InvoiceDocumentBuilder().number("2025 – €-Nr. (7)").build())
        let info = try await PDFTools.info(pdf)
        #expect(info["Title"] == "Invoice 2025 – €-Nr. (7)")
    }

    @Test func delimitersInTextAreEscaped() async throws {
        let hostile = #"Unbalanced ( paren ))) and \ backslash \n not-a-newline \( \) (("#
        let pdf = try InvoicePDFRenderer(creationDate: { Fixture.date })
            .render(
                InvoiceDocumentBuilder()
                    .lineItems([InvoiceLineItem(description: hostile, quantity: 1, unitPrice: 1)])
                    .notes(hostile)
                    .build())
        #expect(try await PDFTools.check(pdf).status == 0)
        let text = try await PDFTools.text(pdf).withoutWhitespace
        #expect(text.contains(hostile.withoutWhitespace))
    }
}
