import Foundation
import Navigation
import Testing

@Suite("Navigation: open redirects through any query value and the fragment")
struct OpenRedirectTests {
    static func policy(
        redirectTargets: AllowListLinkPolicy.RedirectTargets = .relativePathsOrSameHost
    ) throws -> AllowListLinkPolicy {
        try AllowListLinkPolicy(
            schemes: ["https", "ledger", "mailto"],
            hosts: ["good.test", "bücher.example", "app.example.com", "home", "invoice"],
            hostlessSchemes: ["mailto"],
            redirectTargets: redirectTargets
        )
    }

    static func target(_ rejection: LinkRejection) -> RedirectRejection { .unsafeTarget(rejection) }

    static let evil = LinkRejection.hostNotAllowed("evil.test")

    static let refused: [(String, LinkRejection)] = [
        // Any parameter, not only the ones on the name list.
        ("https://good.test/?redirect_to=https://evil.test", .unsafeRedirect(parameter: "redirect_to", target(evil))),
        ("https://good.test/?q=https://evil.test", .unsafeRedirect(parameter: "q", target(evil))),
        ("https://good.test/?a=1&ref=https://evil.test/x?y=1", .unsafeRedirect(parameter: "ref", target(evil))),
        ("https://good.test/?Ref=HTTPS://EVIL.TEST", .unsafeRedirect(parameter: "ref", target(evil))),
        ("https://good.test/?ref=%20https://evil.test", .unsafeRedirect(parameter: "ref", target(evil))),
        ("https://good.test/?ref=https%3A%2F%2Fevil.test", .unsafeRedirect(parameter: "ref", target(evil))),
        ("https://good.test/?ref=https%253A%252F%252Fevil.test", .unsafeRedirect(parameter: "ref", target(evil))),
        ("https://good.test/?ref=//evil.test", .unsafeRedirect(parameter: "ref", target(evil))),
        ("https://good.test/?ref=%2F%2Fevil.test%2Fx", .unsafeRedirect(parameter: "ref", target(evil))),
        ("https://good.test/?ref=%5C%5Cevil.test", .unsafeRedirect(parameter: "ref", .backslash)),
        ("https://good.test/?ref=/%5Cevil.test", .unsafeRedirect(parameter: "ref", .backslash)),
        ("https://good.test/?ref=https:%5C%5Cevil.test", .unsafeRedirect(parameter: "ref", .backslash)),
        ("https://good.test/?ref=https:evil.test", .unsafeRedirect(parameter: "ref", target(.missingHost))),
        (
            "https://good.test/?ref=javascript:alert(1)",
            .unsafeRedirect(parameter: "ref", target(.forbiddenScheme("javascript")))
        ),
        (
            "https://good.test/?ref=JaVaScRiPt%3Aalert(1)",
            .unsafeRedirect(parameter: "ref", target(.forbiddenScheme("javascript")))
        ),
        (
            "https://good.test/?ref=java%0Ascript:alert(1)",
            .unsafeRedirect(parameter: "ref", target(.forbiddenScheme("javascript")))
        ),
        (
            "https://good.test/?ref=data:text/html,x",
            .unsafeRedirect(parameter: "ref", target(.forbiddenScheme("data")))
        ),
        ("https://good.test/?ref=ftp://evil.test", .unsafeRedirect(parameter: "ref", target(.schemeNotAllowed("ftp")))),
        (
            "https://good.test/?ref=intent://evil.test/%23Intent;end",
            .unsafeRedirect(parameter: "ref", target(.schemeNotAllowed("intent")))
        ),
        ("https://good.test/?ref=x-app:/open", .unsafeRedirect(parameter: "ref", target(.schemeNotAllowed("x-app")))),
        ("https://good.test/?ref=https://good.test@evil.test/", .unsafeRedirect(parameter: "ref", target(.userInfo))),
        (
            "https://good.test/?ref=https://good.test.evil.test/",
            .unsafeRedirect(parameter: "ref", target(.hostNotAllowed("good.test.evil.test")))
        ),
        // Redirects nested in a relative path, in a value of key=value pairs, and in an allowed absolute link.
        (
            "https://good.test/?ref=/login?next=https://evil.test",
            .unsafeRedirect(parameter: "ref", target(.unsafeRedirect(parameter: "next", .absoluteURL)))
        ),
        (
            "https://good.test/?state=next%3Dhttps%253A%252F%252Fevil.test",
            .unsafeRedirect(parameter: "state", target(.unsafeRedirect(parameter: "next", target(evil))))
        ),
        (
            "https://good.test/?ref=https%3A%2F%2Fapp.example.com%2F%3Fgo%3Dhttps%253A%252F%252Fevil.test",
            .unsafeRedirect(parameter: "ref", target(.unsafeRedirect(parameter: "go", target(evil))))
        ),
        // The fragment: as a whole, its key=value pairs, and the query of a hash route.
        ("https://good.test/#https://evil.test", .unsafeFragment(parameter: nil, target(evil))),
        ("https://good.test/#//evil.test", .unsafeFragment(parameter: nil, target(evil))),
        (
            "https://good.test/#javascript:alert(1)",
            .unsafeFragment(parameter: nil, target(.forbiddenScheme("javascript")))
        ),
        ("https://good.test/#next=https://evil.test", .unsafeFragment(parameter: "next", .absoluteURL)),
        ("https://good.test/#next=%2F%2Fevil.test", .unsafeFragment(parameter: "next", .schemeRelative)),
        (
            "https://good.test/#token=x&return=https%3A%2F%2Fevil.test",
            .unsafeFragment(parameter: "return", .absoluteURL)
        ),
        ("https://good.test/#ref=https://evil.test", .unsafeFragment(parameter: "ref", target(evil))),
        (
            "https://good.test/#/callback?redirect_to=https://evil.test",
            .unsafeFragment(parameter: "redirect_to", target(evil))
        ),
        (
            "https://good.test/#next%3Dhttps%3A%2F%2Fevil.test",
            .unsafeFragment(parameter: nil, target(.unsafeRedirect(parameter: "next", target(evil))))
        ),
        (
            "https://good.test/?ref=/path%23next%3Dhttps%3A%2F%2Fevil.test",
            .unsafeRedirect(parameter: "ref", target(.unsafeFragment(parameter: "next", .absoluteURL)))
        ),
        // App links are checked the same way.
        ("ledger://invoice/42?from=https://evil.test", .unsafeRedirect(parameter: "from", target(evil))),
        ("ledger://invoice/42#https://evil.test", .unsafeFragment(parameter: nil, target(evil))),
        // The name list only adds strictness: a listed name must be relative or on the link's own host.
        ("https://good.test/?next=https://app.example.com/x", .unsafeRedirect(parameter: "next", .absoluteURL)),
        ("https://good.test/?next=//app.example.com/x", .unsafeRedirect(parameter: "next", .schemeRelative)),
        (
            "https://good.test/?next=https://good.test:8443/",
            .unsafeRedirect(parameter: "next", target(.portNotAllowed(8443)))
        ),
        ("https://good.test/?next=mailto:a@good.test", .unsafeRedirect(parameter: "next", .absoluteURL)),
        ("https://good.test/?next=evil.test", .unsafeRedirect(parameter: "next", .notAPath)),
    ]

