import Foundation
import Navigation
import Testing

@Suite("Navigation: link safety policy")
struct LinkPolicyTests {
    static func policy(
        redirectTargets: AllowListLinkPolicy.RedirectTargets = .relativePathsOnly
    ) throws -> AllowListLinkPolicy {
        try AllowListLinkPolicy(
            schemes: ["https", "ledger", "mailto"],
            hosts: ["good.test", "bücher.example", "app.example.com", "invoice"],
            hostlessSchemes: ["mailto"],
            redirectTargets: redirectTargets
        )
    }

    static let allowed = [
        "https://good.test/",
        "https://good.test",
        "HTTPS://GOOD.TEST/Path?q=1",
        "https://good.test:443/",
        "https://bücher.example/",
        "https://xn--bcher-kva.example/buch",
        "https://b%C3%BCcher.example/",
        "https://good.test./",  // the fully qualified spelling of good.test
        "https://good.test/?next=/invoices/42",
        "https://good.test/?next=%2Finvoices%2F42%3Ftab%3Dlines",
        "https://good.test/?next=",
        "https://good.test/?next=/search?q=100%25",
        "https://good.test/?q=https://app.example.com/x",  // not a redirect parameter: any allowed host
        "https://good.test/?q=10:30",  // text with a colon is not a link
        "https://good.test/#@evil.test",  // a fragment is not an authority
        "ledger://invoice/42",
        "mailto:someone@example.com",
    ]

    @Test("allows allow-listed schemes and exact hosts, as text and as Foundation URLs", arguments: allowed)
    func allows(link: String) throws {
        let policy = try Self.policy()
        #expect(throws: Never.self) { try policy.check(link: link) }
        let url = try #require(URL(string: link), "Foundation parses every allowed link")
        #expect(throws: Never.self) { try policy.check(url) }
    }

