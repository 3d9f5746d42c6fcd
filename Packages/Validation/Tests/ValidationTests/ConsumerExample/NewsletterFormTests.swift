import Testing
import Validation
import ValidationTesting

@Suite("The newsletter form")
struct NewsletterFormTests {
    @Test func anAcceptedAddressIsSubscribedWithoutItsSpaces() {
        let emails = StubEmailValidator()  // no failures: every address is valid
        let form = NewsletterForm(emails: emails)

        #expect(form.submit("  ann@example.com ") == .subscribe("ann@example.com"))
        #expect(emails.validatedAddresses == ["ann@example.com"])
    }

    @Test func aRefusedAddressShowsTheCatalogsSentences() {
        let emails = StubEmailValidator(failures: [ValidationFailure(code: .emailSingleLabelDomain)])
        let form = NewsletterForm(emails: emails)

        #expect(form.submit("ann@example") == .fix(["The domain needs a dot, such as example.com."]))
    }

    @Test func theStubCanAnswerEachAddressOnItsOwn() {
        let emails = StubEmailValidator { address in
            address.hasSuffix("@mailinator.com")
                ? [ValidationFailure(code: ValidationCode(rawValue: "news.throwaway"))] : []
        }
        let catalog = ValidationMessages([ValidationCode(rawValue: "news.throwaway"): "Use an address you keep."])
        let form = NewsletterForm(emails: emails, messages: catalog)

        #expect(form.submit("bot@mailinator.com") == .fix(["Use an address you keep."]))
        #expect(form.submit("ann@example.com") == .subscribe("ann@example.com"))
        #expect(emails.callCount == 2)
    }

    /// The package's real validator is fast and has no dependencies, so a test may use it too.
    @Test func theRealValidatorReportsEveryProblemAtOnce() {
        let form = NewsletterForm(emails: EmailValidator())

        #expect(
            form.submit("ann@@example")
                == .fix(["An email address can contain only one @.", "The domain needs a dot, such as example.com."]))
    }
}
