import CommandKit
import CommandKitTesting
import Essentials
import Foundation
import Storage
import StorageTesting
import Testing
import Validation

@testable import SettingsFeature

/// What an e-invoice needs of the seller (VAT identifier, country, BIC, tax registration, address parts, contact)
/// and the invoice format and VAT category: kept, read back, read from settings written before they existed, and
/// refused with a sentence when wrong.
@Suite("Settings: the seller's e-invoice details, the invoice format and VAT category")
struct EInvoiceSettingsStoreTests {
    private func store(_ documents: any DocumentStore = FakeDocumentStore()) -> DocumentSettingsStore {
        DocumentSettingsStore(documents: documents, messages: .english)
    }

    @Test func everyNewSettingIsKeptNormalisedAndReadBack() async throws {
        let documents = FakeDocumentStore()
        let settings = store(documents)
        _ = try await settings.set(.sellerName, to: ["Acme Consulting GmbH"])
        _ = try await settings.set(.sellerCountry, to: ["de"])
        _ = try await settings.set(.sellerVATID, to: ["DE 123 456 788"])
        _ = try await settings.set(.sellerRegistration, to: ["12/345/67890"])
        _ = try await settings.set(.sellerBIC, to: ["deut de ff"])
        _ = try await settings.set(.sellerEmail, to: ["billing@acme.example"])
        _ = try await settings.set(.sellerPostcode, to: ["10117"])
        _ = try await settings.set(.sellerCity, to: ["Berlin"])
        _ = try await settings.set(.sellerPhone, to: ["+49 30 1234567"])
        _ = try await settings.set(.sellerContact, to: ["Erika Mustermann"])
        _ = try await settings.set(.invoiceFormat, to: ["XRechnung"])
        _ = try await settings.set(.invoiceVATCategory, to: ["ae"])
        let read = try await store(documents).current()
        let seller = read.seller
        #expect(seller.countryCode == "DE" && seller.vatID == "DE123456788" && seller.bic == "DEUTDEFF")
        #expect(seller.taxRegistration == "12/345/67890" && seller.email == "billing@acme.example")
        #expect(seller.postcode == "10117" && seller.city == "Berlin" && seller.phone == "+49 30 1234567")
        #expect(seller.contactName == "Erika Mustermann" && seller.invoiceVATID == "DE123456788")
        #expect(read.chosenInvoiceFormat == .xrechnung && read.invoiceFormat == .xrechnung)
        #expect(read.chosenVATCategory == .reverseCharge && read.defaultVATCategory == .reverseCharge)
        #expect(read.values(of: .invoiceVATCategory) == ["AE"] && read.values(of: .invoiceFormat) == ["xrechnung"])
        let added: [SettingKey] = [
            .sellerCountry, .sellerVATID, .sellerRegistration, .sellerBIC, .sellerEmail, .sellerPostcode, .sellerCity,
            .sellerPhone, .sellerContact, .invoiceFormat, .invoiceVATCategory,
        ]
        for key in added {
            #expect(read.values(of: key).count == 1, "\(key.rawValue)")
            let removed = try await settings.unset(key)
            #expect(removed.values(of: key).isEmpty, "\(key.rawValue)")
        }
        let cleared = try await settings.current()
        #expect(cleared.seller == LedgerSettings.Seller(name: "Acme Consulting GmbH"))
        #expect(cleared.invoiceFormat == .pdf && cleared.defaultVATCategory == .standard)
    }

    /// A settings document written before the e-invoice settings existed, exactly as that version wrote it.
    @Test func settingsWrittenBeforeTheEInvoiceSettingsStillReadAndTakeThem() async throws {
        let documents = FakeDocumentStore()
        let older = """
            {
              "currency" : "PLN",
              "firstWeekday" : "1",
              "locale" : "pl_PL",
              "seller" : {
                "addressLines" : [ "ul. Piotrkowska 1", "90-001 Łódź" ],
                "iban" : "DE89370400440532013000",
                "name" : "Zażółć sp. z o.o.",
                "taxID" : "PL1234563218"
              },
              "timeZone" : "Europe/Warsaw"
            }
            """
        try await documents.save(
            DocumentDraft(
                id: try DocumentID("settings.json"), contentType: DocumentContentType.json, bytes: Data(older.utf8)))
        let read = try await store(documents).current()
        #expect(read.seller.name == "Zażółć sp. z o.o." && read.seller.taxID == "PL1234563218")
        #expect(read.seller.vatID == nil && read.seller.countryCode == nil && read.seller.bic == nil)
        #expect(read.seller.email == nil && read.seller.phone == nil && read.seller.contactName == nil)
        #expect(
            read.chosenInvoiceFormat == nil && read.chosenVATCategory == nil && read.defaultVATCategory == .standard)
        #expect(read.seller.invoiceVATID == "PL1234563218", "the prefixed tax id is the VAT id invoices carry")
        #expect(read.invoiceFormat == .pdf, "no country set: a plain PDF as before")

