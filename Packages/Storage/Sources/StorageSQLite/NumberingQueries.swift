import Foundation
import Storage

/// The SQL of numbered creations: the sequence row and the documents, in one `BEGIN IMMEDIATE` transaction.
enum NumberingQueries {
    private static let last = "SELECT last FROM number_sequence WHERE name = ?1"
    private static let raise = """
        INSERT INTO number_sequence (name, last) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET last = excluded.last
        """

    /// Reserves the next free number of `sequence` and saves the documents `build` returns for it, or nothing.
    ///
    /// `BEGIN IMMEDIATE` takes the database's write lock before the sequence is read, so no other connection, in
    /// this process or another, can read the same last number until this transaction ends.
    static func create<BuildFailure: Error>(
        in sequence: NumberSequence, build: (Int) throws(BuildFailure) -> [DocumentDraft], date: Date,
        connection: SQLiteConnection
    ) -> Result<NumberedDocuments, NumberedCreationError<BuildFailure>> {
        do {
            try connection.execute("BEGIN IMMEDIATE")
        } catch {
            return .failure(.storage(error.storageError))
        }
        let result = reserveAndSave(in: sequence, build: build, date: date, connection: connection)
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
        in sequence: NumberSequence, build: (Int) throws(BuildFailure) -> [DocumentDraft], date: Date,
        connection: SQLiteConnection
    ) -> Result<NumberedDocuments, NumberedCreationError<BuildFailure>> {
        do throws(NumberedCreationError<BuildFailure>) {
            let issued: Int
            do {
                issued = try lastIssued(sequence, connection: connection)
            } catch {
                throw .storage(error)
            }
            let plan = try NumberedCreation.plan(
                after: issued, build: build,
                exists: { (id) throws(StorageError) -> Bool in try DocumentQueries.exists(id, connection: connection) })
            do {
                try SQLiteOpening.checked { () throws(SQLiteFailure) in
                    let statement = try connection.prepare(raise)
                    try statement.bind(sequence.name, at: 1)
                    try statement.bind(Int64(plan.number), at: 2)
                    try statement.run()
                }
                try DocumentQueries.insert(plan.drafts, date: date, connection: connection)
            } catch {
                throw .storage(error)
            }
            let stored = plan.drafts.map { draft in
                DocumentMetadata(
                    id: draft.id, contentType: draft.contentType, attributes: draft.attributes,
                    byteCount: draft.bytes.count, createdAt: date, modifiedAt: date)
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
    static func lastIssued(_ sequence: NumberSequence, connection: SQLiteConnection) throws(StorageError) -> Int {
        try SQLiteOpening.checked { () throws(SQLiteFailure) -> Int in
            let statement = try connection.prepare(last)
            defer { statement.reset() }
            try statement.bind(sequence.name, at: 1)
            return try statement.step() ? Int(statement.int64(0)) : 0
        }
    }
}
