import Essentials
import Foundation

/// Lets concurrent identical GETs share one underlying request.
///
/// Guarantees:
/// - Only GETs without a body are shared, and only when they are identical as requests: the same URL and the same
///   header fields — every name and value, names compared case-insensitively, values exactly. Fields of different
///   names may come in any order; repeated fields of one name must repeat in the same order — and with the same
///   ``HTTPRequest/maximumResponseBytes``. So requests that differ in a cookie, a range, a validator, a language,
///   a tenant header or the size they accept are never shared: each caller gets the bytes its own request asked
///   for. Other methods pass straight through.
/// - Identical GETs that overlap in time cause one request to `base`; every caller gets the same response
///   (identical bytes) or the same error.
/// - Cancelling one caller makes that caller throw `.cancelled` at once and leaves the others waiting; cancelling
///   every caller cancels the underlying request.
/// - Nothing is cached: the shared request is forgotten the moment it completes, so a GET that starts afterwards
///   is sent again.
/// - A caller that shares a request leaves at its own overall deadline (`.deadlineExceeded`), like a cancelled one.
///
/// Where the shared request runs: when every attempt beneath passes a `TimeoutHTTPClient` (as in `HTTPStack`),
/// the first caller carries its request in its own task, so a request nobody shares costs no task and no thread
/// hop; callers that arrive meanwhile wait for its outcome. If that first caller leaves before the answer
/// (cancelled, or its own deadline passed), its request ends with it and the next caller still waiting sends it
/// again and carries it for the rest. Over any other client the request runs in a task of this layer's own, which
/// outlives the caller who started it and is cancelled when every caller has left.
public struct DeduplicatingHTTPClient: HTTPClient, HTTPClientChain {
    /// How much sharing happened, for metrics.
    public struct Statistics: Hashable, Sendable {
        /// Requests sent to the wrapped client.
        public var requestsSent: Int
        /// Callers that shared a request already in flight instead of sending their own.
        public var requestsShared: Int
        /// Shared requests in flight now.
        public var inFlight: Int

        /// Creates counters.
        public init(requestsSent: Int, requestsShared: Int, inFlight: Int) {
            self.requestsSent = requestsSent
            self.requestsShared = requestsShared
            self.inFlight = inFlight
        }
    }

    /// The whole request: the URL and every header field, fields of different names in a canonical order, and
    /// the size limit of the answer (a caller that accepts less must not be handed more).
    /// Equality and hashing are `HTTPHeaders`' own: names compared case-insensitively, values exactly.
    struct Key: Hashable, Sendable {
        let url: URL
        let headers: HTTPHeaders
        let maximumResponseBytes: Int
        /// Computed once: the key is hashed on insertion and again on removal.
        private let hash: Int

        init(_ request: HTTPRequest) {
            url = request.url
            maximumResponseBytes = request.maximumResponseBytes
            // Sorted by name already (the usual case: one code path builds a request the same way each time), the
            // headers are used as they are; otherwise a stably sorted copy, so repeated names keep their order.
            if zip(request.headers, request.headers.dropFirst()).allSatisfy({ !Self.precedes($1.name, $0.name) }) {
                headers = request.headers
            } else {
                headers = HTTPHeaders(
                    request.headers.enumerated().sorted { lhs, rhs in
                        Self.precedes(lhs.element.name, rhs.element.name)
                            || (!Self.precedes(rhs.element.name, lhs.element.name) && lhs.offset < rhs.offset)
                    }.map(\.element))
            }
            var hasher = Hasher()
            hasher.combine(url)
            hasher.combine(headers)
            hasher.combine(maximumResponseBytes)
            hash = hasher.finalize()
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.url == rhs.url && lhs.headers == rhs.headers
                && lhs.maximumResponseBytes == rhs.maximumResponseBytes
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        /// ASCII case-insensitive order of header names, without allocating.
        static func precedes(_ lhs: String, _ rhs: String) -> Bool {
            var left = lhs.utf8.makeIterator()
            var right = rhs.utf8.makeIterator()
            while true {
                switch (left.next(), right.next()) {
                case (nil, nil): return false
                case (nil, _): return true
                case (_, nil): return false
                case (let a?, let b?):
                    let (x, y) = (lowercased(a), lowercased(b))
                    if x != y { return x < y }
                }
            }
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 {
            (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        }
    }

    private let base: any HTTPClient
    private let sharing: Sharing

    /// How identical requests are shared (see the type's documentation).
    private enum Sharing: Sendable {
        case carried(CarriedFlights<Key>)
        case task(SingleFlight<Key, HTTPResponse>)
    }

    /// Wraps `base`.
    public init(wrapping base: any HTTPClient) {
        self.base = base
        sharing =
            Networking.limitsEveryAttempt(base)
            ? .carried(CarriedFlights()) : .task(SingleFlight(cancelsWhenAbandoned: true))
    }

    var limitsEveryAttempt: Bool { Networking.limitsEveryAttempt(base) }

    /// The counters so far.
    public var statistics: Statistics {
        switch sharing {
        case .carried(let flights):
            let counters = flights.statistics
            return Statistics(
                requestsSent: counters.sent, requestsShared: counters.shared, inFlight: counters.inFlight)
        case .task(let flights):
            let counters = flights.statistics
            return Statistics(
                requestsSent: counters.started, requestsShared: counters.joined, inFlight: counters.inFlight)
        }
    }

    /// Sends `request`, sharing an identical GET already in flight.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard request.method == .get, request.body == nil else { return try await base.send(request) }
        let key = Key(request)
        let base = self.base
        switch sharing {
        case .carried(let flights):
            guard let flight = flights.start(key: key) else {
                return try await flights.join(key: key) { await base.outcome(of: request) }.get()
            }
            // The first caller carries its request right here, with no closure, task or extra call in between.
            let outcome = await base.outcome(of: request)
            flights.land(key: key, flight: flight, outcome: outcome)
            return try outcome.get()
        case .task(let flights):
            return try await flights.run(key: key) { await base.outcome(of: request) }.get()
        }
    }
}

/// Identical requests in flight, each carried by the task of the caller that sent it first, with no task of
/// their own: callers that arrive while it runs wait for its outcome. When the carrier leaves before its answer
/// (cancelled, or its deadline passed), its request has ended with it, and the first caller still waiting sends
/// it again and carries it. Each waiting caller leaves at once when cancelled or at its own deadline.
final class CarriedFlights<Key: Hashable & Sendable>: Sendable {
    typealias Outcome = Result<HTTPResponse, HTTPClientError>