        let changed = try await store(documents).set(.sellerCountry, to: ["pl"])
        #expect(changed.seller.countryCode == "PL" && changed.seller.taxID == "PL1234563218")
        #expect(changed.currency == "PLN" && changed.locale == "pl_PL" && changed.firstWeekday == "1")
        #expect(changed.invoiceFormat == .facturX)
    }

    @Test(
        arguments: [
            // country, VAT id, tax id, registration, expected
            ("DE", "DE123456788", nil, nil, InvoiceFormat.facturX),
            ("DE", nil, nil, "12/345/67890", .facturX),
            ("PL", nil, "PL1234563218", nil, .facturX),
            ("GR", nil, nil, "123", .facturX),
            ("PL", nil, "1234563218", nil, .pdf),
            ("DE", nil, "DE123456789", nil, .pdf),
            ("DE", nil, nil, nil, .pdf),
            ("CH", "CHE123456789", nil, "123", .pdf),
            ("GB", nil, nil, "123", .pdf),
            (nil, "DE123456788", nil, nil, .pdf),
        ] as [(String?, String?, String?, String?, InvoiceFormat)])
    func theDefaultFormatIsFacturXForAnEUSellerRegisteredForVATAndPDFOtherwise(
        country: String?, vatID: String?, taxID: String?, registration: String?, expected: InvoiceFormat
    ) {
        let seller = LedgerSettings.Seller(
            name: "ACME", taxID: taxID, vatID: vatID, countryCode: country, taxRegistration: registration)
        #expect(LedgerSettings(seller: seller).invoiceFormat == expected)
        #expect(LedgerSettings(seller: seller, chosenInvoiceFormat: .pdf).invoiceFormat == .pdf)
    }

    @Test func theTaxIDKeepsWorkingAndIsTheVATIDWhenItReadsAsOne() async throws {
        let settings = store()
        let bare = try await settings.set(.sellerTaxID, to: ["123-456-32-18"])
        #expect(bare.seller.taxID == "1234563218" && bare.seller.invoiceVATID == nil)
        _ = try await settings.set(.sellerCountry, to: ["PL"])
        await #expect {
            try await settings.set(.sellerTaxID, to: ["123-456-32-19"])
        } throws: { error in
            guard case .invalid(.sellerTaxID, let problems)? = error as? SettingsError else { return false }
            return problems.map(\.code) == [.taxIDChecksumMismatch]
        }
        #expect(try await settings.current().seller.taxID == "1234563218", "nothing changed")
        let prefixed = try await settings.set(.sellerTaxID, to: ["DE 123 456 788"])
        #expect(prefixed.seller.taxID == "DE123456788" && prefixed.seller.invoiceVATID == "DE123456788")
        let own = try await settings.set(.sellerVATID, to: ["FR 40 303 265 045"])
        #expect(own.seller.invoiceVATID == "FR40303265045" && own.seller.taxID == "DE123456788")
    }

    @Test func aVATIDWithoutItsPrefixTakesTheSellersCountry() async throws {
        let settings = store()
        await #expect {
            try await settings.set(.sellerVATID, to: ["123-456-32-18"])
        } throws: { error in
            guard case .invalid(.sellerVATID, let problems)? = error as? SettingsError else { return false }
            return problems.map(\.code) == [.vatIDMissingCountryPrefix]
        }
        _ = try await settings.set(.sellerCountry, to: ["PL"])
        #expect(try await settings.set(.sellerVATID, to: ["123-456-32-18"]).seller.vatID == "PL1234563218")
    }

    @Test(arguments: [
        (SettingKey.sellerVATID, "DE 123 456 789", ValidationCode.vatIDChecksumMismatch),
        (.sellerVATID, "DE 123 456", .vatIDWrongFormat),
        (.sellerVATID, "GR 123456789", .vatIDGreekPrefix),
        (.sellerVATID, "QQ123456", .vatIDUnknownCountry),
        (.sellerVATID, "DE\u{1B}[2J123456788", .vatIDInvalidCharacter),
        (.sellerVATID, String(repeating: "DE", count: 50_000), .vatIDTooLong),
        (.sellerTaxID, "PL 123-456-32-19", .taxIDChecksumMismatch),
        (.sellerRegistration, " ", .sellerRegistrationBlank),
        (.sellerCountry, "XX", .sellerCountryCodeUnknown),
        (.sellerCountry, "Germany", .sellerCountryCodeUnknown),
        (.sellerCountry, "d\u{0}", .sellerCountryCodeUnknown),
        (.sellerCountry, String(repeating: "d", count: 100_000), .sellerCountryCodeUnknown),
        (.sellerBIC, "DEUTDEF", .bicWrongLength),
        (.sellerBIC, "DEUTQQFF", .bicUnknownCountry),
        (.sellerBIC, "DEUT\u{202E}DEFF", .bicInvalidCharacter),
        (.sellerBIC, String(repeating: "A", count: 100_000), .bicWrongLength),
        (.sellerRegistration, "12/345\n67890", .sellerTaxRegistrationInvalidCharacter),
        (.sellerRegistration, String(repeating: "1", count: 100_000), .sellerTaxRegistrationTooLong),
        (.sellerEmail, "billing.acme.example", .emailMissingAt),
        (.sellerEmail, "billing@acme\u{7}.example", .emailControlCharacter),
        (.sellerPostcode, "10117\u{1B}", .sellerPostcodeInvalid),
        (.sellerPostcode, String(repeating: "1", count: 100_000), .sellerPostcodeInvalid),
        (.sellerCity, "Ber\u{202E}lin", .sellerCityInvalid),
        (.sellerCity, String(repeating: "B", count: 100_000), .sellerCityInvalid),
        (.sellerPhone, "call me", .sellerPhoneInvalid),
        (.sellerPhone, "+49\u{0}30", .sellerPhoneInvalid),
        (.sellerContact, "Erika\nMustermann", .sellerContactInvalid),
        (.sellerContact, String(repeating: "E", count: 100_000), .sellerContactInvalid),
        (.invoiceFormat, "docx", .invoiceFormatUnknown),
        (.invoiceFormat, "pdf\u{1B}[2J", .invoiceFormatUnknown),
        (.invoiceVATCategory, "X", .invoiceVATCategoryUnknown),
        (.invoiceVATCategory, String(repeating: "S", count: 100_000), .invoiceVATCategoryUnknown),
    ])
    func badValuesAreRefusedWithTheirCodeAndASentenceAndNothingChanges(
        key: SettingKey, value: String, code: ValidationCode
    ) async throws {
        let settings = store()
        let error = await #expect(throws: SettingsError.self) { try await settings.set(key, to: [value]) }
        guard case .invalid(let refused, let problems)? = error else {
            Issue.record("expected invalid, got \(String(describing: error))")
            return
        }
        #expect(refused == key && problems.map(\.code).contains(code), "\(problems)")
        for problem in problems {
            #expect(problem.message.hasSuffix(".") && problem.message.first?.isUppercase == true, "\(problem)")
            #expect(!problem.message.contains("\u{1B}") && problem.message.utf8.count < 400, "\(problem)")
        }
        #expect(try await settings.current() == LedgerSettings())
    }
}

