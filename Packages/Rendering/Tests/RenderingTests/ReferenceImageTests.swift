import Essentials
import Foundation
import Rendering
import RenderingTesting
import Testing

/// Page 1 of every template, drawn by pdftoppm at 30 dpi in grey, against a committed picture: a layout change
/// fails here and shows in the diff of the pictures.
///
/// After an intended change, record new pictures and look at them before committing:
///
/// ```sh
/// RENDERING_RECORD_REFERENCES=1 swift test --package-path Packages/Rendering --filter ReferenceImageTests
/// ```
///
/// Recording writes `Tests/References/<template>.pgm` (outside the test target, so SwiftPM needs no resource
/// declaration for them) and the README's `docs/<template>.png`, and fails every comparison test of the run, so a
/// recording mode left on cannot pass.
@Suite("Rendering: reference pictures")
struct ReferenceImageTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("References", isDirectory: true)
    static let docs = FontFixture.packageRoot.appendingPathComponent("docs", isDirectory: true)
    static let recording = ProcessInfo.processInfo.environment["RENDERING_RECORD_REFERENCES"] == "1"

    /// An invoice that uses every part of a page: a seller with postal address, VAT ID and e-mail, a buyer
    /// reference, a service date, lines in several languages and VAT rates (one with a discount), a wrapped
    /// description, the payment block, notes.
    static func sample() throws -> InvoiceDocument {
        InvoiceDocumentBuilder()
            .seller(
                InvoiceParty(
                    name: "Nordlicht Design GmbH",
                    address: PostalAddress(
                        lines: ["Hafenstraße 12"], postcode: "20457", city: "Hamburg", countryCode: "DE"),
                    vatID: "DE123456789", email: "billing@nordlicht.example")
            )
            .client(
                InvoiceParty(
                    name: "Zażółć Gęślą Jaźń sp. z o.o.",
                    address: PostalAddress(
                        lines: ["ul. Piotrkowska 104"], postcode: "90-001", city: "Łódź", countryCode: "PL"),
                    vatID: "PL1234567890")
            )
            .buyerReference("PO-2025-117")
            .payment(
                PaymentInstructions(iban: "DE89370400440532013000", bic: "COBADEFFXXX", reference: "INV-2025-0042")
            )
            .currency(.eur).locale(.enGB)
            .serviceDate(try day(2025, 3, 10))
            .lineItems([
                InvoiceLineItem(
                    description: "Brand workshop (2 days, on site)", quantity: 2, unitPrice: 1_200,
                    taxRate: TaxRate(percent: 19),
                    allowancesCharges: [InvoiceAllowanceCharge(isCharge: false, amount: 120, reason: "Early booking")]),
                InvoiceLineItem(
                    description: "Консультация по локализации — русская версия сайта", quantity: try decimal("1.5"),
                    unitPrice: 1_200, taxRate: TaxRate(percent: 19)),
                InvoiceLineItem(
                    description: "Μετάφραση καταλόγου (ελληνικά), 40 pages of product texts with terminology review",
                    quantity: 40, unitPrice: try decimal("12.50"), taxRate: TaxRate(percent: 19)),
                InvoiceLineItem(
                    description: "Printed style guide", quantity: 25, unitPrice: try decimal("3.75"),
                    taxRate: TaxRate(percent: 7)),
                InvoiceLineItem(description: "Travel (Hamburg – Łódź)", quantity: 1, unitPrice: try decimal("389.40")),
            ])
            .notes("Payment within 30 days by bank transfer.\nThank you for your business — Dziękujemy!")
            .build()
    }

    @Test(arguments: Fixture.templateIDs)
    func pageOneMatchesItsReferencePicture(template: String) async throws {
        let pdf = try Fixture.renderer(template).render(try Self.sample())
        let picture = try await Self.greyPicture(pdf, resolution: 30)
        let reference = Self.folder.appendingPathComponent("\(template).pgm")
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            // Atomically: the moved-block test may read the standard picture at the same time.
            try picture.encoded.write(to: reference, options: .atomic)
            let png = try await PDFTools.picture(pdf, options: ["-png", "-r", "70"])
            try png.write(to: Self.docs.appendingPathComponent("\(template).png"), options: .atomic)
            // A recording run compares nothing, so it must not pass: left on, it would accept any layout.
            Issue.record(
                """
                Recorded \(reference.path) and docs/\(template).png instead of comparing: look at them, commit them, \
                and run again without RENDERING_RECORD_REFERENCES.
                """)
            return
        }
        let expected = try GreyPicture(pgm: try Data(contentsOf: reference))
        try #require(
            expected.width == picture.width && expected.height == picture.height,
            "\(picture.width)x\(picture.height) against \(expected.width)x\(expected.height)")
        var total = 0
        var different = 0
        for (a, b) in zip(picture.pixels, expected.pixels) {
            let delta = abs(Int(a) - Int(b))
            total += delta
            if delta > 48 { different += 1 }
        }
        let mean = Double(total) / Double(picture.pixels.count)
        let share = Double(different) / Double(picture.pixels.count)
        #expect(mean < 1.0 && share < 0.003, "mean difference \(mean), \(share * 100) % of pixels differ")
    }

    /// A sample that moved one block would fail: the tolerance is far below a layout change.
    @Test func aMovedBlockIsFarOutsideTheTolerance() async throws {
        var moved = try Self.sample()
        moved.notes = "\n\n\n" + moved.notes
        let pdf = try Fixture.renderer("standard").render(moved)
        let picture = try await Self.greyPicture(pdf, resolution: 30)
        let reference = try GreyPicture(pgm: try Data(contentsOf: Self.folder.appendingPathComponent("standard.pgm")))
        let different = zip(picture.pixels, reference.pixels).filter { abs(Int($0) - Int($1)) > 48 }.count
        #expect(Double(different) / Double(picture.pixels.count) > 0.003)
    }

    static func greyPicture(_ pdf: Data, resolution: Int) async throws -> GreyPicture {
        try GreyPicture(pgm: try await PDFTools.picture(pdf, options: ["-gray", "-r", "\(resolution)"]))
    }
}

/// An 8-bit grey picture in the binary PGM format (P5) that pdftoppm writes.
struct GreyPicture {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    struct FormatError: Error {}

    init(pgm data: Data) throws {
        let bytes = [UInt8](data)
        var index = 0
        func token() throws -> String {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                    || bytes[index] == 0x09
            {
                index += 1
            }
            let start = index
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D) {
                index += 1
            }
            guard index > start else { throw FormatError() }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard try token() == "P5", let width = Int(try token()), let height = Int(try token()),
            try token() == "255", width > 0, height > 0, bytes.count - index - 1 >= width * height
        else { throw FormatError() }
        self.width = width
        self.height = height
        pixels = Array(bytes[(index + 1)..<(index + 1 + width * height)])
    }

    var encoded: Data {
        Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels)
    }
}
