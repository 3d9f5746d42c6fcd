import Foundation
import Navigation
import Testing

@Suite("Navigation: typed query parameters")
struct QueryParameterTests {
    struct Search: Hashable, Sendable {
        var term: String
        var page: Int
        var sort: String?
        var since: UUID?
    }

    static func table() throws -> RouteTable<Search> {
        try RouteTable([
            Route(
                "ledger://search",
                query: [
                    "q": .required(.string), "page": .defaulted(.int, to: .int(1)), "sort": .optional(.string),
                    "since": .optional(.uuid),
                ],
                destination: { parameters throws(RouteParameterError) in
                    Search(
                        term: try parameters.string("q"),
                        page: try parameters.int("page"),
                        sort: parameters["sort"]?.stringValue,
                        since: parameters["since"]?.uuidValue
                    )
                },
                parameters: { search in
                    var parameters: RouteParameters = ["q": .string(search.term), "page": .int(search.page)]
                    parameters["sort"] = search.sort.map(ParameterValue.string)
                    parameters["since"] = search.since.map(ParameterValue.uuid)
                    return parameters
                }
            )
        ])
    }

    @Test(
        "reads, defaults and decodes query parameters",
        arguments: [
            ("ledger://search?q=rent", Search(term: "rent", page: 1)),
            ("ledger://search?q=rent&page=3", Search(term: "rent", page: 3)),
            ("ledger://search?page=3&q=r%C3%A9sum%C3%A9&sort=date", Search(term: "résumé", page: 3, sort: "date")),
            ("ledger://search?q=a+b", Search(term: "a+b", page: 1)),  // "+" is a plus sign, not a space
            ("ledger://search?q=a%2Bb%20c", Search(term: "a+b c", page: 1)),
            ("ledger://search?q=", Search(term: "", page: 1)),
            ("ledger://search?q", Search(term: "", page: 1)),
            ("ledger://search?q=x&utm_source=mail&utm_source=push", Search(term: "x", page: 1)),  // undeclared: ignored
            ("ledger://search?q=a%3Db%26c", Search(term: "a=b&c", page: 1)),
        ]
    )
    func reads(link: String, expected: Search) throws {
        #expect(try Self.table().destination(for: url(link)) == expected)
    }

    @Test(
        "bad query values are typed errors",
        arguments: [
            ("ledger://search", RoutingError.missingQueryParameter("q")),
            ("ledger://search?page=2", .missingQueryParameter("q")),
            ("ledger://search?q=x&page=two", .invalidQueryParameter("page")),
            ("ledger://search?q=x&page=", .invalidQueryParameter("page")),
            ("ledger://search?q=x&page=99999999999999999999", .invalidQueryParameter("page")),
            ("ledger://search?q=x&since=yesterday", .invalidQueryParameter("since")),
            ("ledger://search?q=x&q=y", .duplicateQueryParameter("q")),
            ("ledger://search?q=x;q=y", .duplicateQueryParameter("q")),
        ]
    )
    func badValues(link: String, error: RoutingError) throws {
        let table = try Self.table()
        #expect(throws: error) { try table.destination(for: url(link)) }
    }

    @Test("a route whose code asks for a parameter it did not declare gets a typed error")
    func routeCodeMismatch() throws {
        let table = try RouteTable([
            Route<Int>(
                "/a/:id",
                destination: { parameters throws(RouteParameterError) in try parameters.int("id") },
                parameters: { _ in nil }
            ),
            Route<Int>(
                "/b/:id",
                types: ["id": .int],
                destination: { parameters throws(RouteParameterError) in try parameters.int("missing") },
                parameters: { _ in nil }
            ),
        ])
        #expect(throws: RoutingError.invalidParameters(.typeMismatch("id", expected: "int"))) {
            try table.destination(for: url("/a/42"))
        }
        #expect(throws: RoutingError.invalidParameters(.missing("missing"))) {
            try table.destination(for: url("/b/42"))
        }
    }

    @Test("query parameters never decide which route matches")
    func queryDoesNotRoute() throws {
        let table = try RouteTable([
            Route<String>("/a", query: ["page": .required(.int)], destination: { _ in "a" }, parameters: { _ in nil }),
            patternRoute("/**"),
        ])
        #expect(throws: RoutingError.invalidQueryParameter("page")) { try table.destination(for: url("/a?page=x")) }
    }
}
