import Foundation
public import Networking
public import Storage

/// The signed-in session (Networking's `AuthToken`) kept in the Storage package's durable record file: written
/// with fsync and rename, owner-only, and renewed under the file's lock, so two `ledger` processes that find the
/// session expired at once refresh it once, and the second uses the first's new token.
///
/// `token()` reads the file every time: another process may have renewed or cleared the session since.
/// `TokenStore.save` cannot fail, so when the file cannot be written the token is kept in memory for this run
/// and the failure is logged; the next run asks the user to sign in again rather than using a stale token.
public actor SessionFile: SessionStoring {
    private struct Saved: Codable {
        var accessToken: String
        var refreshToken: String?
        var version: String
    }

    /// The file; nil when the data folder cannot hold one, and the session lives in memory for this run.
    private let record: (any RecordStoring & ExclusiveRecordUpdating)?
    private let log: @Sendable (String) -> Void
    private var unsaved: AuthToken?
    private var failure: SessionError?

    /// A session kept in `record`, or in memory for this run when it is nil; `log` hears why a file could not
    /// be used.
    public init(record: (any RecordStoring & ExclusiveRecordUpdating)?, log: @escaping @Sendable (String) -> Void) {
        self.record = record
        self.log = log
    }

    /// The session in the file now (another process may have changed it), or nil when signed out.
    public func token() async -> AuthToken? {
        guard let record, unsaved == nil else { return unsaved }
        do {
            return try Self.decode(await record.read())
        } catch {
            log("session: the session file cannot be read (\(error)); signed out for this run")
            return nil
        }
    }

    /// Keeps `token`; when the file cannot be written it is kept for this run and the failure remembered.
    public func save(_ token: AuthToken) async {
        do {
            guard let record else { throw StorageError.closed }
            try await record.write(try Self.encode(token))
            unsaved = nil
            failure = nil
        } catch {
            unsaved = token
            failure = .storage(detail: Self.reason(error))
            log("session: the session could not be saved (\(error)); it is kept for this run only")
        }
    }

    /// Why the last save could not reach the file, if it could not.
    public func saveFailure() async -> SessionError? {
        failure
    }

    /// Why the file could not be written, as a phrase.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? StorageError else { return "the file could not be written" }
        return error.message.prefix(1).lowercased() + error.message.dropFirst().trimmingCharacters(in: ["."])
    }

    /// Signs out: the file is emptied, and the in-memory session too.
    public func clear() async throws(SessionError) {
        unsaved = nil
        failure = nil
        do {
            _ = try await record?.delete()
        } catch {
            throw .storage(detail: error.description)
        }
    }

    /// Renews `rejected` under the file's lock, unless another process already did: then its token is used.
    public func renew(
        _ rejected: AuthToken, using refresh: @Sendable (AuthToken) async throws(HTTPClientError) -> AuthToken
    ) async throws(HTTPClientError) -> AuthToken? {
        guard let record, unsaved == nil else { return try await inMemoryRenew(rejected, using: refresh) }
        var renewed: AuthToken?
        do throws(RecordAccessError<HTTPClientError>) {
            _ = try await record.withExclusiveAccess { (bytes: Data?) throws(HTTPClientError) -> RecordChange in
                guard let current = try? Self.decode(bytes) else { return .keep }
                guard current.version == rejected.version else {
                    renewed = current
                    return .keep
                }
                let fresh = try await refresh(current)
                renewed = fresh
                guard let encoded = try? Self.encode(fresh) else { return .keep }
                return .replace(encoded)
            }
        } catch {
            switch error {
            case .update(let failure): throw failure
            case .storage(let failure):
                log("session: the session file could not be locked or written (\(failure))")
                if let renewed { unsaved = renewed }
            }
        }
        return renewed
    }

    /// Renewal when the file could not be written earlier in this run: the token lives in memory only.
    private func inMemoryRenew(
        _ rejected: AuthToken, using refresh: @Sendable (AuthToken) async throws(HTTPClientError) -> AuthToken
    ) async throws(HTTPClientError) -> AuthToken? {
        guard let current = unsaved else { return nil }
        guard current.version == rejected.version else { return current }
        let fresh = try await refresh(current)
        unsaved = fresh
        return fresh
    }

    private static func decode(_ bytes: Data?) throws -> AuthToken? {
        guard let bytes else { return nil }
        let saved = try JSONDecoder().decode(Saved.self, from: bytes)
        return AuthToken(accessToken: saved.accessToken, refreshToken: saved.refreshToken, version: saved.version)
    }

    private static func encode(_ token: AuthToken) throws -> Data {
        try JSONEncoder().encode(
            Saved(accessToken: token.accessToken, refreshToken: token.refreshToken, version: token.version))
    }
}
