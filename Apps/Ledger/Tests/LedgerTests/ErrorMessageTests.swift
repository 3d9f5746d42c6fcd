import DevServer
import Foundation
import Testing

/// Every way a command can fail, run through the built binary: each prints a sentence to standard error and a hint
/// (or the list of problems), never a dump of a Swift value.
@Suite("Ledger: every error is a sentence with a hint")
struct ErrorMessageTests {
    /// What a dump looks like: `transport(code: -1004)`, `Optional("x")`, `Storage.FileSystemFailure(...)`,
    /// `.timeout`, `NSError`, a type with its module.
    private static let dumpPatterns = [
        #"[a-z][A-Za-z]*\([a-zA-Z]+: "#, #"Optional\("#,
        #"\b(Storage|Networking|Validation|Rendering|Registration|Navigation|SectionsRegistry|Foundation|CompositionRoot)[A-Za-z]*\.[A-Z]"#,
        #"(^|[ (])\.[a-z][A-Za-z]+\b"#, #"NSError|CocoaError|Error Domain"#, #"\bnil\b"#,
    ]

    private func expectReadable(_ result: LedgerBinary.Result, _ arguments: [String]) {
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(result.status != 0, "\(arguments) succeeded")
        #expect(lines.first?.hasPrefix("ledger: ") == true, "\(arguments): \(result.standardError)")
        #expect(
            lines.contains { $0.hasPrefix("hint: ") || $0.hasPrefix("  ") },
            "\(arguments) has no hint: \(result.standardError)")
        for pattern in Self.dumpPatterns {
            #expect(
                result.standardError.range(of: pattern, options: .regularExpression) == nil,
                "\(arguments) prints something like a value dump (\(pattern)): \(result.standardError)")
        }
    }

    @Test func everyLocalErrorPathIsReadable() async throws {
        let workspace = try LedgerWorkspace()
        let bad = try workspace.file("bad.csv", "date,title,amount,currency\n\"never closed,x,1,EUR\n")
        let cases: [[String]] = [
            ["frobnicate"], ["expense"], ["expense", "add", "--title", "x"], ["expense", "add", "--price", "1"],
            ["expense", "add", "--title", "x", "--price", "1", "--date", "2026-02-30"],
            ["expense", "add", "--title", "x", "--price", "1.234"], ["expense", "add", "--title", " ", "--price", "1"],
            ["expense", "delete", "12345678"], ["expense", "delete", "12"], ["expense", "import", "/no/such.csv"],
            ["expense", "import", bad.path], ["report", "decade"],
            ["report", "--from", "2026-03-02", "--to", "2026-03-01"],
            ["invoice", "new", "--client", "", "--item", "x;0;1"], ["invoice", "new", "--client", "A", "--item", "x"],
            ["invoice", "new", "--client", "شركة", "--item", "x;1;1"], ["invoice", "show", "INV-0404"],
            ["invoice", "upload", "INV-0404"], ["open", "javascript:alert(1)"],
            ["open", "ledger://invoices/INV-1%2F2"],
            ["open", "ledger://home#next=https://evil.test"], ["link", "invoice", "INV-0404"],
            ["config", "get", "nope"],
            ["config", "set", "seller.iban", "DE00 0000"], ["config", "set", "currency", "EUR", "USD"],
            ["config", "unset", "seller.name"], ["config", "set", "invoice.fallback-font", "/no/such.ttf"],
            ["config", "set", "invoice.fallback-font", bad.path], ["whoami"], ["completion", "tcsh"],
            ["help", "nothing"],
        ]
        for arguments in cases {
            expectReadable(try await workspace.run(arguments), arguments)
        }
    }

    @Test func everyNetworkErrorPathIsReadableWithTheServerDown() async throws {
        let workspace = try LedgerWorkspace()
        for arguments in [["register", "a@b.example"], ["login", "a@b.example"], ["home"]] {
            expectReadable(try await workspace.run(arguments), arguments)
        }
        let invoice = try await workspace.run(["invoice", "new", "--client", "A", "--item", "x;1;1"])
        #expect(invoice.status == 75)
        expectReadable(invoice, ["invoice", "new"])
        expectReadable(try await workspace.run(["invoice", "upload", "INV-0001"]), ["invoice", "upload"])
    }

    @Test func everyServerRefusalIsReadable() async throws {
        try await DevServer.run { server in
            let workspace = try LedgerWorkspace(apiURL: server.baseURL)
            let email = "refusals-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            #expect(try await workspace.run(["register", email]).status == 0)
            expectReadable(try await workspace.run(["register", email]), ["register", "again"])
            expectReadable(try await workspace.run(["register", "x@mailinator.com"]), ["register", "blocked"])
            try await server.control(DevServerControl(fail: .init(count: 50, status: 503)))
            expectReadable(try await workspace.run(["invoice", "new", "--client", "A", "--item", "x;1;1"]), ["503"])
            try await server.control(DevServerControl(fail: .init(count: 50, status: 429, retryAfter: "1")))
            expectReadable(try await workspace.run(["register", "new-\(email)"]), ["429"])
        }
    }

    @Test func anUnusableDataFolderIsReadable() async throws {
        let workspace = try LedgerWorkspace()
        let file = try workspace.file("not-a-folder", "x")
        let result = try await LedgerBinary.locate().run(["expense", "list", "--data-dir", file.path])
        #expect(result.status == 74)
        expectReadable(result, ["expense", "list", "--data-dir", "a file"])
    }
}
