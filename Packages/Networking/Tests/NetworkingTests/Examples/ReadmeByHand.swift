import Networking

/// The layers of `HTTPStack` wrapped by hand, each call around the client before it (read from the inside out).
func itemsClient(over transport: any HTTPClient, logTo sink: any HTTPLogSink) -> any HTTPClient {
    transport
        .timingOut(after: .seconds(5))  // each attempt, each redirect hop
        .logging(to: sink)  // sees every attempt and every hop, numbered
        .followingRedirects(RedirectPolicy(maximumRedirects: 3))  // credentials never change origin
        .retrying(policy: RetryPolicy(maximumAttempts: 3))
        .deduplicating()
        .withDeadline(.seconds(20))  // everything, backoff included
}
