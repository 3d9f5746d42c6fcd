import Foundation
import NavigationTesting
import Testing

@testable import Navigation

/// One host, one form: every place that compares hosts (the allow-list, the routes' origins, the app's universal
/// link hosts and the same-host rule for redirects) must treat every spelling of a host as the same host.
@Suite("Navigation: hosts compare in one normalised form everywhere")
struct HostNormalisationTests {
    /// Spellings of `bücher.example`: Unicode (U-label), Punycode (A-label), upper case, full-width letters and
    /// dots, ideographic full stops, percent-encoded UTF-8, and the fully qualified form with a trailing dot.
    static let spellings = [
        "bücher.example",
        "xn--bcher-kva.example",
        "BÜCHER.EXAMPLE",
        "XN--BCHER-KVA.Example",
        "Bücher.Example",
        "ｂüｃｈｅｒ．ｅｘａｍｐｌｅ",
        "bücher。example",
        "bücher｡example",
        "b%C3%BCcher.example",
        "bücher.example.",
        "xn--bcher-kva.example.",
        "BÜCHER.EXAMPLE．",
        "bücher.example。",
    ]

    @Test("every spelling has the canonical A-label form", arguments: spellings)
    func canonical(spelling: String) throws {
        #expect(try HostName.canonical(spelling[...]) == "xn--bcher-kva.example")
        #expect(try HostName.canonical(spelling) == "xn--bcher-kva.example")
    }

    @Test("an allow-list entry in any spelling allows a link in any spelling", arguments: spellings)
    func allowList(entry: String) throws {
        let policy = try AllowListLinkPolicy(schemes: ["https"], hosts: [entry])
        #expect(policy.allowedHosts == ["xn--bcher-kva.example"])
        for spelling in Self.spellings {
            #expect(throws: Never.self, "\(entry) vs \(spelling)") {
                try policy.check(link: "https://\(spelling)/buch")
            }
        }
        #expect(throws: LinkRejection.hostNotAllowed("xn--bcher-kva.example.evil.test")) {
            try policy.check(link: "https://bücher.example.evil.test/")
        }
    }

    @Test("a route's origin in any spelling matches a link in any spelling", arguments: spellings)
    func routes(pattern: String) throws {
        let table = try RouteTable([patternRoute("https://\(pattern)/buch/:id", types: ["id": .int])])
        for spelling in Self.spellings {
            let link = "https://\(spelling)/buch/1"
            #expect(try table.match(link: link).destination == "https://\(pattern)/buch/:id", "\(link)")
        }
        // Two spellings of one origin are one origin: the table refuses them as the same route.
        let second = "https://xn--bcher-kva.example./buch/:n"
        #expect(throws: RouteTableError.conflictingRoutes(second, "https://\(pattern)/buch/:id")) {
            try RouteTable([
                patternRoute("https://\(pattern)/buch/:id", types: ["id": .int]),
                patternRoute(second, types: ["n": .int]),
            ])
        }
    }

    @Test("the app's universal-link hosts in any spelling recognise a link in any spelling", arguments: spellings)
    func appHosts(host: String) throws {
        let navigator = try SchemeRoutingNavigator(
            appSchemes: ["ledger"], appHosts: [host], inside: SpyNavigator(), outside: SpyNavigator())
        #expect(navigator.appHosts == ["xn--bcher-kva.example"])
        for spelling in Self.spellings {
            let link = try #require(URL(string: "https://\(spelling)/buch"), "\(spelling)")
            #expect(navigator.isAppLink(link), "\(spelling)")
        }
        #expect(!navigator.isAppLink(try url("https://xn--bcher-kva.example.evil.test/")))
    }

    @Test("a redirect to the same host in another spelling is the same host", arguments: spellings)
    func sameHostRedirect(spelling: String) throws {
        let policy = try AllowListLinkPolicy(schemes: ["https"], hosts: ["good.test", "bücher.example"])
        let target = PercentEncodingForTests.encode("https://\(spelling)/buch")
        #expect(throws: Never.self) { try policy.check(link: "https://bücher.example/?next=\(target)") }
        #expect(throws: LinkRejection.unsafeRedirect(parameter: "next", .absoluteURL)) {
            try policy.check(link: "https://good.test/?next=\(target)")
        }
    }

    @Test(
        "a trailing dot is the DNS root, once; anything else empty is still refused",
        arguments: [
            ("good.test.", "good.test"),
            ("GOOD.TEST.", "good.test"),
            ("ｇｏｏｄ．ｔｅｓｔ．", "good.test"),
            ("localhost.", "localhost"),
            ("invoice.", "invoice"),
        ]
    )
    func trailingDot(raw: String, expected: String) throws {
        #expect(try HostName.canonical(raw[...]) == expected)
    }

    @Test("a host of dots alone, two trailing dots or an empty label is not a host")
    func emptyLabels() throws {
        for raw in [".", "..", "good.test..", ".good.test", "good..test", "．", "。"] {
            #expect(throws: HostName.Failure.emptyLabel, "\(raw)") { try HostName.canonical(raw[...]) }
        }
        let label63 = String(repeating: "a", count: 63)
        let host253 = [label63, label63, label63, String(repeating: "b", count: 61)].joined(separator: ".")
        #expect(try HostName.canonical((host253 + ".")[...]) == host253)
        #expect(throws: HostName.Failure.hostTooLong) { try HostName.canonical((host253 + "b.")[...]) }
    }
}
