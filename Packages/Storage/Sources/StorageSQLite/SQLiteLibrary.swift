import StorageCSQLite

/// Facts about the SQLite library this process links.
public enum SQLiteLibrary {
    /// The linked library's version number, `major * 1_000_000 + minor * 1_000 + patch` (3.40.1 is 3_040_001).
    public static var versionNumber: Int {
        Int(sqlite3_libversion_number())
    }
}
