import Essentials
public import Foundation
public import Storage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Documents as one file each in a folder: `<id>.ldoc` holds the checksummed metadata and the bytes.
///
/// Several stores, in one process or several, may share the folder. Every operation holds the folder's lock file
/// (`.lock`): shared while it reads, exclusively while it writes, so a reader never sees half of a numbered
/// creation and two creations never read the same last number. Every save replaces its file atomically and
/// durably (temporary file in the same folder, fsync, rename, fsync of the folder), so after a crash or power loss
/// a document is either the old version or the new one. Upper-case letters are escaped in file names (`A` becomes
/// `^a`), so ids that differ only in case stay separate files on case-insensitive file systems.
///
/// A numbered creation first writes a journal (`.numbering-journal`) naming the documents it is about to create,
/// the documents it replaces (a `NumberedDocumentUpdating` creation's) and the sequence's previous number; then
/// it renames each replaced document's file to a name of the journal's (`.replaced-<token>-<n>`), writes the
/// documents and the sequence (`.sequence-<name>`), and removes the journal last: that is the commit point, after
/// which the kept files are removed. A journal found later belongs to a creation that never finished: the next
/// writer (or `open`) removes its new documents, renames the kept files back, and restores the sequence, and
/// readers see the documents as they were before it meanwhile.
///
/// Reads check what they read: `list` each file's header and length, `load` the bytes' checksum. A damaged file
/// throws `corrupted` and stays where it is (`movedTo == nil`); deleting or saving the id replaces it.
public final class FileSystemDocumentStore: DocumentStore, NumberedDocumentCreating, NumberedDocumentUpdating {
    private static let suffix = ".ldoc"
    private static let journalName = ".numbering-journal"
    /// The previous file of a document a numbered creation replaces, kept until the creation commits.
    static let replacedPrefix = ".replaced-"
    private static let sequencePrefix = ".sequence-"

    /// The folder the store owns.
    public let folder: URL
    private let coding: any CodingStrategy
    private let now: @Sendable () -> Date
    private let lock: FileLock
    private let lockTimeout: Duration
    private let queue: BlockingQueue
    private let writer: DiskWriter
    private let isClosed = LockedValue(false)

    private init(
        folder: URL, coding: any CodingStrategy, now: @escaping @Sendable () -> Date, lock: FileLock,
        lockTimeout: Duration, queue: BlockingQueue, writer: DiskWriter
    ) {
        self.writer = writer
        self.folder = folder
        self.coding = coding
        self.now = now
        self.lock = lock
        self.lockTimeout = lockTimeout
        self.queue = queue
    }

    /// Opens (creating when missing) the store in `folder`, finishing what a crashed writer left behind.
    ///
    /// `coding` encodes the metadata in each file; `now` dates saves, injected so tests choose the time;
    /// `lockTimeout` is how long an operation waits for another process's operation before it throws
    /// `storeInUse`.
    public static func open(
        in folder: URL, coding: any CodingStrategy = JSONCodingStrategy(),
        now: @escaping @Sendable () -> Date = Date.init, lockTimeout: Duration = .seconds(10)
    ) async throws(StorageError) -> FileSystemDocumentStore {
        try await open(in: folder, coding: coding, now: now, lockTimeout: lockTimeout, writer: .system)
    }

    /// Opens the store with its bytes going through `writer`: tests fill the disk with it.
    static func open(
        in folder: URL, coding: any CodingStrategy = JSONCodingStrategy(),
        now: @escaping @Sendable () -> Date = Date.init, lockTimeout: Duration = .seconds(10), writer: DiskWriter
    ) async throws(StorageError) -> FileSystemDocumentStore {
        let queue = BlockingQueue(label: "Storage.FileSystemDocumentStore")
        return try await queue.run { () throws(StorageError) -> FileSystemDocumentStore in
            try FileIO.createFolder(folder)
            let lock = try FileLock(at: folder.appendingPathComponent(".lock"), owner: folder)
            let store = FileSystemDocumentStore(
                folder: folder, coding: coding, now: now, lock: lock, lockTimeout: lockTimeout, queue: queue,
                writer: writer)
            do throws(StorageError) {
                try lock.withLock(.exclusive, timeout: lockTimeout) { () throws(StorageError) in
                    try store.finishInterruptedWork()
                    try StoreFiles.removeTemporaryFiles(in: folder)
                    // Kept files of creations that committed but stopped before removing them.
                    try StoreFiles.removeFiles(startingWith: Self.replacedPrefix, in: folder)
                }
            } catch {
                lock.close()
                throw error
            }
            return store
        }
    }

