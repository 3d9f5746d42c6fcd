import EssentialsTesting
import Foundation
import Testing

@testable import Navigation

/// Routes whose destination is their own pattern, so a test can see which route won.
func patternRoute(_ pattern: String, types: [String: ParameterType] = [:]) -> Route<String> {
    Route(pattern, types: types, destination: { _ in pattern }, parameters: { _ in nil })
}

@Suite("Navigation: route matching")
struct RouteMatchingTests {
    static let uuid = "0F8FAD5B-D9CB-469F-A165-70867728950E"

    static let routes: [Route<String>] = [
        patternRoute("/a/:b/c"),
        patternRoute("/a/c/d"),
        patternRoute("/:e/c/f"),
        patternRoute("/a/c/:x", types: ["x": .int]),
        patternRoute("/invoice/new"),
        patternRoute("/invoice/:id", types: ["id": .int]),
        patternRoute("/invoice/:key", types: ["key": .uuid]),
        patternRoute("/invoice/:slug"),
        patternRoute("/invoice/*/lines"),
        patternRoute("/invoice/:id/lines", types: ["id": .int]),
        patternRoute("/docs/**"),
        patternRoute("/docs/index"),
        patternRoute("/docs/*/edit"),
        patternRoute("/*/*/*"),
        patternRoute("/**"),
        patternRoute("ledger://invoice/:id", types: ["id": .int]),
        patternRoute("ledger://invoice/**"),
        patternRoute("https://app.example.com/help/:topic"),
    ]

    static let probes: [(String, String)] = [
        ("/a/c/f", "/:e/c/f"),  // the backtracking case: /a/c then /a/:b dead-end, /:e/c/f wins
        ("/a/c/d", "/a/c/d"),
        ("/a/c/7", "/a/c/:x"),
        ("/a/z/c", "/a/:b/c"),
        ("/invoice/new", "/invoice/new"),
        ("/invoice/42", "/invoice/:id"),
        ("/invoice/-42", "/invoice/:id"),
        ("/invoice/\(uuid)", "/invoice/:key"),
        ("/invoice/\(uuid.lowercased())", "/invoice/:key"),
        ("/invoice/abc", "/invoice/:slug"),
        ("/invoice/+42", "/invoice/:slug"),  // "+42" is not an int here
        ("/invoice/99999999999999999999", "/invoice/:slug"),  // does not fit Int
        ("/invoice/42/lines", "/invoice/:id/lines"),
        ("/invoice/abc/lines", "/invoice/*/lines"),
        ("/docs", "/docs/**"),
        ("/docs/", "/docs/**"),
        ("/docs/index", "/docs/index"),
        ("/docs/a/edit", "/docs/*/edit"),
        ("/docs/a/b/c", "/docs/**"),
        ("/x/y/z", "/*/*/*"),
        ("/x/y", "/**"),
        ("/", "/**"),
        ("ledger://invoice/42", "ledger://invoice/:id"),
        ("LEDGER://INVOICE/42", "ledger://invoice/:id"),
        ("ledger://invoice/42/", "ledger://invoice/:id"),
        ("ledger://invoice/42?utm_source=mail#top", "ledger://invoice/:id"),
        ("ledger://invoice/abc", "ledger://invoice/**"),
        ("ledger://other/invoice/42", "/invoice/:id"),  // no ledger://other routes: path-only patterns apply
        ("https://app.example.com/help/privacy", "https://app.example.com/help/:topic"),
        ("https://APP.Example.com:443/help/privacy", "https://app.example.com/help/:topic"),
        ("https://app.example.com/a/c/f", "/:e/c/f"),  // the origin's routes dead-end: fall back to path-only
        ("https://evil.test/a/c/f", "/:e/c/f"),
    ]

    @Test("the most specific route wins", arguments: probes)
    func winner(link: String, expected: String) throws {
        let table = try RouteTable(Self.routes)
        #expect(try table.destination(for: url(link)) == expected)
    }

