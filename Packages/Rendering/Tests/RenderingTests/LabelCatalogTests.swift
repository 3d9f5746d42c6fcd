import Essentials
import Foundation
import RenderingTesting
import Testing

@testable import Rendering

/// The label catalogs the package ships as data files: each loads, has every label (or declares which fall back to
/// English), uses the words that country's invoices use, prints through a real render, and a damaged or hostile
/// file is refused with the case that says why.
@Suite("Rendering: label catalogs")
struct LabelCatalogTests {
    /// The languages the package ships, with a locale that fits each, the invoice title and the words for VAT that
    /// invoices in those countries use.
    static let languages: [(code: String, locale: String, title: String, vat: Set<String>)] = [
        ("en", "en_GB", "Invoice", ["VAT"]),
        ("de", "de_DE", "Rechnung", ["MwSt.", "USt."]),
        ("fr", "fr_FR", "Facture", ["TVA"]),
        ("es", "es_ES", "Factura", ["IVA"]),
        ("it", "it_IT", "Fattura", ["IVA"]),
        ("nl", "nl_NL", "Factuur", ["BTW"]),
        ("pl", "pl_PL", "Faktura", ["VAT", "PTU"]),
        ("cs", "cs_CZ", "Faktura", ["DPH"]),
        ("pt", "pt_PT", "Fatura", ["IVA"]),
    ]

    /// Labels a language deliberately leaves to English. None: every shipped catalog is complete. A language that
    /// adds an entry here prints those labels in English and says so in `Resources/Labels/README.md`.
    static let declaredFallbacks: [String: Set<InvoiceLabel>] = [:]

    static let catalogFolder = FontFixture.packageRoot.appendingPathComponent("Sources/Rendering/Resources/Labels")

    @Test func theNineLanguagesAreAvailable() {
        #expect(InvoiceLabels.available == ["cs", "de", "en", "es", "fr", "it", "nl", "pl", "pt"])
    }

