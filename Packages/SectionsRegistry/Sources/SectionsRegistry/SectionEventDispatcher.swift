/// A listener that threw while handling an event.
public struct SectionListenerFailure: Error, Sendable {
    /// The event being handled.
    public let event: SectionEvent
    /// The listener's index among those that heard the event: the type's listeners in registration order, then
    /// the dispatcher's global listeners.
    public let listenerIndex: Int
    /// What the listener threw, unchanged, so the caller can inspect its own error types.
    public let error: any Error

    /// Creates a failure record.
    public init(event: SectionEvent, listenerIndex: Int, error: any Error) {
        self.event = event
        self.listenerIndex = listenerIndex
        self.error = error
    }
}

/// Tells listeners what happened to sections.
///
/// Listeners of the event's type hear it first, in registration order, then the global listeners (analytics
/// that wants every type). They run one after another, so a listener sees events in order; one that throws is
/// recorded and the next one still runs.
public struct SectionEventDispatcher: Sendable {
    private let registry: any ListenerRegistry
    private let globalListeners: [any SectionListener]

    /// Creates a dispatcher that finds listeners in `listeners` and also tells `globalListeners` everything.
    public init(listeners: any ListenerRegistry, globalListeners: [any SectionListener] = []) {
        self.registry = listeners
        self.globalListeners = globalListeners
    }

    /// Tells every listener of the event's type, and the global ones, about `event`.
    ///
    /// - Returns: the listeners that threw, in the order they ran; empty when all succeeded.
    @discardableResult
    public func dispatch(_ event: SectionEvent) async -> [SectionListenerFailure] {
        let typed = event.sectionType.map { registry.listeners(for: $0) } ?? []
        var failures: [SectionListenerFailure] = []
        for (index, listener) in (typed + globalListeners).enumerated() {
            do {
                try await listener.handle(event)
            } catch {
                failures.append(SectionListenerFailure(event: event, listenerIndex: index, error: error))
            }
        }
        return failures
    }

    /// Reports each diagnostic as a `.failed` event, in order.
    ///
    /// - Returns: the listeners that threw, for all the events.
    @discardableResult
    public func report(_ diagnostics: [SectionDiagnostic]) async -> [SectionListenerFailure] {
        var failures: [SectionListenerFailure] = []
        for diagnostic in diagnostics {
            failures += await dispatch(.failed(diagnostic))
        }
        return failures
    }
}