    @Test("the winner never depends on registration order (200 seeded shuffles)")
    func registrationOrder() throws {
        var generator = SeededGenerator(seed: 8)
        let urls = try Self.probes.map { try url($0.0) }
        for shuffle in 0..<200 {
            let table = try RouteTable(Self.routes.shuffled(using: &generator))
            let winners = urls.map { try? table.destination(for: $0) }
            let wrong = zip(Self.probes, winners).filter { $0.0.1 != $0.1 }
            #expect(
                wrong.isEmpty, "shuffle \(shuffle): \(wrong.prefix(3).map { "\($0.0.0) went to \($0.1 ?? "nothing")" })"
            )
            if !wrong.isEmpty { break }
        }
    }

    @Test("literals beat parameters beat wildcards, whatever the URL's shape (seeded, against a reference matcher)")
    func againstReference() throws {
        var generator = SeededGenerator(seed: 1_000_003)
        for _ in 0..<300 {
            let table = ReferenceTable.random(using: &generator)
            let routeTable = try RouteTable(table.routes)
            for _ in 0..<40 {
                let path = ReferenceTable.randomPath(using: &generator)
                let expected = table.winner(for: path)
                let actual = try? routeTable.destination(for: url("/" + path.joined(separator: "/")))
                #expect(actual == expected, "\(path) in \(table.patterns)")
            }
        }
    }

    @Test("the backtracking example routes /a/c/f to /:e/c/f")
    func backtrackingExample() throws {
        let table = try RouteTable([patternRoute("/a/:b/c"), patternRoute("/a/c/d"), patternRoute("/:e/c/f")])
        #expect(try table.destination(for: url("/a/c/f")) == "/:e/c/f")
        let match = try table.match(url("/a/c/f"))
        #expect(match.pattern == "/:e/c/f")
        #expect(match.parameters == ["e": .string("a")])
    }

    @Test(
        "no route is a typed error",
        arguments: ["/nothing", "/invoice", "ledger:invoice", "mailto:a@b.test", "//evil.test/invoice/1", ""]
    )
    func noRoute(link: String) throws {
        let table = try RouteTable([patternRoute("/invoice/:id"), patternRoute("ledger://invoice/:id")])
        let target = link.isEmpty ? try #require(URL(string: "about:blank")) : try url(link)
        #expect(throws: RoutingError.noMatchingRoute) { try table.destination(for: target) }
    }

    @Test("an empty table routes nothing")
    func emptyTable() throws {
        let table = try RouteTable<String>([])
        #expect(throws: RoutingError.noMatchingRoute) { try table.destination(for: url("/")) }
        #expect(table.patterns.isEmpty)
    }

    @Test(
        "malformed URLs are refused, not guessed at",
        arguments: [
            "/files/%zz", "/files/%C3", "/files/%C3%28", "/files/../etc", "/files/%2E%2E/etc", "/files/.",
            "ledger://user@invoice/42", "ledger://inv%zzoice/42", "ledger://invoice:99999/42",
        ]
    )
    func malformed(link: String) throws {
        let table = try RouteTable([patternRoute("/files/**"), patternRoute("ledger://invoice/:id")])
        #expect(throws: RoutingError.malformedURL) { try table.match(link: link) }
        // Foundation refuses some of these and repairs others (`%zz` becomes `%25zz`); what it keeps as written
        // must be refused the same way.
        if let url = URL(string: link), url.absoluteString == link {
            #expect(throws: RoutingError.malformedURL) { try table.destination(for: url) }
        }
    }

    @Test("typed parameters arrive typed, percent-decoded and Unicode-intact")
    func typedParameters() throws {
        let slug = ParameterType.custom("slug") { text in
            !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "-" }
        }
        let table = try RouteTable([
            Route<String>(
                "ledger://customer/:id/:name/:tag",
                types: ["id": .uuid, "tag": slug],
                destination: { parameters throws(RouteParameterError) in
                    "\(try parameters.uuid("id")) \(try parameters.string("name")) \(try parameters.string("tag"))"
                },
                parameters: { _ in nil }
            )
        ])
        let name = "J%C3%BCrgen%20%26%20Sohn%20%F0%9F%99%82"
        let match = try table.match(url("ledger://customer/\(Self.uuid)/\(name)/vip-gold"))
        #expect(match.parameters["id"] == .uuid(try #require(UUID(uuidString: Self.uuid))))
        #expect(match.parameters["name"] == .string("Jürgen & Sohn 🙂"))
        #expect(match.parameters["tag"] == .string("vip-gold"))
        #expect(throws: RoutingError.noMatchingRoute) {
            try table.destination(for: url("ledger://customer/\(Self.uuid)/x/VIP"))
        }
        // A decoded "/" is not part of a name: the value is refused, not handed over as "Jürgen/Sohn".
        #expect(throws: RoutingError.unsafeParameter("name", .pathSeparator)) {
            try table.destination(for: url("ledger://customer/\(Self.uuid)/J%C3%BCrgen%2FSohn/vip-gold"))
        }
    }

    @Test("literal segments match percent-encoded and canonically equivalent spellings")
    func unicodeLiterals() throws {
        let table = try RouteTable([patternRoute("/café/menu"), patternRoute("https://bücher.example/buch/:id")])
        #expect(try table.destination(for: url("/caf%C3%A9/menu")) == "/café/menu")
        #expect(try table.destination(for: url("/cafe%CC%81/menu")) == "/café/menu")  // e + combining acute
        #expect(try table.destination(for: url("/café/menu")) == "/café/menu")
        // Path literals are case-sensitive, as paths are in RFC 3986.
        #expect(throws: RoutingError.noMatchingRoute) { try table.destination(for: url("/Caf%C3%A9/menu")) }
        #expect(
            try table.destination(for: url("https://xn--bcher-kva.example/buch/1")) == "https://bücher.example/buch/:id"
        )
        #expect(try table.destination(for: url("https://BÜCHER.example/buch/1")) == "https://bücher.example/buch/:id")
    }

    @Test("ports are part of the origin; default ports are the same as none")
    func ports() throws {
        let table = try RouteTable([
            patternRoute("http://localhost:8080/x"), patternRoute("https://app.example.com:443/y"),
        ])
        #expect(try table.destination(for: url("http://localhost:8080/x")) == "http://localhost:8080/x")
        #expect(throws: RoutingError.noMatchingRoute) { try table.destination(for: url("http://localhost/x")) }
        #expect(try table.destination(for: url("https://app.example.com/y")) == "https://app.example.com:443/y")
    }

    @Test("wildcards and the remainder are captured in order")
    func wildcards() throws {
        let table = try RouteTable([patternRoute("/files/*/**"), patternRoute("/files/*")])
        let deep = try table.match(url("/files/shared/a/b%20c//d"))
        #expect(deep.pattern == "/files/*/**")
        #expect(deep.parameters.wildcards == ["shared"])
        #expect(deep.parameters.remainder == ["a", "b c", "", "d"])
        #expect(throws: RoutingError.unsafeParameter("**", .pathSeparator)) {
            try table.match(url("/files/shared/a/b%2Fc"))
        }
        let shallow = try table.match(url("/files/shared"))
        #expect(shallow.pattern == "/files/*")
        #expect(shallow.parameters.wildcards == ["shared"])
        #expect(shallow.parameters.remainder.isEmpty)
    }

    @Test("huge and hostile URLs cost bounded work")
    func hostile() throws {
        let table = try RouteTable(Self.routes.filter { $0.pattern != "/**" })
        let long = "/" + Array(repeating: "x", count: 100_000).joined(separator: "/")
        #expect(throws: RoutingError.noMatchingRoute) { try table.destination(for: url(long)) }
        let remainder = try RouteTable([patternRoute("/docs/**")])
        let deep = try remainder.match(url("/docs" + long))
        #expect(deep.parameters.remainder.count == 100_000)
        let wide = "/invoice/" + String(repeating: "%F0%9F%99%82", count: 50_000)
        #expect(try table.destination(for: url(wide)) == "/invoice/:slug")
    }

    @Test("a shared table answers many tasks at once")
    func concurrent() async throws {
        let table = try RouteTable(Self.routes)
        let urls = try Self.probes.map { try url($0.0) }
        let expected = Self.probes.map(\.1)
        let results = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<16 {
                group.addTask { urls.map { try? table.destination(for: $0) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: expected, count: 16))
    }
}

