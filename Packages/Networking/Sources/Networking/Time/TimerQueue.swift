import Dispatch
import Essentials

/// The timers of the time-limit decorators and of `SystemClock.sleep`: a min-heap of deadlines under one lock,
/// driven by one Dispatch timer that is reprogrammed lazily.
///
/// Why not a Dispatch timer (or a `Task.sleep`) per request: creating, arming and cancelling a Dispatch source
/// wakes Dispatch's timer thread twice per request, which cost more than the rest of the stack together; and a
/// cancelled `Task.sleep` keeps its timer until the original deadline, so with a timeout on every request dead
/// timers pile up. Here scheduling and cancelling are a heap insertion and removal under a lock:
///
/// - A timer is removed from the heap the moment it is cancelled, so nothing outlives its request.
/// - The Dispatch timer is only reprogrammed when a new deadline is earlier than the one it is armed for. When a
///   timer is cancelled the Dispatch timer stays armed for the old deadline; when it fires it runs what is due and
///   re-arms for the earliest remaining deadline, or not at all. A client whose requests all get the same limit
///   therefore schedules later and later deadlines, and arms the Dispatch timer about once per limit, not once
///   per request.
/// - Timers due at the same instant fire in the order they were scheduled.
final class TimerQueue: Sendable {
    /// One scheduled action. Its position in the heap is guarded by the queue's lock.
    final class Timer: @unchecked Sendable {
        fileprivate let deadline: UInt64
        fileprivate let sequence: UInt64
        fileprivate let action: @Sendable () -> Void
        /// Index in the heap, or -1 once the timer fired or was cancelled.
        fileprivate var index = -1

        fileprivate init(deadline: UInt64, sequence: UInt64, action: @escaping @Sendable () -> Void) {
            self.deadline = deadline
            self.sequence = sequence
            self.action = action
        }

        /// Whether `self` is due before `other` (earlier deadline, or scheduled first at the same deadline).
        fileprivate func precedes(_ other: Timer) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    /// What wakes the queue: a Dispatch timer, or nothing (tests call `fire(now:)` themselves).
    enum Driver {
        case dispatch
        case manual
    }

    /// Counters, for tests that prove timers neither leak nor re-arm the Dispatch timer per request.
    struct Statistics: Hashable, Sendable {
        /// Timers scheduled and neither fired nor cancelled yet.
        var live = 0
        /// Timers scheduled so far.
        var scheduled = 0
        /// Timers that fired.
        var fired = 0
        /// How often the wake-up was (re)programmed.
        var armings = 0
        /// The deadline the wake-up is armed for, if any.
        var armedDeadline: UInt64?
    }

    fileprivate struct State {
        var heap: [Timer] = []
        var nextSequence: UInt64 = 0
        var source: DispatchTimer?
        var statistics = Statistics()
    }

    /// The one Dispatch source. Dispatch sources may be scheduled and cancelled from any thread, but the
    /// `DispatchSourceTimer` protocol is not marked `Sendable` on every platform; it is only touched under the lock.
    fileprivate struct DispatchTimer: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }

    /// The queue every `SystemClock` timer of the process uses: one Dispatch source in all, armed only while a
    /// timer is pending (and at most once more after the last one is cancelled).
    static let shared = TimerQueue(driver: .dispatch)

    private let state = LockedValue(State())
    private let driver: Driver

    init(driver: Driver) {
        self.driver = driver
    }

    deinit {
        state.withLock { $0.source?.source.cancel() }
    }

    /// The current instant on the clock deadlines are measured in (Dispatch's uptime clock, which its timers use).
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// The instant `duration` after `now` (saturating; never `DispatchTime.distantFuture`, which means "never").
    static func deadline(after duration: Duration, from now: UInt64 = now()) -> UInt64 {
        let nanoseconds = UInt64(max(0, duration.clampedNanoseconds))
        let (sum, overflow) = now.addingReportingOverflow(nanoseconds)
        return overflow ? .max - 1 : min(sum, .max - 1)
    }

    var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// Runs `action` once `deadline` (see `deadline(after:)`) has passed, unless the timer is cancelled first.
    /// `action` runs on a Dispatch thread with no lock held; keep it short.
    func schedule(at deadline: UInt64, _ action: @escaping @Sendable () -> Void) -> Timer {
        state.withLock { state in
            let timer = Timer(deadline: deadline, sequence: state.nextSequence, action: action)
            state.nextSequence &+= 1
            state.insert(timer)
            state.statistics.live += 1
            state.statistics.scheduled += 1
            if state.statistics.armedDeadline.map({ deadline < $0 }) ?? true {
                arm(at: deadline, &state)
            }
            return timer
        }
    }

