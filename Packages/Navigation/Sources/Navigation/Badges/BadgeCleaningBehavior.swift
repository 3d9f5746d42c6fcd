import Essentials

/// Something that happened to the app, delivered as a value instead of a global notification.
public enum AppEvent: Hashable, Sendable {
    /// The app came to the foreground and became active.
    case becameActive
    /// The app is about to stop being active.
    case resignedActive
    /// The app went to the background.
    case enteredBackground
    /// A screen appeared; the value names it.
    case screenAppeared(String)
}

/// What a run of the badge-cleaning behaviour did.
public struct BadgeCleaningSummary: Hashable, Sendable {
    /// How many times the badge was cleared.
    public var cleared: Int
    /// The failures the cleaner reported, in order; the behaviour keeps running after a failure.
    public var failures: [BadgeCleaningError]
    /// Events that did not call for a cleaning.
    public var ignored: Int

    /// Creates a summary.
    public init(cleared: Int = 0, failures: [BadgeCleaningError] = [], ignored: Int = 0) {
        self.cleared = cleared
        self.failures = failures
        self.ignored = ignored
    }
}

/// Clears the badge when the app becomes active and when a screen appears.
///
/// The events come from an injected `AsyncStream`, not from `NotificationCenter`: the app forwards its lifecycle
/// into the stream, and tests feed events and finish the stream to run the behaviour to completion without a
/// clock or a sleep.
public final class BadgeCleaningBehavior: Sendable {
    /// Why ``run()`` could not start.
    public enum RunError: Error, Hashable, Sendable {
        /// ``run()`` was already called: an `AsyncStream` has one consumer, so a second run would steal events.
        case alreadyStarted
    }

    private let events: AsyncStream<AppEvent>
    private let cleaner: any BadgeCleaner
    private let clearsOnScreen: @Sendable (String) -> Bool
    private let started = LockedValue(false)

    /// Creates the behaviour.
    ///
    /// - Parameters:
    ///   - events: The app's lifecycle, forwarded by the app; ``run()`` consumes it.
    ///   - cleaner: Clears the badge: the app's implementation of ``BadgeCleaner``.
    ///   - clearsOnScreen: Which appearing screens clear the badge; all of them unless told otherwise.
    public init(
        events: AsyncStream<AppEvent>,
        cleaner: some BadgeCleaner,
        clearsOnScreen: @escaping @Sendable (String) -> Bool = { _ in true }
    ) {
        self.events = events
        self.cleaner = cleaner
        self.clearsOnScreen = clearsOnScreen
    }

    /// Consumes events until the stream finishes or the task is cancelled, clearing the badge as they ask.
    public func run() async throws(RunError) -> BadgeCleaningSummary {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard first else { throw .alreadyStarted }
        var summary = BadgeCleaningSummary()
        for await event in events {
            guard shouldClear(after: event) else {
                summary.ignored += 1
                continue
            }
            do {
                try await cleaner.clearBadge()
                summary.cleared += 1
            } catch {
                summary.failures.append(error)
            }
        }
        return summary
    }

    private func shouldClear(after event: AppEvent) -> Bool {
        switch event {
        case .becameActive: true
        case .screenAppeared(let screen): clearsOnScreen(screen)
        case .resignedActive, .enteredBackground: false
        }
    }
}