    @Test("absolute and scheme-relative targets that leave the allowed hosts are refused anywhere", arguments: refused)
    func refuses(link: String, reason: LinkRejection) throws {
        let policy = try Self.policy()
        #expect(throws: reason) { try policy.check(link: link) }
        if let url = URL(string: link), url.absoluteString == link {
            #expect(throws: reason) { try policy.check(url) }
        }
    }

    static let allowed = [
        // Plain text with colons, equals signs and slashes is not a link.
        "https://good.test/?note=10:30",
        "https://good.test/?note=Time:10:30",
        "https://good.test/?subject=Re:%20invoice%2042",
        "https://good.test/?at=2024-05-01T10:30:00Z",
        "https://good.test/?ratio=16:9",
        "https://good.test/?phone=tel:+41441234567",
        "https://good.test/?q=url%3Dfoo",
        "https://good.test/?q=a%3Db%26c%3Dd",
        "https://good.test/?q=see%20https://evil.test",
        "https://good.test/?q=100%",
        "https://good.test/?q=50%25%20off",
        "https://good.test/?path=a/b/c",
        "https://good.test/?emoji=%F0%9F%99%82",
        "https://good.test/?utm_source=newsletter&utm_medium=mail",
        // Targets on the allowed hosts.
        "https://good.test/?ref=https://good.test/blog",
        "https://good.test/?ref=https://app.example.com/x?y=1",
        "https://good.test/?ref=https://xn--bcher-kva.example/",
        "https://good.test/?ref=//app.example.com/x",
        "https://good.test/?ref=/relative/path",
        "https://good.test/?ref=mailto:someone@example.com",
        "ledger://invoice/42?from=ledger://home",
        "ledger://invoice/42?from=https://app.example.com/invoices/42",
        // Listed names: relative or the same host.
        "https://good.test/?next=/invoices/42",
        "https://good.test/?next=https://good.test/invoices/42",
        "https://good.test/?next=HTTPS://GOOD.TEST/x",
        "https://good.test/?next=//good.test/x",
        "https://bücher.example/?next=https://xn--bcher-kva.example/buch",
        "https://good.test/?next=",
        // Fragments that are anchors, hash routes and text fragments.
        "https://good.test/#section-2",
        "https://good.test/#/invoices/42",
        "https://good.test/#/search?q=10:30",
        "https://good.test/#@evil.test",
        "https://good.test/#:~:text=10:30",
        "https://good.test/#next=/invoices/42",
        "https://good.test/#ref=https://good.test/x",
        "https://good.test/#",
        // A hostless link's query is mail headers, not a place to go.
        "mailto:someone@example.com?body=https://evil.test",
    ]

