import Foundation
import Networking
import NetworkingTesting
import Testing

/// The session file two processes share, with the exclusive lock a file store takes around a renewal (`flock` on
/// the real file): one holder at a time, the others queue in order.
actor SharedTokenFile {
    private var stored: AuthToken?
    private var locked = false
    private var queue: [CheckedContinuation<Void, Never>] = [] {
        didSet { queueLength.mutate { $0 = queue.count } }
    }
    private let queueLength = LockedBox(0)
    private(set) var writes = 0

    /// How many holders wait for the lock now.
    nonisolated var queued: Int { queueLength.value }

    init(token: AuthToken?) {
        stored = token
    }

    func read() -> AuthToken? {
        stored
    }

    func write(_ token: AuthToken) {
        stored = token
        writes += 1
    }

    func lock() async {
        guard locked else {
            locked = true
            return
        }
        await withCheckedContinuation { queue.append($0) }
    }

    func unlock() {
        if queue.isEmpty {
            locked = false
        } else {
            queue.removeFirst().resume()  // the lock passes straight to the next in line
        }
    }
}

/// One process's store over the shared file, shaped like a file-backed store: it caches what it read and, to
/// renew, takes the file's lock, re-reads the file (never its cache) and refreshes only if the file still holds
/// the rejected version, saving before it lets go.
actor ProcessTokenStore: TokenStore {
    private let file: SharedTokenFile
    private var cached: AuthToken?
    private var loaded = false

    init(file: SharedTokenFile) {
        self.file = file
    }

    func token() async -> AuthToken? {
        if !loaded {
            cached = await file.read()
            loaded = true
        }
        return cached
    }

    func save(_ token: AuthToken) async {
        cached = token
        loaded = true
        await file.write(token)
    }

    func renew(
        _ rejected: AuthToken, using refresh: @Sendable (AuthToken) async throws(HTTPClientError) -> AuthToken
    ) async throws(HTTPClientError) -> AuthToken? {
        await file.lock()
        let stored = await file.read()
        cached = stored
        loaded = true
        guard let stored, stored.version == rejected.version else {
            await file.unlock()
            return stored  // signed out, or another process renewed already
        }
        do throws(HTTPClientError) {
            let fresh = try await refresh(stored)
            cached = fresh
            await file.write(fresh)
            await file.unlock()
            return fresh
        } catch {
            await file.unlock()
            throw error
        }
    }
}

@Suite("Networking: a session shared between processes")
struct CrossProcessRefreshTests {
    private let v1 = AuthToken(accessToken: "v1.access", refreshToken: "rt.1", version: "1")
    private let v2 = AuthToken(accessToken: "v2.access", refreshToken: "rt.2", version: "2")

    /// The API: accepts only the v2 access token.
    private let server = ScriptedHTTPClient(
        [],
        whenExhausted: .handle { request in
            .success(response(request.headers["Authorization"] == "Bearer v2.access" ? 200 : 401))
        })

    @Test func twoProcessesRefreshingAtOnceRefreshOnceAndBothSucceed() async throws {
        let file = SharedTokenFile(token: v1)
        let gate = Gate()
        // The token server rotates the refresh token: only the first refresh of rt.1 succeeds, a second one is
        // refused like a reused refresh token ("could not be renewed").
        let refresher = ScriptedTokenRefresher([.success(v2)], gate: gate)
        let first = AuthenticatingHTTPClient(
            wrapping: server, store: ProcessTokenStore(file: file), refresher: refresher)
        let second = AuthenticatingHTTPClient(
            wrapping: server, store: ProcessTokenStore(file: file), refresher: refresher)

        let firstCall = Task { try await first.send(HTTPRequest(url: exampleURL)).status }
        await refresher.waitForRefreshes(1)  // the first process holds the file and is refreshing
        let secondCall = Task { try await second.send(HTTPRequest(url: exampleURL)).status }
        await eventually("the second process waits for the file, or refreshes without it", within: 1_000_000) {
            file.queued == 1 || refresher.refreshCount == 2
        }
        gate.open()

        #expect(try await firstCall.value == 200)
        #expect(try await secondCall.value == 200)
        #expect(refresher.refreshCount == 1)
        #expect(await file.read() == v2)
        #expect(await file.writes == 1)
    }

