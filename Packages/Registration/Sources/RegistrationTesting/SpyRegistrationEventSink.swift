public import Registration

/// A ``/Registration/RegistrationEventSink`` that keeps every event in memory, for asserting what analytics would
/// receive.
public actor SpyRegistrationEventSink: RegistrationEventSink {
    /// The events recorded so far, in order.
    public private(set) var events: [RegistrationEvent] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates an empty sink.
    public init() {}

    /// Appends `event`.
    public func record(_ event: RegistrationEvent) {
        events.append(event)
        waiters.removeAll { waiter in
            guard waiter.count <= events.count else { return false }
            waiter.continuation.resume()
            return true
        }
    }

    /// Waits until at least `count` events were recorded and returns all of them: the deterministic way to know
    /// a recorded registration finished when the test cannot await it directly.
    public func waitForEvents(_ count: Int) async -> [RegistrationEvent] {
        if events.count < count {
            await withCheckedContinuation { continuation in
                waiters.append((count, continuation))
            }
        }
        return events
    }
}
