public import Registration

/// Records which spies were called, in order, across a whole composition: shared by several
/// ``SpyRegistrationService``s, it shows that `appending` ran its steps in the order the factory wrote them.
public actor RegistrationCallLog {
    /// The labels of the spies called so far, in call order.
    public private(set) var labels: [String] = []

    /// Creates an empty log.
    public init() {}

    func append(_ label: String) {
        labels.append(label)
    }
}

/// A ``/Registration/RegistrationService`` double that records every call and its outcome, answering with a fixed
/// outcome or by delegating to a real service.
public actor SpyRegistrationService: RegistrationService {
    /// How a recorded call ended.
    public enum Outcome: Hashable, Sendable {
        /// The call returned.
        case succeeded
        /// The call threw `error`.
        case failed(RegistrationError)
    }

    /// The name written to `log`.
    public nonisolated let label: String
    private let answer: any RegistrationService
    private let log: RegistrationCallLog?
    /// The emails received so far, in call order.
    public private(set) var emails: [String] = []
    /// The outcomes of finished calls, in the order they finished.
    public private(set) var outcomes: [Outcome] = []

    /// A spy that answers like `service`.
    public init(
        _ label: String = "spy", answeringLike service: any RegistrationService, log: RegistrationCallLog? = nil
    ) {
        self.label = label
        self.answer = service
        self.log = log
    }

    /// A spy that succeeds, or throws `error` when one is given.
    public init(_ label: String = "spy", failingWith error: RegistrationError? = nil, log: RegistrationCallLog? = nil) {
        let answer = AnyRegistrationService { _ throws(RegistrationError) in
            if let error { throw error }
        }
        self.init(label, answeringLike: answer, log: log)
    }

    /// How many calls arrived.
    public var callCount: Int { emails.count }

    /// Records the call, answers, and records the outcome.
    public func register(email: String) async throws(RegistrationError) {
        emails.append(email)
        await log?.append(label)
        do {
            try await answer.register(email: email)
        } catch {
            outcomes.append(.failed(error))
            throw error
        }
        outcomes.append(.succeeded)
    }
}
