import Essentials
public import SectionsRegistry

/// A ``/SectionsRegistry/ListenerRegistry`` answering canned listeners per type, set by the test; it also records the
/// types it was asked for, so a component that dispatches events can be tested without building modules.
public final class StubListenerRegistry: ListenerRegistry, Sendable {
    private let state: LockedValue<(listeners: [String: [any SectionListener]], requested: [String])>

    /// A registry answering `listeners` per type (none for other types).
    public init(_ listeners: [String: [any SectionListener]] = [:]) {
        state = LockedValue((listeners: listeners, requested: []))
    }

    /// Replaces the listeners of `type`.
    public func setListeners(_ listeners: [any SectionListener], for type: String) {
        state.withLock { $0.listeners[type] = listeners }
    }

    /// The types asked for, in order.
    public var requestedTypes: [String] {
        state.withLock { $0.requested }
    }

    /// The listeners set for `type`; records the request.
    public func listeners(for type: String) -> [any SectionListener] {
        state.withLock { state in
            state.requested.append(type)
            return state.listeners[type] ?? []
        }
    }
}
