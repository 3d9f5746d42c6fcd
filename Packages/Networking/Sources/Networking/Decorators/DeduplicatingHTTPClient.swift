import Foundation

/// Lets concurrent identical GETs share one underlying request.
///
/// Guarantees:
/// - GETs (without a body) with the same URL, `Authorization` and `Accept` that overlap in time cause one request to `base`; every
///   caller gets the same response (identical bytes) or the same error. Other methods pass straight through.
/// - Cancelling one caller makes that caller throw `.cancelled` at once and leaves the others waiting; cancelling
///   every caller cancels the underlying request.
/// - Nothing is cached: the shared request is forgotten the moment it completes, so a GET that starts afterwards
///   is sent again.
public struct DeduplicatingHTTPClient: HTTPClient {
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

    private struct Key: Hashable, Sendable {
        let url: String
        let authorization: String?
        let accept: String?
    }

    private let base: any HTTPClient
    private let flights = SingleFlight<Key, HTTPResponse>(cancelsWhenAbandoned: true)

    /// Wraps `base`.
    public init(wrapping base: any HTTPClient) {
        self.base = base
    }

    /// The counters so far.
    public var statistics: Statistics {
        let counters = flights.statistics
        return Statistics(requestsSent: counters.started, requestsShared: counters.joined, inFlight: counters.inFlight)
    }

    /// Sends `request`, sharing an identical GET already in flight.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard request.method == .get, request.body == nil else { return try await base.send(request) }
        let key = Key(
            url: request.url.absoluteString,
            authorization: request.headers["Authorization"],
            accept: request.headers["Accept"]
        )
        let base = self.base
        return try await flights.run(key: key) { await base.outcome(of: request) }.get()
    }
}
