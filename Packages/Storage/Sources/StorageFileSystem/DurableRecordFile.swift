public import Foundation
public import Storage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One small record of opaque bytes (a signed-in session) in a file of its own, written durably and shared safely
/// between tasks and processes.
///
/// - Writes are durable: the bytes go to a temporary file beside the record, which is flushed, renamed over the
///   record, and the folder flushed; a crash or power loss at any moment leaves the old record or the new one,
///   never a mix. The file is readable and writable by its owner only (`0600`); a missing folder is created
///   owner-only (`0700`).
/// - `withExclusiveAccess` holds an `flock` on a lock file beside the record (`<name>.lock`) while its closure
///   runs, so sections in different processes (and tasks of one process) run one after another. Waiting for the
///   lock suspends the task between tries instead of blocking a thread; it ends after the lock timeout with
///   `storeInUse`. `write` and `delete` take the same lock, so they never land in the middle of a section.
/// - `read` takes no lock: a rename is atomic, so it returns either the old record or the new one.
/// - Blocking file work runs on a dispatch queue of the record's own, never on Swift concurrency's shared threads.
/// - A symbolic link, a folder or a device at the path is refused (`notARegularFile`), as is a file larger than
///   `maximumByteCount`, before it is read into memory.
public final class DurableRecordFile: RecordStoring, ExclusiveRecordUpdating {
    /// The largest record by default: sessions and tokens are a few kilobytes.
    public static let defaultMaximumByteCount = 1 << 20

    /// The record's file.
    public let url: URL
    /// The largest record this file reads or writes.
    public let maximumByteCount: Int
    private let lockURL: URL
    private let temporaryPrefix: String
    private let lockTimeout: Duration
    private let writer: DiskWriter
    private let queue = BlockingQueue(label: "Storage.DurableRecordFile")
    /// This value's own tasks queue here first, so only one of them at a time polls the lock file.
    private let gate = AsyncGate()

    /// A record at `url`; nothing is touched until the first call. Throws `invalidRecordFile` for a path that
    /// names no file or that the operating system would read differently (a NUL inside).
    ///
    /// `lockTimeout` is how long a write, delete or exclusive section waits for another process's section before
    /// it throws `storeInUse`.
    public convenience init(
        at url: URL, maximumByteCount: Int = defaultMaximumByteCount, lockTimeout: Duration = .seconds(10)
    ) throws(StorageError) {
        try self.init(at: url, maximumByteCount: maximumByteCount, lockTimeout: lockTimeout, writer: .system)
    }

    /// A record whose bytes go through `writer`: tests fill the disk with it.
    init(at url: URL, maximumByteCount: Int, lockTimeout: Duration, writer: DiskWriter) throws(StorageError) {
        let name = url.lastPathComponent
        // `url.path` shows a NUL as `%00`; the decoded path is what a person meant, and the system cannot take it.
        guard !url.path(percentEncoded: false).utf8.contains(0) else {
            throw .invalidRecordFile(file: url, problem: .pathContainsNUL)
        }
        guard !url.hasDirectoryPath, !url.path.isEmpty, !["", ".", "..", "/"].contains(name) else {
            throw .invalidRecordFile(file: url, problem: .notAFileName)
        }
        guard name.utf8.count <= 200 else {
            throw .invalidRecordFile(file: url, problem: .nameTooLong(byteCount: name.utf8.count))
        }
        self.url = url
        self.maximumByteCount = max(0, maximumByteCount)
        self.lockURL = url.deletingLastPathComponent().appendingPathComponent(name + ".lock")
        self.temporaryPrefix = "." + name + ".tmp-"
        self.lockTimeout = lockTimeout
        self.writer = writer
    }

    /// The stored bytes, or `nil` when there is no record.
    public func read() async throws(StorageError) -> Data? {
        try await queue.run { [self] () throws(StorageError) -> Data? in try readNow() }
    }

    /// Replaces the record durably, after any exclusive section in progress.
    public func write(_ bytes: Data) async throws(StorageError) {
        try checkSize(bytes.count)
        try await exclusively { [self] () throws(StorageError) in try writeNow(bytes) }
    }

    /// Removes the record durably, after any exclusive section in progress; says whether there was one.
    @discardableResult
    public func delete() async throws(StorageError) -> Bool {
        try await exclusively { [self] () throws(StorageError) -> Bool in try deleteNow() }
    }

