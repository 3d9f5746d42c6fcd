import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file cannot be read, said as the system says it: there is no such file, permission is denied, it is a
/// folder.
enum FileReadProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing is at the path.
    case noSuchFile
    /// The file is there but this user may not read it.
    case permissionDenied
    /// The path names a folder.
    case isDirectory
    /// Another failure, with the system's words for it.
    case other(String)

    var description: String {
        switch self {
        case .noSuchFile: "there is no such file"
        case .permissionDenied: "permission to read it is denied"
        case .isDirectory: "it is a folder, not a file"
        case .other(let reason): reason
        }
    }

    /// The problem `errno` names.
    init(errno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self = .noSuchFile
        case EACCES, EPERM: self = .permissionDenied
        case EISDIR: self = .isDirectory
        default: self = .other(String(cString: strerror(code)).lowercased())
        }
    }

    /// The first `count` bytes of the file at `url` (fewer when it is shorter), or why it cannot be read.
    static func sample(of url: URL, count: Int) throws(FileReadProblem) -> [UInt8] {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw FileReadProblem(errno: errno) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileReadProblem(errno: errno)
            }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }
}
