import Foundation
import LedgerTestSupport
import Testing

/// Bank exports imported by the built `ledger` on a real data folder: detection, and a profile kept between runs.
@Suite("Expenses: bank exports end to end")
struct BankImportEndToEndTests {
    private func write(_ workspace: LedgerWorkspace, _ name: String, _ bytes: Data) throws -> String {
        let url = workspace.folder.appendingPathComponent(name)
        try bytes.write(to: url)
        return url.path
    }

    @Test func aWindows1252ExportWithAccountLinesImportsWithoutOptions() async throws {
        let workspace = try LedgerWorkspace()
        let text = [
            "Téléchargement du 31/03/2026;", ";", "Compte de Dépôt carte n° 12345678901;", ";",
            "Date;Libellé;Débit euros;Crédit euros;",
            #"02/03/2026;"CARTE X1234 CARREFOUR CITY";23,45;;"#,
            #"15/03/2026;"PRELEVEMENT EDF ÉLECTRICITÉ";78,90;;"#,
            #"20/03/2026;"VIREMENT SALAIRE";;2 100,00;"#,
        ].joined(separator: "\r\n")
        let path = try write(workspace, "ca.csv", try #require(text.data(using: .windowsCP1252)))
        let imported = try await workspace.run(["expense", "import", path])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("Imported 2 new expenses"), "\(imported.standardOutput)")
        #expect(imported.standardOutput.contains("Left out 1 credit"))
        let list = try await workspace.run(["report", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "csv"])
        #expect(list.standardOutput.contains("PRELEVEMENT EDF ÉLECTRICITÉ,78.90,EUR"), "\(list.standardOutput)")
    }

    @Test func unknownHeadingsImportWithColumnsAndTheNextRunWithTheSavedProfile() async throws {
        let workspace = try LedgerWorkspace()
        let march = try write(workspace, "march.csv", Data("Tag;Text;Wert\n01.03.2026;Kino;-11,50\n".utf8))
        let refused = try await workspace.run(["expense", "import", march])
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("Tag, Text, Wert"), "\(refused.standardError)")

        let first = try await workspace.run([
            "expense", "import", march, "--columns", "date=Tag,title=Text,amount=Wert", "--profile", "mybank",
        ])
        #expect(first.status == 0, "\(first.standardError)")
        let april = try write(workspace, "april.csv", Data("Tag;Text;Wert\n01.04.2026;Zoo;-9,00\n".utf8))
        let second = try await workspace.run(["expense", "import", april, "--profile", "mybank"])
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.contains("Imported 1 new expense"))
    }

    @Test func daysThatReadTwoWaysExitWith65NamingTheLine() async throws {
        let workspace = try LedgerWorkspace()
        let path = try write(workspace, "us.csv", Data("Date,Description,Amount\n03/04/2026,Lunch,-12.00\n".utf8))
        let result = try await workspace.run(["expense", "import", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("line 2") && result.standardError.contains("--date-format"))
    }
}
