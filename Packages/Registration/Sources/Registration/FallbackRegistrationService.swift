/// Tries `fallback` when `primary` fails with one of a chosen set of error kinds: a backup endpoint for server
/// errors, for example, while `alreadyRegistered` still reaches the user unchanged.
///
/// Cancellation is never a reason to fall back: a cancelled flow stops, whatever `kinds` contains.
public struct FallbackRegistrationService: RegistrationService {
    /// The service tried first.
    public let primary: any RegistrationService
    /// The service tried when `primary` fails with an error of one of `kinds`.
    public let fallback: any RegistrationService
    /// The error kinds that send a registration to `fallback`.
    public let kinds: Set<RegistrationError.Kind>

    /// Creates the fallback; errors of other kinds than `kinds` are thrown unchanged.
    public init(
        primary: any RegistrationService, fallback: any RegistrationService, on kinds: Set<RegistrationError.Kind>
    ) {
        self.primary = primary
        self.fallback = fallback
        self.kinds = kinds
    }

    /// Runs `primary`; on a selected failure runs `fallback` and reports its outcome (the later attempt is
    /// the one that tells the truth about the account, so the fallback's error wins over the primary's).
    public func register(email: String) async throws(RegistrationError) {
        do {
            try await primary.runStep(email: email)
        } catch {
            guard error != .cancelled, kinds.contains(error.kind) else { throw error }
            try await fallback.runStep(email: email)
        }
    }
}

extension RegistrationService {
    /// This service, or `alternative` when this one fails with an error whose kind is in `kinds`.
    public func fallback(
        _ alternative: any RegistrationService, on kinds: Set<RegistrationError.Kind>
    )
        -> FallbackRegistrationService
    {
        FallbackRegistrationService(primary: self, fallback: alternative, on: kinds)
    }
}
