public import Foundation
public import Storage

/// Documents as one file each in a folder: `<id>.ldoc` holds the checksummed metadata and the bytes.
///
/// Every save replaces the file atomically and durably (temporary file in the same folder, fsync, rename, fsync of
/// the folder), so after a crash or power loss a document is either the old version or the new one. Upper-case
/// letters are escaped in file names (`A` becomes `^a`), so ids that differ only in case stay separate files on
/// case-insensitive file systems.
///
/// Opening checks every file's header and length (not its bytes, which can be large): a damaged file is moved
/// aside as `<name>.corrupted-<k>` and `open` throws `corrupted`; opening again continues without it. `load`
/// checks the bytes' checksum and treats a mismatch the same way. The folder is locked while the store is open.
public final class FileSystemDocumentStore: DocumentStore {
    private struct State: Sendable {
        var index: [DocumentID: DocumentMetadata] = [:]
        var isClosed = false
    }

    private static let suffix = ".ldoc"

    /// The folder the store owns.
    public let folder: URL
    private let coding: any CodingStrategy
    private let now: @Sendable () -> Date
    private let state: Locked<State>
    private let lock: FolderLock
    private let queue: BlockingQueue

    private init(
        folder: URL, coding: any CodingStrategy, now: @escaping @Sendable () -> Date,
        index: [DocumentID: DocumentMetadata],
        lock: FolderLock, queue: BlockingQueue
    ) {
        self.folder = folder
        self.coding = coding
        self.now = now
        self.state = Locked(State(index: index))
        self.lock = lock
        self.queue = queue
    }

    /// Opens (creating when missing) the store in `folder`. `coding` encodes the metadata in each file; `now`
    /// dates saves, injected so tests choose the time.
    public static func open(
        in folder: URL, coding: any CodingStrategy = JSONCodingStrategy(),
        now: @escaping @Sendable () -> Date = Date.init
    ) async throws(StorageError) -> FileSystemDocumentStore {
        let queue = BlockingQueue(label: "Storage.FileSystemDocumentStore")
        return try await queue.run { () throws(StorageError) -> FileSystemDocumentStore in
            try FileIO.createFolder(folder)
            let lock = try FolderLock(folder: folder)
            do throws(StorageError) {
                let index = try loadIndex(folder: folder, coding: coding)
                return FileSystemDocumentStore(
                    folder: folder, coding: coding, now: now, index: index, lock: lock, queue: queue)
            } catch {
                lock.release()
                throw error
            }
        }
    }

    /// Releases the folder; later calls throw `closed`.
    public func close() async {
        _ = try? await queue.run { [self] () throws(StorageError) in
            state.withLock { $0.isClosed = true }
            lock.release()
        }
    }

    /// Stores the draft durably under its id, replacing a document with the same id.
    @discardableResult
    public func save(_ draft: DocumentDraft) async throws(StorageError) -> DocumentMetadata {
        try DocumentLimits.check(draft)
        return try await queue.run { [self] () throws(StorageError) -> DocumentMetadata in
            let previous = try openIndex()[draft.id]
            let date = now()
            let metadata = DocumentMetadata(
                id: draft.id, contentType: draft.contentType, attributes: draft.attributes,
                byteCount: draft.bytes.count, createdAt: previous?.createdAt ?? date, modifiedAt: date)
            let header = try coding.encode(metadata)
            let parts = RecordFile.encode(kind: .document, format: coding.formatName, header: header, body: draft.bytes)
            try StoreFiles.writeAtomically(parts, to: url(of: draft.id))
            state.withLock { $0.index[draft.id] = metadata }
            return metadata
        }
    }

    /// The document with this id, or `nil`; damaged bytes are moved aside and throw `corrupted`.
    public func load(_ id: DocumentID) async throws(StorageError) -> Document? {
        try await queue.run { [self] () throws(StorageError) -> Document? in
            guard try openIndex()[id] != nil else { return nil }
            let url = url(of: id)
            do throws(StorageError) {
                let file = try OpenFile(url)
                let (preamble, header) = try RecordFile.readHeaderOrReject(
                    of: file, at: url, kind: .document, format: coding.formatName)
                let body: Data
                switch try RecordFile.readBody(of: file, preamble: preamble) {
                case .success(let bytes): body = bytes
                case .failure(let problem): try RecordFile.reject(url, problem, expected: coding.formatName)
                }
                guard let metadata = try? coding.decode(DocumentMetadata.self, from: header), metadata.id == id
                else { try RecordFile.quarantine(url, .undecodable) }
                return Document(metadata: metadata, bytes: body)
            } catch {
                if case .corrupted = error { state.withLock { $0.index[id] = nil } }
                throw error
            }
        }
    }

    /// The metadata of every document, ordered by id.
    public func list() async throws(StorageError) -> [DocumentMetadata] {
        try openIndex().values.sorted { $0.id < $1.id }
    }

    /// Deletes the document durably; says whether it existed.
    public func delete(_ id: DocumentID) async throws(StorageError) -> Bool {
        try await queue.run { [self] () throws(StorageError) -> Bool in
            guard try openIndex()[id] != nil else { return false }
            _ = try StoreFiles.remove(url(of: id))
            state.withLock { $0.index[id] = nil }
            return true
        }
    }

    private func openIndex() throws(StorageError) -> [DocumentID: DocumentMetadata] {
        try state.withLock { (state) throws(StorageError) -> [DocumentID: DocumentMetadata] in
            guard !state.isClosed else { throw .closed }
            return state.index
        }
    }

    private func url(of id: DocumentID) -> URL {
        folder.appendingPathComponent(Self.fileName(of: id))
    }

    /// `Invoice-7` becomes `^invoice-7.ldoc`: lower case passes, upper case is escaped, so no two ids share a
    /// file name even where the file system ignores case. `^` is not allowed in ids, so the escape is unambiguous.
    static func fileName(of id: DocumentID) -> String {
        var name = ""
        for scalar in id.rawValue.unicodeScalars {
            if ("A"..."Z").contains(scalar) {
                name.append("^")
                name.append(Character(scalar).lowercased())
            } else {
                name.unicodeScalars.append(scalar)
            }
        }
        return name + suffix
    }

    /// Runs at open: the header of every document file, checked.
    private static func loadIndex(
        folder: URL, coding: any CodingStrategy
    ) throws(StorageError) -> [DocumentID: DocumentMetadata] {
        try StoreFiles.removeTemporaryFiles(in: folder)
        var index: [DocumentID: DocumentMetadata] = [:]
        for name in try StoreFiles.names(in: folder) where name.hasSuffix(suffix) && !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            let file = try OpenFile(url)
            let (preamble, header) = try RecordFile.readHeaderOrReject(
                of: file, at: url, kind: .document, format: coding.formatName)
            guard let metadata = try? coding.decode(DocumentMetadata.self, from: header) else {
                try RecordFile.quarantine(url, .undecodable)
            }
            guard fileName(of: metadata.id) == name, metadata.byteCount == preamble.bodyLength else {
                try RecordFile.quarantine(url, .misplaced)
            }
            index[metadata.id] = metadata
        }
        return index
    }
}
