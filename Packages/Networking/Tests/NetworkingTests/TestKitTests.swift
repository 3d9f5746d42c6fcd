import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("Networking: test kit")
struct TestKitTests {
    @Test func eventuallyGivesUpAtItsBoundAndSaysWhatNeverHappened() async {
        await withKnownIssue {
            await eventually("the impossible", within: 10) { false }
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "never happened within 10 yields: the impossible" }
        }
    }

    @Test func gzipRepliesAreWellFormed() {
        // CRC-32 of that many zero bytes, from zlib (Python's zlib.crc32(bytes(n))).
        let crcs: [(Int, UInt32)] = [(0, 0), (1, 0xD202_EF8D), (779, 0xFEAE_6D44), (100_000_000, 0x2142_554D)]
        for (count, crc) in crcs {
            let body = ScriptedLoopbackServer.Reply.gzipOfZeros(count).body
            #expect(Array(body.prefix(3)) == [0x1F, 0x8B, 8])
            let trailer = Array(body.suffix(8))
            let stored = trailer[0..<4].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
            let length = trailer[4..<8].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
            #expect(stored == crc, "\(count) zero bytes")
            #expect(length == UInt32(truncatingIfNeeded: count))
        }
        #expect(ScriptedLoopbackServer.Reply.gzipOfZeros(64 << 20).body.count < (64 << 20) / 150)
        #expect(ScriptedLoopbackServer.Reply.gzipOfZeros(10).headers["Content-Encoding"] == "gzip")
    }

    @Test func scriptedClientAnswersInOrderRecordsRequestsAndFlagsExtraCalls() async throws {
        let client = ScriptedHTTPClient(script: [.success(HTTPResponse(status: 503)), .failure(.timeout)])
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 503)
        await #expect(throws: HTTPClientError.timeout) {
            try await client.send(HTTPRequest(method: .post, url: exampleURL))
        }
        await #expect(throws: HTTPClientError.invalidResponse) { try await client.send(HTTPRequest(url: exampleURL)) }
        #expect(client.requests.map(\.method) == [.get, .post, .get])
        client.append([.status(204)])
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 204)
    }

    @Test func scriptedHandlersSeeTheRequest() async throws {
        let client = ScriptedHTTPClient([], whenExhausted: .handle { .success(response(200, $0.url.path)) })
        #expect(try await client.send(HTTPRequest(url: exampleURL)).body == Data("/v1/items".utf8))
    }

    @Test func aHangingStepEndsOnlyByCancellation() async {
        let client = ScriptedHTTPClient([.hang])
        let call = Task {
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
        }
        await client.waitForRequests(1)
        call.cancel()
        #expect(await call.value.failure == .cancelled)
        await client.waitForCancellations(1)
        #expect(client.cancellations == 1)
    }

    @Test func aHangingStepOfAnAlreadyCancelledTaskEndsAtOnce() async {
        let client = ScriptedHTTPClient([.hang])
        let gate = Gate()
        let call = Task {
            await gate.wait()
            return await outcome { () async throws(HTTPClientError) in
                try await client.send(HTTPRequest(url: exampleURL))
            }
        }
        call.cancel()
        gate.open()
        #expect(await call.value.failure == .cancelled)
    }

    @Test func manualClockSleepsUntilAdvancedAndRecordsEverySleep() async throws {
        let clock = ManualClock(startDate: Date(timeIntervalSince1970: 0))
        let start = clock.now()
        let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleeps(1)
        clock.advance(by: .seconds(4))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(clock.sleeps == [.seconds(5)])
        #expect(clock.now() - start == .seconds(5))
        #expect(clock.currentDate() == Date(timeIntervalSince1970: 5))
        try await clock.sleep(for: .zero)
        try await clock.sleep(for: .seconds(-3))
        #expect(clock.sleeps.count == 3)
    }

    @Test func manualClockSleepsThrowWhenCancelled() async {
        let clock = ManualClock()
        let sleeper = Task { () async -> Bool in
            do {
                try await clock.sleep(for: .seconds(1))
                return false
            } catch {
                return true
            }
        }
        await clock.waitForSleeps(1)
        sleeper.cancel()
        #expect(await sleeper.value)
        #expect(clock.sleeperCount == 0)
        #expect(clock.elapsed == .zero)
    }

    @Test func anAutoAdvancingClockMovesOnEverySleep() async throws {
        let clock = ManualClock(advancesOnSleep: true)
        try await clock.sleep(for: .milliseconds(30))
        try await clock.sleep(for: .milliseconds(70))
        #expect(clock.elapsed == .milliseconds(100))
        let cancelled = Task { () async -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            return (try? await clock.sleep(for: .seconds(1))) == nil
        }
        #expect(await cancelled.value)
    }

    @Test func systemClockSleepsAreCancellable() async {
        let sleeper = Task { () async -> Bool in (try? await SystemClock().sleep(for: .seconds(3600))) == nil }
        sleeper.cancel()
        #expect(await sleeper.value)
        let immediate = Task { () async -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            return (try? await SystemClock().sleep(for: .zero)) == nil
        }
        #expect(await immediate.value)
    }

    @Test func seededSourcesRepeatAndScriptedSourcesYieldExactFractions() {
        let first = SeededRandomSource(seed: 99)
        let second = SeededRandomSource(seed: 99)
        let a = (0..<100).map { _ in first.next() }
        #expect(a == (0..<100).map { _ in second.next() })
        #expect(Set(a).count == 100)
        let scripted = ScriptedRandomSource(fractions: [0.5, 0.25, 2, -1])
        let fractions = (0..<5).map { _ in Double(scripted.next() >> 11) * 0x1.0p-53 }
        #expect(fractions == [0.5, 0.25, 1 - 0x1.0p-53, 0, 0.5])
        #expect(ScriptedRandomSource(fractions: []).next() == 0)
        let system = SystemRandomSource()
        #expect(Set((0..<100).map { _ in system.next() }).count > 90)
    }

    @Test func aGateReleasesEveryWaiter() async {
        let gate = Gate()
        let waiters = (0..<5).map { _ in Task { await gate.wait() } }
        await eventually("five waiters", within: 1_000_000) { gate.waiting == 5 }
        gate.open()
        for waiter in waiters { await waiter.value }
        await gate.wait()  // an open gate does not block
        #expect(gate.isOpen)
    }

    @Test func scriptedRefresherRecordsAndRunsOutWithARejection() async throws {
        let refresher = ScriptedTokenRefresher([.success(AuthToken(accessToken: "b"))])
        let client = ScriptedHTTPClient([])
        #expect(try await refresher.refresh(AuthToken(accessToken: "a"), using: client).accessToken == "b")
        await #expect(throws: HTTPClientError.refreshRejected(status: 401)) {
            try await refresher.refresh(AuthToken(accessToken: "b"), using: client)
        }
        #expect(refresher.rejectedTokens.map(\.accessToken) == ["a", "b"])
        await refresher.waitForRefreshes(2)
    }

    @Test func inMemoryTokenStoreSavesAndClears() async {
        let store = InMemoryTokenStore()
        #expect(await store.token() == nil)
        await store.save(AuthToken(accessToken: "a"))
        #expect(await store.token()?.accessToken == "a")
        await store.clear()
        #expect(await store.token() == nil)
    }
}
