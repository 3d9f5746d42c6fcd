public import Navigation

/// A ``/Navigation/ScreenPresenter`` double that records what it was asked to present, in order.
public actor SpyScreenPresenter<Destination: Hashable & Sendable>: ScreenPresenter {
    /// The destinations presented so far.
    public private(set) var presented: [Destination] = []

    /// Creates an empty recorder.
    public init() {}

    /// Records `destination`.
    public func present(_ destination: Destination) {
        presented.append(destination)
    }
}
