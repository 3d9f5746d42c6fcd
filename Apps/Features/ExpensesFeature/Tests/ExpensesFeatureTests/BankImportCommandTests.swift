import CommandKit
import CommandKitTesting
import Foundation
import Storage
import StorageTesting
import Testing

@testable import ExpensesFeature

/// `expense import` with bank exports, in process on an in-memory store and document store.
@Suite("Expenses: the import command with bank exports")
struct BankImportCommandTests {
    private let store = FakeExpenseStore()
    private let documents = FakeDocumentStore()
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bank-\(UUID().uuidString)")

    private var harness: CommandHarness {
        let expenses = makeExpenses(store: store, profiles: DocumentImportProfiles(documents: documents))
        return CommandHarness(ExpenseCommands(expenses: { expenses }))
    }

    private func file(_ name: String, _ bytes: Data) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try bytes.write(to: url)
        return url.path
    }

    private var saved: Int {
        get async { await store.report(in: Date.distantPast..<Date.distantFuture).entries.count }
    }

    @Test func aBankExportImportsAndSaysWhichCreditsWereLeftOut() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try #require(BankExport.all.first { $0.bank == "Crédit Agricole" })
        let path = try file("ca.csv", export.bytes)
        let result = await harness.run(["expense", "import", path])
        #expect(result.status == .success, "\(result.error)")
        #expect(result.output.contains("Imported 2 new expenses"))
        #expect(result.output.contains("Left out 1 credit (money received); --credits imports them."))
        #expect(await saved == 2)
    }

    @Test func unknownHeadingsImportWithColumnsAndThenWithTheSavedProfile() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try file(
            "mybank.csv", Data("Tag;Text;Wert;Art\n01.03.2026;Kino;-11,50;K\n02.03.2026;Buch;-20,00;K\n".utf8))
        let refused = await harness.run(["expense", "import", path])
        #expect(refused.status == .dataError)
        #expect(
            refused.error.contains("Tag, Text, Wert, Art") && refused.error.contains("--columns"), "\(refused.error)")

        let first = await harness.run([
            "expense", "import", path, "--columns", "date=Tag,title=Text,amount=Wert", "--profile", "mybank",
        ])
        #expect(first.status == .success, "\(first.error)")
        #expect(await saved == 2)

        let other = try file("mybank-april.csv", Data("Tag;Text;Wert;Art\n01.04.2026;Zoo;-9,00;K\n".utf8))
        let second = await harness.run(["expense", "import", other, "--profile", "mybank"])
        #expect(second.status == .success, "\(second.error)")
        #expect(await saved == 3)
    }

    @Test func anUnknownProfileIsAUsageError() async {
        let result = await harness.run(["expense", "import", "/dev/null", "--profile", "nobank"])
        #expect(result.status == .usage)
        #expect(result.error.contains("no import profile 'nobank'"))
    }

    @Test func ambiguousDaysExitWithStatus65NamingTheLineAndTheOption() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try file("us.csv", Data("Date,Description,Amount\n03/04/2026,Lunch,-12.00\n".utf8))
        let result = await harness.run(["expense", "import", path])
        #expect(result.status == .dataError)
        #expect(result.error.contains("line 2") && result.error.contains("--date-format"), "\(result.error)")
        #expect(await harness.run(["expense", "import", path, "--date-format", "MM/DD/YYYY"]).status == .success)
    }

    @Test(arguments: [
        ["--encoding", "ebcdic"], ["--date-format", "YY"], ["--decimal-mark", ";"], ["--columns", "when=Tag"],
    ])
    func badImportOptionsAreUsageErrors(options: [String]) async {
        let result = await harness.run(["expense", "import", "/dev/null"] + options)
        #expect(result.status == .usage, "\(result.error)")
    }

    @Test func aMissingFileSaysThereIsNoSuchFile() async {
        let result = await harness.run(["expense", "import", "/no/such/file.csv"])
        #expect(result.status == .usage)
        #expect(result.error.contains("cannot read '/no/such/file.csv': there is no such file"), "\(result.error)")
    }

    @Test func aFolderSaysItIsAFolder() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = await harness.run(["expense", "import", folder.path])
        #expect(result.status == .usage)
        #expect(result.error.contains("it is a folder, not a file"), "\(result.error)")
    }

    @Test(.enabled(if: getuid() != 0, "root reads files whatever their permissions"))
    func anUnreadableFileSaysPermissionIsDenied() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try file("secret.csv", Data("date,title,amount,currency\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        let result = await harness.run(["expense", "import", path])
        #expect(result.error.contains("permission to read it is denied"), "\(result.error)")
    }
}