@Suite("Settings: the e-invoice settings through config set, get and list")
struct EInvoiceSettingsCommandTests {
    private func harness(_ documents: any DocumentStore = FakeDocumentStore()) -> CommandHarness {
        CommandHarness(
            SettingsCommands(settings: { DocumentSettingsStore(documents: documents, messages: .english) }))
    }

    @Test(arguments: [
        ("seller.vat-id", "DE 123 456 788", "DE123456788"),
        ("seller.vat-id", "fr 40.303.265.045", "FR40303265045"),
        ("seller.tax-id", "123-456-32-18", "1234563218"),
        ("seller.country", "pl", "PL"),
        ("seller.bic", "deut de ff 500", "DEUTDEFF500"),
        ("seller.registration", "12/345/67890", "12/345/67890"),
        ("seller.email", "billing@acme.example", "billing@acme.example"),
        ("seller.postcode", "SW1A 1AA", "SW1A 1AA"),
        ("seller.city", "Łódź", "Łódź"),
        ("seller.phone", "+49 (30) 123-4567", "+49 (30) 123-4567"),
        ("seller.contact", "Erika Mustermann", "Erika Mustermann"),
        ("invoice.format", "FacturX", "facturx"),
        ("invoice.format", "pdf", "pdf"),
        ("invoice.vat-category", "k", "K"),
    ])
    func goodValuesAreKeptAndPrinted(key: String, value: String, kept: String) async throws {
        let documents = FakeDocumentStore()
        let result = await harness(documents).run(["config", "set", key, value])
        #expect(result.status == .success, "\(key) \(value): \(result.error)")
        #expect(result.output == "\(key)  \(kept)\n")
        let read = await harness(documents).run(["config", "get", key])
        #expect(read.output == kept + "\n")
    }

