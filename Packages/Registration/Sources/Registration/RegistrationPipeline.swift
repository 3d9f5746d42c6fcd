/// A registration assembled from an unordered list of steps: each ``RegistrationStep`` declares its own place
/// (phase, order), so the composition root lists steps one per line in any order, and observers (analytics)
/// attach to the pipeline instead of being a link of a chain.
///
/// ```swift
/// let registration = try RegistrationPipeline(
///     steps: [
///         .blockedDomains,  // each step is defined in its own file
///         .createAccount,
///         .emailCheck,
///     ],
///     observers: [analytics]
/// )
/// ```
///
/// Two teams adding a step each add one line each, and no line of another step changes; changing a step edits
/// only its definition. The steps run one after another in their declared order, and the first failure ends
/// the registration; cancellation is checked before every step.
public struct RegistrationPipeline: RegistrationService {
    /// The name the pipeline's analytics events carry.
    public let name: String
    /// The steps, in the order they run.
    public let steps: [RegistrationStep]
    /// The sinks that receive `started`, then `succeeded` or `failed(error)`, for every registration.
    public let observers: [any RegistrationEventSink]

    /// Orders `steps` by their declared place and attaches `observers`.
    ///
    /// - Throws: `noSteps` for an empty list (a registration that creates no account must not report success),
    ///   `invalidStepNames` for blank names, `duplicateStepNames` when two steps share a name (two teams that
    ///   defined the same step would otherwise run it twice, or lose one silently).
    public init(
        name: String = "registration",
        steps: [RegistrationStep],
        observers: [any RegistrationEventSink] = []
    ) throws(RegistrationPipelineError) {
        guard !steps.isEmpty else { throw .noSteps }
        let blank = steps.map(\.name).filter { $0.allSatisfy(\.isWhitespace) }
        guard blank.isEmpty else { throw .invalidStepNames(blank) }
        var seen: Set<String> = []
        let duplicates = Set(steps.map(\.name).filter { !seen.insert($0).inserted })
        guard duplicates.isEmpty else { throw .duplicateStepNames(duplicates.sorted()) }
        self.name = name
        self.steps = steps.sorted { $0.runsBefore($1) }
        self.observers = observers
    }

    /// The step names in the order they run: for logs, and for a test that pins the flow's shape.
    public var stepNames: [String] { steps.map(\.name) }

    /// This pipeline, with `observer` receiving its events too.
    public func observed(by observer: any RegistrationEventSink) -> RegistrationPipeline {
        RegistrationPipeline(name: name, ordered: steps, observers: observers + [observer])
    }

    /// Runs every step in order; throws the first failure, or `.cancelled` when the task is cancelled before a
    /// step starts. Observers see the outcome of the whole registration.
    public func register(email: String) async throws(RegistrationError) {
        // Analytics get the domain, never the address (see `RegistrationEvent`).
        let domain = observers.isEmpty ? nil : EmailDomain(ofEmail: email)
        await notify(.started, domain: domain)
        do {
            for step in steps {
                try await step.service.runStep(email: email)
            }
        } catch {
            await notify(.failed(error), domain: domain)
            throw error
        }
        await notify(.succeeded, domain: domain)
    }

    private init(name: String, ordered steps: [RegistrationStep], observers: [any RegistrationEventSink]) {
        self.name = name
        self.steps = steps
        self.observers = observers
    }

    private func notify(_ outcome: RegistrationEvent.Outcome, domain: EmailDomain?) async {
        for observer in observers {
            await observer.record(RegistrationEvent(name: name, outcome: outcome, domain: domain))
        }
    }
}

/// Why a ``RegistrationPipeline`` could not be assembled: mistakes in the composition root, reported when it is
/// built rather than as a registration that misbehaves.
public enum RegistrationPipelineError: Error, Hashable, Sendable {
    /// The list of steps is empty.
    case noSteps
    /// These step names are empty or white space only.
    case invalidStepNames([String])
    /// These names belong to more than one step, sorted.
    case duplicateStepNames([String])
}
