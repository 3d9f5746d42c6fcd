import Essentials
import Foundation
import Storage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A disk that runs out of space under SQLite, for tests: once the writes to a database (its file, its log and its
/// shared-memory index together) exceed a byte budget, the write that crosses it stores what still fits and the
/// next one fails with `ENOSPC`, exactly where a full disk stops SQLite (`SQLITE_FULL` for the database and its log,
/// `SQLITE_IOERR_SHMSIZE` when the shared-memory index cannot grow).
///
/// It replaces the `write`, `pwrite` and `pwrite64` system calls of SQLite's own file layer
/// (`sqlite3_vfs.xSetSystemCall`, the hook SQLite's own test suite uses), so the stores under test run their
/// production code unchanged and nothing of it ships. The test target cannot import the SQLite module (it is not
/// a product the repository's root manifest could hand it), so the two SQLite calls are looked up at run time and
/// the VFS record is read by the layout `sqlite3.h` fixes for version 3 and later.
///
/// Budgets are set per database path, so tests running side by side do not share one; a file without a budget
/// writes as usual.
enum SQLiteFullDisk {
    private struct State {
        var budgets: [String: Int] = [:]
        var killing: Set<String> = []
        var faults: [String: Int] = [:]
    }

    private static let state = LockedValue(State())

    /// Whether the system calls are replaced; replacing happens once, on first use.
    static let isInstalled: Bool = install()

    /// Lets the database at `url` write `bytes` more bytes; `nil` lifts the limit. With `killing`, crossing the
    /// budget kills the process with SIGKILL instead (a crash at an exact byte of a write).
    static func limit(_ url: URL, to bytes: Int?, killing: Bool = false) {
        precondition(isInstalled, "SQLite's system calls could not be replaced")
        let path = realPath(url)
        state.withLock { state in
            state.budgets[path] = bytes
            if killing { state.killing.insert(path) } else { state.killing.remove(path) }
        }
    }

    /// How many writes to the database at `url` (and its log and index) were refused or cut short so far.
    static func faults(for url: URL) -> Int {
        let path = realPath(url)
        return state.withLock { $0.faults[path] ?? 0 }
    }

    /// How many of `amount` bytes the file behind `descriptor` may write now, and whether crossing kills.
    fileprivate static func allowance(_ amount: Int, descriptor: Int32) -> (bytes: Int, kills: Bool) {
        guard let path = databasePath(of: descriptor) else { return (amount, false) }
        return state.withLock { state in
            guard let remaining = state.budgets[path] else { return (amount, false) }
            let allowed = min(remaining, amount)
            state.budgets[path] = remaining - allowed
            if allowed < amount { state.faults[path, default: 0] += 1 }
            return (allowed, state.killing.contains(path))
        }
    }

    /// The path the system reports for the file at `url` once it exists: its folder with every link resolved.
    private static func realPath(_ url: URL) -> String {
        let folder = url.deletingLastPathComponent().path
        guard let resolved = realpath(folder, nil) else { return url.path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + url.lastPathComponent
    }

    /// The database a descriptor belongs to: its own path, without the suffix of a log or index.
    private static func databasePath(of descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        #if canImport(Darwin)
        guard fcntl(descriptor, F_GETPATH, &buffer) == 0 else { return nil }
        let count = buffer.firstIndex(of: 0) ?? 0
        #else
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        #endif
        var path = String(decoding: buffer[..<count], as: UTF8.self)
        for suffix in ["-wal", "-shm", "-journal"] where path.hasSuffix(suffix) {
            path.removeLast(suffix.count)
        }
        return path
    }

    /// Writes what the budget allows through `write`, then reports a full disk (or kills the process).
    fileprivate static func limited(
        _ descriptor: Int32, _ count: Int, _ write: (Int) -> Int
    ) -> Int {
        let (allowed, kills) = allowance(count, descriptor: descriptor)
        guard allowed < count else { return write(count) }
        let written = allowed > 0 ? write(allowed) : 0
        if kills { kill(getpid(), SIGKILL) }
        if written > 0 { return written }
        errno = ENOSPC
        return -1
    }

    // MARK: SQLite's system-call table

    fileprivate typealias Write = @convention(c) (Int32, UnsafeRawPointer?, Int) -> Int
    fileprivate typealias PositionedWrite = @convention(c) (Int32, UnsafeRawPointer?, Int, Int64) -> Int
    private typealias FindVFS = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?
    private typealias SetSystemCall =
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?)
        -> Int32
    private typealias GetSystemCall = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> OpaquePointer?

    /// The address of a C function: it never changes, so any thread may call through it.
    fileprivate struct SystemCall: @unchecked Sendable {
        let address: OpaquePointer
    }

    /// The system calls SQLite used before the replacement, by name.
    fileprivate static let originals = LockedValue<[String: SystemCall]>([:])

    private static func install() -> Bool {
        guard let program = dlopen(nil, RTLD_NOW), let find = dlsym(program, "sqlite3_vfs_find") else { return false }
        guard let vfs = unsafeBitCast(find, to: FindVFS.self)(nil) else { return false }
        // sqlite3_vfs: three ints (iVersion, szOsFile, mxPathname), then pointers: pNext, zName, pAppData and the
        // methods, of which xSetSystemCall and xGetSystemCall are the 17th and 18th pointer (version 3).
        guard vfs.load(as: Int32.self) >= 3 else { return false }
        let alignment = MemoryLayout<UnsafeRawPointer>.alignment
        let pointers = vfs.advanced(by: (3 * MemoryLayout<Int32>.size + alignment - 1) / alignment * alignment)
        let set = pointers.load(fromByteOffset: 16 * MemoryLayout<UnsafeRawPointer>.stride, as: SetSystemCall?.self)
        let get = pointers.load(fromByteOffset: 17 * MemoryLayout<UnsafeRawPointer>.stride, as: GetSystemCall?.self)
        guard let set, let get else { return false }
        let write: Write = replacementWrite
        let pwrite: PositionedWrite = replacementPwrite
        let pwrite64: PositionedWrite = replacementPwrite64
        let replacements: [(String, OpaquePointer)] = [
            ("write", unsafeBitCast(write, to: OpaquePointer.self)),
            ("pwrite", unsafeBitCast(pwrite, to: OpaquePointer.self)),
            ("pwrite64", unsafeBitCast(pwrite64, to: OpaquePointer.self)),
        ]
        var replaced = 0
        for (name, replacement) in replacements {
            guard let original = get(vfs, name) else { continue }
            originals.withLock { $0[name] = SystemCall(address: original) }
            if set(vfs, name, replacement) == 0 { replaced += 1 }
        }
        return replaced > 0
    }
}

private func replacementWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    guard let original = SQLiteFullDisk.originals.withLock({ $0["write"]?.address }) else { return -1 }
    let write = unsafeBitCast(original, to: SQLiteFullDisk.Write.self)
    return SQLiteFullDisk.limited(descriptor, count) { write(descriptor, buffer, $0) }
}

private func replacementPwrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ offset: Int64) -> Int {
    guard let original = SQLiteFullDisk.originals.withLock({ $0["pwrite"]?.address }) else { return -1 }
    let write = unsafeBitCast(original, to: SQLiteFullDisk.PositionedWrite.self)
    return SQLiteFullDisk.limited(descriptor, count) { write(descriptor, buffer, $0, offset) }
}

private func replacementPwrite64(
    _ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ offset: Int64
) -> Int {
    guard let original = SQLiteFullDisk.originals.withLock({ $0["pwrite64"]?.address }) else { return -1 }
    let write = unsafeBitCast(original, to: SQLiteFullDisk.PositionedWrite.self)
    return SQLiteFullDisk.limited(descriptor, count) { write(descriptor, buffer, $0, offset) }
}
