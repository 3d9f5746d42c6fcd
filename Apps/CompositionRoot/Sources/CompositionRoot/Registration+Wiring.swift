import Foundation

extension LedgerFactory {
    /// Company domains whose addresses may register even when the email check rejects them.
    static let staffDomains = DomainList(["corp.ledger.example"].compactMap { EmailDomain($0) })
    /// Throwaway-mail domains that may never register.
    static let blockedDomains = DomainList(["mailinator.com", "throwaway.example"].compactMap { EmailDomain($0) })

    /// The registration flow of the case study, in order: the email check (staff domains forgiven), the blocked
    /// domains, the API call, signing in with the new account, and analytics around all of it. Adding a step is
    /// one line here.
    public func makeRegistration() -> any RegistrationService {
        let validator = makeEmailValidator()
        return EmailCheckRegistrationService { validator.validate(email: $0).map(\.code.rawValue) }
            .allowingFailures(forDomainsIn: Self.staffDomains, forgiving: [.invalidEmail])
            .appending(BlockedDomainsRegistrationService(blocked: Self.blockedDomains))
            .appending(RegistrationAPI(api: network.api).registering)
            .appending(RegistrationAPI(api: network.api).signingIn(into: network.session))
            .recording(to: LogRegistrationEvents(log: configuration.log), as: "registration")
    }

    /// The model a registration screen drives: the service above behind a state machine that ignores double
    /// submits and cancels when the screen goes away.
    @MainActor public func makeRegistrationFlow() -> RegistrationFlow {
        RegistrationFlow(service: makeRegistration())
    }
}

/// The Ledger API as registration steps: `POST /v1/users` and `POST /v1/auth/token`, with the server's answers
/// mapped to `RegistrationError`.
struct RegistrationAPI: Sendable {
    let api: APIClient

    /// Creates the account; 409 is `alreadyRegistered`, 422 the server's field codes, 429 `rateLimited`.
    var registering: AnyRegistrationService {
        AnyRegistrationService { [api] email throws(RegistrationError) in
            do throws(APIError) {
                _ = try await api.send(LedgerAPI.registerUser(email: email))
            } catch {
                throw Self.registrationError(error)
            }
        }
    }

    /// Signs in with the new account and keeps the session, so invoices can be uploaded next.
    func signingIn(into session: any TokenStore) -> AnyRegistrationService {
        AnyRegistrationService { [api] email throws(RegistrationError) in
            do throws(APIError) {
                let grant = try await api.send(LedgerAPI.issueToken(email: email))
                await session.save(grant.authToken)
            } catch {
                throw Self.registrationError(error)
            }
        }
    }

    static func registrationError(_ error: APIError) -> RegistrationError {
        switch error {
        case .http(let response) where response.status == 409:
            return .alreadyRegistered
        case .http(let response) where response.status == 422:
            return .invalidEmail(codes: response.fields.map { "server.\($0.code)" })
        case .http(let response) where response.status == 429:
            let seconds = response.headers["Retry-After"].flatMap { Int($0) }
            return .rateLimited(retryAfter: seconds.map { .seconds($0) })
        case .http(let response):
            return .server(
                underlying: .init(statusCode: response.status, reason: response.code ?? response.message ?? "error"))
        case .transport(.cancelled):
            return .cancelled
        case .transport(let failure):
            return .server(underlying: .init(reason: "the server could not be reached (\(failure))"))
        case .decoding, .encoding, .invalidEndpoint:
            return .server(underlying: .init(describing: error))
        }
    }
}

/// Analytics for registrations as log lines; events carry the domain, never the address.
struct LogRegistrationEvents: RegistrationEventSink {
    let log: @Sendable (String) -> Void

    func record(_ event: RegistrationEvent) async {
        log("analytics: \(event.name) \(event.outcome) domain=\(event.domain?.name ?? "?")")
    }
}
