import Dispatch
import Foundation

/// A one-shot timer on a Dispatch queue that can be cancelled for real. `Task.sleep` is not used for the system
/// clock because a cancelled sleep keeps its timer (and memory) until the original deadline: with a timeout on
/// every request, a busy client would accumulate thousands of dead timers.
final class DispatchTimer: Sendable {
    private let source: Lock<(any DispatchSourceTimer)?>

    /// Schedules `handler` after `delay`; it runs at most once, and never after `cancel()` returned.
    init(after delay: Duration, handler: @escaping @Sendable () -> Void) {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        source = Lock(timer)
        let nanoseconds = max(0, delay.clampedNanoseconds)
        timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)), leeway: .milliseconds(1))
        timer.setEventHandler { [source] in
            let fire = source.withLock { current -> Bool in
                guard let running = current else { return false }
                running.cancel()
                current = nil
                return true
            }
            if fire { handler() }
        }
        timer.resume()
    }

    /// Stops the timer; the handler will not run unless it already started.
    func cancel() {
        source.withLock { current in
            current?.cancel()
            current = nil
        }
    }
}

extension SystemClock {
    /// Sleeps on a cancellable Dispatch timer (see `DispatchTimer`).
    func dispatchSleep(for duration: Duration) async throws(CancellationError) {
        let waiter = SleepWaiter()
        let completed = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                waiter.start(continuation, after: duration)
            }
        } onCancel: {
            waiter.cancel()
        }
        if !completed { throw CancellationError() }
    }
}

/// One sleep: resumed once, by the timer (true) or by cancellation (false), whichever comes first.
private final class SleepWaiter: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Bool, Never>?
        var timer: DispatchTimer?
        var cancelled = false
    }

    private let state = Lock(State())

    func start(_ continuation: CheckedContinuation<Bool, Never>, after duration: Duration) {
        let cancelled = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.continuation = continuation
            state.timer = DispatchTimer(after: duration) { [self] in resume(returning: true) }
            return false
        }
        if cancelled { continuation.resume(returning: false) }
    }

    func cancel() {
        resume(returning: false)
    }

    private func resume(returning completed: Bool) {
        let (continuation, timer) = state.withLock { state in
            state.cancelled = state.cancelled || !completed
            defer {
                state.continuation = nil
                state.timer = nil
            }
            return (state.continuation, state.timer)
        }
        timer?.cancel()
        continuation?.resume(returning: completed)
    }
}
