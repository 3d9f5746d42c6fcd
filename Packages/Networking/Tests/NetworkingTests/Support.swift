import Foundation
import Networking
import NetworkingTesting
import Testing

/// A URL no test request ever leaves the process with (scripted clients answer it).
let exampleURL = URL(string: "https://api.example.com/v1/items?page=1") ?? URL(fileURLWithPath: "/")

func response(_ status: Int, _ body: String = "", headers: HTTPHeaders = [:]) -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
}

/// Runs `operation` and returns its outcome, so `#expect` can compare typed errors.
func outcome(
    _ operation: () async throws(HTTPClientError) -> HTTPResponse
) async -> Result<HTTPResponse, HTTPClientError> {
    do throws(HTTPClientError) {
        return .success(try await operation())
    } catch {
        return .failure(error)
    }
}

/// Yields until `condition` holds, at most `yields` times: for state that a concurrent task of this process
/// reaches without a signal to await (a caller joining a shared request, a timer being armed). The bound is part
/// of every call, so a condition that never comes fails the test with a message naming it and the bound, instead
/// of spinning for ever; a condition that waits for a socket has a signal to await instead (the loopback
/// server's `waitFor...` methods).
func eventually(
    _ what: Comment, within yields: Int, _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) async {
    for _ in 0..<max(1, yields) {
        if condition() { return }
        await Task.yield()
    }
    if condition() { return }
    Issue.record("never happened within \(yields) yields: \(what)", sourceLocation: sourceLocation)
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// A `Sleeper` on the real clock that reports when a sleep starts, for the one test that proves a real backoff
/// is interrupted by cancellation.
final class SignallingSleeper: Sleeper {
    let started = Gate()

    func sleep(for duration: Duration) async throws(CancellationError) {
        started.open()
        try await SystemClock().sleep(for: duration)
    }
}

final class LockedLines: Sendable {
    private let lines = LockedBox<[String]>([])
    var all: [String] { lines.value }
    func append(_ line: String) { lines.mutate { $0.append(line) } }
}

/// A tiny lock-protected box for test bookkeeping.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    @discardableResult
    func mutate<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&stored)
    }
}
