import DevServer
import Foundation
import LedgerTestSupport
import Testing

/// A hostile home screen: its text is shown with control and direction characters made visible, its links only
/// when `ledger open` would follow them, and an answer that is not a screen never replaces the saved one.
@Suite("Home: a hostile server's home screen")
struct HostileHomeEndToEndTests {
    @Test func textIsShownNeverObeyedAndLinksOnlyWhenTheyWouldBeFollowed() async throws {
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let banner = #"""
                {"version": 1, "sections": [{"id": "b", "type": "banner",
                  "title": "Hi\u001b[2J\u0007", "message": "ok\r\nledger: you are signed out\u202e",
                  "link": "ledger://home\u001b[31m"}]}
                """#
            try await server.control(
                DevServerControl(hostile: .init(.body, path: "/v1/home/sections", count: 1, text: banner)))
            let home = try await workspace.run(["home"])
            #expect(home.status == 0, "\(home.standardError)")
            for raw in ["\u{1B}", "\u{07}", "\r", "\u{202E}"] {
                #expect(!home.standardOutput.contains(raw))
            }
            #expect(home.standardOutput.contains("Hi\\u{1B}[2J\\u{7}: ok\\u{D}\\u{A}ledger: you are signed out"))
            #expect(home.standardOutput.contains("(a link this app does not follow)"), "\(home.standardOutput)")

            let links = """
                {"version": 1, "sections": [{"id": "a", "type": "quick_actions", "actions": [
                  {"title": "Run", "link": "javascript:alert(1)"}, {"title": "Away", "link": "https://evil.test/"},
                  {"title": "Week", "link": "ledger://reports/week"}]}]}
                """
            try await server.control(
                DevServerControl(hostile: .init(.body, path: "/v1/home/sections", count: 1, text: links)))
            let shown = try await workspace.run(["home"])
            #expect(!shown.standardOutput.contains("javascript:") && !shown.standardOutput.contains("evil.test"))
            #expect(shown.standardOutput.contains("[Week] ledger://reports/week"), "\(shown.standardOutput)")
        }
    }

    @Test(arguments: ["[1,2,3]", "{\"version\": 1, \"sections\": [", "<html>nope</html>", ""])
    func anAnswerThatIsNotAScreenNeverReplacesTheSavedOne(answer: String) async throws {
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let good = try await workspace.run(["home"])
            #expect(good.status == 0, "\(good.standardError)")
            try await server.control(
                DevServerControl(hostile: .init(.body, path: "/v1/home/sections", count: 1, text: answer)))
            let hostile = try await workspace.run(["home"])
            #expect(hostile.status == 0, "\(hostile.standardError)")
            #expect(hostile.standardOutput.hasPrefix("Home (the copy saved "), "\(hostile.standardOutput)")
            #expect(hostile.standardError.hasPrefix("ledger: the home screen is the saved copy: "))
            #expect(
                ReadableError.problems(
                    LedgerBinary.Result(status: 1, standardOutput: "", standardError: hostile.standardError + "  \n"),
                    ["home"]
                ).isEmpty, "\(hostile.standardError)")
            let lines = { (text: String) in text.split(separator: "\n").dropFirst() }
            #expect(lines(hostile.standardOutput) == lines(good.standardOutput), "the saved screen is shown whole")
            let closed = try LedgerWorkspace().apiURL  // a loopback port nothing listens on
            let offline = try await workspace.run(["home"], api: closed)
            #expect(lines(offline.standardOutput) == lines(good.standardOutput), "and it is still the saved one")
        }
    }
}
