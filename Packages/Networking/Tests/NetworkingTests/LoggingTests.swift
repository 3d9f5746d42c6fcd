import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("Networking: logging")
struct LoggingTests {
    @Test func anEntryDescribesTheAttempt() async throws {
        let clock = ManualClock()
        let sink = SpyLogSink()
        let base = ScriptedHTTPClient([
            .handle { _ in
                clock.advance(by: .milliseconds(250))
                return .success(response(201, "twelve bytes", headers: ["Content-Type": "text/plain"]))
            }
        ])
        let client = LoggingHTTPClient(wrapping: base, sink: sink, clock: clock)
        let request = HTTPRequest(method: .post, url: exampleURL, body: Data(repeating: 7, count: 5))
        _ = try await client.send(request)
        let entry = try #require(sink.entries.first)
        #expect(entry.attempt == 1)
        #expect(entry.method == .post)
        #expect(entry.url == "https://api.example.com/v1/items?page=1")
        #expect(entry.status == 201)
        #expect(entry.error == nil)
        #expect(entry.duration == .milliseconds(250))
        #expect(entry.requestBytes == 5)
        #expect(entry.responseBytes == 12)
        #expect(entry.responseHeaders["content-type"] == "text/plain")
        #expect(
            entry.line
                == "POST https://api.example.com/v1/items?page=1 -> 201 in 250.0 ms (attempt 1, sent 5 B, received 12 B)"
        )
    }

    @Test func failuresAreLoggedAndRethrown() async {
        let sink = SpyLogSink()
        let client = LoggingHTTPClient(
            wrapping: ScriptedHTTPClient([.fail(.timeout)]), sink: sink, clock: ManualClock())
        let failure = await outcome { () async throws(HTTPClientError) in
            try await client.send(HTTPRequest(url: exampleURL))
        }
        #expect(failure.failure == .timeout)
        #expect(sink.entries.map(\.error) == [.timeout])
        #expect(sink.entries.map(\.status) == [nil])
        #expect(sink.lines.first?.contains("failed (The server did not answer in time.)") == true)
    }

    @Test func credentialsAndCookiesAreRedactedBeforeTheSinkSeesThem() async throws {
        let sink = SpyLogSink()
        let base = ScriptedHTTPClient([
            .status(200, headers: ["Set-Cookie": "session=secret-cookie-1", "set-cookie": "b=secret-cookie-2"])
        ])
        let client = LoggingHTTPClient(wrapping: base, sink: sink, clock: ManualClock())
        let url = try #require(
            URL(
                string:
                    "https://user:secret-password@api.example.com/p?access_token=secret-query&page=2&Token=secret-t#secret-fragment"
            ))
        _ = try await client.send(
            HTTPRequest(
                url: url,
                headers: [
                    "authorization": "Bearer secret-bearer", "Cookie": "id=secret-cookie-3",
                    "Proxy-Authorization": "Basic secret-proxy", "X-Request-ID": "visible",
                ]))
        let entry = try #require(sink.entries.first)
        let everything = [entry.line, String(describing: entry), String(reflecting: entry)].joined()
        #expect(!everything.contains("secret"), "\(everything)")
        #expect(entry.requestHeaders["Authorization"] == "redacted")
        #expect(entry.requestHeaders["x-request-id"] == "visible")
        #expect(entry.responseHeaders.values(for: "set-cookie") == ["redacted", "redacted"])
        #expect(entry.url == "https://user:redacted@api.example.com/p?access_token=redacted&page=2&Token=redacted")
    }

    @Test func concurrentAttemptsEachGetOneEntry() async throws {
        let sink = SpyLogSink()
        let client = LoggingHTTPClient(
            wrapping: ScriptedHTTPClient([], whenExhausted: .status(200)), sink: sink, clock: ManualClock())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    _ = try await client.send(HTTPRequest(url: exampleURL.appendingPathComponent("\(index)")))
                }
            }
            try await group.waitForAll()
        }
        #expect(sink.entries.count == 200)
        #expect(Set(sink.entries.map(\.url)).count == 200)
    }

    @Test func redactionIsConfigurable() {
        var redaction = Redaction(headerNames: ["X-Api-Key"], queryItemNames: ["SIG"])
        redaction.headerNames.insert("X-SECRET")
        let headers = redaction.redact(["x-api-key": "k", "X-Secret": "s", "Authorization": "kept"])
        #expect(headers == ["x-api-key": "redacted", "X-Secret": "redacted", "Authorization": "kept"])
        let url = URL(string: "https://example.com/?sig=abc&other=1") ?? exampleURL
        #expect(redaction.redact(url) == "https://example.com/?sig=redacted&other=1")
        #expect(Redaction(headerNames: ["A", "B", "C"]) == Redaction(headerNames: ["c", "b", "a"]))
        let untouched: HTTPHeaders = ["Accept": "a", "X-Trace": "t"]
        #expect(Redaction().redact(untouched) == untouched)
    }

    /// Names are first told apart by length: a long secret name, one sharing the long names' bucket, a name as
    /// long as a secret one, and an empty name.
    @Test func headerNamesOfEveryLengthAreMatchedExactly() {
        let long = "X-" + String(repeating: "Secret-", count: 12)
        let otherLong = "X-" + String(repeating: "Public-", count: 15)
        var redaction = Redaction(headerNames: [long, "Token"])
        let headers = redaction.redact([long.uppercased(): "a", otherLong: "b", "Tokes": "c", "TOKEN": "d", "": "e"])
        #expect(headers == [long: "redacted", otherLong: "b", "Tokes": "c", "token": "redacted", "": "e"])
        redaction.headerNames = ["Session-Id"]
        #expect(redaction.redact(["Token": "d", "session-id": "c"]) == ["Token": "d", "session-id": "redacted"])
    }

    @Test(arguments: [
        "https://user:secret@example.com/path", "https://example.com/p#access_token=secret",
        "https://example.com/p?token=secret", "https://example.com/a@b?password=secret",
        "https://example.com/p?page=2&Access_Token=secret&sort=asc", "https://example.com/p?to%6Ben=secret",
        "https://example.com/p?a&key=secret", "https://example.com/p?api%5Fkey=secret&x=1",
    ])
    func urlsWithPasswordsFragmentsOrTokenQueriesAreRedacted(text: String) throws {
        let redacted = Redaction().redact(try #require(URL(string: text)))
        #expect(!redacted.contains("secret"), "\(redacted)")
    }

    @Test(arguments: [
        "https://example.com/p", "https://example.com/p?page=2&sort=asc", "https://example.com:8080/a/b?tokens=1",
        "http://127.0.0.1:9/me?n=3-41", "https://example.com/p?=x&&key", "https://example.com/p?",
    ])
    func urlsWithNothingSecretAreLoggedAsTheyAre(text: String) throws {
        #expect(Redaction().redact(try #require(URL(string: text))) == text)
    }

    @Test func aLineLogSinkWritesTheLine() async throws {
        let lines = LockedLines()
        let client = LoggingHTTPClient(
            wrapping: ScriptedHTTPClient([.status(204)]), sink: LineLogSink { lines.append($0) }, clock: ManualClock())
        _ = try await client.send(
            HTTPRequest(method: .delete, url: exampleURL, headers: ["Authorization": "Bearer t0k3n"]))
        #expect(
            lines.all == [
                "DELETE https://api.example.com/v1/items?page=1 -> 204 in 0.0 ms (attempt 1, sent 0 B, received 0 B)"
            ])
    }
}