/// A brute-force matcher that states the precedence rule directly: compare the candidates segment by segment,
/// literal before int before uuid before custom before string before `*` before `**`, and a route that ends
/// before one that continues with `**`.
struct ReferenceTable {
    enum Segment: Hashable {
        case literal(String)
        case parameter(ParameterType)
        case wildcard
        case remainder

        var rank: Int {
            switch self {
            case .literal: 0
            case .parameter(let type): [ParameterType.int: 1, .uuid: 2, .string: 4][type] ?? 3
            case .wildcard: 5
            case .remainder: 6
            }
        }
    }

    static let even = ParameterType.custom("even") { text in Int(text).map { $0 >= 0 && $0 % 2 == 0 } ?? false }
    static let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"
    static let words = ["a", "b", "1", "2", "42", "x", uuid]

    var patterns: [[Segment]]

    var routes: [Route<Int>] {
        patterns.enumerated().map { index, segments in
            var types: [String: ParameterType] = [:]
            let text = segments.enumerated().map { position, segment in
                switch segment {
                case .literal(let literal): return literal
                case .parameter(let type):
                    types["p\(position)"] = type
                    return ":p\(position)"
                case .wildcard: return "*"
                case .remainder: return "**"
                }
            }
            return Route(
                "/" + text.joined(separator: "/"), types: types, destination: { _ in index }, parameters: { _ in nil })
        }
    }

