public import Registration

/// Analytics for registrations as log lines; events carry the domain, never the address.
public struct LogRegistrationEvents: RegistrationEventSink {
    private let log: @Sendable (String) -> Void

    /// Creates a sink writing to `log`.
    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// Writes one line for `event`.
    public func record(_ event: RegistrationEvent) async {
        log("analytics: \(event.name) \(event.outcome) domain=\(event.domain?.name ?? "?")")
    }
}
