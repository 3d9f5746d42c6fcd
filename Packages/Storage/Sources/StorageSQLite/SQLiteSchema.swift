import Storage

/// The database's schema as an ordered list of migrations, applied in one transaction and recorded in
/// `PRAGMA user_version`.
enum SQLiteSchema {
    struct Migration {
        let version: Int
        let statements: [String]
    }

    /// The index on expense ids; bulk saves drop and rebuild it (see `ExpenseQueries`).
    static let idIndex = "CREATE UNIQUE INDEX expense_by_id ON expense (id)"

    static let migrations = [
        Migration(
            version: 1,
            statements: [
                // Rows are stored in date order (a table without rowid, keyed by date), so the entries of a
                // period sit side by side on disk: a month's report reads a few hundred consecutive pages instead of
                // one page per entry. The key is the date index of range reports; `id DESC` makes a backward scan
                // return equal dates in ascending id order, the order every backend reports.
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
                // Saves replace and deletes find entries by id.
                idIndex,
            ]),
        Migration(
            version: 2,
            statements: [
                """
                CREATE TABLE document (
                    id TEXT NOT NULL PRIMARY KEY,
                    content_type TEXT NOT NULL,
                    attributes BLOB NOT NULL,
                    byte_count INTEGER NOT NULL,
                    checksum INTEGER NOT NULL,
                    created REAL NOT NULL,
                    modified REAL NOT NULL,
                    bytes BLOB NOT NULL
                )
                """
            ]),
        Migration(
            version: 3,
            statements: [
                // The last number each sequence issued; a numbered creation reads and raises it in the same
                // transaction that saves its documents.
                """
                CREATE TABLE number_sequence (
                    name TEXT NOT NULL PRIMARY KEY,
                    last INTEGER NOT NULL CHECK (last >= 0)
                ) WITHOUT ROWID
                """
            ]),
        Migration(
            version: 4,
            statements: [
                // An expense's category (NULL for none) and its tags, joined by commas ('' for none; a tag holds
                // no comma). Adding columns rewrites no row: entries saved before read back uncategorised.
                "ALTER TABLE expense ADD COLUMN category TEXT",
                "ALTER TABLE expense ADD COLUMN tags TEXT NOT NULL DEFAULT ''",
            ]),
    ]

    /// The version this build writes.
    static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the database to `latestVersion`, or refuses a database written by a newer build.
    ///
    /// The version is read again after `BEGIN IMMEDIATE`, so two processes opening a new database at once migrate
    /// it once. `PRAGMA user_version` cannot take a bound value; the number pasted there comes from the list above,
    /// never from input.
    static func migrate(_ connection: SQLiteConnection) throws(StorageError) {
        let found = try version(of: connection)
        guard found <= latestVersion else { throw .newerSchema(found: found, supported: latestVersion) }
        guard found < latestVersion else { return }
        var current = found
        do throws(SQLiteFailure) {
            try connection.writeTransaction { () throws(SQLiteFailure) in
                current = try version(connection)
                for migration in migrations where migration.version > current {
                    current = migration.version
                    for statement in migration.statements { try connection.execute(statement) }
                    try connection.execute("PRAGMA user_version = \(migration.version)")
                }
            }
        } catch {
            if error.isCorruption || error.isDiskFull { throw error.storageError }
            throw .migrationFailed(version: current, failure: error.failure)
        }
        let now = try version(of: connection)
        guard now <= latestVersion else { throw .newerSchema(found: now, supported: latestVersion) }
    }

    private static func version(of connection: SQLiteConnection) throws(StorageError) -> Int {
        do {
            return try version(connection)
        } catch {
            throw error.storageError
        }
    }

    private static func version(_ connection: SQLiteConnection) throws(SQLiteFailure) -> Int {
        Int(try connection.execute("PRAGMA user_version").first ?? "0") ?? 0
    }
}