    @Test func aVATIDWithAWrongCheckDigitIsRefusedWithASentenceAndAHint() async {
        let documents = FakeDocumentStore()
        let result = await harness(documents).run(["config", "set", "seller.vat-id", "DE 123 456 789"])
        #expect(result.status == .dataError)
        #expect(result.error.contains("ledger: seller.vat-id is not valid:"), "\(result.error)")
        #expect(
            result.error.contains(
                "This VAT identifier from DE is not valid: check it for a mistyped or swapped digit."),
            "\(result.error)")
        #expect(result.error.contains("hint: Give the VAT identifier as your VAT registration shows it"))
        #expect(await harness(documents).run(["config", "get", "seller.vat-id"]).output.isEmpty)
    }

    @Test(arguments: [
        ("seller.vat-id", "hint: Give the VAT identifier"), ("seller.country", "hint: Give the ISO 3166"),
        ("seller.bic", "hint: Give your bank's BIC"), ("seller.email", "hint: Give an e-mail address"),
        ("seller.phone", "hint: Give the number"), ("seller.postcode", "hint: Give the post code"),
        ("invoice.format", "hint: Give pdf, facturx, xrechnung"), ("invoice.vat-category", "hint: Give one of S"),
        ("seller.registration", "seller.registration is not valid"), ("seller.city", "seller.city is not valid"),
        ("seller.contact", "seller.contact is not valid"),
    ])
    func hostileValuesAreRefusedWithoutEcho(key: String, expected: String) async {
        for value in ["", "x\u{1B}[2Jy", "a\u{202E}b\nc", String(repeating: "Ab1", count: 40_000)] {
            let result = await harness().run(["config", "set", key, value])
            #expect(result.status == .dataError, "\(key): \(result.error.prefix(300))")
            #expect(result.error.contains(expected), "\(key): \(result.error.prefix(300))")
            #expect(!result.error.contains("\u{1B}") && !result.error.contains("\u{202E}"), "\(key)")
            #expect(result.error.utf8.count < 2_000, "\(key)")
        }
    }

    @Test func everyKeyIsListedInTextAndJSONAndTheUnsetOnesSaySo() async throws {
        let documents = FakeDocumentStore()
        _ = await harness(documents).run(["config", "set", "seller.vat-id", "DE123456788"])
        let text = await harness(documents).run(["config", "list"])
        let lines = text.output.split(separator: "\n")
        for key in SettingKey.allCases {
            #expect(lines.contains { $0.hasPrefix(key.rawValue + " ") }, "\(key.rawValue) missing: \(text.output)")
        }
        #expect(lines.contains { $0.hasPrefix("seller.vat-id ") && $0.hasSuffix(" DE123456788") })
        #expect(lines.contains { $0.hasPrefix("invoice.format ") && $0.hasSuffix(" (not set)") })
        let json = await harness(documents).run(["config", "list"], json: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: [String]])
        #expect(Set(object.keys) == Set(SettingKey.allCases.map(\.rawValue)))
        #expect(object["seller.vat-id"] == ["DE123456788"] && object["seller.country"] == [])
        #expect(object["invoice.vat-category"] == [] && object["invoice.format"] == [])
    }

    @Test func helpNamesEveryKeyAndTheRules() {
        let commands = SettingsCommands(settings: {
            DocumentSettingsStore(documents: FakeDocumentStore(), messages: .english)
        })
        let list = commands.commands.first { $0.path == ["config", "list"] }?.help ?? ""
        let set = commands.commands.first { $0.path == ["config", "set"] }?.help ?? ""
        let words = set.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for key in SettingKey.allCases {
            #expect(list.contains(key.rawValue) && set.contains("  \(key.rawValue): "), "\(key.rawValue)")
        }
        #expect(words.contains("invoices use seller.tax-id as the VAT id when it reads as one"), "\(words)")
        #expect(words.contains("invoices are facturx when seller.country is an EU member state"), "\(words)")
        #expect(words.contains("'DE 123 456 788' is kept as DE123456788"), "\(words)")
        #expect(words.contains("S (standard rate)"), "\(words)")
    }
}
