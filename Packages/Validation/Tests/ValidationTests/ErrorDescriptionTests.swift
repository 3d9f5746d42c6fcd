import Foundation
import Testing
import Validation

/// The package's thrown errors read as the sentences the English catalog gives a form: no Swift type names, no
/// `case(payload)` dumps, no codes, and invisible characters of a parameter written as code points.
@Suite("Validation: errors read as sentences")
struct ErrorDescriptionTests {
    /// A parameter a hand-made failure could carry: a direction override, a line break, a zero-width space.
    static let hostile = "2025\u{202E}-02\n-30\u{200B}"

    static let dayErrors: [DayTextError] = [
        .notWrittenAsYYYYMMDD, .noSuchYear(text: "0000-01-01"), .noSuchMonth(text: "2025-13-01", month: 13),
        .noSuchDay(text: "2025-02-30", year: 2025, month: 2, day: 30, daysInMonth: 28),
        .noSuchDay(text: "2024-02-30", year: 2024, month: 2, day: 30, daysInMonth: 29),
        .noSuchDay(text: "2025-13-40", year: 2025, month: 13, day: 40, daysInMonth: 31),
        .noSuchYear(text: hostile),
    ]

    /// One failure of every code the package reports, without parameters (a catalog then uses its plain wording),
    /// and the failures of real validators, with theirs.
    static var validationErrors: [ValidationError] {
        let plain = ValidationCode.builtIn.map { ValidationError(failures: [ValidationFailure(code: $0)]) }
        let day = Date(timeIntervalSince1970: 1_773_489_600)
        let draft = InvoiceDraft(
            clientName: "Иван", lineItems: [LineItem(id: "L1", description: "Design", quantity: 0, unitPrice: 1.001)],
            currencyCode: "EUR", issueDate: day, dueDate: day)
        let coreFonts = InvoiceValidator(
            options: InvoiceValidationOptions(undrawableCharacters: { text in text.filter { !$0.isASCII } }))
        let validated = [
            ValidationError(failures: coreFonts.validate(invoice: draft)),
            ValidationError(failures: EmailValidator().validate(email: " ann@@example")),
            ValidationError(failures: Validator.dayText.validate("2025-02-30")),
            ValidationError(failures: Validator.localeIdentifier.validate("en_ÜS")),
        ]
        let handMade = [
            ValidationError(failures: []),
            ValidationError(failures: [ValidationFailure(code: ValidationCode(rawValue: "signUp.tooYoung"))]),
            ValidationError(failures: [
                ValidationFailure(code: .dayNoSuchYear, parameters: [ValidationParameter.text: hostile])
            ]),
        ]
        return plain + validated + handMade
    }

    @Test func everyDayReasonIsListed() {
        #expect(Set(Self.dayErrors.map(Self.caseName)).count == 4)
        #expect(ValidationCode.builtIn.count == 226, "every code reported, each one sentence above")
    }

    @Test func everyErrorIsSentences() {
        for error in Self.validationErrors {
            #expect(!error.failures.isEmpty || "\(error)" == "This value is not valid.")
            Self.expectSentences("\(error)", of: error)
            #expect(error.localizedDescription == "\(error)")
        }
        for error in Self.dayErrors {
            Self.expectSentences("\(error)", of: error)
            #expect(error.localizedDescription == "\(error)")
        }
    }

    /// What a person reads, word for word: the English catalog's sentences, one per failure, in order.
    @Test func theMessagesWordForWord() {
        #expect(
            "\(DayTextError.noSuchDay(text: "2025-02-30", year: 2025, month: 2, day: 30, daysInMonth: 28))"
                == "2025-02-30 does not exist: February 2025 has 28 days.")
        #expect("\(DayTextError.notWrittenAsYYYYMMDD)" == "Write the date as YYYY-MM-DD, such as 2025-02-28.")
        let error = ValidationError(failures: [
            ValidationFailure(code: .expensePriceNotPositive, path: "price"),
            ValidationFailure(code: .expenseTitleMissing, path: "title"),
        ])
        #expect("\(error)" == "The price must be more than zero. Enter what the expense was for.")
        #expect(
            "\(ValidationError(failures: [ValidationFailure(code: ValidationCode(rawValue: "signUp.tooYoung"))]))"
                == "This value is not valid.", "a code the catalog does not know gets its fallback, not the code")
    }

    @Test func invisibleCharactersOfAParameterAreWrittenAsCodePoints() {
        let text = "\(DayTextError.noSuchYear(text: Self.hostile))"
        #expect(text == "2025 U+202E -02 U+000A -30 U+200B does not exist: years start at 0001.")
    }

    static func caseName(_ error: DayTextError) -> String {
        switch error {
        case .notWrittenAsYYYYMMDD: "notWrittenAsYYYYMMDD"
        case .noSuchYear: "noSuchYear"
        case .noSuchMonth: "noSuchMonth"
        case .noSuchDay: "noSuchDay"
        }
    }

    /// Sentences: a capital or a digit first (a catalog sentence may start with the date it names), a full stop
    /// last, no type names, no codes or value dumps, no invisible characters.
    static func expectSentences(_ text: String, of value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            text.first.map { $0.isUppercase || $0.isNumber } == true, "\(text)", sourceLocation: sourceLocation)
        #expect(text.hasSuffix("."), "\(text)", sourceLocation: sourceLocation)
        for typeName in ["ValidationError", "ValidationFailure", "DayTextError", "Optional", "Validation."] {
            #expect(!text.contains(typeName), "\(text)", sourceLocation: sourceLocation)
        }
        let dumps = [
            #"\w\("#,  // case(payload) or Type(…)
            #"\b[a-z]+[A-Z]\w*"#,  // a case name or a code's reason in lower camel case
            #"\b[a-z]+\.[a-z]+[A-Z]"#,  // a dotted code such as email.missingAt
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
