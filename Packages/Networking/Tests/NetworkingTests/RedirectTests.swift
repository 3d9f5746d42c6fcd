import Foundation
import Networking
import NetworkingTesting
import NetworkingURLSession
import Testing

/// Redirects over real sockets: two loopback servers are two origins (same host, another port), and each counts
/// what reached it. Time is a manual clock that never moves, so no limit fires while a test runs.
@Suite("Networking: redirects against loopback servers")
struct RedirectTests {
    private let transport = URLSessionHTTPClient()

    /// The full stack over the real transport, with a bearer token in the store and a spy logger.
    private func stack(
        token: AuthToken = AuthToken(accessToken: "secret-access", refreshToken: "secret-refresh"),
        refresher: any TokenRefresher = ScriptedTokenRefresher([]),
        redirects: RedirectPolicy = RedirectPolicy(),
        sink: SpyLogSink = SpyLogSink()
    ) -> any HTTPClient {
        HTTPStack(redirects: redirects).build(
            on: transport, store: InMemoryTokenStore(token: token), refresher: refresher, logSink: sink,
            clock: ManualClock(), random: ScriptedRandomSource(fractions: [0]))
    }

    private static func origin(_ server: ScriptedLoopbackServer) -> String {
        "http://127.0.0.1:\(server.port)"
    }

    /// Every header a request may carry that names or authorises its sender.
    private static let credentials = ["Authorization", "Cookie", "Proxy-Authorization", "X-Api-Key"]

    @Test(arguments: [301, 302, 303, 307, 308])
    func credentialsNeverReachAnotherOriginAndEveryHopIsLogged(status: Int) async throws {
        let first = try ScriptedLoopbackServer.start()
        let other = try ScriptedLoopbackServer.start()
        first.route(.get, "/me", then: .redirect(status, to: other.url("/collect").absoluteString))
        other.route(.get, "/collect", then: .status(200, body: "elsewhere"))
        let sink = SpyLogSink()
        let answer = try await stack(sink: sink).send(
            HTTPRequest(
                url: first.url("/me"),
                headers: [
                    "Cookie": "session=secret-cookie", "Proxy-Authorization": "Basic secret-proxy",
                    "X-Api-Key": "secret-key", "Accept": "application/json",
                ]))
        #expect(answer.status == 200)
        #expect(answer.body == Data("elsewhere".utf8))
        #expect(first.requests.first?.headers["Authorization"] == "Bearer secret-access")
        let arrived = try #require(other.requests.first)
        for name in Self.credentials {
            #expect(arrived.headers[name] == nil, "\(name) reached the other origin")
        }
        #expect(arrived.headers["Accept"] == "application/json")
        #expect(sink.entries.map(\.status) == [status, 200])
        #expect(sink.entries.map(\.url) == [first.url("/me").absoluteString, other.url("/collect").absoluteString])
        await first.stop()
        await other.stop()
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aPostToAnotherOriginBecomesAGetWithoutItsBodyOrIsRefused(status: Int) async throws {
        let first = try ScriptedLoopbackServer.start()
        let other = try ScriptedLoopbackServer.start()
        first.route(.post, "/invoices", then: .redirect(status, to: other.url("/collect").absoluteString))
        other.route(.get, "/collect", then: .status(200))
        other.route(.post, "/collect", then: .status(200))
        let request = HTTPRequest(
            method: .post, url: first.url("/invoices"), headers: ["Content-Type": "application/json"],
            body: Data(#"{"secret": "payload"}"#.utf8))
        let result = await outcome { () async throws(HTTPClientError) in try await stack().send(request) }
        switch status {
        case 301, 302, 303:  // RFC 9110: a POST may become a GET, and 303 always does; the body stays behind
            #expect(try result.get().status == 200)
            let arrived = try #require(other.requests.first)
            #expect(arrived.method == .get)
            #expect(arrived.body.isEmpty)
            #expect(arrived.headers["Content-Type"] == nil)
            #expect(arrived.headers["Authorization"] == nil)
        default:  // 307 and 308 keep the method and the body, which never go to another origin
            #expect(
                result.failure
                    == .redirectRefused(
                        .unsafeRequestToAnotherOrigin(method: .post, status: status, origin: Self.origin(other))))
            #expect(other.requests.isEmpty)
        }
        #expect(first.requests(to: "/invoices").count == 1)
        await first.stop()
        await other.stop()
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func withinTheOriginTheTokenStaysAnd307Or308KeepTheMethodAndBody(status: Int) async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.post, "/invoices", then: .redirect(status, to: "/invoices/v2"))  // relative
            server.route(.get, "/invoices/v2", then: .status(200, body: "got"))
            server.route(.post, "/invoices/v2", then: .status(201, body: "posted"))
            let body = Data(#"{"total": 10}"#.utf8)
            let answer = try await stack().send(
                HTTPRequest(
                    method: .post, url: server.url("/invoices"), headers: ["Content-Type": "application/json"],
                    body: body))
            let hop = try #require(server.requests(to: "/invoices/v2").first)
            #expect(hop.headers["Authorization"] == "Bearer secret-access")
            if status == 307 || status == 308 {
                #expect(answer.status == 201)
                #expect(hop.method == .post)
                #expect(hop.body == body)
                #expect(hop.headers["Content-Type"] == "application/json")
            } else {
                #expect(answer.status == 200)
                #expect(hop.method == .get)
                #expect(hop.body.isEmpty)
                #expect(hop.headers["Content-Type"] == nil)
            }
        }
    }

    /// A 401, a refresh, the request sent again with the new token, and that one redirected to another origin:
    /// the new token stays home too.
    @Test(arguments: [301, 302, 303, 307, 308])
    func theTokenOfARefreshNeverFollowsARedirectToAnotherOrigin(status: Int) async throws {
        let first = try ScriptedLoopbackServer.start()
        let other = try ScriptedLoopbackServer.start()
        let session = SessionServer(on: first, protectedPath: "/unused")
        let expired = session.currentToken
        session.expireTokens()
        let target = other.url("/collect").absoluteString
        first.route(.get, "/me") { request in  // only the refreshed token is let through, and sent elsewhere
            request.headers["Authorization"] == "Bearer access-2" ? .redirect(status, to: target) : .status(401)
        }
        other.route(.get, "/collect", then: .status(200, body: "elsewhere"))
        let answer = try await stack(token: expired, refresher: session.refresher).send(
            HTTPRequest(url: first.url("/me")))
        #expect(answer.body == Data("elsewhere".utf8))
        #expect(session.refreshRequests == 1)
        #expect(
            first.requests(to: "/me").map { $0.headers["Authorization"] } == ["Bearer access-1", "Bearer access-2"])
        #expect(other.requests.count == 1)
        #expect(other.requests.allSatisfy { $0.headers["Authorization"] == nil })
        await first.stop()
        await other.stop()
    }

