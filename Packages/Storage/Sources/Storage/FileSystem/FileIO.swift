package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX file operations the stores need and Foundation does not offer: durable writes (fsync of the file and
/// of its folder), exclusive folder locks, and reads of a file's first bytes.
package enum FileIO {
    /// Files whose names start with this are unfinished writes; a store removes them when it opens.
    package static let temporaryPrefix = ".tmp-"

    /// Replaces `url` with `parts` atomically and durably: the parts go to a temporary file in the same folder,
    /// which is flushed, renamed over `url`, and then the folder is flushed so the rename itself survives a power
    /// loss. A crash at any moment leaves either the old file or the new one, never a mix.
    package static func writeAtomically(_ parts: [Data], to url: URL) throws(StorageError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(temporaryPrefix + UUID().uuidString + "-" + url.lastPathComponent)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(.open, temporary) }
        do throws(StorageError) {
            for part in parts { try writeAll(part, to: descriptor, at: temporary) }
            try synchronize(descriptor, at: temporary)
            guard close(descriptor) == 0 else { throw failure(.write, temporary) }
        } catch {
            _ = close(descriptor)
            _ = unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = failure(.rename, url)
            _ = unlink(temporary.path)
            throw error
        }
        try synchronizeFolder(folder)
    }

    /// Removes `url` durably; says whether it existed.
    package static func remove(_ url: URL) throws(StorageError) -> Bool {
        guard unlink(url.path) == 0 else {
            if errno == ENOENT { return false }
            throw failure(.remove, url)
        }
        try synchronizeFolder(url.deletingLastPathComponent())
        return true
    }

    /// Removes several files of one folder with a single flush of the folder; missing files are skipped.
    package static func remove(_ urls: [URL], in folder: URL) throws(StorageError) {
        guard !urls.isEmpty else { return }
        for url in urls where unlink(url.path) != 0 && errno != ENOENT {
            throw failure(.remove, url)
        }
        try synchronizeFolder(folder)
    }

    /// Renames a damaged file to `<name>.corrupted-<n>` (the first free `n`) in its folder and returns the new
    /// location. Damaged data is evidence: it is kept for a person to inspect, never deleted.
    package static func moveAside(_ url: URL) throws(StorageError) -> URL {
        let folder = url.deletingLastPathComponent()
        var number = 1
        var target = folder.appendingPathComponent(url.lastPathComponent + ".corrupted-\(number)")
        while access(target.path, F_OK) == 0 {
            number += 1
            target = folder.appendingPathComponent(url.lastPathComponent + ".corrupted-\(number)")
        }
        guard rename(url.path, target.path) == 0 else { throw failure(.rename, url) }
        try synchronizeFolder(folder)
        return target
    }

    /// Moves a group of files that belong together (a database and its journal) aside under one number, so a
    /// person sees which files were one database. Missing files are skipped; returns the new locations in order.
    package static func moveAside(together urls: [URL]) throws(StorageError) -> [URL?] {
        var number = 1
        func target(_ url: URL) -> URL {
            url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".corrupted-\(number)")
        }
        while urls.contains(where: { access(target($0).path, F_OK) == 0 }) { number += 1 }
        var moved: [URL?] = []
        for url in urls {
            guard access(url.path, F_OK) == 0 else {
                moved.append(nil)
                continue
            }
            guard rename(url.path, target(url).path) == 0 else { throw failure(.rename, url) }
            moved.append(target(url))
        }
        if let first = urls.first { try synchronizeFolder(first.deletingLastPathComponent()) }
        return moved
    }

    /// Creates `folder` (and its parents) when missing.
    package static func createFolder(_ folder: URL) throws(StorageError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(FileSystemFailure(operation: .createFolder, path: folder.path, errorNumber: errno))
        }
    }

    /// The names of the files in `folder`, sorted.
    package static func names(in folder: URL) throws(StorageError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw .fileSystem(FileSystemFailure(operation: .list, path: folder.path, errorNumber: errno))
        }
    }

    /// Removes unfinished writes left by a crash.
    package static func removeTemporaryFiles(in folder: URL) throws(StorageError) {
        let leftovers = try names(in: folder).filter { $0.hasPrefix(temporaryPrefix) }
        try remove(leftovers.map { folder.appendingPathComponent($0) }, in: folder)
    }

    /// Flushes the folder's entry list, so renames and removals in it survive a power loss.
    package static func synchronizeFolder(_ folder: URL) throws(StorageError) {
        let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(.open, folder) }
        defer { _ = close(descriptor) }
        try synchronize(descriptor, at: folder)
    }

    /// Reads a whole file.
    package static func read(_ url: URL) throws(StorageError) -> Data {
        let file = try OpenFile(url)
        return try file.readBytes(count: file.size)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, at url: URL) throws(StorageError) {
        let failed = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard var pointer = buffer.baseAddress else { return false }
            var remaining = buffer.count
            while remaining > 0 {
                let written = write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                remaining -= written
                pointer += written
            }
            return false
        }
        if failed { throw failure(.write, url) }
    }

    private static func synchronize(_ descriptor: Int32, at url: URL) throws(StorageError) {
        #if canImport(Darwin)
        // On Apple systems fsync leaves data in the drive's cache; F_FULLFSYNC is what survives a power loss.
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            // Some file systems cannot flush a folder; the data files themselves were flushed.
            if errno == EINVAL || errno == ENOTSUP { return }
            throw failure(.synchronize, url)
        }
    }

    package static func failure(_ operation: FileOperation, _ url: URL) -> StorageError {
        .fileSystem(FileSystemFailure(operation: operation, path: url.path, errorNumber: errno))
    }
}

/// A file open for reading, closed when the value goes away.
package final class OpenFile {
    private let descriptor: Int32
    private let url: URL
    /// The file's size when it was opened.
    package let size: Int

    package init(_ url: URL) throws(StorageError) {
        descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        self.url = url
        guard descriptor >= 0 else { throw FileIO.failure(.open, url) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = FileIO.failure(.read, url)
            _ = close(descriptor)
            throw error
        }
        size = Int(status.st_size)
    }

    deinit {
        _ = close(descriptor)
    }

    /// Reads the next `count` bytes; fewer only at the end of the file.
    package func readBytes(count: Int) throws(StorageError) -> Data {
        var data = Data(count: count)
        let received = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var total = 0
            while total < count {
                let got = read(descriptor, base + total, count - total)
                if got < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                if got == 0 { break }
                total += got
            }
            return total
        }
        if received < 0 { throw FileIO.failure(.read, url) }
        if received < count { data.removeSubrange(received..<count) }
        return data
    }
}

/// An exclusive lock on a store's folder, held while the store is open, so a second store (in this process or
/// another) cannot interleave its writes with ours.
package final class FolderLock: Sendable {
    private let descriptor: Locked<Int32?>

    package init(folder: URL) throws(StorageError) {
        let url = folder.appendingPathComponent(".lock")
        let opened = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard opened >= 0 else { throw FileIO.failure(.lock, url) }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let error = FileIO.failure(.lock, url)
            _ = close(opened)
            throw busy ? .storeInUse(folder) : error
        }
        descriptor = Locked(opened)
    }

    /// Releases the lock; later calls do nothing.
    package func release() {
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