    /// Runs `body` with the current bytes while holding the record's lock against every other section, write and
    /// delete (in every process), stores what it decides, and returns the bytes stored afterwards.
    public func withExclusiveAccess<Failure: Error>(
        _ body: (Data?) async throws(Failure) -> RecordChange
    ) async throws(RecordAccessError<Failure>) -> Data? {
        let lock: FileLock
        do {
            lock = try await locked()
        } catch {
            throw .storage(error)
        }
        defer { release(lock) }
        let current: Data?
        do {
            current = try await queue.run { [self] () throws(StorageError) -> Data? in try readNow() }
        } catch {
            throw .storage(error)
        }
        let change: RecordChange
        do {
            change = try await body(current)
        } catch {
            throw .update(error)
        }
        do {
            switch change {
            case .keep:
                return current
            case .replace(let bytes):
                try checkSize(bytes.count)
                try await queue.run { [self] () throws(StorageError) in try writeNow(bytes) }
                return bytes
            case .delete:
                _ = try await queue.run { [self] () throws(StorageError) -> Bool in try deleteNow() }
                return nil
            }
        } catch {
            throw .storage(error)
        }
    }

    // MARK: Plumbing

    /// Runs blocking `body` on the queue while holding the lock.
    private func exclusively<T: Sendable>(
        _ body: @escaping @Sendable () throws(StorageError) -> T
    ) async throws(StorageError) -> T {
        let lock = try await locked()
        defer { release(lock) }
        return try await queue.run(body)
    }

    /// The lock file, opened for this section alone and locked: `flock` belongs to an open file, so two sections of
    /// one process exclude each other exactly like two processes do.
    private func locked() async throws(StorageError) -> FileLock {
        guard await gate.enter() else { throw .cancelled }
        do throws(StorageError) {
            let lock = try await queue.run { [self] () throws(StorageError) -> FileLock in
                try createFolder()
                return try FileLock(at: lockURL, owner: url)
            }
            do {
                try await lock.lock(.exclusive, timeout: lockTimeout)
            } catch {
                lock.close()
                throw error
            }
            return lock
        } catch {
            gate.leave()
            throw error
        }
    }

    private func release(_ lock: FileLock) {
        lock.close()
        gate.leave()
    }

    private func checkSize(_ count: Int) throws(StorageError) {
        guard count <= maximumByteCount else {
            throw .invalidRecordFile(file: url, problem: .tooLarge(byteCount: count, limit: maximumByteCount))
        }
    }

    private func readNow() throws(StorageError) -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw .invalidRecordFile(file: url, problem: .notARegularFile)
            default: throw FileIO.failure(.open, url)
            }
        }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileIO.failure(.read, url) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .invalidRecordFile(file: url, problem: .notARegularFile)
        }
        let size = Int(status.st_size)
        try checkSize(size)
        var data = Data(count: size)
        var total = 0
        let failed = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Bool in
            guard let base = buffer.baseAddress else { return false }
            while total < size {
                let got = Foundation.read(descriptor, base + total, size - total)
                if got < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                if got == 0 { break }
                total += got
            }
            return false
        }
        if failed { throw FileIO.failure(.read, url) }
        // A file that shrank while it was read was replaced by a rename, not written in place: the bytes already
        // read belong to the old file, so they are complete up to where it ended.
        return total < size ? data.prefix(total) : data
    }

    private func writeNow(_ bytes: Data) throws(StorageError) {
        try createFolder()
        try removeLeftovers()
        try StoreFiles.writeAtomically(
            [bytes], to: url, temporaryName: temporaryPrefix + UUID().uuidString.prefix(8),
            writer: writer)
    }

    private func deleteNow() throws(StorageError) -> Bool {
        try StoreFiles.remove(url)
    }

    /// Removes temporary files a crashed write left beside the record; runs under the lock, so none of them
    /// belongs to a write in progress.
    private func removeLeftovers() throws(StorageError) {
        let folder = url.deletingLastPathComponent()
        let leftovers = try StoreFiles.names(in: folder).filter { $0.hasPrefix(temporaryPrefix) }
        try StoreFiles.remove(leftovers.map { folder.appendingPathComponent($0) }, in: folder)
    }

    private func createFolder() throws(StorageError) {
        try FileIO.createFolder(url.deletingLastPathComponent())
    }
}
