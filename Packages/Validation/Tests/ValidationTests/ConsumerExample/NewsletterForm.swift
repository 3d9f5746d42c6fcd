import Foundation
import Validation

/// What submitting the newsletter form does.
enum NewsletterSubmission: Equatable, Sendable {
    /// The address is acceptable: subscribe it, as typed but without surrounding spaces.
    case subscribe(String)
    /// The address is not acceptable: the sentences to show under the field, in order.
    case fix([String])
}

/// An app's newsletter sign-up form: it checks the address with whatever email validator the app gives it and
/// words the failures with the app's catalog. It knows only the `EmailValidating` protocol, so a test hands it a
/// stub.
struct NewsletterForm: Sendable {
    private let emails: any EmailValidating
    private let messages: ValidationMessages

    init(emails: any EmailValidating, messages: ValidationMessages = .english) {
        self.emails = emails
        self.messages = messages
    }

    func submit(_ typed: String) -> NewsletterSubmission {
        let address = typed.trimmingCharacters(in: .whitespaces)
        let failures = emails.validate(email: address)
        return failures.isEmpty ? .subscribe(address) : .fix(messages.messages(for: failures))
    }
}
