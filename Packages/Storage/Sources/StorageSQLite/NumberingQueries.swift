import Foundation
import Storage

/// The SQL of numbered creations: the sequence row and the documents, in one `BEGIN IMMEDIATE` transaction.
enum NumberingQueries {
    private static let last = "SELECT last, typeof(last) FROM number_sequence WHERE name = ?1"
    private static let raise = """
        INSERT INTO number_sequence (name, last) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET last = excluded.last
        """

    /// Reads the documents `ids` names, reserves the next free number of `sequence` and saves the documents
    /// `build` returns for them, or nothing. A plain numbered creation reads nothing.
    ///
    /// `BEGIN IMMEDIATE` takes the database's write lock before the sequence and the documents are read, so no
    /// other connection, in this process or another, can read the same last number, or change a read document,
    /// until this transaction ends.
    static func create<BuildFailure: Error>(
        in sequence: NumberSequence, reading ids: [DocumentID] = [],
        build: (Int, [DocumentID: Document]) throws(BuildFailure) -> [DocumentDraft], date: Date,
        connection: SQLiteConnection
    ) -> Result<NumberedDocuments, NumberedCreationError<BuildFailure>> {
        do {
            try connection.execute("BEGIN IMMEDIATE")
        } catch {
            return .failure(.storage(error.storageError))
        }
        let result = reserveAndSave(in: sequence, reading: ids, build: build, date: date, connection: connection)
        do {
            if case .success = result {
                try connection.execute("COMMIT")
            } else {
                try connection.execute("ROLLBACK")
            }
        } catch {
            _ = try? connection.execute("ROLLBACK")
            return .failure(.storage(error.storageError))
        }
        return result
    }

    private static func reserveAndSave<BuildFailure: Error>(
        in sequence: NumberSequence, reading ids: [DocumentID],
        build: (Int, [DocumentID: Document]) throws(BuildFailure) -> [DocumentDraft], date: Date,
        connection: SQLiteConnection
    ) -> Result<NumberedDocuments, NumberedCreationError<BuildFailure>> {
        do throws(NumberedCreationError<BuildFailure>) {
            let issued: Int
            var read: [DocumentID: Document] = [:]
            do {
                issued = try lastIssued(sequence, connection: connection)
                // The same query and checks as `load`, on the writer inside the transaction: damaged bytes are
                // `corrupted` here too, and nothing can change them before the commit.
                for id in ids where read[id] == nil {
                    read[id] = try DocumentQueries.load(id, connection: connection)
                }
            } catch {
                throw .storage(error)
            }
            let plan = try NumberedCreation.plan(
                after: issued, replacing: Set(ids), build: { (number) throws(BuildFailure) in try build(number, read) },
                exists: { (id) throws(StorageError) -> Bool in try DocumentQueries.exists(id, connection: connection) })
            // A replaced document keeps the date it was first saved, as a plain save keeps it.
            let created = { (id: DocumentID) in read[id]?.metadata.createdAt ?? date }
            do {
                try SQLiteOpening.checked { () throws(SQLiteFailure) in
                    let statement = try connection.prepare(raise)
                    try statement.bind(sequence.name, at: 1)
                    try statement.bind(Int64(plan.number), at: 2)
                    try statement.run()
                }
                try DocumentQueries.insert(plan.drafts, date: date, created: created, connection: connection)
            } catch {
                throw .storage(error)
            }
            let stored = plan.drafts.map { draft in
                DocumentMetadata(
                    id: draft.id, contentType: draft.contentType, attributes: draft.attributes,
                    byteCount: draft.bytes.count, createdAt: created(draft.id), modifiedAt: date)
            }
            return .success(NumberedDocuments(number: plan.number, documents: stored, skipped: plan.skipped))
        } catch {
            return .failure(error)
        }
    }

    /// Sets the last number of the sequence named `name`, inside the caller's transaction (a repair's).
    static func restore(_ name: String, last: Int, connection: SQLiteConnection) throws(StorageError) {
        try SQLiteOpening.checked { () throws(SQLiteFailure) in
            let statement = try connection.prepare(raise)
            try statement.bind(name, at: 1)
            try statement.bind(Int64(last), at: 2)
            try statement.run()
        }
    }

    /// The last number the sequence issued, 0 when it never issued one.
    ///
    /// The column's `CHECK (last >= 0)` lets text and fractions through (SQLite orders text after numbers), and an
    /// edited database can hold anything: a counter that is not a whole number from 0 up is refused as damage,
    /// never read as 0 (which would give numbers out again). One beyond what `Int` holds on this platform is an
    /// exhausted sequence.
    static func lastIssued(_ sequence: NumberSequence, connection: SQLiteConnection) throws(StorageError) -> Int {
        let found = try SQLiteOpening.checked { () throws(SQLiteFailure) -> (Int64, String, String, Int)? in
            let statement = try connection.prepare(last)
            defer { statement.reset() }
            try statement.bind(sequence.name, at: 1)
            guard try statement.step() else { return nil }
            return (statement.int64(0), statement.text(1), statement.text(0), statement.data(0).count)
        }
        guard let (value, type, text, byteCount) = found else { return 0 }
        guard type == "integer", value >= 0 else {
            let shown: String
            switch type {
            case "integer", "real": shown = text
            case "text": shown = "the text '\(text.prefix(40))'"
            case "blob": shown = "\(byteCount) bytes of binary data"
            default: shown = "empty"
            }
            throw .corrupted(
                CorruptionReport(
                    file: connection.url, movedTo: nil,
                    reason: .invalidSequenceNumber(sequence: sequence.name, found: shown)))
        }
        guard let number = Int(exactly: value) else { throw .invalidNumberedDocuments(.sequenceExhausted) }
        return number
    }
}
