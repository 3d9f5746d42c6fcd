import Foundation
import Storage

/// The SQL of the document table.
enum DocumentQueries {
    private static let created = "SELECT created FROM document WHERE id = ?1"
    private static let upsert = """
        INSERT INTO document (id, content_type, attributes, byte_count, checksum, created, modified, bytes)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        ON CONFLICT (id) DO UPDATE SET content_type = excluded.content_type, attributes = excluded.attributes,
            byte_count = excluded.byte_count, checksum = excluded.checksum, modified = excluded.modified,
            bytes = excluded.bytes
        """
    private static let select = """
        SELECT content_type, attributes, byte_count, checksum, created, modified, bytes FROM document WHERE id = ?1
        """
    private static let listing = """
        SELECT id, content_type, attributes, byte_count, created, modified FROM document ORDER BY id
        """
    private static let remove = "DELETE FROM document WHERE id = ?1"
    private static let coding = JSONCodingStrategy()

    static func save(
        _ draft: DocumentDraft, date: Date, connection: SQLiteConnection
    ) throws(StorageError) -> DocumentMetadata {
        let attributes = try coding.encode(draft.attributes)
        let checksum = Int64(CRC32.checksum(draft.bytes))
        return try SQLiteOpening.checked { () throws(SQLiteFailure) -> DocumentMetadata in
            try connection.writeTransaction { () throws(SQLiteFailure) -> DocumentMetadata in
                let lookup = try connection.prepare(created)
                defer { lookup.reset() }
                try lookup.bind(draft.id.rawValue, at: 1)
                let createdAt =
                    try lookup.step() ? Date(timeIntervalSinceReferenceDate: lookup.double(0)) : date
                lookup.reset()
                try write(
                    draft, attributes: attributes, checksum: checksum, created: createdAt, modified: date,
                    connection: connection)
                return DocumentMetadata(
                    id: draft.id, contentType: draft.contentType, attributes: draft.attributes,
                    byteCount: draft.bytes.count, createdAt: createdAt, modifiedAt: date)
            }
        }
    }

    /// Inserts or replaces the row of `draft`, inside the caller's transaction.
    private static func write(
        _ draft: DocumentDraft, attributes: Data, checksum: Int64, created: Date, modified: Date,
        connection: SQLiteConnection
    ) throws(SQLiteFailure) {
        let statement = try connection.prepare(upsert)
        try statement.bind(draft.id.rawValue, at: 1)
        try statement.bind(draft.contentType, at: 2)
        try statement.bind(attributes, at: 3)
        try statement.bind(Int64(draft.bytes.count), at: 4)
        try statement.bind(checksum, at: 5)
        try statement.bind(created.timeIntervalSinceReferenceDate, at: 6)
        try statement.bind(modified.timeIntervalSinceReferenceDate, at: 7)
        try statement.bind(draft.bytes, at: 8)
        try statement.run()
    }

    /// Saves documents modified at `date`, inside the caller's transaction (a numbered creation's); `created`
    /// gives each one's creation date (`date` for a new document, the stored one for a document it replaces).
    static func insert(
        _ drafts: [DocumentDraft], date: Date, created: (DocumentID) -> Date, connection: SQLiteConnection
    ) throws(StorageError) {
        for draft in drafts {
            let attributes = try coding.encode(draft.attributes)
            let checksum = Int64(CRC32.checksum(draft.bytes))
            try SQLiteOpening.checked { () throws(SQLiteFailure) in
                try write(
                    draft, attributes: attributes, checksum: checksum, created: created(draft.id), modified: date,
                    connection: connection)
            }
        }
    }

    /// Saves a document with the dates it had, inside the caller's transaction (a repair's).
    static func restore(_ metadata: DocumentMetadata, bytes: Data, connection: SQLiteConnection) throws(StorageError) {
        let draft = DocumentDraft(
            id: metadata.id, contentType: metadata.contentType, attributes: metadata.attributes, bytes: bytes)
        let attributes = try coding.encode(draft.attributes)
        try SQLiteOpening.checked { () throws(SQLiteFailure) in
            try write(
                draft, attributes: attributes, checksum: Int64(CRC32.checksum(bytes)), created: metadata.createdAt,
                modified: metadata.modifiedAt, connection: connection)
        }
    }

