import Essentials
public import Foundation
public import Networking

/// A clock a test moves by hand: sleeps suspend until ``advance(by:)`` passes their end, and every requested
/// sleep is recorded, so backoff delays can be asserted exactly and nothing ever waits for real time.
///
/// With `advancesOnSleep`, a sleep moves the clock forward by its duration and returns at once (still throwing
/// if the task is cancelled), which suits tests that only need the recorded delays.
public final class ManualClock: Sleeper, MonotonicClock, WallClock, Sendable {
    private struct Sleeping {
        let deadline: Duration
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var elapsed: Duration = .zero
        var sleeps: [Duration] = []
        var sleeping: [UInt64: Sleeping] = [:]
        var pending: Set<UInt64> = []
        var cancelledEarly: Set<UInt64> = []
        var nextID: UInt64 = 0
        var sleepWaiters = CountWaiters()
    }

    private let state = LockedValue(State())
    private let origin = ContinuousClock.now
    private let startDate: Date
    private let advancesOnSleep: Bool

    /// A clock at `startDate` (calendar time) that moves only when told to, or on every sleep.
    public init(startDate: Date = Date(timeIntervalSince1970: 1_700_000_000), advancesOnSleep: Bool = false) {
        self.startDate = startDate
        self.advancesOnSleep = advancesOnSleep
    }

    /// Time advanced so far.
    public var elapsed: Duration { state.withLock { $0.elapsed } }

    /// Every sleep requested so far, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// Sleeps suspended now.
    public var sleeperCount: Int { state.withLock { $0.sleeping.count } }

    /// Moves time forward and wakes the sleeps that end by then.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.elapsed += max(.zero, duration)
            let due = state.sleeping.filter { $0.value.deadline <= state.elapsed }
            for id in due.keys { state.sleeping[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume(returning: true) }
    }

    /// Suspends until at least `count` sleeps have started (and, without `advancesOnSleep`, are waiting).
    public func waitForSleeps(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let waits = state.withLock {
                $0.sleepWaiters.add(threshold: count, count: $0.sleeps.count, continuation: continuation)
            }
            if !waits { continuation.resume() }
        }
    }

    /// The start instant plus `elapsed`.
    public func now() -> ContinuousClock.Instant {
        origin + elapsed
    }

    /// `startDate` plus `elapsed`.
    public func currentDate() -> Date {
        startDate.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Records the sleep, then waits for ``advance(by:)`` (or advances by itself); throws on cancellation.
    public func sleep(for duration: Duration) async throws(CancellationError) {
        if advancesOnSleep {
            let ready = state.withLock { state in
                state.sleeps.append(duration)
                state.elapsed += max(.zero, duration)
                return state.sleepWaiters.satisfied(by: state.sleeps.count)
            }
            for waiter in ready { waiter.resume() }
            if Task.isCancelled { throw CancellationError() }
            return
        }
        let id = state.withLock { state in
            state.nextID += 1
            state.pending.insert(state.nextID)
            return state.nextID
        }
        let completed = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let (immediate, ready) = state.withLock { state -> (Bool?, [CheckedContinuation<Void, Never>]) in
                    state.pending.remove(id)
                    state.sleeps.append(duration)
                    let ready = state.sleepWaiters.satisfied(by: state.sleeps.count)
                    if state.cancelledEarly.remove(id) != nil { return (false, ready) }
                    if duration <= .zero { return (true, ready) }
                    state.sleeping[id] = Sleeping(deadline: state.elapsed + duration, continuation: continuation)
                    return (nil, ready)
                }
                for waiter in ready { waiter.resume() }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let sleeping = state.withLock { state -> Sleeping? in
                if state.pending.contains(id) {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return state.sleeping.removeValue(forKey: id)
            }
            sleeping?.continuation.resume(returning: false)
        }
        if !completed || Task.isCancelled { throw CancellationError() }
    }
}
