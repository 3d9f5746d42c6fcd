import Foundation
import InvoicesFeature
import Testing

@testable import CompositionRoot

@Suite("CompositionRoot: invoice backups on the data folder's SQLite store")
struct InvoiceBackupWiringTests {
    @Test func aBackupImportedIntoAnotherDataFolderContinuesItsNumbers() async throws {
        let sourceFolder = try TemporaryFolder()
        let targetFolder = try TemporaryFolder()
        let source = makeFactory(folder: sourceFolder)
        let invoices = try await source.makeInvoices()
        for client in ["ACME", "Globex"] {
            _ = try await invoices.form.submit(
                InvoiceRequest(
                    client: client, items: [InvoiceItem(description: "Work", quantity: 2, unitPrice: 60.5)],
                    currencyCode: "EUR", taxPercent: 20))
        }
        let backup = try #require(invoices.backup)
        let exported = try await backup.exporter.exportBackup()
        #expect(exported.contents.invoices == 2)
        await source.close()

        let target = makeFactory(folder: targetFolder)
        let restored = try await target.makeInvoices()
        let result = try await #require(restored.backup).importer.importBackup(exported.data)
        #expect(result.imported == exported.contents.documents && result.unchanged == 0)
        #expect(try await #require(restored.backup).importer.importBackup(exported.data).imported == 0)
        let next = try await restored.form.submit(
            InvoiceRequest(
                client: "Initech", items: [InvoiceItem(description: "Work", quantity: 1, unitPrice: 10)],
                currencyCode: "EUR"))
        #expect(next.record.number == "INV-0003")
        await target.close()
    }
}