    /// Whether a document with this id is stored.
    static func exists(_ id: DocumentID, connection: SQLiteConnection) throws(StorageError) -> Bool {
        try SQLiteOpening.checked { () throws(SQLiteFailure) -> Bool in
            let lookup = try connection.prepare(created)
            defer { lookup.reset() }
            try lookup.bind(id.rawValue, at: 1)
            return try lookup.step()
        }
    }

    static func load(_ id: DocumentID, connection: SQLiteConnection) throws(StorageError) -> Document? {
        let row = try SQLiteOpening.checked { () throws(SQLiteFailure) -> (DocumentMetadata, Int64, Data, Data)? in
            let statement = try connection.prepare(select)
            defer { statement.reset() }
            try statement.bind(id.rawValue, at: 1)
            guard try statement.step() else { return nil }
            let metadata = DocumentMetadata(
                id: id, contentType: statement.text(0), attributes: [:], byteCount: Int(statement.int64(2)),
                createdAt: Date(timeIntervalSinceReferenceDate: statement.double(4)),
                modifiedAt: Date(timeIntervalSinceReferenceDate: statement.double(5)))
            return (metadata, statement.int64(3), statement.data(1), statement.data(6))
        }
        guard let (stored, checksum, attributes, bytes) = row else { return nil }
        var metadata = stored
        guard bytes.count == metadata.byteCount, Int64(CRC32.checksum(bytes)) == checksum else {
            throw damaged(connection, .checksumMismatch)
        }
        metadata.attributes = try decodeAttributes(attributes, connection: connection)
        return Document(metadata: metadata, bytes: bytes)
    }

    static func list(connection: SQLiteConnection) throws(StorageError) -> [DocumentMetadata] {
        let rows = try SQLiteOpening.checked {
            () throws(SQLiteFailure) -> [(String, String, Data, Int, Double, Double)] in
            let statement = try connection.prepare(listing)
            defer { statement.reset() }
            var rows: [(String, String, Data, Int, Double, Double)] = []
            while try statement.step() {
                rows.append(
                    (
                        statement.text(0), statement.text(1), statement.data(2), Int(statement.int64(3)),
                        statement.double(4), statement.double(5)
                    ))
            }
            return rows
        }
        var listed: [DocumentMetadata] = []
        for (raw, contentType, attributes, byteCount, created, modified) in rows {
            guard let id = try? DocumentID(raw) else { throw damaged(connection, .undecodable) }
            listed.append(
                DocumentMetadata(
                    id: id, contentType: contentType,
                    attributes: try decodeAttributes(attributes, connection: connection), byteCount: byteCount,
                    createdAt: Date(timeIntervalSinceReferenceDate: created),
                    modifiedAt: Date(timeIntervalSinceReferenceDate: modified)))
        }
        return listed
    }

    static func delete(_ id: DocumentID, connection: SQLiteConnection) throws(StorageError) -> Bool {
        try SQLiteOpening.checked { () throws(SQLiteFailure) -> Bool in
            try connection.writeTransaction { () throws(SQLiteFailure) -> Bool in
                let statement = try connection.prepare(remove)
                try statement.bind(id.rawValue, at: 1)
                try statement.run()
                return connection.changes == 1
            }
        }
    }

    private static func decodeAttributes(
        _ data: Data, connection: SQLiteConnection
    ) throws(StorageError) -> [String: String] {
        guard let attributes = try? coding.decode([String: String].self, from: data) else {
            throw damaged(connection, .undecodable)
        }
        return attributes
    }

    /// A damaged value inside an open database: reported, not moved, because moving the whole database aside
    /// would hide every sound entry with it. The row stays for a person to inspect.
    private static func damaged(_ connection: SQLiteConnection, _ reason: CorruptionReason) -> StorageError {
        .corrupted(CorruptionReport(file: connection.url, movedTo: nil, reason: reason))
    }
}
