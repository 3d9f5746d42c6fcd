import Testing
import Validation

@Suite("Validation: email")
struct EmailValidatorTests {
    let validator = EmailValidator()

    @Test(arguments: [
        "o'brien@example.com", "User@Example.COM", "a+tag@sub.example.co.uk", "user@xn--bcher-kva.example",
        "a@b.co", "1@2.example", "user@123.example.com",
    ])
    func acceptsTheAddressesTheIssueNames(address: String) {
        #expect(validator.validate(email: address).isEmpty)
    }

    @Test func keepsTheCodesTheCompositionRootUses() {
        #expect(validator.validate(email: "nobody").codes == [.emailMissingAt])
        #expect(ValidationCode.emailMissingAt.rawValue == "email.missingAt")
        #expect(ValidationCode.emailEmptyLocalPart.rawValue == "email.emptyLocalPart")
        #expect(ValidationCode.emailEmptyDomain.rawValue == "email.emptyDomain")
    }

    @Test func everyCodeIsDistinctAndNamespaced() {
        let codes = ValidationCode.emailCodes
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.rawValue.hasPrefix("email.") })
        #expect(codes.count == 26)
    }

    @Test func reportsEveryProblemOnceInTheDocumentedOrder() {
        // Whitespace twice, an invalid character twice, a leading dot, an empty label, a trailing hyphen.
        let failures = validator.validate(email: ".a b,c d,e@ex..ample-")
        #expect(
            failures.codes == [
                .emailWhitespace, .emailInvalidCharacter, .emailLocalPartLeadingDot, .emailDomainEmptyLabel,
                .emailDomainLabelTrailingHyphen,
            ])
        let order = ValidationCode.emailCodes
        let positions = failures.codes.compactMap { order.firstIndex(of: $0) }
        #expect(positions == positions.sorted())
    }

    @Test func countsUTF8BytesNotCharacters() throws {
        let international = EmailValidator(options: EmailValidationOptions(allowsInternationalized: true))
        // 21 three-byte characters are 63 bytes: one label at the limit.
        let atLimit = "user@" + String(repeating: "例", count: 21) + ".example"
        #expect(international.validate(email: atLimit).isEmpty)
        let overLimit = "user@" + String(repeating: "例", count: 22) + ".example"
        #expect(international.validate(email: overLimit).codes == [.emailDomainLabelTooLong])
        // 85 two-byte characters are 170 bytes of local part, though only 85 characters.
        let local = String(repeating: "é", count: 85)
        #expect(local.count == 85)
        let codes = international.validate(email: local + "@example.com").codes
        #expect(codes == [.emailLocalPartTooLong])
    }

    @Test func eachOptionOnlyOpensItsOwnDoor() {
        let address = "\"a b\"@[192.0.2.1]"
        let quotedOnly = EmailValidator(options: EmailValidationOptions(allowsQuotedLocalPart: true))
        #expect(quotedOnly.validate(email: address).codes == [.emailIPLiteralNotAllowed])
        let literalOnly = EmailValidator(options: EmailValidationOptions(allowsIPLiteral: true))
        #expect(literalOnly.validate(email: address).codes == [.emailQuotedLocalPartNotAllowed])
        let both = EmailValidator(options: EmailValidationOptions(allowsQuotedLocalPart: true, allowsIPLiteral: true))
        #expect(both.validate(email: address).isEmpty)
        #expect(
            validator.validate(email: address).codes == [.emailQuotedLocalPartNotAllowed, .emailIPLiteralNotAllowed])
    }

    @Test func optionsDefaultToOff() {
        let options = EmailValidationOptions()
        #expect(!options.allowsQuotedLocalPart && !options.allowsInternationalized)
        #expect(!options.allowsIPLiteral && !options.allowsSingleLabelDomain)
        #expect(validator.options == options)
        let permissive = EmailValidationOptions.permissive
        #expect(permissive.allowsQuotedLocalPart && permissive.allowsInternationalized)
        #expect(permissive.allowsIPLiteral && permissive.allowsSingleLabelDomain)
    }

    @Test func composesAsAFieldOfALargerForm() {
        struct SignUp {
            var email: String
            var backupEmail: String?
        }
        let form: Validator<SignUp> =
            .field("email", \.email, .email(validator))
            && .field("backupEmail", \.backupEmail, Validator.email(validator).optional)
        let failures = form.validate(SignUp(email: "user@", backupEmail: "@x.com"))
        #expect(
            failures == [
                ValidationFailure(code: .emailEmptyDomain, path: "email"),
                ValidationFailure(code: .emailEmptyLocalPart, path: "backupEmail"),
            ])
        #expect(form.validate(SignUp(email: "user@example.com", backupEmail: nil)).isEmpty)
    }

    @Test func worksThroughTheProtocolAsAnExistential() {
        let validators: [any EmailValidating] = [EmailValidator(), EmailValidator(options: .permissive)]
        #expect(validators.map { $0.validate(email: "user@localhost").codes } == [[.emailSingleLabelDomain], []])
    }
}
