public import Foundation

/// Waits for a while; injected so tests control time instead of sleeping.
public protocol Sleeper: Sendable {
    /// Suspends for `duration` (returns at once when it is zero or negative), and throws as soon as the calling
    /// task is cancelled, even in the middle of the wait.
    func sleep(for duration: Duration) async throws(CancellationError)
}

/// Monotonic time for measuring durations (logging) and sliding windows (refresh limits).
public protocol MonotonicClock: Sendable {
    /// The current instant; never goes backwards.
    func now() -> ContinuousClock.Instant
}

/// Calendar time, needed only to turn a `Retry-After` HTTP date into a delay.
public protocol WallClock: Sendable {
    /// The current date.
    func currentDate() -> Date
}

/// The real clocks: sleeps on the process's shared `TimerQueue`, `ContinuousClock` and `Date()`.
public struct SystemClock: Sleeper, MonotonicClock, WallClock {
    /// Creates the system clock.
    public init() {}

    /// Sleeps on a timer of the shared timer queue rather than `Task.sleep`, whose cancelled sleeps keep their
    /// timers until the original deadline; cancellation interrupts the sleep at once and removes the timer.
    public func sleep(for duration: Duration) async throws(CancellationError) {
        if Task.isCancelled { throw CancellationError() }
        guard duration > .zero else { return }
        try await TimerQueue.shared.sleep(for: duration)
    }

    /// `ContinuousClock.now`.
    public func now() -> ContinuousClock.Instant {
        ContinuousClock.now
    }

    /// `Date()`.
    public func currentDate() -> Date {
        Date()
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating instead of overflowing for absurd values.
    package var clampedNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflowAgain { return seconds < 0 ? .min : .max }
        return total
    }
}
