import Foundation
import Storage
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every error reads as sentences when an app prints it, never as a dump of Swift values.
@Suite("Storage: error messages")
struct StorageErrorMessageTests {
    static let file = URL(fileURLWithPath: "/data/ledger.sqlite")

    static let errors: [StorageError] = [
        .invalidEntry(id: uuid(1), problem: .priceTooPrecise), .duplicateEntryID(uuid(2)),
        .invalidDocumentID(.unsupportedCharacter(0x20)), .invalidSequenceName(.empty),
        .invalidNumberedDocuments(.tooManyTaken(startingAt: 4, count: 10_001)),
        .invalidNumberedDocuments(.tooManyReads(count: 17)),
        .invalidRecordFile(file: URL(fileURLWithPath: "/data/session"), problem: .notARegularFile), .cancelled,
        .invalidRange(.dateNotFinite), .invalidCSV(.rowTooLarge(line: 3, limit: 4_194_304)),
        .corrupted(
            CorruptionReport(
                file: file, movedTo: nil,
                reason: .databaseDamaged(
                    DatabaseDamage(
                        objects: ["expense", "expense_by_id"],
                        findings: ["Page 7: btreeInitPage() returns error code 11"])))),
        .corrupted(CorruptionReport(file: file, movedTo: nil, reason: .notADatabase)),
        .corrupted(
            CorruptionReport(
                file: file, movedTo: nil, reason: .invalidSequenceNumber(sequence: "invoice", found: "the text 'x'"))),
        .corrupted(
            CorruptionReport(
                file: URL(fileURLWithPath: "/data/expenses/changes-1.lrec"),
                movedTo: URL(fileURLWithPath: "/data/expenses/changes-1.lrec.corrupted-1"), reason: .checksumMismatch)),
        .unexpectedFormat(file: file, found: "json", expected: "plist"), .newerSchema(found: 9, supported: 3),
        .migrationFailed(version: 3, failure: BackendFailure(code: 1, message: "table exists")),
        .storeInUse(URL(fileURLWithPath: "/data/documents")), .missingFolder(URL(fileURLWithPath: "/data/ledgre")),
        .fileSystem(FileSystemFailure(operation: .write, path: "/data/ledger.sqlite", errorNumber: ENOSPC)),
        .database(BackendFailure(code: 10, message: "disk I/O error")),
        .coding(CodingFailure(direction: .decoding, typeName: "InvoiceRecord", message: "bad JSON")), .closed,
    ]

    @Test(arguments: errors)
    func everyErrorIsASentence(error: StorageError) {
        let text = String(describing: error)
        #expect(text == "\(error)")
        #expect(text.first?.isUppercase == true, "\(text)")
        #expect(text.hasSuffix("."), "\(text)")
        for dump in ["Storage.", "Failure(", "Report(", "Optional(", "file://", "problem:", "_0"] {
            #expect(!text.contains(dump), "\(text)")
        }
        #expect(error.message.hasSuffix("."))
        #expect(error.hint.map { $0.hasSuffix(".") } ?? true)
    }

    @Test func aDamagedDatabaseNamesTheFileAndWhatIsDamaged() {
        let error = StorageError.corrupted(
            CorruptionReport(
                file: Self.file, movedTo: nil,
                reason: .databaseDamaged(DatabaseDamage(objects: ["expense", "expense_by_id"], findings: []))))
        #expect(
            error.message
                == "The database /data/ledger.sqlite is damaged: pages of expense, expense_by_id cannot be read.")
        #expect(error.hint?.contains("Nothing was moved or changed") == true)
    }

    @Test func aFullDiskSaysSoAndWhatToDo() {
        let error = StorageError.fileSystem(
            FileSystemFailure(operation: .write, path: "/data/ledger.sqlite", errorNumber: ENOSPC))
        #expect(error.message.hasPrefix("Could not write /data/ledger.sqlite: "))
        #expect(error.message.contains("(error \(ENOSPC))"))
        #expect(error.hint == "Free some disk space, then try again; nothing was half-written.")
    }

    @Test func payloadsInterpolateAsTextNotAsValueDumps() {
        let texts = [
            "\(FileSystemFailure(operation: .rename, path: "/data/x", errorNumber: EACCES))",
            "\(BackendFailure(code: 11, message: "database disk image is malformed"))",
            "\(CodingFailure(direction: .encoding, typeName: "Invoice", message: "bad"))",
            "\(CorruptionReport(file: Self.file, movedTo: nil, reason: .truncated))",
            "\(CorruptionReason.databaseDamaged(DatabaseDamage(objects: ["document"], findings: [])))",
            "\(EntryProblem.titleTooLong)", "\(RecordFileProblem.pathContainsNUL)",
        ]
        for text in texts {
            #expect(
                !text.contains("Storage.") && !text.contains("(" + "operation:") && !text.contains("reason:"), "\(text)"
            )
        }
        #expect(texts[0].hasPrefix("Could not rename /data/x: "))
        #expect(texts[4] == "pages of document cannot be read")
    }
}
