/// The overall deadline of the call in progress, published by `DeadlineHTTPClient` to the decorators beneath it
/// as a task-local value: a retry reads it to decide whether waiting still makes sense, a time limit ends an
/// attempt at it, and a caller waiting for work shared with others leaves at it.
struct RequestDeadline: Sendable {
    /// The clock the deadline is measured on.
    enum Source: Sendable {
        /// The timer queue's clock (the system's uptime), as `SystemClock` and the timer queue use.
        case system
        /// An injected clock (a test's manual clock).
        case clock(any Sleeper & MonotonicClock)
    }

    @TaskLocal static var current: RequestDeadline?

    let source: Source
    /// The deadline in nanoseconds of uptime, for `.system`.
    let uptime: UInt64
    /// The deadline on the injected clock, for `.clock`.
    private let instant: ContinuousClock.Instant

    /// Stands in for `instant` on the system clock, which does not use it (reading a clock costs a call).
    private static let unused = ContinuousClock.now

    init(budget: Duration, source: Source) {
        self.source = source
        switch source {
        case .system:
            uptime = TimerQueue.deadline(after: budget)
            instant = Self.unused
        case .clock(let clock):
            uptime = 0
            instant = clock.now().advanced(by: budget)
        }
    }

    /// Whether the deadline is on the timer queue's clock.
    var isSystem: Bool {
        if case .system = source { return true }
        return false
    }

    /// What is left of the budget now; zero or negative once it passed.
    func remaining() -> Duration {
        switch source {
        case .system:
            let now = TimerQueue.now()
            return uptime >= now
                ? .nanoseconds(Int64(clamping: uptime - now)) : .nanoseconds(-Int64(clamping: now - uptime))
        case .clock(let clock):
            return instant - clock.now()
        }
    }

    /// Whichever of `self` and `other` leaves less time: a deadline inside another never extends it.
    func earlier(than other: RequestDeadline?) -> RequestDeadline {
        guard let other else { return self }
        return other.remaining() < remaining() ? other : self
    }
}

/// Runs an action when the current request's deadline passes, for a caller that waits for work it does not run
/// itself (a refresh, a request shared with others) and must leave at its own deadline. Rarely armed: only such
/// waits use it.
struct DeadlineWatch: Sendable {
    private enum Armed: Sendable {
        case none
        case queue(TimerQueue.Timer)
        case task(Task<Void, Never>)
    }

    private let armed: Armed

    /// Calls `action` once `deadline` passes, unless `disarm()` comes first; nothing without a deadline.
    init(_ deadline: RequestDeadline?, _ action: @escaping @Sendable () -> Void) {
        guard let deadline else {
            armed = .none
            return
        }
        switch deadline.source {
        case .system:
            armed = .queue(TimerQueue.shared.schedule(at: deadline.uptime, action))
        case .clock(let clock):
            let remaining = deadline.remaining()
            armed = .task(
                Task {
                    do {
                        try await clock.sleep(for: remaining)
                        action()
                    } catch {}
                })
        }
    }

    func disarm() {
        switch armed {
        case .none: break
        case .queue(let timer): TimerQueue.shared.cancel(timer)
        case .task(let task): task.cancel()
        }
    }
}
