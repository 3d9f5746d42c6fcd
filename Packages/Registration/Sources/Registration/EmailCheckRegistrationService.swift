/// A step that rejects an address when an email check reports failures for it: the shape of the validation
/// adapter, so the composition root wires any validator in one line without this package importing it.
///
/// ```swift
/// EmailCheckRegistrationService(check: { email in
///     let parse = validator.parse(email: email)
///     return EmailCheckResult(codes: parse.codes, policyCodes: policyCodes,
///                             isStructurallySound: parse.isStructurallySound, domain: parse.domain)
/// })
/// ```
public struct EmailCheckRegistrationService: RegistrationService {
    private let body: @Sendable (String) -> EmailCheckResult

    /// Creates the step from a check that returns the validator's verdict together with its parse of the
    /// address, which an allow-list (``allowingFailures(forDomainsIn:forgiving:)``) needs to forgive anything.
    public init(check: @escaping @Sendable (String) -> EmailCheckResult) {
        self.body = check
    }

    /// Creates the step from a check that returns failure codes only (no codes means valid). Without a parse
    /// every code counts as structural and the address as unsound, so an allow-list never forgives them.
    public init(failureCodes: @escaping @Sendable (String) -> [String]) {
        self.body = { email in
            EmailCheckResult(
                failures: failureCodes(email).map(EmailCheckResult.Failure.structural),
                isStructurallySound: false, domain: nil)
        }
    }

    /// Runs the check on `email`.
    public func check(email: String) -> EmailCheckResult {
        body(email)
    }

    /// Throws ``RegistrationError/invalidEmail(codes:)`` with every reported code, or returns when there are none.
    public func register(email: String) async throws(RegistrationError) {
        try RegistrationError.checkCancellation()
        let result = check(email: email)
        guard result.isValid else { throw .invalidEmail(codes: result.codes) }
    }
}
