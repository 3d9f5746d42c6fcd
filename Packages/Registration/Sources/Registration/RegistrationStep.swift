/// Where a step belongs in a registration. Steps run phase by phase, so a step's place is part of its own
/// definition rather than its position in a list that every team edits.
public enum RegistrationPhase: Int, Comparable, CaseIterable, Sendable {
    /// Checks of the address itself: the email validator and its allow-list.
    case validation
    /// Rules about who may register: blocked domains, security and fraud checks.
    case policy
    /// Creating the account: the API call.
    case account
    /// Work once the account exists: signing in, keeping the session, welcome messages.
    case session

    /// Phases compare in the order they run.
    public static func < (lhs: RegistrationPhase, rhs: RegistrationPhase) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// One step of a ``RegistrationPipeline``, with everything about it in one definition: its name, its place (a
/// phase, and an order within the phase) and the service that does the work, configured.
///
/// Changing a step's behaviour or configuration edits this definition and nothing else; the pipeline orders
/// steps by `phase`, then `order`, then `name`, so where a step is written in the list never matters.
public struct RegistrationStep: Sendable {
    /// The step's unique name within a pipeline, such as `"email-check"`; it breaks ties between steps of one
    /// phase and order, and a pipeline refuses two steps of one name.
    public let name: String
    /// The phase the step runs in.
    public let phase: RegistrationPhase
    /// The step's place within its phase: lower runs first; steps that do not care keep `0`.
    public let order: Int
    /// The work, configured: any ``RegistrationService``, including one built with `appending`, `fallback` or
    /// `when`.
    public let service: any RegistrationService

    /// Creates a step.
    public init(_ name: String, phase: RegistrationPhase, order: Int = 0, service: any RegistrationService) {
        self.name = name
        self.phase = phase
        self.order = order
        self.service = service
    }

    /// Whether this step runs before `other`: by phase, then order, then name, so that the run order depends on
    /// the steps' own definitions only, never on the order of the list they were given in.
    func runsBefore(_ other: RegistrationStep) -> Bool {
        (phase, order, name) < (other.phase, other.order, other.name)
    }
}
