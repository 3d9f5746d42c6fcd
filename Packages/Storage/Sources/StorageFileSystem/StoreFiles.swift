import Essentials
import Foundation
import Storage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations of the file-system stores: durable replacement of a file, durable removal, moving damaged
/// files aside, and listing a folder.
enum StoreFiles {
    /// Files whose names start with this are unfinished writes; a store removes them when it opens.
    static let temporaryPrefix = ".tmp-"

    /// Replaces `url` with `parts` atomically and durably: the parts go to a temporary file in the same folder,
    /// which is flushed, renamed over `url`, and then the folder is flushed so the rename itself survives a power
    /// loss. A crash at any moment leaves either the old file or the new one, never a mix.
    ///
    /// `temporaryName` names the temporary file in the same folder; by default it starts with `temporaryPrefix`,
    /// which the stores clean up at open.
    static func writeAtomically(
        _ parts: [Data], to url: URL, permissions: mode_t = FileIO.filePermissions, temporaryName: String? = nil,
        writer: DiskWriter
    ) throws(StorageError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            temporaryName ?? temporaryPrefix + UUID().uuidString + "-" + url.lastPathComponent)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw FileIO.failure(.open, temporary) }
        do throws(StorageError) {
            // Exactly `permissions`, whatever the umask took away.
            guard fchmod(descriptor, permissions) == 0 else { throw FileIO.failure(.write, temporary) }
            for part in parts { try writeAll(part, to: descriptor, at: temporary, writer: writer) }
            try FileIO.synchronize(descriptor, at: temporary)
            guard close(descriptor) == 0 else { throw FileIO.failure(.write, temporary) }
        } catch {
            _ = close(descriptor)
            _ = unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = FileIO.failure(.rename, url)
            _ = unlink(temporary.path)
            throw error
        }
        try FileIO.synchronizeFolder(folder)
    }

    /// Removes `url` durably; says whether it existed.
    static func remove(_ url: URL) throws(StorageError) -> Bool {
        guard unlink(url.path) == 0 else {
            if errno == ENOENT { return false }
            throw FileIO.failure(.remove, url)
        }
        try FileIO.synchronizeFolder(url.deletingLastPathComponent())
        return true
    }

    /// Removes several files of one folder with a single flush of the folder; missing files are skipped.
    static func remove(_ urls: [URL], in folder: URL) throws(StorageError) {
        guard !urls.isEmpty else { return }
        for url in urls where unlink(url.path) != 0 && errno != ENOENT {
            throw FileIO.failure(.remove, url)
        }
        try FileIO.synchronizeFolder(folder)
    }

    /// Renames a damaged file to `<name>.corrupted-<n>` (the first free `n`) in its folder and returns the new
    /// location. Damaged data is evidence: it is kept for a person to inspect, never deleted.
    static func moveAside(_ url: URL) throws(StorageError) -> URL {
        let folder = url.deletingLastPathComponent()
        var number = 1
        var target = folder.appendingPathComponent(url.lastPathComponent + ".corrupted-\(number)")
        while access(target.path, F_OK) == 0 {
            number += 1
            target = folder.appendingPathComponent(url.lastPathComponent + ".corrupted-\(number)")
        }
        guard rename(url.path, target.path) == 0 else { throw FileIO.failure(.rename, url) }
        try FileIO.synchronizeFolder(folder)
        return target
    }

    /// The names of the files in `folder`, sorted.
    static func names(in folder: URL) throws(StorageError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw .fileSystem(FileSystemFailure(operation: .list, path: folder.path, errorNumber: errno))
        }
    }

    /// Removes unfinished writes left by a crash.
    static func removeTemporaryFiles(in folder: URL) throws(StorageError) {
        try removeFiles(startingWith: temporaryPrefix, in: folder)
    }

    /// Removes every file of `folder` whose name starts with `prefix`, with one flush of the folder.
    static func removeFiles(startingWith prefix: String, in folder: URL) throws(StorageError) {
        let leftovers = try names(in: folder).filter { $0.hasPrefix(prefix) }
        try remove(leftovers.map { folder.appendingPathComponent($0) }, in: folder)
    }

    /// Reads a whole file.
    static func read(_ url: URL) throws(StorageError) -> Data {
        let file = try OpenFile(url)
        return try file.readBytes(count: file.size)
    }

    private static func writeAll(
        _ data: Data, to descriptor: Int32, at url: URL, writer: DiskWriter
    ) throws(StorageError) {
        let failed = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard var pointer = buffer.baseAddress else { return false }
            var remaining = buffer.count
            while remaining > 0 {
                let written = writer.write(descriptor, UnsafeRawBufferPointer(start: pointer, count: remaining))
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                remaining -= written
                pointer += written
            }
            return false
        }
        if failed { throw FileIO.failure(.write, url) }
    }
}

/// Where the file-system stores' bytes go: `write(2)` in production; in tests a disk that fills up after a number
/// of bytes (`ENOSPC`), so every failure path of a write runs everywhere, without a tiny file system or privileges.
struct DiskWriter: Sendable {
    /// Writes some of the bytes to the descriptor like `write(2)`: the count written, or -1 with `errno` set.
    let write: @Sendable (Int32, UnsafeRawBufferPointer) -> Int

    /// The operating system's `write(2)`.
    static let system = DiskWriter(write: systemWrite)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    write(descriptor, buffer.baseAddress, buffer.count)
}

/// An exclusive lock on a store's folder, held while the store is open, so a second store (in this process or
/// another) cannot interleave its writes with ours.
///
/// Taking it waits up to `timeout` before it reports `storeInUse`: a lock just released can stay held for a moment
/// by a process being started elsewhere in this process (between its fork and exec it holds a copy of every open
/// file), and a store closed and opened again must not fail on that.
final class FolderLock: Sendable {
    private let descriptor: LockedValue<Int32?>

    init(folder: URL, timeout: Duration) throws(StorageError) {
        let url = folder.appendingPathComponent(".lock")
        let opened = FileIO.openCreatingPrivately(url.path, flags: O_RDWR | O_CLOEXEC)
        guard opened >= 0 else { throw FileIO.failure(.lock, url) }
        let lock = FileLockAttempt(descriptor: opened, timeout: timeout)
        guard lock.acquired else {
            let error = lock.busy ? StorageError.storeInUse(folder) : FileIO.failure(.lock, url)
            _ = close(opened)
            throw error
        }
        descriptor = LockedValue(opened)
    }

    /// Releases the lock; later calls do nothing.
    func release() {
        let held = descriptor.withLock { descriptor in
            defer { descriptor = nil }
            return descriptor
        }
        if let held { _ = close(held) }
    }

    deinit {
        release()
    }
}

/// Polls `flock(LOCK_EX | LOCK_NB)` on a descriptor until it succeeds, fails for another reason than a busy lock,
/// or `timeout` runs out. Runs on a store's dispatch queue, never on Swift concurrency's shared threads.
private struct FileLockAttempt {
    var acquired = false
    var busy = false

    init(descriptor: Int32, timeout: Duration) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause: UInt32 = 200
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                acquired = true
                return
            }
            if errno == EINTR { continue }
            busy = errno == EWOULDBLOCK
            guard busy, clock.now < deadline else { return }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }
}
