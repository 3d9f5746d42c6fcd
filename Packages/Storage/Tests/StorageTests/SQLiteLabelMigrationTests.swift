import EssentialsTesting
import Foundation
import Storage
import StorageSQLite
import Testing

/// A database written before expenses had a category and tags: opening it adds the columns and keeps every row.
@Suite("Storage: SQLite label migration")
struct SQLiteLabelMigrationTests {
    /// The schema of version 3, as earlier builds created it, written by hand so the test does not depend on the
    /// migration code it checks.
    private static let versionThree = [
        """
        CREATE TABLE expense (
            date REAL NOT NULL,
            id BLOB NOT NULL CHECK (length(id) = 16),
            title TEXT NOT NULL,
            price_micros INTEGER NOT NULL,
            currency TEXT NOT NULL,
            comment TEXT NOT NULL,
            PRIMARY KEY (date, id DESC)
        ) WITHOUT ROWID
        """,
        "CREATE UNIQUE INDEX expense_by_id ON expense (id)",
        """
        CREATE TABLE document (
            id TEXT NOT NULL PRIMARY KEY, content_type TEXT NOT NULL, attributes BLOB NOT NULL,
            byte_count INTEGER NOT NULL, checksum INTEGER NOT NULL, created REAL NOT NULL, modified REAL NOT NULL,
            bytes BLOB NOT NULL
        )
        """,
        "CREATE TABLE number_sequence (name TEXT NOT NULL PRIMARY KEY, last INTEGER NOT NULL CHECK (last >= 0)) WITHOUT ROWID",
        // Two rows: 3.20 EUR dated 2001-01-01 + 60 s, 12 CHF at + 120 s, with ids ...01 and ...02.
        """
        INSERT INTO expense (date, id, title, price_micros, currency, comment) VALUES
        (60, x'00000000000000000000000000000001', 'Coffee', 3200000, 'EUR', 'old row'),
        (120, x'00000000000000000000000000000002', 'Train', 12000000, 'CHF', '')
        """,
        "PRAGMA user_version = 3",
    ]

    /// Writes the old database with Python's sqlite3 module (the scripts install Python 3): another SQLite client,
    /// as an earlier build was, and no C module the root build's suite cannot import.
    private func writeVersionThree(at url: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", "-c",
                "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1])\n"
                    + "for statement in sys.argv[2:]:\n    db.execute(statement)\ndb.commit()\ndb.close()",
                url.path,
            ] + Self.versionThree
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try #require(process.terminationStatus == 0, "python3 could not write the old database: \(message)")
    }

    @Test func openingAVersionThreeDatabaseAddsTheColumnsAndKeepsEveryRow() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("ledger.sqlite")
            try writeVersionThree(at: url)
            let coffee = ExpenseEntry(
                id: uuid(0, 1), title: "Coffee", price: try decimal("3.2"), currencyCode: "EUR", comment: "old row",
                date: Date(timeIntervalSinceReferenceDate: 60))
            let train = ExpenseEntry(
                id: uuid(0, 2), title: "Train", price: 12, currencyCode: "CHF",
                date: Date(timeIntervalSinceReferenceDate: 120))

            let store = try await SQLiteStore.open(at: url)
            #expect(try await store.report(in: allTime).entries == [train, coffee])
            var labelled = coffee
            labelled.category = "Food"
            labelled.tags = ["morning", "work"]
            #expect(try await store.save(labelled) == .replaced)
            #expect(try await store.integrityCheck() == [])
            await store.close()

            let reopened = try await SQLiteStore.open(at: url)
            #expect(try await reopened.report(in: allTime).entries == [train, labelled])
            await reopened.close()
            #expect(SQLiteStore.schemaVersion == 4)
            let header = try FileFixtures.bytes(of: url).prefix(64)
            #expect(header.suffix(4).reduce(0) { $0 << 8 | UInt32($1) } == 4)
        }
    }
}