    @Test(arguments: languages.map(\.code))
    func everyCatalogLoadsAndLacksOnlyItsDeclaredFallbacks(code: String) throws {
        let missing = try InvoiceLabels.missingLabels(language: code)
        print(
            "Labels \(code) lacks (printed in English): \(missing.isEmpty ? "none" : missing.map(\.rawValue).joined(separator: ", "))"
        )
        #expect(Set(missing) == Self.declaredFallbacks[code] ?? [], "\(code) lacks \(missing.map(\.rawValue))")
        let labels = try InvoiceLabels(language: code)
        for label in InvoiceLabel.allCases {
            #expect(
                LabelCatalog.placeholders(in: labels[label]).sorted() == label.placeholders.sorted(),
                "\(code) \(label.rawValue)")
        }
    }

    @Test(arguments: languages)
    func eachCatalogUsesItsCountrysTitleAndVATWord(
        language: (code: String, locale: String, title: String, vat: Set<String>)
    ) throws {
        let labels = try InvoiceLabels(language: language.code)
        #expect(labels[.invoice] == language.title)
        #expect(labels[.documentTitle] == language.title.uppercased())
        #expect(language.vat.contains(labels[.taxRate]), "\(labels[.taxRate])")
        #expect(labels[.taxLine].hasPrefix(labels[.taxRate] + " "))
    }

    /// The reverse-charge wording each country's invoices use, and that every language words each reason its own way.
    @Test(arguments: [
        ("en", "Reverse charge"), ("de", "Steuerschuldnerschaft des Leistungsempfängers"), ("fr", "Autoliquidation"),
        ("es", "Inversión del sujeto pasivo"), ("it", "Inversione contabile"), ("nl", "BTW verlegd"),
        ("pl", "Odwrotne obciążenie"), ("cs", "Přenesení daňové povinnosti"), ("pt", "autoliquidação"),
    ])
    func eachCatalogStatesWhyNoVATIsChargedInItsOwnWords(code: String, reverseCharge: String) throws {
        let labels = try InvoiceLabels(language: code)
        #expect(labels.exemptionReason(for: .reverseCharge)?.contains(reverseCharge) == true)
        for category in [VATCategory.intraCommunity, .export, .outsideScope] {
            let reason = try #require(labels.exemptionReason(for: category))
            #expect(code == "en" || reason != InvoiceLabels.english.exemptionReason(for: category), "\(code)")
        }
        #expect(labels.exemptionReason(for: .standard) == nil && labels.exemptionReason(for: .exempt) == nil)
        #expect(labels.dueOn("2026-12-24").contains("2026-12-24") && !labels.dueOn("x").contains("{date}"))
    }

    @Test func theShippedEnglishIsTheBuiltInEnglish() throws {
        let english = InvoiceLabels(complete: InvoiceLabels.builtInEnglish)
        #expect(InvoiceLabels.english == english)
        #expect(try InvoiceLabels(language: "en") == english)
        #expect(InvoiceLabels.builtInEnglish.count == InvoiceLabel.allCases.count)
    }

    /// Keys sorted, one per line, two spaces, so a translator's diff is one line per changed label.
    @Test(arguments: languages.map(\.code))
    func catalogFilesAreSortedOnePerLine(code: String) throws {
        let text = try String(contentsOf: Self.catalogFolder.appendingPathComponent("\(code).json"), encoding: .utf8)
        let lines = text.split(separator: "\n").dropFirst().dropLast()
        let keys = lines.compactMap { line in line.split(separator: "\"").dropFirst().first.map(String.init) }
        #expect(keys == keys.sorted() && keys.count == lines.count)
        #expect(text.hasPrefix("{\n") && text.hasSuffix("}\n"))
    }

    @Test(arguments: [
        ("de", "Rechnung"), ("de_AT", "Rechnung"), ("de-CH", "Rechnung"), ("DE", "Rechnung"), ("fr_CA", "Facture"),
        ("pt-BR", "Fatura"), ("pl", "Faktura"), ("en_GB", "Invoice"), ("sv", "Invoice"), ("", "Invoice"),
        ("💥", "Invoice"), ("../Fonts/DejaVuSans", "Invoice"),
    ])
    func catalogsArePickedByLanguage(code: String, title: String) {
        #expect(InvoiceLabels(languageCode: code)[.invoice] == title)
    }

    @Test(arguments: ["sv", "xx", "", "../Fonts/x", "de/../en", "e", "engl", "d e"])
    func aLanguageWithoutCatalogIsRefusedListingTheAvailable(language: String) {
        #expect(throws: InvoiceLabelsError.unknownLanguage(language, available: InvoiceLabels.available)) {
            try InvoiceLabels(language: language)
        }
        #expect(throws: InvoiceLabelsError.unknownLanguage(language, available: InvoiceLabels.available)) {
            try InvoiceLabels.missingLabels(language: language)
        }
    }

    // MARK: Damaged and hostile files

    static func load(_ json: String) throws(InvoiceLabelsError) -> LabelCatalog {
        try LabelCatalog(json: Data(json.utf8), language: "xx")
    }

    @Test func aPartialCatalogFallsBackToEnglishAndListsWhatItLacks() throws {
        let catalog = try Self.load(#"{"documentTitle": "FAKTURA", "page": "Strona {page} z {count}"}"#)
        #expect(catalog.labels[.documentTitle] == "FAKTURA" && catalog.labels[.total] == "Total")
        #expect(catalog.missing.count == InvoiceLabel.allCases.count - 2 && !catalog.missing.contains(.page))
        #expect(try InvoiceLabels(json: Data("{}".utf8), language: "xx") == .english)
    }

    @Test(arguments: ["", "{", "[]", #"{"total": 3}"#, #"{"total": null}"#, "\u{FEFF}", #""Total""#])
    func malformedJSONIsRefused(json: String) {
        #expect(throws: InvoiceLabelsError.malformedCatalog(language: "xx")) { try Self.load(json) }
    }

    @Test func anUnknownKeyIsRefused() {
        #expect(throws: InvoiceLabelsError.unknownKey(language: "xx", key: "totl")) {
            try Self.load(#"{"total": "Summe", "totl": "Summe"}"#)
        }
        #expect(throws: InvoiceLabelsError.unknownKey(language: "xx", key: "taxID")) {
            try Self.load(#"{"taxID": "USt-IdNr."}"#)
        }
    }

    @Test func aMissingOrExtraPlaceholderIsRefused() {
        #expect(
            throws: InvoiceLabelsError.placeholderMismatch(
                language: "xx", label: .page, missing: ["{count}"], extra: [])
        ) { try Self.load(#"{"page": "Seite {page}"}"#) }
        #expect(
            throws: InvoiceLabelsError.placeholderMismatch(
                language: "xx", label: .taxLine, missing: ["{base}"], extra: ["{basis}"])
        ) { try Self.load(#"{"taxLine": "MwSt. {rate} auf {basis}"}"#) }
        #expect(
            throws: InvoiceLabelsError.placeholderMismatch(
                language: "xx", label: .total, missing: [], extra: ["{total}"])
        ) { try Self.load(#"{"total": "Summe {total}"}"#) }
        // Braces that make no placeholder are text.
        #expect(throws: Never.self) { try Self.load(#"{"total": "Summe {1} { } {}"}"#) }
    }

    @Test(arguments: ["Sum\\u0000me", "Sum\\nme", "Sum\\tme", "\\u202EemmuS", "Sum\\u2028me", "\\u0085", "a\\u200Fb"])
    func controlCharactersAreRefused(text: String) {
        #expect(throws: InvoiceLabelsError.controlCharacters(language: "xx", label: .total)) {
            try Self.load(#"{"total": "\#(text)"}"#)
        }
    }

    @Test func emptyAndOverlongLabelsAreRefused() {
        #expect(throws: InvoiceLabelsError.emptyLabel(language: "xx", label: .notes)) {
            try Self.load(#"{"notes": "  "}"#)
        }
        let long = String(repeating: "ż", count: LabelCatalogLimits.maximumLabelBytes / 2 + 1)
        #expect(throws: InvoiceLabelsError.labelTooLong(language: "xx", label: .notes)) {
            try Self.load(#"{"notes": "\#(long)"}"#)
        }
        let fits = String(repeating: "ż", count: LabelCatalogLimits.maximumLabelBytes / 2)
        #expect(throws: Never.self) { try Self.load(#"{"notes": "\#(fits)"}"#) }
    }

    @Test func aOneMegabyteLabelIsRefusedBeforeItIsParsed() {
        let json = #"{"notes": ""# + String(repeating: "a", count: 1 << 20) + #""}"#
        #expect(throws: InvoiceLabelsError.catalogTooLarge(language: "xx", bytes: json.utf8.count)) {
            try Self.load(json)
        }
    }

    static let errors: [InvoiceLabelsError] = [
        .unknownLanguage("sv", available: ["de", "en"]), .catalogTooLarge(language: "fr", bytes: 1_048_590),
        .malformedCatalog(language: "fr"), .unknownKey(language: "fr", key: "totl"),
        .emptyLabel(language: "fr", label: .notes), .labelTooLong(language: "fr", label: .notes),
        .controlCharacters(language: "fr", label: .total),
        .placeholderMismatch(language: "fr", label: .page, missing: ["{count}"], extra: []),
        .placeholderMismatch(language: "fr", label: .taxLine, missing: ["{base}"], extra: ["{basis}"]),
        .placeholderMismatch(language: "fr", label: .total, missing: [], extra: ["{total}"]),
    ]

    /// A sentence for a translator: it names the language and the key as written in the file, and never a Swift
    /// type or a case with its payload.
    @Test(arguments: errors)
    func everyFailureIsASentenceNamingTheFileAndKey(error: InvoiceLabelsError) {
        let text = "\(error)"
        #expect(text.first?.isUppercase == true && text.hasSuffix("."), "\(text)")
        #expect(!text.contains("InvoiceLabel") && !text.contains("Error") && !text.contains("language:"), "\(text)")
        #expect(text.range(of: #"\w\("#, options: .regularExpression) == nil, "\(text)")
        #expect(error.localizedDescription == text)
    }

    @Test func failureSentencesWordForWord() {
        #expect(
            "\(InvoiceLabelsError.unknownLanguage("sv", available: ["de", "en"]))"
                == "There are no invoice labels for the language “sv”. Use one of de, en.")
        #expect(
            "\(InvoiceLabelsError.placeholderMismatch(language: "fr", label: .taxLine, missing: ["{base}"], extra: ["{basis}"]))"
                == "The invoice label “taxLine” for “fr” lacks {base} and has {basis}, which it cannot use. It needs "
                + "exactly {rate}, {base}, as in English.")
    }

    // MARK: Files in a resource folder

    @Test func catalogsAreFoundInTheResourceFolderAndReadOnce() throws {
        let folder = try LabelFolder()
        try folder.write("de", #"{"total": "Summe"}"#)
        try folder.write("README", "not a catalog")
        try folder.write("toolong", "{}")
        let catalogs = LabelCatalogs(locator: folder.locator)
        #expect(catalogs.available == ["de", "en"])
        #expect(try catalogs.catalog(for: "de_AT").labels[.total] == "Summe")
        try folder.write("de", #"{"total": "Endsumme"}"#)
        #expect(try catalogs.catalog(for: "de").labels[.total] == "Summe", "read once per process")
        #expect(try catalogs.catalog(for: "en").missing == [], "English without a file is the built-in words")
        #expect(throws: InvoiceLabelsError.unknownLanguage("fr", available: ["de", "en"])) {
            try catalogs.catalog(for: "fr")
        }
    }

    @Test func aFileThatDisappearsOrIsDamagedIsATypedFailure() throws {
        let folder = try LabelFolder()
        try folder.write("fr", #"{"total": "Total TTC""#)
        try folder.write("it", #"{"total": "Totale"}"#)
        let huge = #"{"notes": ""# + String(repeating: "a", count: 1 << 20) + #""}"#
        try folder.write("nl", huge)
        let catalogs = LabelCatalogs(locator: folder.locator)
        #expect(throws: InvoiceLabelsError.malformedCatalog(language: "fr")) { try catalogs.catalog(for: "fr") }
        #expect(throws: InvoiceLabelsError.catalogTooLarge(language: "nl", bytes: huge.utf8.count)) {
            try catalogs.catalog(for: "nl")
        }
        try FileManager.default.removeItem(at: folder.labels.appendingPathComponent("it.json"))
        #expect(throws: InvoiceLabelsError.unknownLanguage("it", available: ["en", "fr", "it", "nl"])) {
            try catalogs.catalog(for: "it")
        }
    }

    @Test func withoutAResourceFolderOnlyEnglishIsAvailable() throws {
        let empty = try LabelFolder()
        let catalogs = LabelCatalogs(locator: ResourceLocator(resourceFolders: [empty.url]))
        #expect(catalogs.available == ["en"])
        #expect(try catalogs.catalog(for: "en").labels == .english)
    }

    // MARK: Printed

    @Test(arguments: languages)
    func anInvoiceInEachLanguageReadsBackItsTitleAndVATWord(
        language: (code: String, locale: String, title: String, vat: Set<String>)
    ) async throws {
        let labels = try InvoiceLabels(language: language.code)
        var invoice = try ReferenceImageTests.sample()
        invoice.labels = labels
        invoice.locale = RenderingLocale(identifier: language.locale)
        let text = try await PDFTools.text(try Fixture.renderer("standard").render(invoice))
        #expect(text.contains(language.title.uppercased()))
        #expect(text.contains(labels[.taxRate]))
        #expect(text.contains(labels.page(1, of: 1)))
        #expect(text.contains(labels[.vatID]) && text.contains(labels[.payment]))
        var credit = invoice
        credit.kind = .creditNote
        credit.precedingInvoice = PrecedingInvoice(number: "INV-2025-0041", issueDate: try day(2025, 3, 1))
        let creditText = try await PDFTools.text(try Fixture.renderer("compact").render(credit))
        #expect(creditText.contains(labels[.creditNote]) && creditText.contains(labels[.creditNoteNumber]))
        #expect(creditText.contains(labels[.correctsInvoice].prefix { $0 != "{" }))
    }

    /// The README's pictures of the sample invoice in four languages, written only when recording (as the
    /// reference pictures are), at the resolution of the template pictures.
    @Test(
        .enabled(if: ReferenceImageTests.recording, "records the README's pictures with RENDERING_RECORD_REFERENCES=1"),
        arguments: [("de", "de_DE"), ("fr", "fr_FR"), ("pl", "pl_PL"), ("cs", "cs_CZ")])
    func recordTheREADMEPictures(code: String, locale: String) async throws {
        var invoice = try ReferenceImageTests.sample()
        invoice.labels = try InvoiceLabels(language: code)
        invoice.locale = RenderingLocale(identifier: locale)
        let pdf = try Fixture.renderer("standard").render(invoice)
        let png = try await PDFTools.picture(pdf, options: ["-png", "-r", "70"])
        try png.write(to: ReferenceImageTests.docs.appendingPathComponent("labels-\(code).png"), options: .atomic)
        Issue.record("Recorded docs/labels-\(code).png: look at it, commit it, and run again without recording.")
    }
}

/// A temporary resource folder with a `Labels` subfolder, deleted afterwards.
private final class LabelFolder {
    let url: URL
    var labels: URL { url.appendingPathComponent("Labels", isDirectory: true) }
    var locator: ResourceLocator { ResourceLocator(resourceFolders: [url]) }

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("RenderingLabels-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func write(_ code: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: labels, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: labels.appendingPathComponent("\(code).json"))
    }
}
