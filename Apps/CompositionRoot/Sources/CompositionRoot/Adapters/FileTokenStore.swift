import Foundation
import Networking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signed-in session on disk: a JSON file, readable by its owner only, replaced atomically.
///
/// Never throws, as `TokenStore` asks: when the file cannot be written the token stays in memory for this
/// process, because losing a freshly rotated refresh token would end the session; the failure is logged.
actor FileTokenStore: TokenStore {
    private struct Saved: Codable {
        var accessToken: String
        var refreshToken: String?
        var version: String
    }

    private let file: URL
    private var cached: AuthToken?
    private var loaded = false
    private let log: @Sendable (String) -> Void

    init(file: URL, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.file = file
        self.log = log
    }

    func token() -> AuthToken? {
        if !loaded {
            loaded = true
            if let data = try? Data(contentsOf: file), let saved = try? JSONDecoder().decode(Saved.self, from: data) {
                cached = AuthToken(
                    accessToken: saved.accessToken, refreshToken: saved.refreshToken, version: saved.version)
            }
        }
        return cached
    }

    func save(_ token: AuthToken) {
        cached = token
        loaded = true
        let saved = Saved(accessToken: token.accessToken, refreshToken: token.refreshToken, version: token.version)
        do {
            let data = try JSONEncoder().encode(saved)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let temporary = file.deletingLastPathComponent().appendingPathComponent(".session-\(UUID().uuidString)")
            guard
                FileManager.default.createFile(
                    atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown) }
            guard rename(temporary.path, file.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            log("session: could not save the session to \(file.path) (\(error)); it is kept for this run only")
        }
    }

    /// Whether a session exists (on disk or in memory).
    var isSignedIn: Bool { token() != nil }
}
