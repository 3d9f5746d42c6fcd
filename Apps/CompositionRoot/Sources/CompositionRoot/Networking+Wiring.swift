import Foundation

/// The HTTP stack and the session every network feature shares.
struct Network: Sendable {
    /// The JSON API client on the full stack.
    let api: APIClient
    /// Where the signed-in session lives (a file in the data folder).
    let session: FileTokenStore
}

extension LedgerFactory {
    /// The HTTP stack, outermost first, in the order `HTTPStack` justifies (see Packages/Networking/README.md):
    /// overall deadline → auth with token refresh → de-duplication of identical GETs → retry with backoff →
    /// logging of every attempt → per-attempt timeout → URLSession transport.
    ///
    /// The limits suit a command-line app: an answer within 10 s per attempt, 30 s for a whole call.
    static func makeNetwork(configuration: Configuration) -> Network {
        let session = FileTokenStore(
            file: configuration.dataDirectory.appendingPathComponent("session.json"), log: configuration.log)
        let stack = HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30))
        let client = stack.build(
            on: URLSessionHTTPClient(),
            store: session,
            refresher: LedgerTokenRefresher(baseURL: configuration.apiBaseURL),
            logSink: LineLogSink(configuration.log)
        )
        return Network(api: APIClient(baseURL: configuration.apiBaseURL, client: client), session: session)
    }
}
