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
        let key = Key(request)
        let base = self.base
        return try await flights.run(key: key) { await base.outcome(of: request) }.get()
    }
}