    /// Releases the lock file; later calls throw `closed`.
    public func close() async {
        _ = try? await queue.run { [self] () throws(StorageError) in
            isClosed.withLock { $0 = true }
            lock.close()
        }
    }

    // MARK: Documents

    /// Stores the draft durably under its id, replacing a document with the same id.
    @discardableResult
    public func save(_ draft: DocumentDraft) async throws(StorageError) -> DocumentMetadata {
        try DocumentLimits.check(draft)
        return try await writing { [self] () throws(StorageError) -> DocumentMetadata in
            let url = url(of: draft.id)
            let date = now()
            let createdAt: Date
            do throws(StorageError) {
                createdAt = try readMetadata(at: url, expecting: draft.id)?.createdAt ?? date
            } catch {
                guard case .corrupted = error else { throw error }
                // The caller replaces a damaged document; the damaged file is kept beside it as evidence.
                _ = try StoreFiles.moveAside(url)
                createdAt = date
            }
            let metadata = DocumentMetadata(
                id: draft.id, contentType: draft.contentType, attributes: draft.attributes,
                byteCount: draft.bytes.count, createdAt: createdAt, modifiedAt: date)
            try write(draft, metadata: metadata)
            return metadata
        }
    }

    /// The document with this id, or `nil`; damaged bytes throw `corrupted`.
    public func load(_ id: DocumentID) async throws(StorageError) -> Document? {
        try await reading { [self] () throws(StorageError) -> Document? in
            let pending = try pendingCreation()
            guard !pending.created.contains(id) else { return nil }
            return try readDocument(id, at: pending.kept[id] ?? url(of: id))
        }
    }

    /// The checked document in the file at `url` (its own, or the kept file of a creation that never finished).
    private func readDocument(_ id: DocumentID, at url: URL) throws(StorageError) -> Document? {
        guard let file = try OpenFile.ifPresent(url) else { return nil }
        let preamble: RecordFile.Preamble
        let header: Data
        switch try RecordFile.readHeader(of: file, kind: .document, format: coding.formatName) {
        case .success(let read): (preamble, header) = read
        case .failure(let problem): throw RecordFile.refusal(url, problem, expected: coding.formatName)
        }
        let body: Data
        switch try RecordFile.readBody(of: file, preamble: preamble) {
        case .success(let bytes): body = bytes
        case .failure(let problem): throw RecordFile.refusal(url, problem, expected: coding.formatName)
        }
        guard let metadata = try? coding.decode(DocumentMetadata.self, from: header), metadata.id == id else {
            throw RecordFile.damaged(url, .undecodable)
        }
        return Document(metadata: metadata, bytes: body)
    }

