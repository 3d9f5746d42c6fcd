/// Checks an email address and reports every problem found.
public protocol EmailValidating: Sendable {
    /// Returns every failure found in `address`; an empty array means the address is valid.
    func validate(email address: String) -> [ValidationFailure]
}

extension ValidationCode {
    /// The address has no `@` separating the local part from the domain.
    public static let emailMissingAt = ValidationCode(rawValue: "email.missingAt")
    /// The part before the `@` is empty.
    public static let emailEmptyLocalPart = ValidationCode(rawValue: "email.emptyLocalPart")
    /// The part after the `@` is empty.
    public static let emailEmptyDomain = ValidationCode(rawValue: "email.emptyDomain")
}

/// The structural minimum of an address: one `@` with text on both sides.
public struct EmailValidator: EmailValidating {
    /// Creates the validator.
    public init() {}

    /// Returns every failure found in `address`.
    public func validate(email address: String) -> [ValidationFailure] {
        guard let at = address.lastIndex(of: "@") else {
            return [ValidationFailure(code: .emailMissingAt)]
        }
        var failures: [ValidationFailure] = []
        if address[..<at].isEmpty { failures.append(ValidationFailure(code: .emailEmptyLocalPart)) }
        if address[address.index(after: at)...].isEmpty {
            failures.append(ValidationFailure(code: .emailEmptyDomain))
        }
        return failures
    }
}
