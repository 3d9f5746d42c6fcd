import Foundation
import Testing
import Validation

/// Valid numbers here are made up and given their check digits by the published algorithms, so none is a real
/// company's.
@Suite("Validation: VAT identifiers per country")
struct VATIdentifierTests {
    @Test(arguments: [
        ("DE 123 456 788", "DE123456788"), ("de123.456.788", "DE123456788"), ("DE-987-654-328", "DE987654328"),
        ("PL 123-456-32-18", "PL1234563218"), ("PL7770000005", "PL7770000005"), ("IT 12345678903", "IT12345678903"),
        ("IT01234567897", "IT01234567897"), ("ES12345678Z", "ES12345678Z"), ("ES X1234567L", "ESX1234567L"),
        ("ESY7654321G", "ESY7654321G"), ("ES B12345674", "ESB12345674"), ("ESP1234567D", "ESP1234567D"),
        ("FR 32 123 456 789", "FR32123456789"), ("FR09111222333", "FR09111222333"), ("FRAB123456789", "FRAB123456789"),
        ("EL123456789", "EL123456789"), ("XI123456789", "XI123456789"), ("XIGD123", "XIGD123"),
        ("NL123456789B01", "NL123456789B01"), ("ATU12345678", "ATU12345678"), ("SE123456789001", "SE123456789001"),
        ("IE1234567WA", "IE1234567WA"), ("IE1+23456A", "IE1+23456A"), ("CHE-123.456.789", "CHE123456789"),
        ("US 12-3456789", "US123456789"),
    ])
    func readsAndNormalises(text: String, normalized: String) throws {
        #expect(try VATIdentifier(parsing: text).normalized == normalized)
        #expect(VATIdentifier.normalized(text) == normalized)
    }

    /// One made-up number of each pattern, so every member state's shape is read.
    @Test(arguments: [
        "ATU12345678", "BE0123456789", "BE1234567890", "BG123456789", "BG1234567890", "CY12345678X", "CZ12345678",
        "CZ123456789", "CZ1234567890", "DE123456788", "DK12345678", "EE123456789", "EL123456789", "ESB12345674",
        "FI12345678", "FR32123456789", "HR12345678901", "HU12345678", "IE1234567T", "IT12345678903", "LT123456789",
        "LT123456789012", "LU12345678", "LV12345678901", "MT12345678", "NL123456789B01", "PL1234563218",
        "PT123456789", "RO12", "RO1234567890", "SE123456789001", "SI12345678", "SK1234567890", "XI123456789",
        "XIHA123", "GB123456789012", "NO123456789MVA",
    ])
    func acceptsEveryMemberStatesPattern(text: String) {
        #expect(VATIdentifier.normalized(text) == text)
    }

    @Test(arguments: [
        ("DE123456789", VATIdentifierError.checksumMismatch(prefix: "DE")),
        ("DE12345678", .wrongFormat(prefix: "DE")), ("PL1234563219", .checksumMismatch(prefix: "PL")),
        ("PL1234567890", .checksumMismatch(prefix: "PL")), ("IT12345678904", .checksumMismatch(prefix: "IT")),
        ("ES12345678A", .checksumMismatch(prefix: "ES")), ("ESX1234567A", .checksumMismatch(prefix: "ES")),
        ("ESB12345675", .checksumMismatch(prefix: "ES")), ("ESA1234567D", .checksumMismatch(prefix: "ES")),
        ("FR33123456789", .checksumMismatch(prefix: "FR")), ("FR3212345678", .wrongFormat(prefix: "FR")),
        ("ATU1234567", .wrongFormat(prefix: "AT")), ("AT123456789", .wrongFormat(prefix: "AT")),
        ("NL123456789A01", .wrongFormat(prefix: "NL")), ("BE2123456789", .wrongFormat(prefix: "BE")),
        ("GR123456789", .greekPrefix), ("QQ123456789", .unknownCountry(prefix: "QQ")),
        ("123456789", .missingCountryPrefix), ("", .empty), (" .-/ ", .empty), ("DE_123456788", .invalidCharacter),
        ("DE 123 456 788 😀", .invalidCharacter), ("DE\u{0}123456788", .invalidCharacter),
        ("DE１２３４５６７８８", .invalidCharacter), ("DE123\u{202E}456788", .invalidCharacter),
        (HostileText.oneMegabyte, .tooLong), (HostileText.emoji, .invalidCharacter),
        ("US1", .wrongFormat(prefix: "US")),
        ("DE+23456788", .wrongFormat(prefix: "DE")),
    ])
    func refuses(text: String, error: VATIdentifierError) {
        #expect(throws: error) { try VATIdentifier(parsing: text) }
    }

