import Foundation
import Testing
import Validation

@Suite("Validation: settings (seller and preferences)")
struct SettingsValidatorTests {
    // MARK: Seller

    @Test func acceptsATypicalSeller() {
        let seller = SellerDraft(
            name: "Müller & Söhne GmbH", addressLines: ["Hauptstraße 1", "10115 Berlin", "Germany"],
            taxID: "DE 123 456 789", iban: "DE89 3704 0044 0532 0130 00")
        #expect(SellerValidator().validate(seller: seller).isEmpty)
        #expect(SellerValidator().validate(seller: SellerDraft(name: "Ann")).isEmpty)
    }

    @Test(arguments: ["", "   ", "\u{200B}", HostileText.oneMegabyteOfSpaces])
    func requiresASellerName(name: String) {
        #expect(
            SellerValidator().validate(seller: SellerDraft(name: name)).contains(
                ValidationFailure(code: .sellerNameMissing, path: "name")))
    }

    @Test func refusesLongOrHostileSellerNames() {
        let validator = SellerValidator()
        #expect(validator.validate(seller: SellerDraft(name: String(repeating: "n", count: 200))).isEmpty)
        #expect(
            validator.validate(seller: SellerDraft(name: String(repeating: "n", count: 201))).codes == [
                .sellerNameTooLong
            ])
        #expect(validator.validate(seller: SellerDraft(name: HostileText.zalgo)).codes == [.sellerNameTooLong])
        for hostile in [
            HostileText.bidiOverride, HostileText.controls, "ACME\nGmbH", "ACME\u{2066}", HostileText.invalidUTF8,
        ] {
            #expect(
                validator.validate(seller: SellerDraft(name: hostile))
                    == [ValidationFailure(code: .sellerNameInvalidCharacter, path: "name")], "\(hostile)")
        }
    }

    @Test func checksTheAddressLines() {
        let validator = SellerValidator()
        let seven = (1...7).map { "Line \($0)" }
        #expect(validator.validate(seller: SellerDraft(name: "A", addressLines: Array(seven.prefix(6)))).isEmpty)
        #expect(
            validator.validate(seller: SellerDraft(name: "A", addressLines: seven))
                == [ValidationFailure(code: .sellerTooManyAddressLines, path: "addressLines")])
        let failures = validator.validate(
            seller: SellerDraft(
                name: "A", addressLines: ["Street 1", " ", String(repeating: "x", count: 101), "Tab\there"]))
        #expect(
            failures == [
                ValidationFailure(code: .sellerAddressLineBlank, path: "addressLines[1]"),
                ValidationFailure(code: .sellerAddressLineTooLong, path: "addressLines[2]"),
                ValidationFailure(code: .sellerAddressLineInvalidCharacter, path: "addressLines[3]"),
            ])
        let many = Array(repeating: "x", count: 100_000)
        #expect(
            validator.validate(seller: SellerDraft(name: "A", addressLines: many)).codes == [.sellerTooManyAddressLines]
        )
    }

    @Test func namesCharactersTheFontCannotDrawInTheSeller() {
        let validator = SellerValidator(options: SellerValidationOptions(undrawableCharacters: latinFont))
        let failures = validator.validate(seller: SellerDraft(name: "Ωmega Ltd", addressLines: ["1 Main St", "Åre ✓"]))
        #expect(
            failures == [
                ValidationFailure(
                    code: .sellerNameNotPrintable, path: "name",
                    parameters: [ValidationParameter.characters: "\"Ω\" (U+03A9)"]),
                ValidationFailure(
                    code: .sellerAddressLineNotPrintable, path: "addressLines[1]",
                    parameters: [ValidationParameter.characters: "\"✓\" (U+2713)"]),
            ])
        #expect(
            ValidationMessages.english.messages(for: failures).first
                == "These characters cannot be printed: \"Ω\" (U+03A9).")
    }

    // MARK: VAT identification number

    @Test(arguments: [
        "DE123456789", "DE 123 456 789", "de123456789", "ATU12345678", "FR12345678901", "EL123456789",
        "XI123456789", "NL123456789B01", "ESX1234567X", "BE0123456789", "IE1234567WA", "CHE123456789",
    ])
    func acceptsWellFormedVATNumbers(text: String) {
        #expect(Validator.vatIdentificationNumber.validate(text).isEmpty)
    }

    @Test(arguments: [
        ("", [ValidationCode.taxIDEmpty]), ("   ", [.taxIDEmpty]),
        ("D", [.taxIDMissingCountryPrefix, .taxIDWrongLength]),
        ("DE", [.taxIDWrongLength]), ("DE1", [.taxIDWrongLength]), ("DE12345678901234", [.taxIDWrongLength]),
        ("123456789", [.taxIDMissingCountryPrefix]), ("D1234567", [.taxIDMissingCountryPrefix]),
        ("DE_123456789", [.taxIDInvalidCharacter]), ("DE\t123456789", [.taxIDInvalidCharacter]),
        ("DE１２３４５６７８９", [.taxIDInvalidCharacter]), ("DE123\u{202E}456", [.taxIDInvalidCharacter]),
    ])
    func refusesMalformedVATNumbers(text: String, codes: [ValidationCode]) {
        #expect(Validator.vatIdentificationNumber.validate(text).codes == codes)
    }

    @Test func normalisesVATNumbersAndIBANs() {
        #expect(VATIdentificationNumber.normalized("de 123 456 789") == "DE123456789")
        #expect(VATIdentificationNumber.normalized("PL 123-456-32-18") == "PL1234563218")
        #expect(VATIdentificationNumber.normalized("de 123.456/789") == "DE123456789")
        #expect(Validator.vatIdentificationNumber.validate("DE-123.456/789").isEmpty)
        #expect(IBAN.normalized("de89 3704 0044 0532 0130 00") == "DE89370400440532013000")
    }

    // MARK: IBAN

    /// The example IBAN the SWIFT registry gives for each SEPA country and a few others.
    static let registryExamples = [
        "AD12 0001 2030 2003 5910 0100", "AT61 1904 3002 3457 3201", "BE68 5390 0754 7034",
        "BG80 BNBG 9661 1020 3456 78", "CH93 0076 2011 6238 5295 7", "CY17 0020 0128 0000 0012 0052 7600",
        "CZ65 0800 0000 1920 0014 5399", "DE89 3704 0044 0532 0130 00", "DK50 0040 0440 1162 43",
        "EE38 2200 2210 2014 5685", "ES91 2100 0418 4502 0005 1332", "FI21 1234 5600 0007 85",
        "FR14 2004 1010 0505 0001 3M02 606", "GB29 NWBK 6016 1331 9268 19", "GI75 NWBK 0000 0000 7099 453",
        "GR16 0110 1250 0000 0001 2300 695", "HR12 1001 0051 8630 0016 0", "HU42 1177 3016 1111 1018 0000 0000",
        "IE29 AIBK 9311 5212 3456 78", "IS14 0159 2600 7654 5510 7303 39", "IT60 X054 2811 1010 0000 0123 456",
        "LI21 0881 0000 2324 013A A", "LT12 1000 0111 0100 1000", "LU28 0019 4006 4475 0000",
        "LV80 BANK 0000 4351 9500 1", "MC58 1122 2000 0101 2345 6789 030", "MT84 MALT 0110 0001 2345 MTLC AST0 01S",
        "NL91 ABNA 0417 1643 00", "NO93 8601 1117 947", "PL61 1090 1014 0000 0712 1981 2874",
        "PT50 0002 0123 1234 5678 9015 4", "RO49 AAAA 1B31 0075 9384 0000", "SE45 5000 0000 0583 9825 7466",
        "SI56 2633 0001 2039 086", "SK31 1200 0000 1987 4263 7541", "SM86 U032 2509 8000 0000 0270 100",
        "VA59 0011 2300 0012 3456 78", "AL47 2121 1009 0000 0002 3569 8741", "ME25 5050 0001 2345 6789 51",
        "MD24 AG00 0225 1000 1310 4168", "MK07 2501 2000 0058 984", "SA03 8000 0000 6080 1016 7519",
        "BR18 0036 0305 0000 1000 9795 493C 1", "QA58 DOHB 0000 1234 5678 90AB CDEF G",
    ]

    @Test(arguments: registryExamples)
    func acceptsTheRegistryExamples(iban: String) {
        #expect(Validator.iban.validate(iban).isEmpty)
        #expect(Validator.iban.validate(IBAN.normalized(iban)).isEmpty)
        #expect(Validator.iban.validate(iban.lowercased()).isEmpty)
    }

    @Test func coversEverySEPACountry() {
        let sepa = [
            "AD", "AL", "AT", "BE", "BG", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GB", "GI", "GR", "HR",
            "HU", "IE", "IS", "IT", "LI", "LT", "LU", "LV", "MC", "MD", "ME", "MK", "MT", "NL", "NO", "PL", "PT", "RO",
            "RS", "SE", "SI", "SK", "SM", "VA",
        ]
        #expect(sepa.allSatisfy { IBAN.lengthByCountry[$0] != nil })
        #expect(IBAN.lengthByCountry.values.allSatisfy { (15...34).contains($0) })
    }

    @Test func refusesEveryWayAnIBANGoesWrong() {
        func failures(_ text: String) -> [ValidationFailure] { Validator.iban.validate(text) }
        #expect(failures("").codes == [.ibanEmpty])
        #expect(failures("    ").codes == [.ibanEmpty])
        #expect(failures("DE89-3704-0044-0532-0130-00").codes == [.ibanInvalidCharacter])
        #expect(failures("DE89 3704 0044 0532 0130 0\u{0}").codes == [.ibanInvalidCharacter])
        #expect(
            failures("US12 3456 7890 1234")
                == [ValidationFailure(code: .ibanUnknownCountry, parameters: [ValidationParameter.part: "US"])])
        #expect(failures("D").codes == [.ibanUnknownCountry])
        #expect(failures("DEXX 3704 0044 0532 0130 00").codes == [.ibanInvalidCheckDigits])
        #expect(
            failures("DE89 3704 0044 0532 0130 0")
                == [
                    ValidationFailure(
                        code: .ibanWrongLength,
                        parameters: [ValidationParameter.part: "DE", ValidationParameter.expected: "22"])
                ])
        #expect(
            ValidationMessages.english.messages(for: failures("DE89 3704 0044 0532 0130 0")) == [
                "IBANs from DE have 22 characters."
            ])
        // One digit mistyped, and two neighbours swapped: mod 97 catches both.
        #expect(failures("DE89 3704 0044 0532 0130 01").codes == [.ibanChecksumMismatch])
        #expect(failures("DE89 3704 0044 0532 0103 00").codes == [.ibanChecksumMismatch])
        #expect(failures("DE" + String(repeating: "0", count: 1 << 20)).codes == [.ibanWrongLength])
    }

    // MARK: Preferences

    @Test(arguments: ["EUR", "JPY", "CLF", "XCG"])
    func acceptsCurrencies(code: String) {
        #expect(Validator.currencyCode().validate(code).isEmpty)
    }

    @Test(arguments: ["", "eur", "EURO", "XXX", "BGN", "HRK", " EUR"])
    func refusesCurrencies(code: String) {
        #expect(Validator.currencyCode().validate(code).codes == [.currencyNotISO4217])
        #expect(Validator.currencyCode(accepted: ["USD"]).validate("EUR").codes == [.currencyNotISO4217])
    }

    @Test(arguments: [
        "de_DE", "en-GB", "en", "fr_CA", "zh-Hant-TW", "sr_Latn_RS", "es-419", "de-CH-1996", "ca-ES-valencia",
        "en-US-u-ca-gregory", "de-DE-x-private", "EN_us",
    ])
    func acceptsLocaleIdentifiersShapedLikeBCP47(identifier: String) {
        #expect(Validator.localeIdentifier.validate(identifier).isEmpty)
    }

    @Test(
        arguments: [
            ("", nil), ("english", "english"), ("d", "d"), ("de_", nil), ("de__DE", nil), ("de_DEU", "DEU"),
            ("de-DE@calendar=gregorian", nil), ("de DE", nil), ("1de", "1de"), ("en-US-u", "u"),
            ("de_DE\u{0}", nil), (String(repeating: "a", count: 100), nil),
        ] as [(String, String?)])
    func refusesMalformedLocaleIdentifiers(identifier: String, part: String?) {
        let failures = Validator.localeIdentifier.validate(identifier)
        #expect(failures.codes == [identifier.isEmpty ? .localeEmpty : .localeMalformed])
        #expect(failures.first?.parameters[ValidationParameter.part] == part)
        #expect(ValidationMessages.english.messages(for: failures).allSatisfy { !$0.contains("\u{0}") })
    }

    @Test(arguments: [
        ("1", Weekday.monday), ("7", .sunday), ("monday", .monday), ("Sunday", .sunday), ("WEDNESDAY", .wednesday),
    ])
    func readsTheFirstDayOfTheWeek(text: String, day: Weekday) {
        #expect(Weekday(parsing: text) == day)
        #expect(Validator.firstWeekday.validate(text).isEmpty)
    }

    @Test(arguments: ["", "0", "8", "01", "+1", "-1", "mon", "monday ", "Montag", "1.0", "9999999999999999999999"])
    func refusesOtherFirstDays(text: String) {
        #expect(Weekday(parsing: text) == nil)
        #expect(Validator.firstWeekday.validate(text) == [ValidationFailure(code: .weekdayInvalid)])
    }

    @Test func mapsWeekdaysToFoundationsNumbering() {
        #expect(Weekday.allCases.map(\.calendarWeekday) == [2, 3, 4, 5, 6, 7, 1])
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC", "GMT"])
    func acceptsKnownTimeZones(identifier: String) {
        #expect(Validator.timeZoneIdentifier().validate(identifier).isEmpty)
    }

    @Test func refusesUnknownTimeZones() {
        let validator = Validator.timeZoneIdentifier()
        #expect(validator.validate("") == [ValidationFailure(code: .timeZoneEmpty)])
        for unknown in ["Mars/Olympus", "europe/berlin", "GMT+2", "CEST", " UTC", HostileText.oneMegabyte] {
            #expect(validator.validate(unknown) == [ValidationFailure(code: .timeZoneUnknown)], "\(unknown.prefix(20))")
        }
        #expect(Validator.timeZoneIdentifier(known: ["Test/Zone"]).validate("Test/Zone").isEmpty)
    }

    @Test func everySettingsCodeHasADomainAndIsListedOnce() {
        let codes = ValidationCode.settingsCodes
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.rawValue.split(separator: ".").count == 2 })
    }
}
