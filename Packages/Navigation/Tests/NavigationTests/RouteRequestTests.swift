import EssentialsTesting
import Testing

@testable import Navigation

@Suite("Navigation: the routing fast path agrees with the general parser")
struct RouteRequestTests {
    /// What the general-purpose pieces (`LinkComponents`, `Origin`, `PathSegments`, `PercentEncoding`) make of a
    /// link: the reference the byte-level fast path must reproduce exactly.
    static func reference(_ text: String) -> Result<Parsed, RoutingError> {
        let components = LinkComponents(text[...])
        var origin: Origin?
        if let scheme = components.scheme {
            guard let authority = components.authority else { return .failure(.noMatchingRoute) }
            do {
                origin = try Origin(scheme: scheme, authority: authority)
            } catch {
                return .failure(.malformedURL)
            }
        } else if components.authority != nil {
            return .failure(.noMatchingRoute)
        }
        guard let raw = PathSegments.split(components.path) else { return .failure(.noMatchingRoute) }
        var segments: [String] = []
        for piece in raw {
            guard let segment = PercentEncoding.decode(piece), segment != ".", segment != ".." else {
                return .failure(.malformedURL)
            }
            segments.append(segment)
        }
        return .success(Parsed(origin: origin, segments: segments, query: components.query.map(String.init)))
    }

    struct Parsed: Equatable {
        var origin: Origin?
        var segments: [String]
        var query: String?
    }

    static func fast(_ text: String) -> Result<Parsed, RoutingError> {
        do {
            let request = try RouteRequest(link: text)
            return .success(
                Parsed(
                    origin: request.origin, segments: request.segments, query: request.query(in: text).map(String.init))
            )
        } catch {
            return .failure(error)
        }
    }

    static let pieces = [
        "ledger", "https", "HTTP", "a+b.c-d", ":", "//", "/", "a", "B", "1", "%41", "%zz", "%2F", "%C3%A9", "%C3", "é",
        "日本", "?", "#", "&", "=", "@", "[", "]", "[::1]", "::1", ".", "..", "-", "xn--bcher-kva", "xn--zz", "80", "443",
        "99999", "\\", " ", "%2E%2E", "invoice", "example.com", "EXAMPLE.com",
    ]

    @Test("10,000 seeded random links parse identically")
    func agreesOnRandomLinks() {
        var generator = SeededGenerator(seed: 3986)
        for _ in 0..<10_000 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator) ?? "a"
            }.joined()
            #expect(Self.fast(text) == Self.reference(text), "\(text)")
        }
    }

    @Test(
        "agrees on the edge cases",
        arguments: [
            "", "/", "//", "///", "ledger:", "ledger:/", "ledger://", "ledger:///", "ledger://invoice",
            "ledger://invoice/",
            "ledger://invoice//", "ledger://invoice/a//b/", "ledger://invoice:/42", "ledger://invoice:80/42",
            "http://host:80/x", "https://host:443", "https://HOST:0443/", "https://host:65536/", "https://host:1x/",
            "https://u@host/", "https://u:p@host/", "https://[::1]:8080/a", "https://b%C3%BCcher.example/",
            "//evil.test/help/x", "a/b", "?q=1", "#top", "/a?b#c", "/a#b?c", "ledger:invoice/42", "/%2e/x",
        ]
    )
    func agreesOnEdgeCases(text: String) {
        #expect(Self.fast(text) == Self.reference(text))
    }
}
