import Foundation

/// Lets concurrent identical GETs share one underlying request.
///
/// Guarantees:
/// - Only GETs without a body are shared, and only when they are identical as requests: the same URL and the same
///   header fields — every name and value, names compared case-insensitively, values exactly. Fields of different
///   names may come in any order; repeated fields of one name must repeat in the same order. So requests that
///   differ in a cookie, a range, a validator, a language or a tenant header are never shared: each caller gets
///   the bytes its own request asked for. Other methods pass straight through.
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

    /// The whole request: the URL and every header field, in a canonical order.
    struct Key: Hashable, Sendable {
        let url: String
        /// Lower-cased names with their values, sorted by name; fields of one name keep their order.
        let fields: [HTTPHeaders.Field]

        init(_ request: HTTPRequest) {
            url = request.url.absoluteString
            var fields = request.headers.map { HTTPHeaders.Field(name: $0.name.lowercased(), value: $0.value) }
            if !zip(fields, fields.dropFirst()).allSatisfy({ $0.name <= $1.name }) {
                fields = fields.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
                    .map(\.element)
            }
            self.fields = fields
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
            return try await flights.run(key: key) { await base.outcome(of: request) }.get()
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
    private enum Turn {
        case outcome(Outcome)
        /// Send the request and carry the flight.
        case carry(Flight)
    }

    /// One waiting caller. Its fields are guarded by the lock.
    private final class Waiter: @unchecked Sendable {
        var continuation: CheckedContinuation<Turn, Never>?
        var left: HTTPClientError?
    }

    /// One request in flight. Its waiters are guarded by the lock.
    private final class Flight: @unchecked Sendable {
        var waiters: [Waiter] = []
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var statistics = Statistics()
    }

    private let state = Lock(State())

    var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// Carries `operation` for `key`, or waits for the flight of an identical request.
    func run(key: Key, operation: @Sendable () async -> Outcome) async -> Outcome {
        let started = state.withLock { state -> Flight? in
            guard state.flights[key] == nil else { return nil }
            let flight = Flight()
            state.flights[key] = flight
            state.statistics.sent += 1
            state.statistics.inFlight += 1
            return flight
        }
        if let started { return await carry(key: key, flight: started, operation: operation) }
        switch await wait(key: key) {
        case .outcome(let outcome): return outcome
        case .carry(let flight): return await carry(key: key, flight: flight, operation: operation)
        }
    }

    private func carry(key: Key, flight: Flight, operation: @Sendable () async -> Outcome) async -> Outcome {
        let outcome = await operation()
        // The carrier left before its answer: the outcome is its own, not one to hand to the others.
        let left = Task.isCancelled || outcome == .failure(.deadlineExceeded)
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
        return outcome
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
