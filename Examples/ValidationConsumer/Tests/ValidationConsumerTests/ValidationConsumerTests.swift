import Testing
import Validation

@Test func anAddressWithoutADotInItsDomainIsRefusedWithAStableCode() {
    let failures = EmailValidator().validate(email: "ann@example")
    #expect(failures.map(\.code) == [.emailSingleLabelDomain])
    #expect(EmailValidator().validate(email: "ann@example.com").isEmpty)
}
