import DevServer
import Foundation
import LedgerTestSupport
import Testing

// Real time on purpose: the built app's shipped HTTP limits (10 s a try, 30 s a call) dwarf a loopback answer.
/// What the shell itself promises, whatever the features: global options, unknown commands, the data folder and
/// its repair, the demo, and every feature failing cleanly when the API server is down.
@Suite("Ledger: the shell end to end")
struct ShellTests {
    @Test(arguments: [
        (["frobnicate"], Int32(64), "unknown command 'frobnicate'"),
        (["help", "nothing"], 64, "unknown command 'nothing'"),
        (["completion", "tcsh"], 64, "no completion for 'tcsh'"),
        (["home", "--api-url", "ftp://example.com"], 64, "is not an http or https URL"),
        (["\u{1B}[2J"], 64, "unknown command '\\u{1B}[2J'"),
    ])
    func aWrongCommandLineIsRefusedWithASentence(arguments: [String], status: Int32, message: String) async throws {
        let result = try await LedgerWorkspace().run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
    }

    @Test func anUnusableDataFolderIsReadable() async throws {
        let workspace = try LedgerWorkspace()
        let file = try workspace.file("not-a-folder", "x")
        let result = try await LedgerBinary.locate().run(["expense", "list", "--data-dir", file.path])
        #expect(result.status == 74)
        #expect(ReadableError.problems(result, ["expense", "list", "--data-dir", "a file"]).isEmpty)
    }

    @Test func everyNetworkErrorPathIsReadableWithTheServerDown() async throws {
        let workspace = try LedgerWorkspace()
        for arguments in [["register", "a@b.example"], ["login", "a@b.example"], ["home"]] {
            #expect(ReadableError.problems(try await workspace.run(arguments), arguments).isEmpty)
        }
        let invoice = try await workspace.run(["invoice", "new", "--client", "A", "--item", "x;1;1"])
        #expect(invoice.status == 75)
        #expect(ReadableError.problems(invoice, ["invoice", "new"]).isEmpty)
        #expect(
            ReadableError.problems(try await workspace.run(["invoice", "upload", "INV-0001"]), ["invoice", "upload"])
                .isEmpty)
    }

    @Test func withTheServerDownNetworkFeaturesFailCleanlyAndLocalDataStays() async throws {
        let workspace = try LedgerWorkspace()
        _ = try await workspace.run(["expense", "add", "--title", "Coffee", "--price", "3"])

        let register = try await workspace.run(["register", uniqueEmail()])
        #expect(register.status == 69)
        #expect(register.standardError.contains("hint: Check that the API server is running"))

        let invoice = try await workspace.run(["invoice", "new", "--client", "ACME", "--item", "Work;1;100"])
        #expect(invoice.status == 75)
        #expect(invoice.standardOutput.contains("Invoice INV-0001 for ACME: €100.00, stored on this machine."))
        #expect(invoice.standardError.contains("ledger invoice upload INV-0001"))

        let home = try await workspace.run(["home"])
        #expect(home.status == 69)
        #expect(home.standardError.contains("could not be reached"))

        #expect(try await workspace.run(["invoice", "list"]).standardOutput.contains("INV-0001"))
        #expect(try await workspace.run(["expense", "list"]).standardOutput.contains("Coffee"))
    }

    @Test func aDamagedDatabaseIsRefusedUntilRepairSalvagesItAndNeverStartsEmpty() async throws {
        let workspace = try LedgerWorkspace()
        let rows = (1...300).map { "2026-03-01,Row \($0) with a title long enough to fill pages,1.50,EUR" }
        let csv = try workspace.file("rows.csv", (["date,title,amount,currency"] + rows).joined(separator: "\n"))
        #expect(try await workspace.run(["expense", "import", csv.path]).status == 0)
        #expect(try await workspace.run(["repair"]).standardOutput == "The database is sound; nothing was changed.\n")
        let database = workspace.folder.appendingPathComponent("ledger.sqlite")
        let handle = try FileHandle(forUpdating: database)
        try handle.seek(toOffset: 16_384)
        try handle.write(contentsOf: Data(repeating: 0x42, count: 8))
        try handle.close()
        for _ in 0..<2 {
            let refused = try await workspace.run(["expense", "list"])
            #expect(refused.status == 74 && refused.standardOutput.isEmpty)
            #expect(refused.standardError.contains("is damaged") && refused.standardError.contains("ledger repair"))
            #expect(!refused.standardError.contains("Storage.") && !refused.standardError.contains("("))
        }
        let repaired = try await workspace.run(["repair"])
        #expect(
            repaired.standardOutput.hasPrefix("Recovered 299 expenses (1 could not be read)"),
            "\(repaired.standardOutput)")
        #expect(repaired.status == 65)
        let listed = try await workspace.run(["expense", "list"])
        #expect(listed.status == 0 && listed.standardOutput.contains("Row 300"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path)
        #expect(kept.contains { $0.hasPrefix("ledger.damaged-") })
    }

    @Test func theDemoRunsEveryFeaturesPartUnderItsTitle() async throws {
        let result = try await LedgerBinary.locate().run(["demo"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "Ledger demo")
        #expect(
            lines.filter { $0.hasPrefix("== ") && $0.hasSuffix(" ==") }.count >= 2, "every feature's part is titled")
        #expect(lines.filter { $0.hasPrefix("$ ledger ") }.count >= 10, "the parts' commands are shown as typed")
        let folder = try #require(lines.last { $0.hasPrefix("The data folder: ") })
            .dropFirst("The data folder: ".count).split(separator: " ").first.map(String.init)
        let path = try #require(folder)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o700, "the demo's data folder is private")
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test func theDataFolderAndItsFilesArePrivateWhateverTheUmask() async throws {
        let workspace = try LedgerWorkspace()
        let folder = workspace.folder.appendingPathComponent("data")
        let command =
            "umask 000; exec '\(workspace.binary.url.path)' expense add --title Coffee --price 3 --data-dir '\(folder.path)'"
        let added = try await LedgerBinary.runTool("sh", ["-c", command])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(!added.standardError.contains("warning"), "a folder the app made needs no warning")
        let mode = { (path: String) throws -> Int in
            try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try mode(folder.path) == 0o700)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            #expect(try mode(folder.appendingPathComponent(file).path) == 0o600, "\(file)")
        }
    }

    @Test func aDataFolderOthersCanWriteInIsUsedWithAWarning() async throws {
        let workspace = try LedgerWorkspace()
        #expect(chmod(workspace.folder.path, 0o777) == 0)
        let added = try await workspace.run(["expense", "add", "--title", "Coffee", "--price", "3"])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(
            added.standardError.hasPrefix(
                "ledger: warning: The folder \(workspace.folder.path) can be changed by every user"))
        #expect(added.standardError.contains("'chmod 700 \(workspace.folder.path)'"))
        #expect(chmod(workspace.folder.path, 0o700) == 0)
        let quiet = try await workspace.run(["expense", "list"])
        #expect(quiet.standardError.isEmpty, "\(quiet.standardError)")
    }

    @Test func anAPIURLsSchemeIsReadInAnyCase() async throws {
        let result = try await LedgerWorkspace().run(["whoami", "--api-url", "HTTP://127.0.0.1:9"])
        #expect(!result.standardError.contains("is not an http or https URL"), "\(result.standardError)")
        #expect(result.status == 65, "nobody is signed in: the URL was taken \(result.standardError)")
    }
}
