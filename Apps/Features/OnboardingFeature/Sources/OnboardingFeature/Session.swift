public import Foundation
public import Networking
public import Validation

/// Where the signed-in session lives, and how to forget it: a `TokenStore` the app can also clear.
public protocol SessionStoring: TokenStore {
    /// Forgets the session; nothing happens when there is none.
    func clear() async throws(SessionError)
    /// Why the session saved last could not be kept on this device (it lives in memory for this run only, and the
    /// next run finds no one signed in), or nil when it was kept. `TokenStore.save` cannot fail, since the auth
    /// decorator saves renewed sessions in the middle of a request; a sign-in asks here afterwards.
    func saveFailure() async -> SessionError?
}

/// Why signing in, signing out or asking who is signed in failed.
public enum SessionError: Error, Hashable, Sendable {
    /// The address is not one that can have an account; the codes are the validator's.
    case invalidEmail(codes: [String])
    /// No account has this address.
    case unknownAccount(String)
    /// No session on this device.
    case notSignedIn
    /// The server no longer accepts the session and it could not be renewed: sign in again.
    case sessionExpired
    /// The server could not be reached (no connection, no answer in time); `detail` says how.
    case unavailable(detail: String)
    /// The server answered, but with something this app cannot use (a failure status, an answer of another shape, a
    /// redirect it would not follow); `detail` says what, as a sentence.
    case unexpectedAnswer(detail: String)
    /// The session could not be kept or removed on this device; `detail` says why.
    case storage(detail: String)
}

/// Signs in and out and tells who is signed in: what an account screen needs.
public protocol SessionManaging: Sendable {
    /// Signs in with an existing account and keeps the session.
    func signIn(email: String) async throws(SessionError) -> CurrentUser
    /// Forgets the session on this device; returns whether there was one.
    func signOut() async throws(SessionError) -> Bool
    /// Who the session belongs to, or nil when no one is signed in.
    func currentUser() async throws(SessionError) -> CurrentUser?
    /// Why the last session saved on this device (by signing in or registering) could not be kept there, or nil.
    func saveFailure() async -> SessionError?
    /// The address of the server the sessions are kept with, so that a screen can name it when it cannot be
    /// reached; nil when there is none to name.
    var server: URL? { get }
}

extension SessionManaging {
    /// No address to name, unless the conformance knows one.
    public var server: URL? { nil }
}

/// `SessionManaging` over the sign-in resource of the Ledger API.
public struct SessionManager: SessionManaging {
    private let api: APIClient
    private let session: any SessionStoring
    private let emailValidator: any EmailInspecting

    /// Creates a manager sending through `api` (on the stack that authenticates and renews the session),
    /// keeping the session in `session`, checking addresses with `emailValidator` before anything is sent.
    public init(api: APIClient, session: any SessionStoring, emailValidator: any EmailInspecting) {
        self.api = api
        self.session = session
        self.emailValidator = emailValidator
    }

    /// See the protocol.
    public func signIn(email: String) async throws(SessionError) -> CurrentUser {
        let inspection = emailValidator.inspect(email: email)
        guard inspection.isValid else { throw .invalidEmail(codes: inspection.failures.map(\.code.rawValue)) }
        do throws(APIError) {
            let grant = try await api.send(SessionsAPI.issueToken(email: email))
            await session.save(grant.authToken)
        } catch {
            if case .http(let response) = error, response.status == 401 { throw .unknownAccount(email) }
            throw Self.failure(error)
        }
        if let failure = await session.saveFailure() { throw failure }
        guard let user = try await currentUser() else { throw .notSignedIn }
        return user
    }

    /// No answer at all, or an answer that cannot be used.
    private static func failure(_ error: APIError) -> SessionError {
        if case .transport(let failure) = error, failure.isUnreachable {
            return .unavailable(detail: error.description)
        }
        return .unexpectedAnswer(detail: error.description)
    }

    /// See the protocol.
    public func saveFailure() async -> SessionError? {
        await session.saveFailure()
    }

    /// The API's base URL.
    public var server: URL? { api.baseURL }

    /// See the protocol.
    public func signOut() async throws(SessionError) -> Bool {
        let existed = await session.token() != nil
        try await session.clear()
        return existed
    }

    /// See the protocol.
    public func currentUser() async throws(SessionError) -> CurrentUser? {
        guard await session.token() != nil else { return nil }
        do throws(APIError) {
            return try await api.send(SessionsAPI.currentUser())
        } catch {
            switch error {
            case .http(let response) where response.status == 401: throw .sessionExpired
            case .transport(.refreshRejected), .transport(.excessiveRefresh): throw .sessionExpired
            default: throw Self.failure(error)
            }
        }
    }
}