    static let rejected: [(String, LinkRejection)] = [
        ("javascript:alert(1)", .forbiddenScheme("javascript")),
        ("JaVaScRiPt:alert(document.cookie)", .forbiddenScheme("javascript")),
        ("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", .forbiddenScheme("data")),
        ("file:///etc/passwd", .forbiddenScheme("file")),
        ("vbscript:msgbox(1)", .forbiddenScheme("vbscript")),
        ("java\nscript:alert(1)", .controlCharacter),
        ("java\tscript:alert(1)", .controlCharacter),
        (" javascript:alert(1)", .controlCharacter),
        ("javascript\u{0}:alert(1)", .controlCharacter),
        ("https://good.test/\u{2028}", .controlCharacter),
        ("https://good.test/\u{202E}", .controlCharacter),  // right-to-left override
        ("ja%76ascript:alert(1)", .malformed),
        ("https://evil.test\\@good.test/", .backslash),
        ("https://evil.test%5C@good.test/", .backslash),
        ("https://evil.test%5c@good.test/", .backslash),
        ("https:\\\\evil.test", .backslash),
        ("https://good.test.evil.test/", .hostNotAllowed("good.test.evil.test")),
        ("https://evil.test/good.test", .hostNotAllowed("evil.test")),
        ("https://evil.test/?good.test", .hostNotAllowed("evil.test")),
        ("https://evil.test#good.test", .hostNotAllowed("evil.test")),
        ("https://good.test@evil.test", .userInfo),
        ("https://good.test@evil.test/", .userInfo),
        ("https://user:password@good.test/", .userInfo),
        ("https://good.test:443@evil.test/", .userInfo),
        ("https://@good.test/", .userInfo),
        ("https://good.test%40evil.test/", .invalidHost("good.test%40evil.test")),
        ("https://good.test／evil.test/", .invalidHost("good.test／evil.test")),
        ("https://gооd.test/", .hostNotAllowed("xn--gd-fmca.test")),  // Cyrillic look-alike
        ("https://good.test../", .invalidHost("good.test..")),
        ("http://good.test/", .schemeNotAllowed("http")),
        ("ftp://good.test/", .schemeNotAllowed("ftp")),
        ("intent://good.test/#Intent;scheme=javascript;end", .schemeNotAllowed("intent")),
        ("https://good.test:8443/", .portNotAllowed(8443)),
        ("https://good.test:99999/", .malformed),
        ("https://good.test:80a/", .malformed),
        ("https://[::1/", .malformed),
        ("https:///path", .missingHost),
        ("https:good.test", .missingHost),
        ("/relative/path", .missingScheme),
        ("good.test/path", .missingScheme),
        ("//evil.test/path", .missingScheme),
        ("https://good.test/?next=https://evil.test", .unsafeRedirect(parameter: "next", .absoluteURL)),
        (
            "https://good.test/?q=https://anything.test",
            .unsafeRedirect(parameter: "q", .unsafeTarget(.hostNotAllowed("anything.test")))
        ),
        (
            "https://good.test/#https://evil.test",
            .unsafeFragment(parameter: nil, .unsafeTarget(.hostNotAllowed("evil.test")))
        ),
        ("https://good.test/?Next=https://good.test/", .unsafeRedirect(parameter: "next", .absoluteURL)),
        ("https://good.test/?next=javascript:alert(1)", .unsafeRedirect(parameter: "next", .absoluteURL)),
        ("https://good.test/?next=//evil.test", .unsafeRedirect(parameter: "next", .schemeRelative)),
        ("https://good.test/?next=%2F%2Fevil.test", .unsafeRedirect(parameter: "next", .schemeRelative)),
        ("https://good.test/?next=%252F%252Fevil.test", .unsafeRedirect(parameter: "next", .schemeRelative)),
        ("https://good.test/?next=/%2F/evil.test", .unsafeRedirect(parameter: "next", .schemeRelative)),
        ("https://good.test/?next=/%5Cevil.test", .unsafeRedirect(parameter: "next", .backslash)),
        ("https://good.test/?next=/%0A/evil.test", .unsafeRedirect(parameter: "next", .controlCharacter)),
        ("https://good.test/?next=%zz", .unsafeRedirect(parameter: "next", .malformedEncoding)),
        ("https://good.test/?redirect_uri=evil.test", .unsafeRedirect(parameter: "redirect_uri", .notAPath)),
        ("https://good.test/?a=1;url=https://evil.test", .unsafeRedirect(parameter: "url", .absoluteURL)),
        ("https://good.test/?%6Eext=https://evil.test", .unsafeRedirect(parameter: "next", .absoluteURL)),
        ("https://good.test/?%zz=1", .malformed),
        (
            "https://good.test/?next=/login?next=https://evil.test",
            .unsafeRedirect(parameter: "next", .unsafeTarget(.unsafeRedirect(parameter: "next", .absoluteURL)))
        ),
        (
            "https://good.test/?next=%2Flogin%3Fnext%3Dhttps%253A%252F%252Fevil.test",
            .unsafeRedirect(parameter: "next", .unsafeTarget(.unsafeRedirect(parameter: "next", .absoluteURL)))
        ),
    ]

    @Test("rejects unsafe links with the reason", arguments: rejected)
    func rejects(link: String, reason: LinkRejection) throws {
        let policy = try Self.policy()
        #expect(throws: reason) { try policy.check(link: link) }
    }

    /// The rejected links that Foundation turns into a `URL` at all: it refuses some of them outright (a line break,
    /// a leading space, `ja%76ascript:`), and those can never reach ``LinkPolicy/check(_:)``. Which ones it refuses
    /// differs between Foundation versions, so the list is computed, and `mostRejectedLinksArriveAsURLs` keeps it
    /// from shrinking to nothing.
    static let rejectedAsURLs: [(String, URL, LinkRejection)] = rejected.compactMap { link, reason in
        URL(string: link).map { (link, $0, reason) }
    }

    @Test("most of the rejected links arrive as Foundation URLs, so the test below checks them")
    func mostRejectedLinksArriveAsURLs() {
        #expect(Self.rejectedAsURLs.count >= Self.rejected.count * 3 / 4, "\(Self.rejectedAsURLs.map(\.1))")
    }

