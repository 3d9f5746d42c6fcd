public import Networking
public import Validation

/// What the registration steps work with; the composition root fills it with live parts, tests with fakes. A
/// step's own settings (which domains, which rules) live in the step's file, not here.
public struct OnboardingContext: Sendable {
    /// The Ledger API on the app's HTTP stack.
    public var api: APIClient
    /// Where the signed-in session is kept.
    public var session: any TokenStore
    /// The email rules of the Validation package.
    public var emailValidator: any EmailInspecting
    /// Receives analytics and diagnostics lines.
    public var log: @Sendable (String) -> Void

    /// Creates a context.
    public init(
        api: APIClient, session: any TokenStore, emailValidator: any EmailInspecting,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.api = api
        self.session = session
        self.emailValidator = emailValidator
        self.log = log
    }
}
