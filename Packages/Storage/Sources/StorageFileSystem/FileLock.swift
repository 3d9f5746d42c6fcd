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

/// An advisory lock on a lock file (`flock`), shared between processes: held shared by readers and exclusively by
/// a writer for the length of one operation.
///
/// Each value opens the lock file itself, so two values in one process exclude each other exactly like two
/// processes do (`flock` locks belong to an open file, not to a process). Waiting polls without blocking the
/// kernel call, so a wait always ends: when the lock comes free or when `timeout` runs out. Callers run it on a
/// dispatch queue of their own, never on Swift concurrency's shared threads.
final class FileLock: Sendable {
    /// Whether other holders may hold the lock at the same time.
    enum Mode {
        /// Readers: any number at once, none while a writer holds it.
        case shared
        /// A writer: alone.
        case exclusive
    }

    /// The lock file.
    let url: URL
    /// What a timeout reports as busy: the store's folder or the record's file.
    private let owner: URL
    private let descriptor: LockedValue<Int32?>

    /// Opens (creating when missing, `0600`) the lock file at `url`; a symbolic link at `url` is refused (`ELOOP`)
    /// so that nobody can redirect the lock file onto another file.
    init(at url: URL, owner: URL) throws(StorageError) {
        let opened = FileIO.openCreatingPrivately(url.path, flags: O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard opened >= 0 else { throw FileIO.failure(.lock, url) }
        self.url = url
        self.owner = owner
        descriptor = LockedValue(opened)
    }

    deinit {
        close()
    }

    /// Runs `body` while holding the lock in `mode`; waits up to `timeout` for it and then throws `storeInUse`.
    func withLock<T>(
        _ mode: Mode, timeout: Duration, _ body: () throws(StorageError) -> T
    ) throws(StorageError) -> T {
        let held = try acquire(mode, timeout: timeout)
        defer { _ = flock(held, LOCK_UN) }
        return try body()
    }

    /// Takes the lock in `mode` without ever blocking a thread: between tries the task suspends, so a long wait costs
    /// no thread of Swift concurrency's shared pool. Throws `storeInUse` after `timeout`, `cancelled` when the task
    /// is cancelled. Release it with `unlock()`.
    func lock(_ mode: Mode, timeout: Duration) async throws(StorageError) {
        guard let held = descriptor.withLock({ $0 }) else { throw .closed }
        let operation = (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.microseconds(200)
        while flock(held, operation) != 0 {
            switch errno {
            case EINTR:
                continue
            case EWOULDBLOCK:
                guard clock.now < deadline else { throw .storeInUse(owner) }
                do {
                    try await Task.sleep(for: pause)
                } catch {
                    throw .cancelled
                }
                // Short pauses: a holder that releases and takes the lock again at once must not starve a waiter.
                pause = min(pause * 2, .milliseconds(2))
            default:
                throw FileIO.failure(.lock, url)
            }
        }
    }

    /// Releases a lock taken with `lock(_:timeout:)`.
    func unlock() {
        guard let held = descriptor.withLock({ $0 }) else { return }
        _ = flock(held, LOCK_UN)
    }

    /// Closes the lock file, releasing any lock; later calls throw `closed`.
    func close() {
        let held = descriptor.withLock { descriptor in
            defer { descriptor = nil }
            return descriptor
        }
        if let held { _ = closeDescriptor(held) }
    }

    private func acquire(_ mode: Mode, timeout: Duration) throws(StorageError) -> Int32 {
        guard let held = descriptor.withLock({ $0 }) else { throw .closed }
        let operation = (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause: UInt32 = 200  // microseconds, doubled up to 20 ms while the lock stays busy
        while flock(held, operation) != 0 {
            switch errno {
            case EINTR:
                continue
            case EWOULDBLOCK:
                guard clock.now < deadline else { throw .storeInUse(owner) }
                usleep(pause)
                pause = min(pause * 2, 20_000)
            default:
                throw FileIO.failure(.lock, url)
            }
        }
        return held
    }
}

/// `close(2)`, named apart from `FileLock.close()`.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
