public import Foundation

/// A file a command writes because the user named it (`--out FILE.pdf`), checked before the command does any work
/// so a wrong path never leaves half a job done (an invoice numbered and uploaded whose PDF then has nowhere to go).
///
/// Only regular files are written: a folder, a device (`/dev/full`), a pipe or a socket is refused, and so is an
/// existing file that is not of the kind written (a PDF never replaces a spreadsheet). Missing folders are not
/// created: a mistyped path is an error, not a new folder. The file is replaced atomically (written beside it,
/// then renamed), so a reader never sees half of it.
public struct OutputFile: Sendable {
    /// Where the file goes, symbolic links resolved.
    public let url: URL
    /// The path as the user typed it, for messages.
    public let path: String
    private let kind: String

    /// Checks that `path` can receive a `kind` file (`PDF`) whose bytes start with `signature` (`%PDF-`).
    public static func checked(_ path: String, kind: String, signature: String) throws(CommandError) -> OutputFile {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let refuse = { (why: String) -> CommandError in
            CommandError(
                message: "cannot write the \(kind) to \(path): \(why)",
                hint: "Nothing was done. Name a new file, or an existing \(kind), in a folder that exists.",
                status: .cannotCreate)
        }
        let manager = FileManager.default
        if let attributes = try? manager.attributesOfItem(atPath: url.path) {
            switch attributes[.type] as? FileAttributeType {
            case .typeRegular?:
                guard manager.isWritableFile(atPath: url.path) else { throw refuse("the file is not writable") }
                guard Self.starts(url, with: signature) else {
                    throw refuse("it is an existing file that is not a \(kind), which would be lost")
                }
            case .typeDirectory?: throw refuse("it is a folder")
            case .typeCharacterSpecial?, .typeBlockSpecial?: throw refuse("it is a device, not a file")
            case .typeSocket?: throw refuse("it is a socket, not a file")
            default: throw refuse("it is a pipe or another special file, not a regular file")
            }
        } else {
            var isFolder: ObjCBool = false
            let parent = url.deletingLastPathComponent()
            guard manager.fileExists(atPath: parent.path, isDirectory: &isFolder) else {
                throw refuse("the folder \(parent.path) does not exist")
            }
            guard isFolder.boolValue else { throw refuse("\(parent.path) is not a folder") }
            guard manager.isWritableFile(atPath: parent.path) else {
                throw refuse("the folder \(parent.path) is not writable")
            }
        }
        return OutputFile(url: url, path: path, kind: kind)
    }

    /// Writes `data` in place of the file; returns the absolute path written.
    @discardableResult
    public func write(_ data: Data) throws(CommandError) -> String {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw CommandError(
                message: "the \(kind) could not be written to \(path): \(Self.reason(error))",
                hint: "Check the folder's free space and permissions, then try again.", status: .cannotCreate)
        }
        return url.standardizedFileURL.path
    }

    private static func starts(_ url: URL, with signature: String) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let expected = Data(signature.utf8)
        let head = (try? handle.read(upToCount: expected.count)) ?? Data()
        return head.isEmpty || head == expected
    }

    private static func reason(_ error: any Error) -> String {
        let code = (error as NSError).userInfo[NSUnderlyingErrorKey].map { ($0 as? NSError)?.code ?? 0 } ?? 0
        switch Int32(code) {
        case ENOSPC: return "the disk is full"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        default: return "the file system refused it"
        }
    }
}
