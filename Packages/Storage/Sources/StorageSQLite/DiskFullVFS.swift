import Foundation
import Storage
import StorageCSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A SQLite VFS in front of the system's default one whose files can run out of space: once the writes to a
/// database (its file and its log together) exceed a byte budget, the write that crosses it stores what still
/// fits and fails with `SQLITE_FULL`, exactly where a full disk would stop SQLite. It exists so tests inject a full
/// disk on every platform, without a tiny file system or privileges; stores use it only when their options name
/// it.
///
/// Budgets are set per database path, so tests running side by side do not share one.
enum DiskFullVFS {
    static let name = "storage-disk-full"

    /// Whether the VFS is registered with SQLite; registering happens once, on first use.
    static let isRegistered: Bool = register()

    private static let budgets = Locked<
        (nextID: Int, ids: [String: Int], remaining: [Int: Int], killing: Set<Int>)
    >((1, [:], [:], []))

    /// Lets the database at `url` write `bytes` more bytes; `nil` lifts the limit. With `killing`, crossing the
    /// budget kills the process with SIGKILL instead (a crash at an exact byte of a write).
    static func limit(_ url: URL, to bytes: Int?, killing: Bool = false) {
        _ = isRegistered
        budgets.withLock { state in
            let id = state.ids[url.path] ?? state.nextID
            if state.ids[url.path] == nil {
                state.ids[url.path] = id
                state.nextID += 1
            }
            state.remaining[id] = bytes
            if killing { state.killing.insert(id) } else { state.killing.remove(id) }
        }
    }

    /// Whether crossing the budget of `id` kills the process.
    fileprivate static func kills(budget id: Int) -> Bool {
        budgets.withLock { $0.killing.contains(id) }
    }

    /// The bytes the database at `url` may still write; `nil` when unlimited.
    static func remaining(for url: URL) -> Int? {
        budgets.withLock { state in state.ids[url.path].flatMap { state.remaining[$0] } }
    }

    /// The budget a file opened under `path` draws from: its database's (the log's name is the database's plus
    /// `-wal`).
    fileprivate static func budgetID(forPath path: String) -> Int {
        var database = path
        for suffix in ["-wal", "-journal", "-shm"] where database.hasSuffix(suffix) {
            database.removeLast(suffix.count)
        }
        return budgets.withLock { $0.ids[database] ?? 0 }
    }

    /// How many of `amount` bytes a file may write now; fewer than `amount` means the disk is full.
    fileprivate static func take(_ amount: Int, budget id: Int) -> Int {
        guard id != 0 else { return amount }
        return budgets.withLock { state in
            guard let remaining = state.remaining[id] else { return amount }
            let allowed = min(remaining, amount)
            state.remaining[id] = remaining - allowed
            return allowed
        }
    }

