import DevServer
import Foundation
import LedgerTestSupport
import Testing

/// Dismissing a home section with the built `ledger`: it stays hidden on later runs, when the reference server
/// sends it again and offline, until it is restored.
@Suite("Home: dismissing sections end to end")
struct DismissedSectionsEndToEndTests {
    @Test func aDismissedSectionStaysHiddenUntilRestored() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let refused = try await workspace.run(["home", "dismiss", "welcome"])
        #expect(refused.status == 65 && refused.standardError.contains("has not been shown on this device yet"))
        let first = try await workspace.run(["home"])
        #expect(first.standardOutput.contains("Welcome back"), "\(first.standardError)")

        let dismissed = try await workspace.run(["home", "dismiss", "welcome"])
        #expect(dismissed.status == 0, "\(dismissed.standardError)")
        #expect(dismissed.standardOutput == "Dismissed welcome; 'ledger home restore welcome' brings it back.\n")
        let online = try await workspace.run(["home", "--verbose"])
        #expect(!online.standardOutput.contains("Welcome back") && online.standardOutput.contains("Shortcuts:"))
        #expect(online.standardError.contains("Dismissed 1 section ('ledger home restore' brings them back): welcome"))
        let closed = try #require(URL(string: "http://127.0.0.1:9"))
        let offline = try await workspace.run(["home"], api: closed)
        #expect(offline.standardOutput.hasPrefix("Home (offline: "))
        #expect(!offline.standardOutput.contains("Welcome back") && offline.standardOutput.contains("Shortcuts:"))

        let unknown = try await workspace.run(["home", "dismiss", "promo"])
        #expect(unknown.status == 65)
        // Which sections are listed is the server's choice; the message names them and never the dismissed one.
        #expect(unknown.standardError.contains("no section 'promo' is on the home screen; the sections shown are '"))
        #expect(unknown.standardError.contains("'summary'") && !unknown.standardError.contains("'welcome'"))
        let restored = try await workspace.run(["home", "restore", "welcome"], api: closed)
        #expect(restored.status == 0 && restored.standardOutput == "Restored welcome.\n")
        let back = try await workspace.run(["home"])
        #expect(back.standardOutput == first.standardOutput)
    }
}
