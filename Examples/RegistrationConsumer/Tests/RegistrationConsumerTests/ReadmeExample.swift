import Registration

// Each step is its own definition, with its place in the flow (in the app: one file per step).
extension RegistrationStep {
    /// The email check; staff domains may skip its product rules, never its structural ones.
    static func emailCheck(_ check: EmailCheckRegistrationService, staff: DomainList) -> RegistrationStep {
        RegistrationStep(
            "email-check", phase: .validation,
            service: check.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure))
    }

    /// The security check: throwaway-mail providers may not register.
    static func blockedDomains(_ blocked: DomainList) -> RegistrationStep {
        RegistrationStep(
            "blocked-domains", phase: .policy, service: BlockedDomainsRegistrationService(blocked: blocked))
    }

    /// The API call, with a backup endpoint for server errors.
    static func createAccount(api: any RegistrationService, backup: any RegistrationService) -> RegistrationStep {
        RegistrationStep("create-account", phase: .account, service: api.fallback(backup, on: [.server]))
    }
}

/// The composition root's factory method: one line per step, in any order; analytics observe the pipeline.
func makeRegistrationService(
    validate: EmailCheckRegistrationService,
    api: any RegistrationService,
    backupAPI: any RegistrationService,
    analytics: any RegistrationEventSink
) throws -> any RegistrationService {
    let staff = try DomainList(parsing: ["corp.example"])
    let throwaway = try DomainList(parsing: ["throwaway.example", "mailinator.com"], matching: .domainAndSubdomains)
    return try RegistrationPipeline(
        steps: [
            .blockedDomains(throwaway),
            .createAccount(api: api, backup: backupAPI),
            .emailCheck(validate, staff: staff),
        ],
        observers: [analytics]
    )
}

/// The same flow as one expression of combinators, for callers who prefer it; the combinators also work inside a
/// step (`api.fallback(backup, on: [.server])` above) and on a pipeline (`pipeline.appending(extra)`).
func makeChainedRegistrationService(
    validate: EmailCheckRegistrationService,
    api: any RegistrationService,
    backupAPI: any RegistrationService,
    analytics: any RegistrationEventSink
) throws -> any RegistrationService {
    let staff = try DomainList(parsing: ["corp.example"])
    let throwaway = try DomainList(parsing: ["throwaway.example", "mailinator.com"], matching: .domainAndSubdomains)
    return validate.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
        .appending(BlockedDomainsRegistrationService(blocked: throwaway))
        .appending(api.fallback(backupAPI, on: [.server]))
        .recording(to: analytics, as: "registration")
}

/// One-line adapters turn other packages' capabilities into steps; these stand in for the real ones.
let validate = EmailCheckRegistrationService(check: { email in
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    let sound = parts.count == 2 && !parts[0].isEmpty && !email.contains(where: \.isWhitespace)
    return EmailCheckResult(
        codes: (sound ? [] : ["email.malformed"]) + (email.contains("+") ? ["email.plusNotAllowed"] : []),
        policyCodes: ["email.plusNotAllowed"],
        isStructurallySound: sound,
        domain: sound ? String(parts[1]) : nil)
})
let api = AnyRegistrationService { email throws(RegistrationError) in
    if email == "taken@example.com" { throw .alreadyRegistered }
    if email.hasSuffix("@busy.example") { throw .server(underlying: .init(statusCode: 503, reason: "busy")) }
}
let backupAPI = AnyRegistrationService { _ throws(RegistrationError) in }

/// A screen's submission: the state it ends in, and what the screen shows under the field. Code switches on the
/// error's case; a person reads its sentence.
@MainActor
func signUp(_ email: String, analytics: any RegistrationEventSink) async throws -> (RegistrationFlow.State, String?) {
    let service = try makeRegistrationService(validate: validate, api: api, backupAPI: backupAPI, analytics: analytics)
    let flow = RegistrationFlow(service: service)  // all the screen knows
    flow.submit(email: email)  // a button tap; a second tap while in flight is ignored
    let state = await flow.settled()  // a screen would watch `flow.states()` instead
    guard case .failed(let error) = state else { return (state, nil) }
    return (state, "\(error)")  // "Addresses at “throwaway.example” cannot register."
}
