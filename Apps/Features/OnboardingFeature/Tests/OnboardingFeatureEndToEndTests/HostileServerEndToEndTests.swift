import DevServer
import Foundation
import LedgerTestSupport
import Testing

/// What a hostile server says never reaches the terminal raw: an e-mail with escape sequences, a forged line and a
/// direction override is printed with those characters made visible.
@Suite("Onboarding: a hostile server's text is shown, never obeyed")
struct HostileServerEndToEndTests {
    @Test func whoamiAndLoginShowTheServersEscapesAsText() async throws {
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let email = uniqueEmail()
            #expect(try await workspace.run(["register", email]).status == 0)
            try await server.control(DevServerControl(hostile: .init(.escapes, path: "/v1/me")))
            for arguments in [["whoami"], ["login", email]] {
                let result = try await workspace.run(arguments)
                #expect(result.status == 0, "\(arguments): \(result.standardError)")
                let printed = result.standardOutput + result.standardError
                for raw in ["\u{1B}", "\u{07}", "\r", "\u{202E}"] {
                    #expect(!printed.contains(raw), "\(arguments) printed \(raw.unicodeScalars.first?.value ?? 0)")
                }
                #expect(printed.contains("\\u{1B}[2J\\u{7}\\u{D}\\u{A}ledger: you are signed out"), "\(printed)")
                #expect(
                    !printed.split(separator: "\n").contains { $0.hasPrefix("ledger: you are signed out") },
                    "no line the server wrote looks like the app's own")
            }
        }
    }
}