    @Test func takesThePrefixOfABareNumberFromTheCountry() throws {
        #expect(try VATIdentifier(parsing: "123-456-32-18", countryCode: "PL").normalized == "PL1234563218")
        #expect(try VATIdentifier(parsing: "123456788", countryCode: "de").normalized == "DE123456788")
        #expect(try VATIdentifier(parsing: "123456789", countryCode: "GR").normalized == "EL123456789")
        #expect(try VATIdentifier(parsing: "AB123456789", countryCode: "FR").normalized == "FRAB123456789")
        #expect(try VATIdentifier(parsing: "DE123456788", countryCode: "PL").normalized == "DE123456788")
        #expect(throws: VATIdentifierError.checksumMismatch(prefix: "PL")) {
            try VATIdentifier(parsing: "123-456-32-19", countryCode: "PL")
        }
    }

    @Test func everyFailureReadsAsASentenceWithAHint() {
        let errors: [VATIdentifierError] = [
            .empty, .tooLong, .invalidCharacter, .missingCountryPrefix, .greekPrefix, .unknownCountry(prefix: "QQ"),
            .unknownCountry(prefix: "\u{1B}["), .wrongFormat(prefix: "DE"), .checksumMismatch(prefix: "PL"),
        ]
        for error in errors {
            let text = "\(error)"
            #expect(text.hasSuffix(".") && !text.contains("{") && !text.contains("VATIdentifier"), "\(text)")
        }
        #expect("\(VATIdentifierError.checksumMismatch(prefix: "PL"))".contains("from PL"))
        #expect("\(VATIdentifierError.greekPrefix)" == "Greek VAT identifiers start with EL, not GR.")
        #expect(
            Validator.vatIdentifier().validate("DE123456789")
                == [ValidationFailure(code: .vatIDChecksumMismatch, parameters: [ValidationParameter.part: "DE"])])
    }

    @Test func checkDigitsCatchEverySingleDigitTypo() {
        for valid in ["DE123456788", "PL1234563218", "IT12345678903", "FR32123456789"] {
            let digits = Array(valid)
            for position in 2..<digits.count {
                for replacement in "0123456789" where replacement != digits[position] {
                    var typo = digits
                    typo[position] = replacement
                    #expect(VATIdentifier.normalized(String(typo)) == nil, "\(String(typo))")
                }
            }
        }
    }
}

@Suite("Validation: BIC")
struct BICTests {
    @Test(arguments: ["DEUTDEFF", "deut de ff 500", "NEDSZAJJXXX", "BNPAFRPP", "AAAABB22", "ABCDXK12"])
    func accepts(text: String) {
        #expect(Validator.bic.validate(text).isEmpty)
    }

    @Test(arguments: [
        ("", ValidationCode.bicEmpty), ("   ", .bicEmpty), ("DEUT-DEFF", .bicInvalidCharacter),
        ("DEUTDEF", .bicWrongLength), ("DEUTDEFF5", .bicWrongLength), ("DEUTDEFF50012", .bicWrongLength),
        ("1EUTDEFF", .bicInvalidBankCode), ("DEUTQQFF", .bicUnknownCountry), ("DEUTDEFFX12", .bicInvalidBranch),
        (HostileText.oneMegabyte, .bicWrongLength), (HostileText.emoji, .bicInvalidCharacter),
        ("DEUTDEFF\u{0}", .bicInvalidCharacter),
    ])
    func refuses(text: String, code: ValidationCode) {
        #expect(Validator.bic.validate(text).codes == [code])
    }

    @Test func normalises() {
        #expect(BIC.normalized("deut de ff") == "DEUTDEFF")
        #expect(
            ValidationMessages.english.messages(for: Validator.bic.validate("DEUTQQFF")) == [
                "Characters 5 and 6 of a BIC are a country code; QQ is not one."
            ])
    }
}

@Suite("Validation: the seller's tax details")
struct SellerTaxDetailsTests {
    @Test func acceptsASellerWithoutVATAsBefore() {
        #expect(
            SellerValidator().validate(seller: SellerDraft(name: "Ann Smith", addressLines: ["Austin, TX"])).isEmpty)
    }

    @Test func acceptsAPolishTaxIDWrittenWithDashesAndChecksItsNIP() {
        let validator = SellerValidator()
        #expect(validator.validate(seller: SellerDraft(name: "A", taxID: "123-456-32-18")).isEmpty)
        #expect(validator.validate(seller: SellerDraft(name: "A", taxID: "123-456-32-18", countryCode: "PL")).isEmpty)
        #expect(validator.validate(seller: SellerDraft(name: "A", taxID: "PL 123-456-32-18")).isEmpty)
        #expect(
            validator.validate(seller: SellerDraft(name: "A", taxID: "123-456-32-19", countryCode: "PL"))
                == [ValidationFailure(code: .taxIDChecksumMismatch, path: "taxID")])
        #expect(
            validator.validate(seller: SellerDraft(name: "A", taxID: "PL1234567890")).codes == [.taxIDChecksumMismatch])
        #expect(validator.validate(seller: SellerDraft(name: "A", taxID: "DE 123 456 789")).isEmpty)
        #expect(validator.validate(seller: SellerDraft(name: "A", taxID: "1")).codes == [.taxIDWrongLength])
    }

    @Test func checksTheNewOptionalFields() {
        let good = SellerDraft(
            name: "Müller GmbH", vatID: "DE 123 456 788", countryCode: "DE", bic: "DEUTDEFF",
            taxRegistration: "12/345/67890", email: "billing@example.com")
        #expect(SellerValidator().validate(seller: good).isEmpty)
        let bare = SellerDraft(name: "A", vatID: "123-456-32-18", countryCode: "PL")
        #expect(SellerValidator().validate(seller: bare).isEmpty)
        let bad = SellerDraft(
            name: "A", vatID: "DE123456789", countryCode: "Germany", bic: "DEUT", taxRegistration: "12\n34",
            email: "billing@")
        #expect(
            SellerValidator().validate(seller: bad).map(\.path) == [
                "vatID", "countryCode", "bic", "taxRegistration", "email",
            ])
        #expect(
            SellerValidator().validate(seller: bad).codes.prefix(4) == [
                .vatIDChecksumMismatch, .sellerCountryCodeUnknown, .bicWrongLength,
                .sellerTaxRegistrationInvalidCharacter,
            ])
    }
}