    static func random(using generator: inout SeededGenerator) -> ReferenceTable {
        let choices: [Segment] = [
            .literal("a"), .literal("b"), .literal("1"), .parameter(.int), .parameter(.uuid),
            .parameter(even), .parameter(.string), .wildcard,
        ]
        var shapes: Set<[Segment]> = []
        var patterns: [[Segment]] = []
        for _ in 0..<Int.random(in: 1...30, using: &generator) {
            var segments = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                choices.randomElement(using: &generator) ?? .wildcard
            }
            if Bool.random(using: &generator) && Int.random(in: 0...3, using: &generator) == 0 {
                segments.append(.remainder)
            }
            let shape = segments.map { $0 == .wildcard ? .parameter(.string) : $0 }
            guard shapes.insert(shape).inserted else { continue }
            patterns.append(segments)
        }
        return ReferenceTable(patterns: patterns)
    }

    static func randomPath(using generator: inout SeededGenerator) -> [String] {
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "a" }
    }

    func winner(for path: [String]) -> Int? {
        let candidates = patterns.indices.filter { matches(patterns[$0], path) }
        return candidates.min { left, right in
            patterns[left].map(\.rank).lexicographicallyPrecedes(patterns[right].map(\.rank))
        }
    }

    private func matches(_ pattern: [Segment], _ path: [String]) -> Bool {
        for (position, segment) in pattern.enumerated() {
            if segment == .remainder { return true }
            guard position < path.count else { return false }
            let word = path[position]
            switch segment {
            case .literal(let literal): guard word == literal else { return false }
            case .parameter(let type): guard type.accepts(word) else { return false }
            case .wildcard, .remainder: continue
            }
        }
        return pattern.count == path.count
    }
}
