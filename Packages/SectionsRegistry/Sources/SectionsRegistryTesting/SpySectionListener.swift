public import SectionsRegistry

/// A listener that records every event it hears and can be told to throw, to test listener isolation.
public actor SpySectionListener: SectionListener {
    /// The events heard, in order (including those it then threw for).
    public private(set) var events: [SectionEvent] = []
    private let failure: (any Error)?

    /// A spy that records events; when `failure` is given it throws it after recording each event.
    public init(throwing failure: (any Error)? = nil) {
        self.failure = failure
    }

    /// Records `event`, then throws the configured failure, if any.
    public func handle(_ event: SectionEvent) async throws {
        events.append(event)
        if let failure { throw failure }
    }
}
