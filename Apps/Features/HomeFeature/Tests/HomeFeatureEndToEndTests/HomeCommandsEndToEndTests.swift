import DevServer
import Foundation
import LedgerTestSupport
import Testing

// Real time on purpose: the built app's shipped HTTP limits (10 s a try, 30 s a call) dwarf a loopback answer.
/// The built `ledger` run as a user would, on a real data folder and the reference server.
@Suite("Home: the home command end to end")
struct HomeCommandsEndToEndTests {
    @Test func homeShowsTheServerSectionsThenTheSavedCopyOffline() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let online = try await workspace.run(["home"])
        #expect(online.status == 0, "\(online.standardError)")
        #expect(online.standardOutput.hasPrefix("Home\n"))
        #expect(online.standardOutput.contains("Spent this month: nothing yet"))
        #expect(!online.standardOutput.contains("promo") && online.standardError.isEmpty)
        let verbose = try await workspace.run(["home", "--verbose"])
        #expect(verbose.standardError.contains("promo (carousel_3d): this app does not know the section type"))
        #expect(verbose.standardError.contains("broken (banner): the content does not fit the section (at title)"))

        let closed = try #require(URL(string: "http://127.0.0.1:9"))
        let offline = try await workspace.run(["home"], api: closed)
        #expect(offline.status == 0, "\(offline.standardError)")
        #expect(offline.standardOutput.hasPrefix("Home (offline: the copy saved "))
        #expect(offline.standardOutput.contains("Spent this month: nothing yet"))
        _ = try await workspace.run(["expense", "add", "--title", "Coffee", "--price", "3.80"], api: closed)
        let spent = try await workspace.run(["home"], api: closed)
        #expect(spent.standardOutput.contains("Spent this month: €3.80"))
    }
}
