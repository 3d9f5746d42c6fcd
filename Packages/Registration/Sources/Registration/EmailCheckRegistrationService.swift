/// A step that rejects an address when a check reports failure codes for it: the shape of the validation
/// adapter, so the composition root wires any validator in one line without this package importing it.
///
/// ```swift
/// EmailCheckRegistrationService { validator.validate(email: $0).map(\.code.rawValue) }
/// ```
public struct EmailCheckRegistrationService: RegistrationService {
    private let failureCodes: @Sendable (String) -> [String]

    /// Creates the step; `failureCodes` returns every problem with an address, and no codes means valid.
    public init(failureCodes: @escaping @Sendable (String) -> [String]) {
        self.failureCodes = failureCodes
    }

    /// Throws `invalidEmail(codes:)` with every reported code, or returns when there are none.
    public func register(email: String) async throws(RegistrationError) {
        let codes = failureCodes(email)
        guard codes.isEmpty else { throw .invalidEmail(codes: codes) }
    }
}
