package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX file operations both backends need and Foundation does not offer: flushing a file or a folder to the
/// disk, creating a store's folder and files readable by their owner only, and reading a file's first bytes with
/// typed errors.
package enum FileIO {
    /// The permissions of every folder a store creates: its owner only.
    package static let folderPermissions: mode_t = 0o700
    /// The permissions of every file a store creates: its owner only.
    package static let filePermissions: mode_t = 0o600

    /// Creates `folder` and its missing parents, each `0700` whatever the process's umask (which only takes bits
    /// away, and could take the owner's own). Folders that exist are left as they are.
    package static func createFolder(_ folder: URL) throws(StorageError) {
        var missing: [URL] = []
        var current = URL(fileURLWithPath: folder.path)
        while access(current.path, F_OK) != 0, current.pathComponents.count > 1 {
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        for component in missing.reversed() {
            guard mkdir(component.path, folderPermissions) == 0 else {
                if errno == EEXIST, isFolder(component) { continue }  // another process made it meanwhile: theirs
                throw failure(.createFolder, component)
            }
            let descriptor = open(component.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(.createFolder, component) }
            defer { _ = close(descriptor) }
            guard fchmod(descriptor, folderPermissions) == 0 else { throw failure(.createFolder, component) }
        }
        guard isFolder(folder) else {
            throw .fileSystem(FileSystemFailure(operation: .createFolder, path: folder.path, errorNumber: ENOTDIR))
        }
    }

    /// Opens the file at `path` with `flags`, creating it `0600` (whatever the umask) when it does not exist; a file
    /// that exists keeps its permissions. Returns the descriptor, or -1 with `errno` set.
    package static func openCreatingPrivately(_ path: String, flags: Int32) -> Int32 {
        let created = open(path, flags | O_CREAT | O_EXCL, filePermissions)
        if created >= 0 {
            _ = fchmod(created, filePermissions)
            return created
        }
        guard errno == EEXIST else { return -1 }
        return open(path, flags & ~(O_CREAT | O_EXCL))
    }

    /// Whether a folder (or a link to one) is at `url`.
    package static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Creates an empty file `0600` at `path` when nothing is there, for a library that then opens it with its own
    /// permissions. Errors are left to that library, which reports them in its own terms.
    package static func createPrivateFileIfMissing(_ path: String) {
        let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, filePermissions)
        guard created >= 0 else { return }
        _ = fchmod(created, filePermissions)
        _ = close(created)
    }

    /// Flushes the folder's entry list, so renames and removals in it survive a power loss.
    package static func synchronizeFolder(_ folder: URL) throws(StorageError) {
        let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(.open, folder) }
        defer { _ = close(descriptor) }
        try synchronize(descriptor, at: folder)
    }

    /// Flushes an open file to the disk.
    package static func synchronize(_ descriptor: Int32, at url: URL) throws(StorageError) {
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

    /// The error for a failed call of `operation` on `url`, with the current `errno`.
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

    /// The file at `url` open for reading, or `nil` when there is none (a writer may have deleted it meanwhile).
    package static func ifPresent(_ url: URL) throws(StorageError) -> OpenFile? {
        do throws(StorageError) {
            return try OpenFile(url)
        } catch {
            if case .fileSystem(let failure) = error, failure.errorNumber == ENOENT { return nil }
            throw error
        }
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
