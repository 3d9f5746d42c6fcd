import Foundation
import Storage
import StorageFileSystem
import StorageSQLite
import Testing

/// The shorter examples of README.md, each verbatim between its markers, so they keep compiling and working.
@Suite("Storage: README snippets")
struct ReadmeSnippetTests {
    @Test func numberedDocuments() async throws {
        try await withTemporaryFolder { folder in
            let store = try await SQLiteStore.open(at: folder.appendingPathComponent("ledger.sqlite"))
            // README numbered documents starts here.
            let invoices = try NumberSequence("invoice")
            let created = try await store.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
                let label = "INV-" + String(number)
                let pdf = Data("%PDF-1.7 \(label)".utf8)  // the app renders here; a throw saves nothing
                return [
                    DocumentDraft(
                        id: try DocumentID(label + ".json"), contentType: DocumentContentType.json,
                        bytes: Data(#"{"number":"\#(label)"}"#.utf8)),
                    DocumentDraft(id: try DocumentID(label + ".pdf"), contentType: DocumentContentType.pdf, bytes: pdf),
                ]
            }
            // created.number == 1; created.documents: the record and the PDF, saved together
            // README numbered documents ends here.
            #expect(created.number == 1)
            #expect(created.documents.map(\.id.rawValue) == ["INV-1.json", "INV-1.pdf"])
            await store.close()
        }
    }

    @Test func numberedUpdate() async throws {
        try await withTemporaryFolder { folder in
            let store = try await SQLiteStore.open(at: folder.appendingPathComponent("ledger.sqlite"))
            // README numbered update starts here.
            let payments = try NumberSequence("payment")
            let account = try DocumentID("INV-1.settlement.json")
            let payment = try await store.createNumberedDocuments(in: payments, reading: [account]) {
                (number, read) throws(StorageError) in
                // Absent from `read`: never saved, so nothing was paid yet.
                let paid = read[account].map { Int(String(decoding: $0.bytes, as: UTF8.self)) ?? 0 } ?? 0
                // The app checks here that 30 does not exceed what is owed; a throw saves nothing.
                return [
                    DocumentDraft(
                        id: try DocumentID("P-\(number).json"), contentType: DocumentContentType.json,
                        bytes: Data(#"{"amount":30}"#.utf8)),
                    DocumentDraft(
                        id: account, contentType: DocumentContentType.json, bytes: Data(String(paid + 30).utf8)),
                ]
            }
            // payment.number == 1; the account holds 30, and no other creation changed it in between
            // README numbered update ends here.
            #expect(payment.number == 1)
            #expect(try await store.load(account)?.bytes == Data("30".utf8))
            await store.close()
        }
    }

    @Test func aSmallRecord() async throws {
        try await withTemporaryFolder { folder in
            // README record starts here.
            let session = try DurableRecordFile(at: folder.appendingPathComponent("session"))
            try await session.write(Data("token-1".utf8))
            let current = try await session.withExclusiveAccess { (stored) throws(StorageError) -> RecordChange in
                guard stored == Data("token-1".utf8) else { return .keep }  // another process refreshed already
                return .replace(Data("token-2".utf8))  // the app asks its server here, holding the lock
            }
            // README record ends here.
            #expect(current == Data("token-2".utf8))
        }
    }

    @Test func csv() async throws {
        // README CSV starts here.
        let text = "date,title,price\n2024-10-07,\"Coffee, large\",3.20\n"
        var reader = CSVReader(text: text, options: CSVReadingOptions(undoesFormulaDefusing: true))
        var rows: [CSVRow] = []
        while let row = try await reader.nextRow() { rows.append(row) }
        // rows[1].fields == ["2024-10-07", "Coffee, large", "3.20"], rows[1].line == 2
        let export = CSVWriter().data([["title"], ["=cmd|' /C calc'!A0"]])
        // "title\r\n'=cmd|' /C calc'!A0\r\n": a spreadsheet shows the text instead of running it
        // README CSV ends here.
        #expect(rows.map(\.fields) == [["date", "title", "price"], ["2024-10-07", "Coffee, large", "3.20"]])
        #expect(rows[1].line == 2)
        #expect(String(decoding: export, as: UTF8.self) == "title\r\n'=cmd|' /C calc'!A0\r\n")
    }

    @Test func refuseThenRepair() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("ledger.sqlite")
            _ = try await DamageFixture.build(at: url)
            try DamageFixture.wreck(page: try DamageFixture.page(holding: "entry-01000-end", in: url), of: url)
            var messages: [String] = []
            // README repair starts here.
            do throws(StorageError) {
                let store = try await SQLiteStore.open(at: url)
                await store.close()
            } catch .corrupted(let damage) {
                messages.append("\(StorageError.corrupted(damage))")  // names the file and the damaged tables
                let repaired = folder.appendingPathComponent("ledger-repaired.sqlite")
                let report = try await SQLiteStore.repair(damaged: url, into: repaired)
                messages.append("\(report)")  // what was recovered, what could not be read
            }
            // README repair ends here.
            #expect(messages.count == 2)
            #expect(messages.first?.contains("pages of expense cannot be read") == true)
            #expect(messages.last?.hasPrefix("Recovered 1740 expenses (260 could not be read), 6 documents") == true)
        }
    }
}
