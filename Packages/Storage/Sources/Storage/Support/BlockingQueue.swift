import Dispatch
import Essentials

/// A serial queue for work that blocks (fsync, SQLite's busy wait, reading ten megabytes), so that blocking never
/// happens on the few threads Swift concurrency shares between all tasks.
package final class BlockingQueue: Sendable {
    private let queue: DispatchQueue

    package init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    /// Runs `body` on the queue, after everything submitted before it, and returns its result.
    package func run<T: Sendable>(
        _ body: @escaping @Sendable () throws(StorageError) -> T
    ) async throws(StorageError) -> T {
        let result: Result<T, StorageError> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result(catching: body)) }
        }
        return try result.get()
    }

    /// Schedules `body` without waiting for it.
    package func schedule(_ body: @escaping @Sendable () -> Void) {
        queue.async(execute: body)
    }
}

/// Commits writes in groups: writes that arrive while a commit is running wait and are committed together by
/// the next one, so eight concurrent writers pay for one disk flush instead of eight. Each write still gets its
/// own result, and a group commits in arrival order.
package final class GroupCommitter<Write: Sendable, Reply: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Result<Reply, StorageError>, Never>
    private let pending = LockedValue<[(write: Write, waiter: Waiter)]>([])
    private let queue: BlockingQueue
    private let commit: @Sendable ([Write]) -> [Result<Reply, StorageError>]

    /// `commit` runs on `queue` and returns one result per write, in order.
    package init(queue: BlockingQueue, commit: @escaping @Sendable ([Write]) -> [Result<Reply, StorageError>]) {
        self.queue = queue
        self.commit = commit
    }

    /// Queues `write`, waits for the commit that contains it, and returns its result.
    package func submit(_ write: Write) async throws(StorageError) -> Reply {
        let result: Result<Reply, StorageError> = await withCheckedContinuation { waiter in
            let startsGroup = pending.withLock { pending in
                pending.append((write, waiter))
                return pending.count == 1
            }
            if startsGroup { queue.schedule { self.drain() } }
        }
        return try result.get()
    }

    private func drain() {
        let group = pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
        guard !group.isEmpty else { return }
        let results = commit(group.map(\.write))
        for (index, item) in group.enumerated() {
            let result = index < results.count ? results[index] : .failure(.closed)
            item.waiter.resume(returning: result)
        }
    }
}
