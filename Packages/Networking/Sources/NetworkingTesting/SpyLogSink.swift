import Essentials
public import Networking

/// An ``/Networking/HTTPLogSink`` spy: keeps every entry it is given, so a test can assert what was logged and what
/// never was.
public final class SpyLogSink: HTTPLogSink, Sendable {
    private let state = LockedValue([HTTPLogEntry]())

    /// An empty sink.
    public init() {}

    /// The entries so far.
    public var entries: [HTTPLogEntry] { state.withLock { $0 } }

    /// The entries rendered as text lines, as ``/Networking/LineLogSink`` would write them.
    public var lines: [String] { entries.map(\.line) }

    /// Keeps `entry`.
    public func record(_ entry: HTTPLogEntry) {
        state.withLock { $0.append(entry) }
    }
}