    @Test func aProcessThatFindsTheFileRenewedUsesItWithoutRefreshing() async throws {
        let file = SharedTokenFile(token: v1)
        let refresher = ScriptedTokenRefresher([.success(v2)])
        let stale = ProcessTokenStore(file: file)
        #expect(await stale.token() == v1)  // cached before the other process renewed
        await file.write(v2)  // another process renewed meanwhile
        let client = AuthenticatingHTTPClient(wrapping: server, store: stale, refresher: refresher)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(refresher.refreshCount == 0)
        #expect(server.requests.map { $0.headers["Authorization"] } == ["Bearer v1.access", "Bearer v2.access"])
    }

    @Test func aFailedRenewalReleasesTheFileForTheNextProcess() async throws {
        let file = SharedTokenFile(token: v1)
        let refresher = ScriptedTokenRefresher([.failure(.refreshRejected(status: 503)), .success(v2)])
        let first = AuthenticatingHTTPClient(
            wrapping: server, store: ProcessTokenStore(file: file), refresher: refresher)
        let second = AuthenticatingHTTPClient(
            wrapping: server, store: ProcessTokenStore(file: file), refresher: refresher)
        await #expect(throws: HTTPClientError.refreshRejected(status: 503)) {
            try await first.send(HTTPRequest(url: exampleURL))
        }
        #expect(try await second.send(HTTPRequest(url: exampleURL)).status == 200)  // not stuck behind the lock
        #expect(refresher.refreshCount == 2)
        #expect(await file.read() == v2)
    }

    @Test func signingOutInAnotherProcessReturnsThe401() async throws {
        let signedOut = SignedOutOnRenewal(token: v1)
        let refresher = ScriptedTokenRefresher([.success(v2)])
        let other = AuthenticatingHTTPClient(wrapping: server, store: signedOut, refresher: refresher)
        #expect(try await other.send(HTTPRequest(url: exampleURL)).status == 401)
        #expect(refresher.refreshCount == 0)
    }
}

@Suite("Networking: the default renewal of a token store")
struct DefaultRenewalTests {
    private let v1 = AuthToken(accessToken: "v1.access", refreshToken: "rt.1", version: "1")
    private let v2 = AuthToken(accessToken: "v2.access", refreshToken: "rt.2", version: "2")

    @Test func refreshesTheStillCurrentTokenAndSavesTheResult() async throws {
        let store = InMemoryTokenStore(token: v1)
        let seen = LockedBox<[AuthToken]>([])
        let renewed = try await store.renew(v1) { current throws(HTTPClientError) in
            seen.mutate { $0.append(current) }
            return v2
        }
        #expect(renewed == v2)
        #expect(seen.value == [v1])
        #expect(await store.token() == v2)
    }

    @Test func returnsTheStoredTokenWhenItsVersionMovedOnOrNilWhenSignedOut() async throws {
        let moved = InMemoryTokenStore(token: v2)
        #expect(try await moved.renew(v1) { _ throws(HTTPClientError) in throw .invalidResponse } == v2)
        let empty = InMemoryTokenStore()
        #expect(try await empty.renew(v1) { _ throws(HTTPClientError) in throw .invalidResponse } == nil)
    }

    @Test func aFailedRefreshSavesNothingAndThrowsItsError() async {
        let store = InMemoryTokenStore(token: v1)
        await #expect(throws: HTTPClientError.refreshRejected(status: 400)) {
            try await store.renew(v1) { _ throws(HTTPClientError) in throw .refreshRejected(status: 400) }
        }
        #expect(await store.token() == v1)
    }
}

/// A store whose file was deleted (signed out) by another process just before this one renews.
actor SignedOutOnRenewal: TokenStore {
    private var cached: AuthToken?

    init(token: AuthToken) {
        cached = token
    }

    func token() -> AuthToken? {
        cached
    }

    func save(_ token: AuthToken) {
        cached = token
    }

    func renew(
        _ rejected: AuthToken, using refresh: @Sendable (AuthToken) async throws(HTTPClientError) -> AuthToken
    ) async throws(HTTPClientError) -> AuthToken? {
        cached = nil
        return nil
    }
}
