import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("Networking: de-duplication")
struct DeduplicationTests {
    private func send(
        _ client: some HTTPClient, _ request: HTTPRequest = HTTPRequest(url: exampleURL)
    ) -> Task<
        Result<HTTPResponse, HTTPClientError>, Never
    > {
        Task { await outcome { () async throws(HTTPClientError) in try await client.send(request) } }
    }

    @Test func concurrentIdenticalGetsShareOneRequestAndIdenticalBytes() async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient(
            [
                .handle { _ in
                    await gate.wait()
                    return .success(response(200, "shared body"))
                }
            ],
            whenExhausted: .status(500))
        let client = DeduplicatingHTTPClient(wrapping: base)
        let calls = (0..<10).map { _ in send(client) }
        await eventually("9 callers share the first one's request", within: 1_000_000) {
            client.statistics.requestsShared == 9
        }
        gate.open()
        for call in calls { #expect(try await call.value.get().body == Data("shared body".utf8)) }
        #expect(base.requests.count == 1)
        #expect(client.statistics == .init(requestsSent: 1, requestsShared: 9, inFlight: 0))
    }

    @Test(arguments: [
        HTTPRequest(url: exampleURL.appendingPathComponent("other")),
        HTTPRequest(url: exampleURL, headers: ["Accept": "text/plain"]),
        HTTPRequest(url: exampleURL, headers: ["Authorization": "Bearer other"]),
        HTTPRequest(method: .head, url: exampleURL),
        HTTPRequest(method: .post, url: exampleURL),
        HTTPRequest(method: .get, url: exampleURL, body: Data("a body".utf8)),
    ])
    func requestsThatDifferInKeyOrMethodAreNotShared(other: HTTPRequest) async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient(
            [],
            whenExhausted: .handle { _ in
                await gate.wait()
                return .success(response(200))
            })
        let client = DeduplicatingHTTPClient(wrapping: base)
        let first = send(client, HTTPRequest(url: exampleURL, headers: ["Accept": "application/json"]))
        await base.waitForRequests(1)
        let second = send(client, other)
        await base.waitForRequests(2)
        gate.open()
        _ = try await (first.value.get(), second.value.get())
        #expect(client.statistics.requestsShared == 0)
    }

    /// Two users' requests differ only in a header outside the old key (URL, `Authorization`, `Accept`); sharing
    /// them would hand one user the other's bytes.
    @Test(arguments: [
        ("Cookie", "session=alice", "session=bob"),
        ("Range", "bytes=0-99", "bytes=100-199"),
        ("If-None-Match", "\"v1\"", "\"v2\""),
        ("Accept-Language", "de", "fr"),
        ("X-Tenant-ID", "tenant-a", "tenant-b"),
        ("X-Tenant-ID", "tenant-a", nil),
    ])
    func requestsThatDifferInAnyHeaderAreNotShared(name: String, first: String, second: String?) async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient(
            [],
            whenExhausted: .handle { request in
                await gate.wait()
                return .success(response(200, request.headers[name] ?? "none"))
            })
        let client = DeduplicatingHTTPClient(wrapping: base)
        let firstCall = send(client, HTTPRequest(url: exampleURL, headers: ["Accept": "a", name: first]))
        await base.waitForRequests(1)
        var other: HTTPHeaders = ["Accept": "a"]
        if let second { other[name] = second }
        let secondCall = send(client, HTTPRequest(url: exampleURL, headers: other))
        await eventually("the second request is sent or shared", within: 1_000_000) {
            base.requests.count == 2 || client.statistics.requestsShared == 1
        }
        gate.open()
        #expect(try await firstCall.value.get().body == Data(first.utf8))
        #expect(try await secondCall.value.get().body == Data((second ?? "none").utf8))
        #expect(client.statistics.requestsShared == 0)
        #expect(base.requests.count == 2)
    }

    @Test func theSameFieldsInAnotherOrderAreShared() async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient([
            .handle { _ in
                await gate.wait()
                return .success(response(200))
            }
        ])
        let client = DeduplicatingHTTPClient(wrapping: base)
        let first = send(client, HTTPRequest(url: exampleURL, headers: ["Accept": "a", "Cookie": "c=1"]))
        await base.waitForRequests(1)
        let second = send(client, HTTPRequest(url: exampleURL, headers: ["cookie": "c=1", "ACCEPT": "a"]))
        await eventually("the second call shares", within: 1_000_000) { client.statistics.requestsShared == 1 }
        gate.open()
        #expect(try await first.value.get() == second.value.get())
    }

    @Test func headerNameCaseDoesNotPreventSharing() async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient([
            .handle { _ in
                await gate.wait()
                return .success(response(200))
            }
        ])
        let client = DeduplicatingHTTPClient(wrapping: base)
        let first = send(client, HTTPRequest(url: exampleURL, headers: ["accept": "a", "AUTHORIZATION": "b"]))
        await base.waitForRequests(1)
        let second = send(client, HTTPRequest(url: exampleURL, headers: ["Accept": "a", "Authorization": "b"]))
        await eventually("the second call shares", within: 1_000_000) { client.statistics.requestsShared == 1 }
        gate.open()
        #expect(try await first.value.get() == second.value.get())
    }

    @Test func entriesAreRemovedOnCompletionSoALaterGetIsSentAgain() async throws {
        let base = ScriptedHTTPClient([.status(200, body: "one"), .status(200, body: "two")])
        let client = DeduplicatingHTTPClient(wrapping: base)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).body == Data("one".utf8))
        #expect(client.statistics.inFlight == 0)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).body == Data("two".utf8))
        #expect(base.requests.count == 2)
    }

    @Test func errorsAreSharedToo() async {
        let gate = Gate()
        let base = ScriptedHTTPClient([
            .handle { _ in
                await gate.wait()
                return .failure(.transport(code: -1005))
            }
        ])
        let client = DeduplicatingHTTPClient(wrapping: base)
        let calls = (0..<3).map { _ in send(client) }
        await eventually("two callers share", within: 1_000_000) { client.statistics.requestsShared == 2 }
        gate.open()
        for call in calls { #expect(await call.value.failure == .transport(code: -1005)) }
    }

    @Test func cancellingOneCallerLeavesTheOthersRunning() async throws {
        let gate = Gate()
        let base = ScriptedHTTPClient([
            .handle { _ in
                await gate.wait()
                return .success(response(200, "done"))
            }
        ])
        let client = DeduplicatingHTTPClient(wrapping: base)
        let calls = (0..<3).map { _ in send(client) }
        await eventually("two callers share", within: 1_000_000) { client.statistics.requestsShared == 2 }
        calls[0].cancel()
        #expect(await calls[0].value.failure == .cancelled)  // leaves before the request completes
        #expect(!gate.isOpen)
        gate.open()
        #expect(try await calls[1].value.get().body == Data("done".utf8))
        #expect(try await calls[2].value.get().body == Data("done".utf8))
        #expect(base.cancellations == 0)
    }

    @Test func cancellingEveryCallerCancelsTheRequest() async throws {
        let base = ScriptedHTTPClient([.hang], whenExhausted: .status(200, body: "fresh"))
        let client = DeduplicatingHTTPClient(wrapping: base)
        let calls = (0..<2).map { _ in send(client) }
        await eventually("the second caller shares", within: 1_000_000) { client.statistics.requestsShared == 1 }
        for call in calls { call.cancel() }
        for call in calls { #expect(await call.value.failure == .cancelled) }
        await base.waitForCancellations(1)
        #expect(client.statistics.inFlight == 0)
        // The abandoned request is forgotten: the next caller starts a new one.
        #expect(try await client.send(HTTPRequest(url: exampleURL)).body == Data("fresh".utf8))
        #expect(base.requests.count == 2)
    }

    @Test func anAlreadyCancelledCallerSendsNothing() async {
        let base = ScriptedHTTPClient([.status(200)])
        let client = DeduplicatingHTTPClient(wrapping: base)
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
        #expect(base.requests.isEmpty)
    }

    @Test func manyWavesOfConcurrentCallersLeaveNothingBehind() async throws {
        let base = ScriptedHTTPClient([], whenExhausted: .status(200))
        let client = DeduplicatingHTTPClient(wrapping: base)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<2_000 {
                group.addTask {
                    let call = Task {
                        try await client.send(HTTPRequest(url: exampleURL.appendingPathComponent("\(index % 7)")))
                    }
                    if index % 3 == 0 { call.cancel() }
                    _ = try? await call.value
                }
            }
            try await group.waitForAll()
        }
        #expect(client.statistics.inFlight == 0)
        #expect(base.requests.count == client.statistics.requestsSent)
    }
}