    private static func register() -> Bool {
        guard let base = sqlite3_vfs_find(nil), methodTable != nil else { return false }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: base.pointee)
        vfs.pointee.pNext = nil
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.pAppData = UnsafeMutableRawPointer(base)
        vfs.pointee.szOsFile = Int32(FaultFile.headerSize) + base.pointee.szOsFile
        vfs.pointee.xOpen = { vfs, path, file, flags, outFlags in
            guard let vfs, let file, let base = vfs.pointee.pAppData?.assumingMemoryBound(to: sqlite3_vfs.self)
            else { return SQLITE_ERROR }
            file.pointee.pMethods = nil
            let real = FaultFile.real(file)
            let code = base.pointee.xOpen(base, path, real, flags, outFlags)
            guard code == SQLITE_OK else { return code }
            let id = path.map { DiskFullVFS.budgetID(forPath: String(cString: $0)) } ?? 0
            UnsafeMutableRawPointer(file).storeBytes(of: id, toByteOffset: FaultFile.budgetOffset, as: Int.self)
            file.pointee.pMethods = DiskFullVFS.methodTable.map { UnsafePointer($0.pointer) }
            return SQLITE_OK
        }
        return sqlite3_vfs_register(vfs, 0) == SQLITE_OK
    }

    /// The methods of every file opened through the VFS: made once, never freed, never changed.
    private static let methodTable: MethodTable? = makeMethods().map(MethodTable.init)

    /// Methods that forward every call to the real file, and stop writes at the budget.
    private static func makeMethods() -> UnsafeMutablePointer<sqlite3_io_methods>? {
        let methods = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        methods.initialize(to: sqlite3_io_methods())
        methods.pointee.iVersion = 3
        methods.pointee.xClose = { file in
            guard let real = FaultFile.realMethods(file) else { return SQLITE_OK }
            return real.methods.xClose(real.file)
        }
        methods.pointee.xRead = { file, buffer, amount, offset in
            guard let real = FaultFile.realMethods(file) else { return SQLITE_IOERR }
            return real.methods.xRead(real.file, buffer, amount, offset)
        }
        methods.pointee.xWrite = { file, buffer, amount, offset in
            guard let real = FaultFile.realMethods(file), let file else { return SQLITE_IOERR }
            let id = FaultFile.budgetID(file)
            let allowed = DiskFullVFS.take(Int(amount), budget: id)
            guard allowed < Int(amount) else { return real.methods.xWrite(real.file, buffer, amount, offset) }
            if allowed > 0 { _ = real.methods.xWrite(real.file, buffer, Int32(allowed), offset) }
            if DiskFullVFS.kills(budget: id) { kill(getpid(), SIGKILL) }
            return SQLITE_FULL
        }
        methods.pointee.xTruncate = { file, size in
            guard let real = FaultFile.realMethods(file) else { return SQLITE_IOERR }
            return real.methods.xTruncate(real.file, size)
        }
        methods.pointee.xSync = { file, flags in
            guard let real = FaultFile.realMethods(file) else { return SQLITE_IOERR }
            return real.methods.xSync(real.file, flags)
        }
        methods.pointee.xFileSize = { file, size in
            guard let real = FaultFile.realMethods(file) else { return SQLITE_IOERR }
            return real.methods.xFileSize(real.file, size)
        }
        methods.pointee.xLock = { file, level in
            guard let real = FaultFile.realMethods(file) else { return SQLITE_IOERR }
            return real.methods.xLock(real.file, level)
        }
        methods.pointee.xUnlock = { file, level in
            guard let real = FaultFile.realMethods(file) else { return SQLITE_IOERR }
            return real.methods.xUnlock(real.file, level)
        }
        methods.pointee.xCheckReservedLock = { file, result in
            guard let real = FaultFile.realMethods(file) else { return SQLITE_IOERR }
            return real.methods.xCheckReservedLock(real.file, result)
        }
        methods.pointee.xFileControl = { file, operation, argument in
            guard let real = FaultFile.realMethods(file) else { return SQLITE_NOTFOUND }
            return real.methods.xFileControl(real.file, operation, argument)
        }
        methods.pointee.xSectorSize = { file in
            guard let real = FaultFile.realMethods(file) else { return 4_096 }
            return real.methods.xSectorSize(real.file)
        }
        methods.pointee.xDeviceCharacteristics = { file in
            guard let real = FaultFile.realMethods(file) else { return 0 }
            return real.methods.xDeviceCharacteristics(real.file)
        }
        methods.pointee.xShmMap = { file, region, size, extend, pointer in
            guard let real = FaultFile.realMethods(file), let map = real.methods.xShmMap else { return SQLITE_IOERR }
            return map(real.file, region, size, extend, pointer)
        }
        methods.pointee.xShmLock = { file, offset, count, flags in
            guard let real = FaultFile.realMethods(file), let lock = real.methods.xShmLock else { return SQLITE_IOERR }
            return lock(real.file, offset, count, flags)
        }
        methods.pointee.xShmBarrier = { file in
            guard let real = FaultFile.realMethods(file), let barrier = real.methods.xShmBarrier else { return }
            barrier(real.file)
        }
        methods.pointee.xShmUnmap = { file, delete in
            guard let real = FaultFile.realMethods(file), let unmap = real.methods.xShmUnmap else { return SQLITE_OK }
            return unmap(real.file, delete)
        }
        methods.pointee.xFetch = { file, offset, amount, pointer in
            guard let real = FaultFile.realMethods(file), let fetch = real.methods.xFetch else {
                pointer?.pointee = nil
                return SQLITE_OK
            }
            return fetch(real.file, offset, amount, pointer)
        }
        methods.pointee.xUnfetch = { file, offset, pointer in
            guard let real = FaultFile.realMethods(file), let unfetch = real.methods.xUnfetch else { return SQLITE_OK }
            return unfetch(real.file, offset, pointer)
        }
        return methods
    }
}

/// The method table SQLite reads through a pointer; it is written once, before any file uses it.
private struct MethodTable: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<sqlite3_io_methods>
}

/// The layout of a file opened through `DiskFullVFS`: SQLite's file header (the methods), the budget id, then the
/// real file of the default VFS.
private enum FaultFile {
    static let budgetOffset = MemoryLayout<sqlite3_file>.stride
    static let headerSize = (budgetOffset + MemoryLayout<Int>.stride + 15) / 16 * 16

    static func real(_ file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<sqlite3_file> {
        UnsafeMutableRawPointer(file).advanced(by: headerSize).assumingMemoryBound(to: sqlite3_file.self)
    }

    static func budgetID(_ file: UnsafeMutablePointer<sqlite3_file>) -> Int {
        UnsafeMutableRawPointer(file).load(fromByteOffset: budgetOffset, as: Int.self)
    }

    /// The real file and its methods, when the real file is open.
    static func realMethods(
        _ file: UnsafeMutablePointer<sqlite3_file>?
    ) -> (file: UnsafeMutablePointer<sqlite3_file>, methods: sqlite3_io_methods)? {
        guard let file else { return nil }
        let real = real(file)
        guard let methods = real.pointee.pMethods else { return nil }
        return (real, methods.pointee)
    }
}
