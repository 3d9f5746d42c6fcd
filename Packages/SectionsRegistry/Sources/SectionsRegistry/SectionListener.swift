/// Is told what happens to the sections of a type: shown, removed, or failed to build.
///
/// Listeners are independent observers (analytics, badge counters, logging): one that throws is recorded as a
/// ``SectionListenerFailure`` and never stops the others.
public protocol SectionListener: Sendable {
    /// Handles one event; a thrown error is reported back to the dispatcher's caller.
    func handle(_ event: SectionEvent) async throws
}

/// Something that happened to a section.
public enum SectionEvent: Hashable, Sendable {
    /// The section became visible.
    case shown(SectionReference)
    /// The section was removed from the screen.
    case removed(SectionReference)
    /// The section could not be built; the diagnostic says why.
    case failed(SectionDiagnostic)

    /// The type whose listeners hear this event, when it is known.
    public var sectionType: String? {
        switch self {
        case .shown(let reference), .removed(let reference): reference.type
        case .failed(let diagnostic): diagnostic.sectionType
        }
    }
}
