/// A failure together with the sentence a person reads: what a form shows under a field and what a command line
/// prints, so every screen says the same thing for the same code.
///
/// The message comes from a ``ValidationMessages`` catalog; the code and the path stay for programs.
public struct ValidationProblem: Hashable, Sendable, Codable {
    /// The stable code, for example `expense.priceNotPositive`.
    public var code: ValidationCode
    /// Where the problem is, for example `price` or `lineItems[1].quantity`; empty for the whole value.
    public var path: String
    /// The sentence to show, from the catalog.
    public var message: String

    /// Creates a problem; for codes outside the catalog (a feature's own checks) give the message directly.
    public init(code: ValidationCode, path: String = "", message: String) {
        self.code = code
        self.path = path
        self.message = message
    }
}

extension ValidationMessages {
    /// `failure` with this catalog's message.
    public func problem(for failure: ValidationFailure) -> ValidationProblem {
        ValidationProblem(code: failure.code, path: failure.path, message: message(for: failure))
    }

    /// Every failure with this catalog's message, in the order given.
    public func problems(for failures: [ValidationFailure]) -> [ValidationProblem] {
        failures.map(problem(for:))
    }
}

extension ValidationCode: Codable {
    /// Reads a code written as a plain string (`"email.missingAt"`).
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the code as a plain string, so JSON output shows `"email.missingAt"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
