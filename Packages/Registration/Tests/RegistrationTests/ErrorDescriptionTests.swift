import Foundation
import Registration
import Testing

/// Every public error of the package reads as sentences a person can be shown: no Swift type names, no
/// `case(payload)` dumps, no server wording, no invisible characters from a payload (they are written as code
/// points).
@Suite("Registration: errors read as sentences")
struct ErrorDescriptionTests {
    /// A payload a hostile list or server could carry into a message: a direction override and a line break.
    static let hostile = "evil\u{202E}moc.example\n"

    static let registrationErrors: [RegistrationError] = [
        .invalidEmail(codes: ["email.missingAt"]), .invalidEmail(codes: []),
        .invalidEmail(codes: [RegistrationError.unreadableDomainCode]), .domainNotAllowed(domain: "mailinator.com"),
        .domainNotAllowed(domain: hostile), .alreadyRegistered, .rateLimited(retryAfter: nil),
        .rateLimited(retryAfter: .seconds(1)), .rateLimited(retryAfter: .seconds(30)),
        .rateLimited(retryAfter: .milliseconds(1_500)), .rateLimited(retryAfter: .seconds(600)),
        .rateLimited(retryAfter: .seconds(86_400)), .rateLimited(retryAfter: .zero),
        .rateLimited(retryAfter: .seconds(-5)), .server(underlying: .init(statusCode: 503, reason: "busy")),
        .server(underlying: .init(describing: CancellationError())), .cancelled,
    ]

    static let domainPolicyErrors: [DomainPolicyError] = [
        .invalidDomains(["not a domain"]), .invalidDomains(["", "a..b", hostile]), .invalidDomains([]),
        .invalidDomains((0..<20).map { "bad domain \($0)" }),
    ]

    static let pipelineErrors: [RegistrationPipelineError] = [
        .noSteps, .invalidStepNames([""]), .invalidStepNames([" ", "\t"]), .invalidStepNames([]),
        .duplicateStepNames(["api"]), .duplicateStepNames(["api", "email-check"]), .duplicateStepNames([]),
    ]

    static var everyError: [any Error & CustomStringConvertible] {
        let groups: [[any Error & CustomStringConvertible]] = [registrationErrors, domainPolicyErrors, pipelineErrors]
        return groups.flatMap { $0 }
    }

    @Test func everyCaseIsListed() {
        #expect(Set(Self.registrationErrors.map(Self.caseName)).count == RegistrationError.Kind.allCases.count)
        #expect(Set(Self.domainPolicyErrors.map(Self.caseName)).count == 1)
        #expect(Set(Self.pipelineErrors.map(Self.caseName)).count == 3)
    }

    @Test func everyErrorIsSentences() {
        for error in Self.everyError {
            Self.expectSentences("\(error)", of: error)
            #expect(error.localizedDescription == "\(error)")
        }
    }

    /// What a person reads, word for word.
    @Test func theMessagesWordForWord() {
        #expect(
            "\(RegistrationError.invalidEmail(codes: ["email.missingAt"]))"
                == "This email address is not accepted. Check it for typos; an address looks like name@example.com.")
        #expect(
            "\(RegistrationError.domainNotAllowed(domain: "eu.mailinator.com"))"
                == "Addresses at “eu.mailinator.com” cannot register.")
        #expect(
            "\(RegistrationError.alreadyRegistered)" == "This email address already has an account. Sign in instead.")
        #expect(
            "\(RegistrationError.rateLimited(retryAfter: .seconds(30)))"
                == "There were too many attempts. Try again in 30 seconds.")
        #expect(
            "\(RegistrationError.server(underlying: .init(statusCode: 503, reason: "upstream timeout")))"
                == "The registration service could not be reached or failed (HTTP 503). Try again later.")
        #expect(
            "\(DomainPolicyError.invalidDomains(["a b", ""]))"
                == "The entries “a b” and “” of a domain list are not domains, such as example.com.")
        #expect(
            "\(RegistrationPipelineError.duplicateStepNames(["api"]))"
                == "The step name “api” belongs to more than one step; every step needs a name of its own.")
    }

    /// The wait is rounded up, never down, and large waits are counted in larger units.
    @Test func retryDelaysInWords() {
        let delays: [(Duration, String)] = [
            (.seconds(1), "in 1 second"), (.milliseconds(1_500), "in 2 seconds"), (.seconds(119), "in 119 seconds"),
            (.seconds(120), "in 2 minutes"), (.seconds(121), "in 3 minutes"), (.seconds(86_400), "in 24 hours"),
            (.zero, "in a moment"), (.seconds(-5), "in a moment"),
        ]
        for (delay, words) in delays {
            #expect(
                "\(RegistrationError.rateLimited(retryAfter: delay))"
                    == "There were too many attempts. Try again \(words).")
        }
    }

    @Test func payloadsAreQuotedAndInvisibleCharactersWrittenAsCodePoints() {
        #expect(
            "\(RegistrationError.domainNotAllowed(domain: Self.hostile))"
                == "Addresses at “evil U+202E moc.example U+000A” cannot register.")
        let many = "\(DomainPolicyError.invalidDomains((0..<20).map { "bad domain \($0)" }))"
        #expect(many.contains("and 12 more"), "\(many)")
        #expect(
            !"\(RegistrationError.server(underlying: .init(statusCode: 500, reason: "NullPointerException")))"
                .contains("NullPointer"),
            "the server's wording is for logs")
    }

    // The case names, from switches with no default: a new case does not compile until it is named here, and the
    // counts above fail until the lists hold it too.

    static func caseName(_ error: RegistrationError) -> String {
        error.kind.rawValue
    }

    static func caseName(_ error: DomainPolicyError) -> String {
        switch error {
        case .invalidDomains: "invalidDomains"
        }
    }

    static func caseName(_ error: RegistrationPipelineError) -> String {
        switch error {
        case .noSteps: "noSteps"
        case .invalidStepNames: "invalidStepNames"
        case .duplicateStepNames: "duplicateStepNames"
        }
    }

    /// Sentences: a capital first, a full stop last, no type names, no value dumps, no invisible characters.
    static func expectSentences(_ text: String, of value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.first?.isUppercase == true, "\(text)", sourceLocation: sourceLocation)
        #expect(text.hasSuffix("."), "\(text)", sourceLocation: sourceLocation)
        for typeName in [
            "RegistrationError", "ServerFailure", "DomainPolicyError", "RegistrationPipelineError", "Duration",
            "CancellationError", "Optional", "String", "Registration.",
        ] {
            #expect(!text.contains(typeName), "\(text)", sourceLocation: sourceLocation)
        }
        let dumps = [
            #"\w\("#,  // case(payload) or Type(…)
            #"\b[a-z]+[A-Z]\w*"#,  // a case name in lower camel case
            #"\[""#, #"\\u\{"#, #"\\n"#,  // an array or string literal
        ]
        for pattern in dumps {
            #expect(
                text.range(of: pattern, options: .regularExpression) == nil, "\(pattern): \(text)",
                sourceLocation: sourceLocation)
        }
        let invisible = text.unicodeScalars.filter {
            $0 != " "
                && [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator]
                    .contains($0.properties.generalCategory)
        }
        #expect(
            invisible.isEmpty, "\(invisible.map { String($0.value, radix: 16) }): \(text)",
            sourceLocation: sourceLocation)
    }
}
