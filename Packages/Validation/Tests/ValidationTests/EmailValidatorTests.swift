import Testing
import Validation
import ValidationTesting

@Suite("Validation: email")
struct EmailValidatorTests {
    @Test(arguments: ["a@example.com", "o'brien@example.com"])
    func acceptsAddressesWithBothParts(address: String) {
        #expect(EmailValidator().validate(email: address).isEmpty)
    }

    @Test(arguments: [
        ("", [ValidationCode.emailMissingAt]),
        ("example.com", [.emailMissingAt]),
        ("@example.com", [.emailEmptyLocalPart]),
        ("user@", [.emailEmptyDomain]),
        ("@", [.emailEmptyLocalPart, .emailEmptyDomain]),
    ])
    func reportsEveryStructuralFailure(address: String, expected: [ValidationCode]) {
        #expect(EmailValidator().validate(email: address).map(\.code) == expected)
    }

    @Test func stubRecordsAddressesAndAnswersWithConfiguredFailures() {
        let stub = StubEmailValidator(failures: [ValidationFailure(code: .emailMissingAt)])
        #expect(stub.validate(email: "x").map(\.code) == [.emailMissingAt])
        #expect(stub.validatedAddresses == ["x"])
    }
}