    /// The metadata of every document, ordered by id; a damaged file throws `corrupted`.
    public func list() async throws(StorageError) -> [DocumentMetadata] {
        try await reading { [self] () throws(StorageError) -> [DocumentMetadata] in
            let pending = try pendingCreation()
            let hidden = Set(pending.created.map(Self.fileName(of:)))
            // A replaced document whose file was renamed is listed from its kept file.
            let kept = Dictionary(
                pending.kept.map { (Self.fileName(of: $0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
            let names = try StoreFiles.names(in: folder).filter {
                $0.hasSuffix(Self.suffix) && !$0.hasPrefix(".") && !hidden.contains($0)
            }
            var listed: [DocumentMetadata] = []
            for name in Set(names).union(kept.keys) {
                let url = kept[name] ?? folder.appendingPathComponent(name)
                guard let metadata = try readMetadata(at: url, named: name) else { continue }
                listed.append(metadata)
            }
            return listed.sorted { $0.id < $1.id }
        }
    }

    /// Deletes the document durably; says whether it existed.
    public func delete(_ id: DocumentID) async throws(StorageError) -> Bool {
        try await writing { [self] () throws(StorageError) -> Bool in
            try StoreFiles.remove(url(of: id))
        }
    }

    // MARK: Numbered documents

    /// Reserves the next number of `sequence` and saves the documents `build` returns for it, holding the folder's
    /// lock exclusively throughout; a journal makes the documents and the number appear together or not at all,
    /// even across a crash.
    public func createNumberedDocuments<BuildFailure: Error>(
        in sequence: NumberSequence,
        _ build: @escaping @Sendable (Int) throws(BuildFailure) -> [DocumentDraft]
    ) async throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments {
        try await createNumbered(in: sequence, reading: []) { (number, _) throws(BuildFailure) in try build(number) }
    }

    /// Reads `ids`, reserves the next number of `sequence` and saves the documents `build` returns for them,
    /// holding the folder's lock exclusively throughout, so no store in any process changes a read document before
    /// the save. A draft with a read id replaces that document (keeping the date it was first saved); the journal
    /// keeps the replaced file until the commit point, so a failure or a crash leaves the document as it was.
    public func createNumberedDocuments<BuildFailure: Error>(
        in sequence: NumberSequence, reading ids: [DocumentID],
        _ build:
            @escaping @Sendable (_ number: Int, _ read: [DocumentID: Document]) throws(BuildFailure) ->
            [DocumentDraft]
    ) async throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments {
        do throws(StorageError) {
            try NumberedCreation.check(reading: ids)
        } catch {
            throw .storage(error)
        }
        return try await createNumbered(in: sequence, reading: ids, build)
    }

    private func createNumbered<BuildFailure: Error>(
        in sequence: NumberSequence, reading ids: [DocumentID],
        _ build: @escaping @Sendable (Int, [DocumentID: Document]) throws(BuildFailure) -> [DocumentDraft]
    ) async throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments {
        let result: Result<NumberedDocuments, NumberedCreationError<BuildFailure>>
        do {
            result = try await writing { [self] () throws(StorageError) in
                createNumbered(in: sequence, reading: ids, build: build)
            }
        } catch {
            throw .storage(error)
        }
        return try result.get()
    }

    /// Runs under the exclusive lock, after any unfinished creation was undone.
    private func createNumbered<BuildFailure: Error>(
        in sequence: NumberSequence, reading ids: [DocumentID],
        build: (Int, [DocumentID: Document]) throws(BuildFailure) -> [DocumentDraft]
    ) -> Result<NumberedDocuments, NumberedCreationError<BuildFailure>> {
        let plan: (number: Int, drafts: [DocumentDraft], skipped: [Int])
        let last: Int
        var read: [DocumentID: Document] = [:]
        do throws(NumberedCreationError<BuildFailure>) {
            do {
                last = try lastNumber(of: sequence)
                for id in ids where read[id] == nil {
                    read[id] = try readDocument(id, at: url(of: id))
                }
            } catch {
                throw .storage(error)
            }
            plan = try NumberedCreation.plan(
                after: last, replacing: Set(ids), build: { (number) throws(BuildFailure) in try build(number, read) },
                exists: { [self] (id) throws(StorageError) -> Bool in try exists(url(of: id)) })
        } catch {
            return .failure(error)
        }
        let date = now()
        // Documents that exist now are replaced (only read ids may be: the plan skipped numbers whose other ids
        // exist); every other draft is new, and undoing the creation removes it.
        let replaced = plan.drafts.map(\.id).filter { read[$0] != nil }
        let journal = NumberingJournal(
            sequence: sequence.name, number: plan.number, previousLast: last,
            ids: plan.drafts.map(\.id).filter { read[$0] == nil }, replaced: replaced.isEmpty ? nil : replaced,
            token: replaced.isEmpty ? nil : UUID().uuidString)
        do throws(StorageError) {
            try writeRecord(journal, kind: .numberingJournal, to: journalURL)
        } catch {
            return .failure(.storage(error))
        }
        do throws(StorageError) {
            try keepReplacedFiles(of: journal)
            var stored: [DocumentMetadata] = []
            for draft in plan.drafts {
                let metadata = DocumentMetadata(
                    id: draft.id, contentType: draft.contentType, attributes: draft.attributes,
                    byteCount: draft.bytes.count, createdAt: read[draft.id]?.metadata.createdAt ?? date,
                    modifiedAt: date)
                try write(draft, metadata: metadata)
                stored.append(metadata)
            }
            try writeRecord(
                SequenceRecord(name: sequence.name, last: plan.number), kind: .sequence,
                to: sequenceURL(of: sequence.name))
            // The commit point: from here on the creation has happened.
            _ = try StoreFiles.remove(journalURL)
            // The old versions are no longer needed; a file left here is removed by the next `open`.
            try? StoreFiles.remove(keptFiles(of: journal).map(\.kept), in: folder)
            return .success(NumberedDocuments(number: plan.number, documents: stored, skipped: plan.skipped))
        } catch {
            // Undo now; when undoing fails too, the journal stays and the next writer undoes it.
            try? roll(back: journal)
            return .failure(.storage(error))
        }
    }

    /// Renames the file of every document the journal replaces to its kept name, then flushes the folder, so the
    /// old version survives a crash before the commit point whatever happens to the document's own name.
    private func keepReplacedFiles(of journal: NumberingJournal) throws(StorageError) {
        let kept = keptFiles(of: journal)
        guard !kept.isEmpty else { return }
        for (id, keptURL) in kept where rename(url(of: id).path, keptURL.path) != 0 {
            throw FileIO.failure(.rename, url(of: id))
        }
        try FileIO.synchronizeFolder(folder)
    }

    /// Each replaced document of `journal` with the name its previous file is kept under until the commit.
    private func keptFiles(of journal: NumberingJournal) -> [(id: DocumentID, kept: URL)] {
        guard let replaced = journal.replaced, let token = journal.token else { return [] }
        return replaced.enumerated().map { index, id in
            (id, folder.appendingPathComponent("\(Self.replacedPrefix)\(token)-\(index)"))
        }
    }

    // MARK: Plumbing

    /// Runs `body` on the store's queue while holding the lock shared.
    private func reading<T: Sendable>(
        _ body: @escaping @Sendable () throws(StorageError) -> T
    ) async throws(StorageError) -> T {
        try await queue.run { [self] () throws(StorageError) -> T in
            guard !isClosed.withLock({ $0 }) else { throw .closed }
            return try lock.withLock(.shared, timeout: lockTimeout, body)
        }
    }

    /// Runs `body` on the store's queue while holding the lock exclusively, after finishing what a crashed writer
    /// left behind.
    private func writing<T: Sendable>(
        _ body: @escaping @Sendable () throws(StorageError) -> T
    ) async throws(StorageError) -> T {
        try await queue.run { [self] () throws(StorageError) -> T in
            guard !isClosed.withLock({ $0 }) else { throw .closed }
            return try lock.withLock(.exclusive, timeout: lockTimeout) { () throws(StorageError) -> T in
                try finishInterruptedWork()
                return try body()
            }
        }
    }

    private var journalURL: URL { folder.appendingPathComponent(Self.journalName) }

    private func sequenceURL(of name: String) -> URL {
        folder.appendingPathComponent(Self.sequencePrefix + Self.escaped(name))
    }

    /// What readers must not see of an unfinished numbered creation: the documents it created, and for the
    /// documents it replaced, the kept files that still hold the versions from before it.
    private func pendingCreation() throws(StorageError) -> (created: [DocumentID], kept: [DocumentID: URL]) {
        guard try exists(journalURL) else { return ([], [:]) }
        let journal = try RecordFile.readRecordInPlace(
            NumberingJournal.self, at: journalURL, kind: .numberingJournal, coding: coding)
        var kept: [DocumentID: URL] = [:]
        for (id, url) in keptFiles(of: journal) where try exists(url) { kept[id] = url }
        return (journal.ids, kept)
    }

    /// Undoes a numbered creation that never reached its commit point. Runs under the exclusive lock.
    private func finishInterruptedWork() throws(StorageError) {
        guard try exists(journalURL) else { return }
        let journal = try RecordFile.readRecordInPlace(
            NumberingJournal.self, at: journalURL, kind: .numberingJournal, coding: coding)
        try roll(back: journal)
    }

    /// Removes the journal's new documents (none of them existed before: the creation checked under the same
    /// lock), renames the kept files of replaced documents back over whatever was written in their place (a
    /// replaced document whose kept file is gone was never renamed, or was restored already), restores the
    /// sequence, then removes the journal. Every step can run again, so a crash while undoing is undone by the next
    /// writer.
    private func roll(back journal: NumberingJournal) throws(StorageError) {
        try StoreFiles.remove(journal.ids.map(url(of:)), in: folder)
        let kept = keptFiles(of: journal)
        for (id, keptURL) in kept where rename(keptURL.path, url(of: id).path) != 0 && errno != ENOENT {
            throw FileIO.failure(.rename, url(of: id))
        }
        if !kept.isEmpty { try FileIO.synchronizeFolder(folder) }
        try writeRecord(
            SequenceRecord(name: journal.sequence, last: journal.previousLast), kind: .sequence,
            to: sequenceURL(of: journal.sequence))
        _ = try StoreFiles.remove(journalURL)
    }

    private func lastNumber(of sequence: NumberSequence) throws(StorageError) -> Int {
        let url = sequenceURL(of: sequence.name)
        guard try exists(url) else { return 0 }
        let record = try RecordFile.readRecordInPlace(SequenceRecord.self, at: url, kind: .sequence, coding: coding)
        guard record.name == sequence.name, record.last >= 0 else { throw RecordFile.damaged(url, .misplaced) }
        return record.last
    }

    private func writeRecord<Record: Encodable>(
        _ record: Record, kind: RecordFile.Kind, to url: URL
    ) throws(StorageError) {
        let header = try coding.encode(record)
        let parts = RecordFile.encode(kind: kind, format: coding.formatName, header: header)
        try StoreFiles.writeAtomically(parts, to: url, writer: writer)
    }

    private func write(_ draft: DocumentDraft, metadata: DocumentMetadata) throws(StorageError) {
        let header = try coding.encode(metadata)
        let parts = RecordFile.encode(kind: .document, format: coding.formatName, header: header, body: draft.bytes)
        try StoreFiles.writeAtomically(parts, to: url(of: draft.id), writer: writer)
    }

    /// The checked metadata of the document file at `url`, `nil` when there is none.
    private func readMetadata(at url: URL, expecting id: DocumentID) throws(StorageError) -> DocumentMetadata? {
        guard let metadata = try readMetadata(at: url, named: url.lastPathComponent) else { return nil }
        guard metadata.id == id else { throw RecordFile.damaged(url, .misplaced) }
        return metadata
    }

    /// The checked metadata of the document file `name`, `nil` when it vanished (a writer deleted it meanwhile).
    private func readMetadata(at url: URL, named name: String) throws(StorageError) -> DocumentMetadata? {
        guard let file = try OpenFile.ifPresent(url) else { return nil }
        switch try RecordFile.readHeader(of: file, kind: .document, format: coding.formatName) {
        case .success(let (preamble, header)):
            guard let metadata = try? coding.decode(DocumentMetadata.self, from: header) else {
                throw RecordFile.damaged(url, .undecodable)
            }
            guard Self.fileName(of: metadata.id) == name, metadata.byteCount == preamble.bodyLength else {
                throw RecordFile.damaged(url, .misplaced)
            }
            return metadata
        case .failure(let problem):
            throw RecordFile.refusal(url, problem, expected: coding.formatName)
        }
    }

    private func exists(_ url: URL) throws(StorageError) -> Bool {
        if access(url.path, F_OK) == 0 { return true }
        if errno == ENOENT { return false }
        throw FileIO.failure(.open, url)
    }

    private func url(of id: DocumentID) -> URL {
        folder.appendingPathComponent(Self.fileName(of: id))
    }

    /// `Invoice-7` becomes `^invoice-7.ldoc`: lower case passes, upper case is escaped, so no two ids share a
    /// file name even where the file system ignores case. `^` is not allowed in ids, so the escape is unambiguous.
    static func fileName(of id: DocumentID) -> String {
        escaped(id.rawValue) + suffix
    }

    private static func escaped(_ name: String) -> String {
        var escaped = ""
        for scalar in name.unicodeScalars {
            if ("A"..."Z").contains(scalar) {
                escaped.append("^")
                escaped.append(Character(scalar).lowercased())
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

/// The header of a sequence file: the last number the sequence issued.
struct SequenceRecord: Codable {
    var name: String
    var last: Int
}

/// The header of the journal of a numbered creation in progress: what to undo if it never finishes.
struct NumberingJournal: Codable {
    var sequence: String
    var number: Int
    var previousLast: Int
    /// The documents the creation adds: removed when it is undone.
    var ids: [DocumentID]
    /// The documents it replaces (absent in journals of creations that replace nothing, as earlier builds wrote
    /// them): their previous files are kept under names made of `token` until the commit point.
    var replaced: [DocumentID]? = nil
    /// Makes the kept files' names unique to this creation, so a kept file another creation left behind after its
    /// commit point is never taken for this one's.
    var token: String? = nil
}