    /// The refresh request carries the refresh token in its body: a redirect of it to another origin never
    /// takes the token along, whatever the status.
    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectedRefreshNeverCarriesTheRefreshTokenToAnotherOrigin(status: Int) async throws {
        let first = try ScriptedLoopbackServer.start()
        let other = try ScriptedLoopbackServer.start()
        first.route(.get, "/me", then: .status(401))
        first.route(.post, SessionServer.refreshPath, then: .redirect(status, to: other.url("/steal").absoluteString))
        other.route(.get, "/steal", then: .status(200, body: "{}"))
        let token = AuthToken(accessToken: "secret-access", refreshToken: "secret-refresh", version: "1")
        let refresher = EndpointTokenRefresher(url: first.url(SessionServer.refreshPath))
        let result = await outcome { () async throws(HTTPClientError) in
            try await stack(token: token, refresher: refresher).send(HTTPRequest(url: first.url("/me")))
        }
        if status == 307 || status == 308 {
            #expect(
                result.failure
                    == .redirectRefused(
                        .unsafeRequestToAnotherOrigin(method: .post, status: status, origin: Self.origin(other))))
            #expect(other.requests.isEmpty)
        } else {
            #expect(result.failure == .invalidResponse)  // the refresher could not read what the other origin said
            #expect(other.requests.map(\.method) == [.get])
        }
        for arrived in other.requests {
            #expect(arrived.body.isEmpty)
            #expect(!arrived.headers.contains { $0.value.contains("secret") })
        }
        await first.stop()
        await other.stop()
    }

    @Test func credentialsDroppedOnTheWayOutStayDroppedBackAtTheFirstOrigin() async throws {
        let first = try ScriptedLoopbackServer.start()
        let other = try ScriptedLoopbackServer.start()
        first.route(.get, "/start", then: .redirect(302, to: other.url("/bounce").absoluteString))
        other.route(.get, "/bounce", then: .redirect(302, to: first.url("/back").absoluteString))
        first.route(.get, "/back", then: .status(200))
        #expect(try await stack().send(HTTPRequest(url: first.url("/start"))).status == 200)
        #expect(first.requests(to: "/start").first?.headers["Authorization"] == "Bearer secret-access")
        #expect(first.requests(to: "/back").first?.headers["Authorization"] == nil)
        await first.stop()
        await other.stop()
    }

    @Test func aRedirectLoopStopsAtTheLimit() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/loop", then: .redirect(302, to: "/loop"))
            let result = await outcome { () async throws(HTTPClientError) in
                try await stack(redirects: RedirectPolicy(maximumRedirects: 3)).send(
                    HTTPRequest(url: server.url("/loop")))
            }
            #expect(result.failure == .redirectRefused(.tooManyRedirects(limit: 3)))
            #expect(server.requests(to: "/loop").count == 4)  // the request and three redirects
        }
    }

    @Test func refusingRedirectsSendsNothingToTheTargetAndLogsTheRedirect() async throws {
        let first = try ScriptedLoopbackServer.start()
        let other = try ScriptedLoopbackServer.start()
        first.route(.get, "/me", then: .redirect(302, to: other.url("/collect").absoluteString))
        let sink = SpyLogSink()
        let result = await outcome { () async throws(HTTPClientError) in
            try await stack(redirects: .refuse, sink: sink).send(HTTPRequest(url: first.url("/me")))
        }
        #expect(result.failure == .redirectRefused(.tooManyRedirects(limit: 0)))
        #expect(other.requests.isEmpty)
        #expect(sink.entries.map(\.status) == [302])
        await first.stop()
        await other.stop()
    }

    @Test func theTransportFollowsNoRedirectItself() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/old", then: .status(301, headers: ["Location": "/new"], body: "moved"))
            server.route(.get, "/new", then: .status(200))
            let answer = try await transport.send(HTTPRequest(url: server.url("/old")))
            #expect(answer.status == 301)
            #expect(answer.headers["Location"] == "/new")
            #expect(answer.body == Data("moved".utf8))
            #expect(server.requests(to: "/new").isEmpty)
        }
    }
}

