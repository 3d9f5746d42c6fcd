import Foundation
import Navigation
import Testing

enum Screen: Hashable, Sendable {
    case home
}

@Test func aRouteTableResolvesItsURLAndRefusesAnUnknownOne() throws {
    let routes = try RouteTable([Route("ledger://home", to: Screen.home)])
    #expect(try routes.destination(for: try #require(URL(string: "ledger://home"))) == .home)
    #expect(throws: RoutingError.noMatchingRoute) {
        try routes.destination(for: try #require(URL(string: "ledger://nowhere")))
    }
}