    @Test("rejects the same links when they arrive as Foundation URLs", arguments: rejectedAsURLs)
    func rejectsURLs(link: String, url: URL, reason: LinkRejection) throws {
        // Foundation percent-encodes some of these strings. A URL it kept as written gets the same reason; one it
        // rewrote is either refused or has become plain, printable ASCII, so what would be opened is exactly what
        // was checked.
        let policy = try Self.policy()
        if url.absoluteString == link {
            #expect(throws: reason) { try policy.check(url) }
        } else if (try? policy.check(url)) != nil {
            #expect(url.absoluteString.unicodeScalars.allSatisfy { (0x21..<0x7F).contains($0.value) })
            #expect(!url.absoluteString.contains("\\"))
        }
    }

    /// Foundation keeps this link, with the backslash percent-encoded in its authority.
    static let backslashTrick = URL(string: "https://evil.test\\@good.test/")

    @Test(
        "the backslash trick is refused as a URL too",
        .enabled(if: backslashTrick != nil, "this Foundation refuses the link outright, so no URL can carry it")
    )
    func backslashAsURL() throws {
        let policy = try Self.policy()
        let url = try #require(Self.backslashTrick)
        #expect(throws: LinkRejection.backslash) { try policy.check(url) }
    }

    @Test("an allowed absolute redirect passes when the policy allows it, and is checked by the same policy")
    func absoluteRedirectsUnderSamePolicy() throws {
        let policy = try Self.policy(redirectTargets: .relativePathsOrAllowedLinks)
        #expect(throws: Never.self) { try policy.check(link: "https://good.test/?next=https://app.example.com/x") }
        #expect(throws: Never.self) { try policy.check(link: "https://good.test/?next=/relative") }
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "next", .unsafeTarget(.hostNotAllowed("evil.test")))) {
            try policy.check(link: "https://good.test/?next=https://evil.test/")
        }
        #expect(
            throws: LinkRejection.unsafeRedirect(parameter: "next", .unsafeTarget(.forbiddenScheme("javascript")))
        ) {
            try policy.check(link: "https://good.test/?next=javascript:alert(1)")
        }
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "next", .unsafeTarget(.userInfo))) {
            try policy.check(link: "https://good.test/?next=https%3A%2F%2Fgood.test%40evil.test%2F")
        }
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "next", .schemeRelative)) {
            try policy.check(link: "https://good.test/?next=//evil.test/")
        }
    }

    @Test("huge links are refused by length, not parsed")
    func huge() throws {
        let policy = try Self.policy()
        let link = "https://good.test/" + String(repeating: "a", count: 1_000_000)
        #expect(throws: LinkRejection.tooLong(link.utf8.count)) { try policy.check(link: link) }
        #expect(throws: LinkRejection.missingScheme) { try policy.check(link: "") }
    }

    @Test("deeply nested and very many redirects cost bounded work and are refused")
    func hostileRedirects() throws {
        let policy = try Self.policy()
        var nested = "/end"
        for _ in 0..<8 {
            nested = "/a?next=" + PercentEncodingForTests.encode(nested)
        }
        #expect {
            try policy.check(link: "https://good.test" + nested)
        } throws: { error in
            (error as? LinkRejection).flatMap(Self.innermost) == .nestedTooDeeply
        }
        let many = (0..<500).map { _ in "next=/a" }.joined(separator: "&")
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "next", .tooManyRedirects)) {
            try policy.check(link: "https://good.test/?" + many)
        }
        var layered = "/a"
        for _ in 0..<6 { layered = PercentEncodingForTests.encode(layered) }
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "next", .nestedTooDeeply)) {
            try policy.check(link: "https://good.test/?next=" + layered)
        }
    }

    @Test("two levels of nesting are followed, five are refused")
    func nestingDepth() throws {
        let policy = try Self.policy()
        let shallow = "https://good.test/?next=" + PercentEncodingForTests.encode("/a?next=/b")
        #expect(throws: Never.self) { try policy.check(link: shallow) }
        var deep = "/end"
        for _ in 0..<5 { deep = "/a?next=" + PercentEncodingForTests.encode(deep) }
        let link = "https://good.test" + deep
        do {
            try policy.check(link: link)
            Issue.record("a five-level redirect chain passed")
        } catch {
            #expect(Self.innermost(error) == .nestedTooDeeply)
        }
    }

    @Test("configuration mistakes are reported, not ignored")
    func configuration() {
        #expect(throws: AllowListLinkPolicy.ConfigurationError.forbiddenScheme("javascript")) {
            try AllowListLinkPolicy(schemes: ["https", "JavaScript"], hosts: ["good.test"])
        }
        #expect(throws: AllowListLinkPolicy.ConfigurationError.invalidScheme("1http")) {
            try AllowListLinkPolicy(schemes: ["1http"], hosts: ["good.test"])
        }
        #expect(throws: AllowListLinkPolicy.ConfigurationError.invalidScheme("")) {
            try AllowListLinkPolicy(schemes: [""], hosts: ["good.test"])
        }
        #expect(throws: AllowListLinkPolicy.ConfigurationError.invalidHost("bad host")) {
            try AllowListLinkPolicy(schemes: ["https"], hosts: ["bad host"])
        }
        #expect(throws: AllowListLinkPolicy.ConfigurationError.invalidHost("")) {
            try AllowListLinkPolicy(schemes: ["https"], hosts: [""])
        }
        #expect(throws: AllowListLinkPolicy.ConfigurationError.invalidMaximumLength(0)) {
            try AllowListLinkPolicy(schemes: ["https"], hosts: ["good.test"], maximumLength: 0)
        }
    }

    @Test("normalises its configuration")
    func normalisedConfiguration() throws {
        let policy = try AllowListLinkPolicy(
            schemes: ["HTTPS"],
            hosts: ["BÜCHER.example"],
            redirectParameters: ["ReturnTo"]
        )
        #expect(policy.allowedSchemes == ["https"])
        #expect(policy.allowedHosts == ["xn--bcher-kva.example"])
        #expect(policy.redirectParameters == ["returnto"])
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "returnto", .absoluteURL)) {
            try policy.check(link: "https://bücher.example/?returnTo=https://evil.test")
        }
    }

    @Test("explicitly allowed ports pass")
    func ports() throws {
        let policy = try AllowListLinkPolicy(schemes: ["https"], hosts: ["good.test"], allowedPorts: [8443])
        #expect(throws: Never.self) { try policy.check(link: "https://good.test:8443/") }
        #expect(throws: LinkRejection.portNotAllowed(9443)) { try policy.check(link: "https://good.test:9443/") }
    }

    @Test("an empty allow-list refuses everything")
    func emptyAllowList() throws {
        let policy = try AllowListLinkPolicy(schemes: [], hosts: [])
        #expect(throws: LinkRejection.schemeNotAllowed("https")) { try policy.check(link: "https://good.test/") }
    }

    @Test("gives the same answers from many tasks at once")
    func concurrent() async throws {
        let policy = try Self.policy()
        let links = Self.allowed + Self.rejected.map(\.0)
        let expected = links.map { Self.verdict(policy, $0) }
        let results = await withTaskGroup(of: [LinkRejection?].self) { group in
            for _ in 0..<16 {
                group.addTask { links.map { Self.verdict(policy, $0) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        for result in results { #expect(result == expected) }
    }

    private static func verdict(_ policy: AllowListLinkPolicy, _ link: String) -> LinkRejection? {
        do {
            try policy.check(link: link)
            return nil
        } catch {
            return error
        }
    }

    private static func innermost(_ rejection: LinkRejection) -> RedirectRejection? {
        guard case .unsafeRedirect(_, let reason) = rejection else { return nil }
        if case .unsafeTarget(let inner) = reason { return innermost(inner) }
        return reason
    }
}

/// Encodes like the package does, so tests can build nested links.
enum PercentEncodingForTests {
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