/// The redirect rules that need no socket: an `https` origin, hostile `Location`s, answers that are not redirects.
@Suite("Networking: redirect rules")
struct RedirectRuleTests {
    private let secure = URL(string: "https://api.example.com/v1/me") ?? exampleURL

    private func follow(
        _ request: HTTPRequest, answers: [ScriptedHTTPClient.Step], policy: RedirectPolicy = RedirectPolicy()
    ) async -> (Result<HTTPResponse, HTTPClientError>, [HTTPRequest]) {
        let base = ScriptedHTTPClient(answers)
        let result = await outcome { () async throws(HTTPClientError) in
            try await base.followingRedirects(policy).send(request)
        }
        return (result, base.requests)
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func anHTTPSRequestIsNeverRedirectedToHTTP(status: Int) async {
        let (result, sent) = await follow(
            HTTPRequest(url: secure, headers: ["Authorization": "Bearer t"]),
            answers: [.status(status, headers: ["Location": "http://api.example.com/v1/me"])])
        #expect(result.failure == .redirectRefused(.insecureRedirect))
        #expect(sent.count == 1)
    }

    @Test func httpToHTTPSIsAnotherOriginSoTheTokenStaysBehind() async throws {
        let plain = try #require(URL(string: "http://api.example.com/v1/me"))
        let (result, sent) = await follow(
            HTTPRequest(url: plain, headers: ["Authorization": "Bearer t"]),
            answers: [.status(301, headers: ["Location": "https://api.example.com/v1/me"]), .status(200)])
        #expect(try result.get().status == 200)
        #expect(sent.map(\.url.absoluteString) == ["http://api.example.com/v1/me", "https://api.example.com/v1/me"])
        #expect(sent.last?.headers["Authorization"] == nil)
    }

    @Test func theDefaultPortIsTheSameOriginAndAnotherPortIsNot() async throws {
        let (sameResult, same) = await follow(
            HTTPRequest(url: secure, headers: ["Authorization": "Bearer t"]),
            answers: [.status(302, headers: ["Location": "https://API.example.com:443/v2/me"]), .status(200)])
        #expect(try sameResult.get().status == 200)
        #expect(same.last?.headers["Authorization"] == "Bearer t")
        let (otherResult, other) = await follow(
            HTTPRequest(url: secure, headers: ["Authorization": "Bearer t"]),
            answers: [.status(302, headers: ["Location": "https://api.example.com:8443/v2/me"]), .status(200)])
        #expect(try otherResult.get().status == 200)
        #expect(other.last?.headers["Authorization"] == nil)
    }

    @Test(arguments: [
        "file:///etc/passwd", "javascript:alert(1)", "ftp://api.example.com/x", "http://", "mailto:a@b.c",
        "https://", "//",
    ])
    func locationsThatAreNotHTTPAddressesAreRefused(location: String) async {
        let (result, sent) = await follow(
            HTTPRequest(url: secure), answers: [.status(302, headers: ["Location": location])])
        #expect(result.failure == .redirectRefused(.unsupportedLocation))
        #expect(sent.count == 1)
    }

    @Test(arguments: [300, 304, 305, 306, 399])
    func otherThreeHundredsAreAnswersNotRedirects(status: Int) async throws {
        let (result, sent) = await follow(
            HTTPRequest(url: secure), answers: [.status(status, headers: ["Location": "/elsewhere"])])
        #expect(try result.get().status == status)
        #expect(sent.count == 1)
    }

    @Test func aRedirectWithoutALocationIsAnAnswer() async throws {
        let (result, sent) = await follow(HTTPRequest(url: secure), answers: [.status(302)])
        #expect(try result.get().status == 302)
        #expect(sent.count == 1)
    }

    @Test(arguments: [
        (303, HTTPMethod.head, HTTPMethod.head), (303, .put, .get), (303, .delete, .get), (301, .put, .put),
        (302, .patch, .patch), (301, .get, .get), (302, .post, .get), (307, .post, .post), (308, .delete, .delete),
    ])
    func methodsChangeAsRFC9110Says(status: Int, method: HTTPMethod, next: HTTPMethod) async throws {
        let body: Data? = method == .get || method == .head ? nil : Data("payload".utf8)
        let (result, sent) = await follow(
            HTTPRequest(method: method, url: secure, headers: ["Content-Type": "text/plain"], body: body),
            answers: [.status(status, headers: ["Location": "/v1/moved"]), .status(200)])
        #expect(try result.get().status == 200)
        let hop = try #require(sent.last)
        #expect(hop.method == next)
        #expect(hop.body == (next == method ? body : nil))
        #expect(hop.headers["Content-Type"] == (next == method ? "text/plain" : nil))
    }

    @Test(arguments: [(301, HTTPMethod.put), (302, .delete), (307, .patch), (308, .post)])
    func anUnsafeMethodNeverChangesOrigin(status: Int, method: HTTPMethod) async {
        let (result, sent) = await follow(
            HTTPRequest(method: method, url: secure),
            answers: [.status(status, headers: ["Location": "https://elsewhere.example/x"])])
        #expect(
            result.failure
                == .redirectRefused(
                    .unsafeRequestToAnotherOrigin(method: method, status: status, origin: "https://elsewhere.example")))
        #expect(sent.count == 1)
    }

    @Test func aGetRedirectedWith307ToAnotherOriginIsFollowedWithoutCredentials() async throws {
        let (result, sent) = await follow(
            HTTPRequest(url: secure, headers: ["Authorization": "Bearer t", "Accept-Language": "de"]),
            answers: [.status(307, headers: ["Location": "https://cdn.example/file"]), .status(200)])
        #expect(try result.get().status == 200)
        #expect(sent.last?.headers == ["Accept-Language": "de"])
    }

    @Test func theSizeLimitOfTheRequestGoesWithEveryHop() async throws {
        let (_, sent) = await follow(
            HTTPRequest(url: secure, maximumResponseBytes: 1_234),
            answers: [.status(302, headers: ["Location": "https://cdn.example/file"]), .status(200)])
        #expect(sent.map(\.maximumResponseBytes) == [1_234, 1_234])
    }

    @Test func aNegativeLimitIsZero() {
        #expect(RedirectPolicy(maximumRedirects: -2) == .refuse)
    }
}
