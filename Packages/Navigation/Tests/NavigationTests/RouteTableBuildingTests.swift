import Navigation
import Testing

@Suite("Navigation: building a route table")
struct RouteTableBuildingTests {
    @Test(
        "invalid patterns are reported with the problem",
        arguments: [
            ("", PatternProblem.empty),
            ("1ledger://invoice", .invalidScheme),
            ("//host/path", .invalidScheme),
            ("ledger:///invoice", .invalidHost),
            ("ledger:invoice", .invalidHost),
            ("https://bad host/x", .invalidHost),
            ("https://a..b/x", .invalidHost),
            ("ledger://user@invoice/x", .invalidAuthority),
            ("https://app.example.com:99999/x", .invalidAuthority),
            ("/a?x=1", .queryOrFragment),
            ("/a#top", .queryOrFragment),
            ("a/b", .relativePath),
            (":id", .relativePath),
            ("/a//b", .emptySegment),
            ("/a/../b", .dotSegment),
            ("/a/%2E", .dotSegment),
            ("/a/:", .invalidParameterName("")),
            ("/a/:1x", .invalidParameterName("1x")),
            ("/a/:x-y", .invalidParameterName("x-y")),
            ("/a/:x/:x", .duplicateParameterName("x")),
            ("/a/**/b", .remainderNotLast),
            ("/a%zz", .malformedPercentEncoding),
        ]
    )
    func invalidPatterns(pattern: String, problem: PatternProblem) {
        #expect(throws: RouteTableError.invalidPattern(pattern, problem)) {
            try RouteTable([patternRoute(pattern)])
        }
    }

    @Test(
        "valid patterns of every kind build",
        arguments: [
            "/", "/a", "/a/", "/:x", "/*", "/**", "/a/*/b/**", "ledger://invoice", "ledger://invoice/:id",
            "https://app.example.com/invoice/:id", "http://localhost:8080/x", "https://[::1]/x",
            "https://bücher.example/",
            "/caf%C3%A9", "/%3Aliteral-colon", "/%2A", "/a:b",
        ])
    func validPatterns(pattern: String) throws {
        let table = try RouteTable([patternRoute(pattern)])
        #expect(table.patterns == [pattern])
    }

    @Test("registering the same pattern twice is an error, not a silent override")
    func duplicates() {
        #expect(throws: RouteTableError.duplicateRoute("/invoice/:id")) {
            try RouteTable([patternRoute("/a"), patternRoute("/invoice/:id"), patternRoute("/invoice/:id")])
        }
        #expect(throws: RouteTableError.duplicateRoute("/docs/**")) {
            try RouteTable([patternRoute("/docs/**"), patternRoute("/docs/**")])
        }
    }

    @Test(
        "patterns that match exactly the same URLs conflict",
        arguments: [
            ("/a/:x", "/a/:y"),
            ("/a/:x", "/a/*"),
            ("/a/*/c", "/a/:b/c"),
            ("https://app.example.com/a", "HTTPS://APP.EXAMPLE.COM/a"),
            ("https://bücher.example/a", "https://xn--bcher-kva.example/a"),
            ("https://app.example.com/a", "https://app.example.com:443/a"),
            ("/a/b/", "/a/b"),
            ("/a/%62", "/a/b"),
        ]
    )
    func conflicts(first: String, second: String) {
        #expect(throws: RouteTableError.conflictingRoutes(second, first)) {
            try RouteTable([patternRoute(first), patternRoute(second)])
        }
    }

    @Test("overlapping but distinguishable patterns are not conflicts")
    func overlapsAreFine() throws {
        let table = try RouteTable([
            patternRoute("/a/:x", types: ["x": .int]),
            patternRoute("/a/:x", types: ["x": .uuid]),
            patternRoute("/a/:x"),
            patternRoute("/a/new"),
            patternRoute("/a/**"),
            patternRoute("/a"),
            patternRoute("ledger://a/:x"),
        ])
        #expect(table.patterns.count == 7)
    }

    @Test("declarations must refer to the pattern's parameters")
    func declarations() {
        #expect(throws: RouteTableError.undeclaredParameter(pattern: "/a/:id", name: "identifier")) {
            try RouteTable([patternRoute("/a/:id", types: ["identifier": .int])])
        }
        #expect(throws: RouteTableError.undeclaredParameter(pattern: "/a/:id", name: "id")) {
            try RouteTable([
                Route<String>(
                    "/a/:id", query: ["id": .optional(.int)], destination: { _ in "" }, parameters: { _ in nil })
            ])
        }
        #expect(throws: RouteTableError.undeclaredParameter(pattern: "/a", name: "")) {
            try RouteTable([
                Route<String>("/a", query: ["": .optional(.int)], destination: { _ in "" }, parameters: { _ in nil })
            ])
        }
        #expect(throws: RouteTableError.invalidDefault(pattern: "/a", name: "page")) {
            try RouteTable([
                Route<String>(
                    "/a",
                    query: ["page": .defaulted(.int, to: .string("first"))],
                    destination: { _ in "" },
                    parameters: { _ in nil }
                )
            ])
        }
    }

    @Test("the first problem in registration order is the one reported")
    func firstProblem() {
        #expect(throws: RouteTableError.invalidPattern("/a//b", .emptySegment)) {
            try RouteTable([patternRoute("/ok"), patternRoute("/a//b"), patternRoute("/ok")])
        }
    }
}
