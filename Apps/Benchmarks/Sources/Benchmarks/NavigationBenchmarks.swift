import Foundation
import Navigation

/// Route matching against a table of 1,000 routes (a quarter each: literal, int parameter, string parameter on a
/// universal-link host, wildcard and remainder), plus the safety policy and link generation.
enum NavigationBenchmarks {
    static let group = BenchmarkGroup(name: "navigation") {
        let table = try RouteTable(routes())
        let literal = try link("ledger://area500/list")
        let parameter = try link("ledger://area501/item/12345")
        let universal = try link("https://app.example.com/area502/hello-world/details")
        let wildcard = try link("https://other.example/area503/shared/files/a/b/c")
        let miss = try link("ledger://area500/nothing/here")
        let policy = try AllowListLinkPolicy(schemes: ["https"], hosts: ["app.example.com", "bücher.example"])
        let safe = try link("https://app.example.com/area502/x?next=%2Finvoices%2F42")
        let unsafe = try link("https://app.example.com/x?next=https%3A%2F%2Fevil.test")
        let matches = 10_000
        return [
            .measure(name: "match literal route, 1,000 routes", operations: matches, target: "< 1 µs/match") {
                try repeatMatch(table, literal, times: matches, expecting: 500)
            },
            .measure(name: "match int parameter route, 1,000 routes", operations: matches, target: "< 3 µs/match") {
                try repeatMatch(table, parameter, times: matches, expecting: 12_345)
            },
            .measure(name: "match string parameter on a web host", operations: matches, target: "< 3 µs/match") {
                try repeatMatch(table, universal, times: matches, expecting: 502)
            },
            .measure(name: "match wildcard and remainder (backtracks)", operations: matches) {
                try repeatMatch(table, wildcard, times: matches, expecting: 503)
            },
            .measure(name: "no match, 1,000 routes", operations: matches) {
                var misses = 0
                for _ in 0..<matches where (try? table.destination(for: miss)) == nil { misses += 1 }
                precondition(misses == matches)
            },
            .measure(name: "url(for:) with round-trip check", operations: 1_000) {
                for id in 0..<1_000 { _ = try table.url(for: 500_000 + id) }
            },
            .measure(name: "link policy: allowed link with redirect", operations: matches) {
                for _ in 0..<matches { try policy.check(safe) }
            },
            .measure(name: "link policy: refused open redirect", operations: matches) {
                var refused = 0
                for _ in 0..<matches where (try? policy.check(unsafe)) == nil { refused += 1 }
                precondition(refused == matches)
            },
            .note(name: "building a 1,000-route table") {
                let clock = ContinuousClock()
                let routes = routes()
                let elapsed = try clock.measure { _ = try RouteTable(routes) }
                return Report.formatSeconds(elapsed.seconds)
            },
        ]
    }

    /// 1,000 routes; destinations are integers: the route's number, or the matched id for `item/:id`, or
    /// 500,000 + id for the generation route.
    private static func routes() -> [Route<Int>] {
        var routes: [Route<Int>] = []
        for index in 0..<1_000 {
            switch index % 4 {
            case 0:
                routes.append(Route("ledger://area\(index)/list", to: index))
            case 1:
                routes.append(
                    Route(
                        "ledger://area\(index)/item/:id",
                        types: ["id": .int],
                        destination: { parameters throws(RouteParameterError) in try parameters.int("id") },
                        parameters: { _ in nil }
                    )
                )
            case 2:
                routes.append(
                    Route(
                        "https://app.example.com/area\(index)/:slug/details",
                        destination: { _ in index },
                        parameters: { _ in nil }
                    )
                )
            default:
                routes.append(Route("/area\(index)/*/files/**", destination: { _ in index }, parameters: { _ in nil }))
            }
        }
        routes[0] = Route(
            "ledger://generated/:id",
            types: ["id": .int],
            destination: { parameters throws(RouteParameterError) in 500_000 + (try parameters.int("id")) },
            parameters: { destination in destination >= 500_000 ? ["id": .int(destination - 500_000)] : nil }
        )
        return routes
    }

    private static func repeatMatch(_ table: RouteTable<Int>, _ url: URL, times: Int, expecting: Int) throws {
        var total = 0
        for _ in 0..<times { total &+= try table.destination(for: url) }
        precondition(total == expecting &* times)
    }

    private static func link(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw BenchmarkSetupError.invalidURL(text) }
        return url
    }

    private enum BenchmarkSetupError: Error {
        case invalidURL(String)
    }
}