    /// Counters, for metrics and for tests that must know every caller has joined.
    struct Statistics: Hashable, Sendable {
        /// Requests sent: one per flight, plus one per carrier that took over from a caller who left.
        var sent = 0
        /// Callers that waited for a request in flight instead of sending their own.
        var shared = 0
        /// Flights now.
        var inFlight = 0
    }

    /// What a waiting caller is told.
    enum Turn {
        case outcome(Outcome)
        /// Send the request and carry the flight.
        case carry(Flight)
    }

    /// One waiting caller. Its fields are guarded by the lock.
    final class Waiter: @unchecked Sendable {
        var continuation: CheckedContinuation<Turn, Never>?
        var left: HTTPClientError?
    }

    /// One request in flight. Its waiters are guarded by the lock.
    final class Flight: @unchecked Sendable {
        var waiters: [Waiter] = []
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var statistics = Statistics()
    }

    private let state = LockedValue(State())

    var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// One flight the caller carries, or nil when an identical request is in flight (then `join` it).
    func start(key: Key) -> Flight? {
        state.withLock { state -> Flight? in
            guard state.flights[key] == nil else { return nil }
            let flight = Flight()
            state.flights[key] = flight
            state.statistics.sent += 1
            state.statistics.inFlight += 1
            return flight
        }
    }

    /// Waits for the flight of `key`'s identical request, or carries it with `operation` when its carrier left.
    func join(key: Key, operation: @Sendable () async -> Outcome) async -> Outcome {
        switch await wait(key: key) {
        case .outcome(let outcome): return outcome
        case .carry(let flight):
            let outcome = await operation()
            land(key: key, flight: flight, outcome: outcome)
            return outcome
        }
    }

    /// Hands the outcome of the request the caller carried for `flight` to the callers waiting, or, when the
    /// carrier left before its answer, hands the flight to the next caller waiting. Called on the carrier's task.
    func land(key: Key, flight: Flight, outcome: Outcome) {
        // The carrier left before its answer: the outcome is its own, not one to hand to the others.
        var left = Task.isCancelled
        if case .failure(.deadlineExceeded) = outcome { left = true }
        let (next, waiting) = state.withLock {
            state -> (CheckedContinuation<Turn, Never>?, [CheckedContinuation<Turn, Never>]) in
            if left, let index = flight.waiters.firstIndex(where: { $0.continuation != nil }) {
                let next = flight.waiters.remove(at: index)
                defer { next.continuation = nil }
                state.statistics.sent += 1
                return (next.continuation, [])
            }
            state.flights[key] = nil
            state.statistics.inFlight -= 1
            let waiting = flight.waiters.compactMap(\.continuation)
            for waiter in flight.waiters { waiter.continuation = nil }
            flight.waiters = []
            return (nil, waiting)
        }
        next?.resume(returning: .carry(flight))
        for continuation in waiting { continuation.resume(returning: .outcome(outcome)) }
    }

    private func wait(key: Key) async -> Turn {
        let waiter = Waiter()
        let watch = DeadlineWatch(RequestDeadline.current) { [self] in leave(waiter, with: .deadlineExceeded) }
        defer { watch.disarm() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let turn = state.withLock { state -> Turn? in
                    if let left = waiter.left { return .outcome(.failure(left)) }
                    guard let flight = state.flights[key] else {
                        // The flight ended meanwhile: carry a new one.
                        let flight = Flight()
                        state.flights[key] = flight
                        state.statistics.sent += 1
                        state.statistics.inFlight += 1
                        return .carry(flight)
                    }
                    waiter.continuation = continuation
                    flight.waiters.append(waiter)
                    state.statistics.shared += 1
                    return nil
                }
                if let turn { continuation.resume(returning: turn) }
            }
        } onCancel: {
            leave(waiter, with: .cancelled)
        }
    }

    /// A waiting caller leaves with `reason`; the flight carries on for the others.
    private func leave(_ waiter: Waiter, with reason: HTTPClientError) {
        let continuation = state.withLock { _ -> CheckedContinuation<Turn, Never>? in
            if waiter.left == nil { waiter.left = reason }
            defer { waiter.continuation = nil }
            return waiter.continuation
        }
        continuation?.resume(returning: .outcome(.failure(reason)))
    }
}