    /// Removes `timer`; returns false when it had already fired (its action ran or is running).
    @discardableResult
    func cancel(_ timer: Timer) -> Bool {
        state.withLock { state in
            guard timer.index >= 0 else { return false }
            state.remove(at: timer.index)
            state.statistics.live -= 1
            return true
        }
    }

    /// Fires every timer due at `now`, earliest first, then re-arms for the earliest one left.
    func fire(now: UInt64) {
        let due = state.withLock { state -> [Timer] in
            var due: [Timer] = []
            while let first = state.heap.first, first.deadline <= now {
                state.remove(at: 0)
                due.append(first)
            }
            state.statistics.live -= due.count
            state.statistics.fired += due.count
            state.statistics.armedDeadline = nil
            if let next = state.heap.first { arm(at: next.deadline, &state) }
            return due
        }
        for timer in due { timer.action() }
    }

    /// Suspends for `duration` on this queue; cancellation interrupts the wait at once and removes the timer.
    func sleep(for duration: Duration) async throws(CancellationError) {
        let sleep = Sleep()
        let completed = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                sleep.start(continuation, on: self, until: Self.deadline(after: duration))
            }
        } onCancel: {
            sleep.finish(completed: false)
        }
        if !completed { throw CancellationError() }
    }

    private func arm(at deadline: UInt64, _ state: inout State) {
        state.statistics.armedDeadline = deadline
        state.statistics.armings += 1
        guard driver == .dispatch else { return }
        let when = DispatchTime(uptimeNanoseconds: deadline)
        if let source = state.source?.source {
            source.schedule(deadline: when, leeway: .milliseconds(1))
        } else {
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.setEventHandler { [weak self] in self?.fire(now: Self.now()) }
            source.schedule(deadline: when, leeway: .milliseconds(1))
            source.resume()
            state.source = DispatchTimer(source: source)
        }
    }
}

extension TimerQueue.State {
    fileprivate mutating func insert(_ timer: TimerQueue.Timer) {
        timer.index = heap.count
        heap.append(timer)
        siftUp(timer.index)
    }

    /// Removes the timer at `index` and marks it as no longer scheduled.
    fileprivate mutating func remove(at index: Int) {
        let removed = heap[index]
        let last = heap.removeLast()
        removed.index = -1
        guard index < heap.count else { return }
        heap[index] = last
        last.index = index
        if index > 0 && last.precedes(heap[(index - 1) / 2]) {
            siftUp(index)
        } else {
            siftDown(index)
        }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let timer = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard timer.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            heap[child].index = child
            child = parent
        }
        heap[child] = timer
        timer.index = child
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let timer = heap[parent]
        while true {
            var child = 2 * parent + 1
            guard child < heap.count else { break }
            if child + 1 < heap.count && heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(timer) else { break }
            heap[parent] = heap[child]
            heap[parent].index = parent
            parent = child
        }
        heap[parent] = timer
        timer.index = parent
    }
}

/// One sleep: resumed once, by its timer (true) or by cancellation (false), whichever comes first.
private final class Sleep: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Bool, Never>?
        var timer: TimerQueue.Timer?
        var queue: TimerQueue?
        var finished = false
    }

    private let state = LockedValue(State())

    func start(_ continuation: CheckedContinuation<Bool, Never>, on queue: TimerQueue, until deadline: UInt64) {
        let cancelled = state.withLock { state -> Bool in
            if state.finished { return true }
            state.continuation = continuation
            state.queue = queue
            return false
        }
        if cancelled { return continuation.resume(returning: false) }
        let timer = queue.schedule(at: deadline) { [self] in finish(completed: true) }
        let finishedMeanwhile = state.withLock { state -> Bool in
            if state.finished { return true }
            state.timer = timer
            return false
        }
        if finishedMeanwhile { queue.cancel(timer) }
    }

    func finish(completed: Bool) {
        let (continuation, timer, queue) = state.withLock { state in
            state.finished = true
            defer {
                state.continuation = nil
                state.timer = nil
                state.queue = nil
            }
            return (state.continuation, state.timer, state.queue)
        }
        if let timer, let queue { queue.cancel(timer) }
        continuation?.resume(returning: completed)
    }
}
