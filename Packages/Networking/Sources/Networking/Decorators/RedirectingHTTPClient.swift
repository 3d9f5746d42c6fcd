import Foundation

/// Which redirects ``RedirectingHTTPClient`` follows. Every redirect it follows keeps the rules of
/// ``RedirectingHTTPClient``; the policy only bounds how many.
public struct RedirectPolicy: Hashable, Sendable {
    /// How many redirects one request may follow; one more fails with
    /// ``RedirectRefusal/tooManyRedirects(limit:)``. Zero refuses every redirect.
    public var maximumRedirects: Int

    /// Creates a policy; by default up to 5 redirects, more than an API needs and few enough to stop a loop
    /// early.
    public init(maximumRedirects: Int = 5) {
        self.maximumRedirects = max(0, maximumRedirects)
    }

    /// Follow no redirect: the first one fails with ``RedirectRefusal/tooManyRedirects(limit:)`` (limit 0) and
    /// nothing is sent to its target.
    public static let refuse = RedirectPolicy(maximumRedirects: 0)
}

/// Follows redirects itself, so that what is sent to their targets is decided here, not by the transport.
///
/// `URLSessionHTTPClient` follows none: it returns every 3xx as a response. This decorator follows 301, 302,
/// 303, 307 and 308 answers that carry a `Location` (other 3xx answers and one without a `Location` are returned
/// as they are), re-issuing the request through the client it wraps, so each hop passes the layers beneath it
/// (the logger records each one with its status, each has its own per-attempt timeout) and the overall deadline
/// above bounds them all.
///
/// Guarantees:
/// - **Credentials never change origin.** An origin is a scheme, a host and a port. A hop to another origin
///   carries only `Accept`, `Accept-Language` and `User-Agent` of the request's headers: never `Authorization`
///   (the bearer token of ``AuthenticatingHTTPClient``), `Cookie`, `Proxy-Authorization`, nor any other header
///   an app or a decorator added. Once dropped they stay dropped, even if a later hop returns to the first
///   origin. Hops within the origin keep every header.
/// - **No downgrade.** A redirect from `https` to `http` fails with ``RedirectRefusal/insecureRedirect``.
/// - **Methods and bodies (RFC 9110 §15.4).** 303 turns any method but HEAD into a GET without a body. 301 and
///   302 turn a POST into a GET without a body, as browsers and `URLSession` do, and keep any other method and
///   its body. 307 and 308 keep the method and the body. The body's own headers (`Content-Type`,
///   `Content-Length`, ...) go with the body.
/// - **A body or an unsafe method never changes origin.** When the next hop would send a body, or a method
///   other than GET or HEAD, to another origin (a 307 or 308 of a POST, a 301 of a PUT, ...), the redirect is
///   refused with ``RedirectRefusal/unsafeRequestToAnotherOrigin(method:status:origin:)`` and nothing is sent
///   there: a server may not move a write, or its payload, elsewhere. Within the origin they are followed.
/// - **Bounded.** At most ``RedirectPolicy/maximumRedirects`` hops; one more fails with
///   ``RedirectRefusal/tooManyRedirects(limit:)``.
/// - A `Location` that is not an `http` or `https` URL with a host fails with
///   ``RedirectRefusal/unsupportedLocation``; a relative one is resolved against the URL that answered.
///
/// Place it inside ``AuthenticatingHTTPClient`` (so the token is added before, and dropped here) and outside
/// ``LoggingHTTPClient`` (so every hop is logged), as ``HTTPStack`` does.
public struct RedirectingHTTPClient: HTTPClient, HTTPClientChain {
    private let base: any HTTPClient
    private let policy: RedirectPolicy

    /// Wraps `base`.
    public init(wrapping base: any HTTPClient, policy: RedirectPolicy = RedirectPolicy()) {
        self.base = base
        self.policy = policy
    }

    var limitsEveryAttempt: Bool { Networking.limitsEveryAttempt(base) }

    /// Sends `request` and follows its redirects as the type's documentation describes.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        var current = request
        var hops = 0
        while true {
            let response = try await base.send(current)
            // Most answers are not redirects: one range check and they are on their way.
            guard (301...308).contains(response.status), let next = try next(after: response, of: current, hops: hops)
            else { return response }
            current = next
            hops += 1
        }
    }

    /// The request the redirect in `response` asks for, or nil when `response` is not one to follow.
    private func next(
        after response: HTTPResponse, of request: HTTPRequest, hops: Int
    ) throws(HTTPClientError) -> HTTPRequest? {
        let status = response.status
        guard [301, 302, 303, 307, 308].contains(status), let location = response.headers["Location"] else {
            return nil
        }
        guard hops < policy.maximumRedirects else {
            throw .redirectRefused(.tooManyRedirects(limit: policy.maximumRedirects))
        }
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let targetOrigin = Origin(target)
        else { throw .redirectRefused(.unsupportedLocation) }
        let origin = Origin(request.url)
        if origin?.scheme == "https" && targetOrigin.scheme == "http" {
            throw .redirectRefused(.insecureRedirect)
        }
        var next = request
        next.url = target
        let becomesGet =
            (status == 303 && request.method != .head) || ((status == 301 || status == 302) && request.method == .post)
        if becomesGet {
            next.method = .get
            next.body = nil
            for field in request.headers where Self.describesTheBody(field.name) {
                next.headers.remove(field.name)
            }
        }
        guard targetOrigin != origin else { return next }
        guard next.method == .get || next.method == .head, next.body == nil else {
            throw .redirectRefused(
                .unsafeRequestToAnotherOrigin(method: next.method, status: status, origin: targetOrigin.text))
        }
        next.headers = HTTPHeaders(next.headers.filter(Self.crossesOrigins))
        return next
    }

    /// The header fields a hop to another origin keeps: what the caller accepts and who it is, nothing that
    /// could identify or authorise it.
    private static func crossesOrigins(_ field: HTTPHeaders.Field) -> Bool {
        HTTPHeaders.namesMatch(field.name, "Accept") || HTTPHeaders.namesMatch(field.name, "Accept-Language")
            || HTTPHeaders.namesMatch(field.name, "User-Agent")
    }

    /// Header fields that describe a body and leave with it (RFC 9110 §15.4).
    private static func describesTheBody(_ name: String) -> Bool {
        name.lowercased().hasPrefix("content-")
            || ["digest", "last-modified", "transfer-encoding"].contains(name.lowercased())
    }
}

/// A URL's origin (RFC 6454): scheme, host and port, with the scheme's default port filled in.
struct Origin: Hashable {
    let scheme: String
    let host: String
    let port: Int

    /// Nil unless `url` is `http` or `https` with a host.
    init?(_ url: URL) {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host.lowercased()
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `http://127.0.0.1:8081`, the port left out when it is the scheme's default.
    var text: String {
        let defaultPort = scheme == "https" ? 443 : 80
        return "\(scheme)://\(host)" + (port == defaultPort ? "" : ":\(port)")
    }
}
