import Essentials

/// Hands every committed change to every current observer, holding at most `limit` changes per observer.
///
/// An observer that falls `limit` changes behind loses its backlog: the waiting changes are replaced by one
/// `resync` change (made by `resync`), which tells it to read everything again. A change is dropped only while a
/// `resync` waits in front of the observer, and it was committed before the observer reads again, so the reread
/// includes it. Memory per observer therefore stays bounded however slow the observer is.
package final class ChangeBroadcaster<Change: Sendable>: Sendable {
    /// The default number of changes held per observer.
    package static var defaultLimit: Int { 1_024 }

    private let observers = LockedValue<(next: Int, subscribers: [Int: WeakSubscriber<Change>])>((0, [:]))
    private let limit: Int
    private let resync: Change

    /// A broadcaster holding at most `limit` changes per observer, replacing a longer backlog with `resync`.
    package init(limit: Int = defaultLimit, resync: Change) {
        self.limit = max(1, limit)
        self.resync = resync
    }

    /// A new stream that receives every change published from now on. It ends when the broadcaster finishes or
    /// the iterating task is cancelled; a stream nobody iterates any more is forgotten.
    package func stream() -> AsyncStream<Change> {
        let subscriber = Subscriber<Change>(limit: limit, resync: resync)
        let key = observers.withLock { state in
            defer { state.next += 1 }
            state.subscribers[state.next] = WeakSubscriber(subscriber)
            return state.next
        }
        return AsyncStream(
            unfolding: { await subscriber.next() },
            onCancel: { [weak self] in
                subscriber.finish()
                self?.observers.withLock { state in state.subscribers[key] = nil }
            })
    }

    /// Sends `change` to every observer.
    package func publish(_ change: Change) {
        let subscribers = observers.withLock { state -> [Subscriber<Change>] in
            state.subscribers = state.subscribers.filter { $0.value.subscriber != nil }
            return state.subscribers.values.compactMap(\.subscriber)
        }
        for subscriber in subscribers { subscriber.send(change) }
    }

    /// Ends every stream, for a store that closes.
    package func finish() {
        let subscribers = observers.withLock { state in
            defer { state.subscribers = [:] }
            return state.subscribers.values.compactMap(\.subscriber)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}

/// A reference the broadcaster holds without keeping the observer's stream alive.
private struct WeakSubscriber<Change: Sendable>: Sendable {
    weak var subscriber: Subscriber<Change>?

    init(_ subscriber: Subscriber<Change>) {
        self.subscriber = subscriber
    }
}

/// One observer's bounded queue and the task waiting for it.
private final class Subscriber<Change: Sendable>: Sendable {
    private struct State {
        var queue: [Change] = []
        var head = 0
        var waiter: CheckedContinuation<Change?, Never>?
        var finished = false

        var count: Int { queue.count - head }
    }

    private let state = LockedValue(State())
    private let limit: Int
    private let resync: Change

    init(limit: Int, resync: Change) {
        self.limit = limit
        self.resync = resync
    }

    /// Hands `change` to the waiting task, queues it, or, with `limit` changes waiting, replaces them with `resync`.
    func send(_ change: Change) {
        let waiter = state.withLock { state -> CheckedContinuation<Change?, Never>? in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            if state.count >= limit {
                state.queue = [resync]
                state.head = 0
            } else {
                state.queue.append(change)
            }
            return nil
        }
        waiter?.resume(returning: change)
    }

    /// The next change, waiting for one; `nil` once finished.
    func next() async -> Change? {
        await withCheckedContinuation { (waiter: CheckedContinuation<Change?, Never>) in
            let ready = state.withLock { state -> Change?? in
                if state.count > 0 {
                    let change = state.queue[state.head]
                    state.head += 1
                    if state.head > 64, state.head * 2 > state.queue.count {
                        state.queue.removeFirst(state.head)
                        state.head = 0
                    }
                    return .some(change)
                }
                if state.finished { return .some(nil) }
                state.waiter = waiter
                return .none
            }
            if let ready { waiter.resume(returning: ready) }
        }
    }

    /// Ends the stream after the changes already queued.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Change?, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
