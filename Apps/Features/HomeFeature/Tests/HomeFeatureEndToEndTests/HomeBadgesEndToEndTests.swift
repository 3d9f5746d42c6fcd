import DevServer
import Foundation
import LedgerTestSupport
import Testing

/// Section badges with the built `ledger`: shown beside the section until it is opened (`home open`) or one of its
/// links is followed (`ledger open`, through the composition root), on later runs too.
@Suite("Home: section badges end to end")
struct HomeBadgesEndToEndTests {
    private static func screen(badge: Int) -> String {
        """
        {"version": 1, "sections": [
          {"id": "welcome", "type": "banner", "title": "Welcome back", "message": "Hello.", "badge": "new"},
          {"id": "actions", "type": "quick_actions", "badge": \(badge),
           "actions": [{"title": "Add expense", "link": "ledger://expenses/new"}]}]}
        """
    }

    @Test func aBadgeClearsWhenItsSectionOrItsLinkIsOpened() async throws {
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            try await server.control(
                DevServerControl(
                    hostile: .init(.body, path: "/v1/home/sections", count: 2, text: Self.screen(badge: 3))))
            let home = try await workspace.run(["home"])
            #expect(home.status == 0, "\(home.standardError)")
            #expect(home.standardOutput.contains("▌ Welcome back: Hello.  ● new\n"), "\(home.standardOutput)")
            #expect(home.standardOutput.contains("Shortcuts: [Add expense] ledger://expenses/new  ● 3\n"))

            let opened = try await workspace.run(["home", "open", "welcome"])
            #expect(opened.status == 0, "\(opened.standardError)")
            #expect(opened.standardOutput.hasSuffix("Its badge (new) is cleared.\n"))
            let followed = try await workspace.run(["open", "ledger://expenses/new"])
            #expect(followed.status == 0, "\(followed.standardError)")
            let cleared = try await workspace.run(["home"])
            #expect(!cleared.standardOutput.contains("●"), "\(cleared.standardOutput)")

            try await server.control(
                DevServerControl(
                    hostile: .init(.body, path: "/v1/home/sections", count: 1, text: Self.screen(badge: 4))))
            let another = try await workspace.run(["home"])
            #expect(another.standardOutput.contains("ledger://expenses/new  ● 4\n"), "a new badge shows again")
            #expect(!another.standardOutput.contains("● new"))
        }
    }
}
