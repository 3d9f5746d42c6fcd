public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Who besides its owner may change the files in a folder that holds private data, read from the folder's
/// permission bits, so that an app can warn when its data folder is open to other users of the computer.
///
/// The stores create their folders readable by their owner only (`0700`) and their files `0600`, whatever the
/// umask; a folder that already existed keeps the permissions it had, since changing them is its owner's decision.
/// This says when to make it: someone who can write in the folder can replace or delete the database beside the
/// app, or leave a file where the app will create one.
public struct FolderPermissions: Hashable, Sendable {
    /// The folder.
    public var folder: URL
    /// Its permission bits as `chmod` takes them (`0o755`), including the sticky, set-user and set-group bits.
    public var mode: UInt16

    /// Permissions as read from a folder, or made up by a test.
    public init(folder: URL, mode: UInt16) {
        self.folder = folder
        self.mode = mode
    }

    /// The permissions of the folder at `url` (following a symbolic link to it); `fileSystem` with `ENOENT` when
    /// there is none, `ENOTDIR` when a file is there.
    public static func of(_ url: URL) throws(StorageError) -> FolderPermissions {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw .fileSystem(FileSystemFailure(operation: .open, path: url.path, errorNumber: errno))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .fileSystem(FileSystemFailure(operation: .open, path: url.path, errorNumber: ENOTDIR))
        }
        return FolderPermissions(folder: url, mode: UInt16(truncatingIfNeeded: status.st_mode & 0o7777))
    }

    /// Whether members of the folder's group may create, rename and delete files in it.
    public var groupCanWrite: Bool { mode & 0o020 != 0 }

    /// Whether every user of the computer may create, rename and delete files in it (the sticky bit of a shared
    /// folder such as `/tmp` still lets them create files where the app would).
    public var othersCanWrite: Bool { mode & 0o002 != 0 }

    /// A sentence an app can show when someone else can write in the folder, with the command that makes it
    /// private; `nil` when only its owner can.
    public var warning: String? {
        guard groupCanWrite || othersCanWrite else { return nil }
        let who = othersCanWrite ? "every user of this computer" : "other members of its group"
        return "The folder \(folder.path) can be changed by \(who) (permissions \(String(mode, radix: 8))): "
            + "they could read, replace or delete what is stored in it. Make it private with "
            + "'chmod 700 \(folder.path)'."
    }
}
