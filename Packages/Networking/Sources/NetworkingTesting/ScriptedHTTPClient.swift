public import Networking

/// An `HTTPClient` double that answers from a queue of scripted results and records every request.
public actor ScriptedHTTPClient: HTTPClient {
    private var script: [Result<HTTPResponse, HTTPClientError>]
    /// The requests received so far, in call order.
    public private(set) var requests: [HTTPRequest] = []

    /// Answers the n-th request with the n-th element of `script`; when the script runs out, requests fail with
    /// `.invalidResponse` so a test sees the unexpected call.
    public init(script: [Result<HTTPResponse, HTTPClientError>]) {
        self.script = script
    }

    /// Records `request` and answers with the next scripted result.
    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        requests.append(request)
        guard !script.isEmpty else { throw .invalidResponse }
        return try script.removeFirst().get()
    }
}