    @Test("plain text and targets on the allowed hosts pass", arguments: allowed)
    func allows(link: String) throws {
        let policy = try Self.policy()
        #expect(throws: Never.self) { try policy.check(link: link) }
    }

    @Test("the documented price of the rule: text that starts like a dangerous or web link is refused")
    func documentedFalsePositives() throws {
        let policy = try Self.policy()
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "note", .unsafeTarget(.controlCharacter))) {
            try policy.check(link: "https://good.test/?note=Data:%2012")
        }
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "note", .unsafeTarget(.forbiddenScheme("file")))) {
            try policy.check(link: "https://good.test/?note=File:report.pdf")
        }
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "note", .unsafeTarget(.controlCharacter))) {
            try policy.check(link: "https://good.test/?note=https://good.test/a%20b")
        }
    }

    @Test("the default for listed names is relative paths or the same host")
    func defaultTargets() throws {
        let policy = try AllowListLinkPolicy(schemes: ["https"], hosts: ["good.test"])
        #expect(policy.redirectTargets == .relativePathsOrSameHost)
        #expect(throws: Never.self) { try policy.check(link: "https://good.test/?next=https://good.test/x") }
    }

    @Test("relative paths only refuses even the same host for listed names; other names may still point there")
    func relativeOnly() throws {
        let policy = try Self.policy(redirectTargets: .relativePathsOnly)
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "next", .absoluteURL)) {
            try policy.check(link: "https://good.test/?next=https://good.test/x")
        }
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "next", .schemeRelative)) {
            try policy.check(link: "https://good.test/?next=//good.test/x")
        }
        #expect(throws: Never.self) { try policy.check(link: "https://good.test/?ref=https://good.test/x") }
    }

    @Test("allowed links lets listed names point at any allowed host, checked by the same policy")
    func allowedLinks() throws {
        let policy = try Self.policy(redirectTargets: .relativePathsOrAllowedLinks)
        #expect(throws: Never.self) { try policy.check(link: "https://good.test/?next=https://app.example.com/x") }
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "next", Self.target(Self.evil))) {
            try policy.check(link: "https://good.test/?next=https://evil.test/")
        }
    }

    @Test("a link with very many values that look like links costs bounded work")
    func bounded() throws {
        let policy = try Self.policy()
        let plain = (0..<800).map { "k\($0)=v" }.joined(separator: "&")
        #expect(throws: Never.self) { try policy.check(link: "https://good.test/?" + plain) }
        let links = (0..<400).map { "r\($0)=/a" }.joined(separator: "&")
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "r256", .tooManyRedirects)) {
            try policy.check(link: "https://good.test/?" + links)
        }
        var layered = "https://evil.test"
        for _ in 0..<6 { layered = PercentEncodingForTests.encode(layered) }
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "ref", .nestedTooDeeply)) {
            try policy.check(link: "https://good.test/?ref=" + layered)
        }
        var nested = "https://evil.test"
        for _ in 0..<6 { nested = "a=" + PercentEncodingForTests.encode(nested) }
        do {
            try policy.check(link: "https://good.test/?" + nested)
            Issue.record("a six-level nested target passed")
        } catch {
            #expect(Self.innermost(error) == .nestedTooDeeply)
        }
    }

    private static func innermost(_ rejection: LinkRejection) -> RedirectRejection? {
        switch rejection {
        case .unsafeRedirect(_, let reason), .unsafeFragment(_, let reason):
            if case .unsafeTarget(let inner) = reason { return innermost(inner) }
            return reason
        default: return nil
        }
    }
}
