/// The model behind a registration screen: it owns the state the screen shows and the one submission in
/// flight, and knows nothing but ``RegistrationService``, so the flow's behaviour changes in the composition root
/// without the screen or this model changing.
///
/// It is a `@MainActor` class because a screen reads its state synchronously from the main thread; since
/// Observation is unavailable on the deployment targets, changes are published through ``states()``.
///
/// - A submission while one is in flight is ignored (a double tap registers once).
/// - ``cancel()``, or the model going away with its screen, cancels the submission in flight: the step running
///   sees its task cancelled and the next step is never called.
/// - A submission after ``cancel()`` waits for the cancelled one to finish, so two registrations of one address
///   never run at once, and reports the cancelled one's success when its request did create the account.
@MainActor
public final class RegistrationFlow {
    /// What the screen shows.
    public enum State: Hashable, Sendable {
        /// Nothing submitted yet.
        case idle
        /// A registration is in flight; the screen disables its button.
        case submitting
        /// The registration succeeded.
        case succeeded
        /// The registration failed with `error`; `.cancelled` after ``cancel()``.
        case failed(RegistrationError)
    }

    /// The current state.
    public private(set) var state: State = .idle {
        didSet {
            for continuation in observers.values { continuation.yield(state) }
        }
    }

    /// What a finished submission tells the next one: whether `email` has an account because of it.
    private struct Attempt: Sendable {
        let email: String
        let registered: Bool
    }

    private let service: any RegistrationService
    private var inFlight: (id: Int, task: Task<Attempt, Never>)?
    /// The last cancelled submission, until a new one takes it over: its request may still be on the wire.
    private var cancelled: Task<Attempt, Never>?
    private var latestTask: Task<Attempt, Never>?
    private var lastSubmissionID = 0
    private var observers: [Int: AsyncStream<State>.Continuation] = [:]
    private var lastObserverID = 0

    /// Creates an idle flow that registers through `service`.
    public init(service: any RegistrationService) {
        self.service = service
    }

    deinit {
        inFlight?.task.cancel()
        for continuation in observers.values { continuation.finish() }
    }

    /// Whether a submission is in flight.
    public var isSubmitting: Bool { inFlight != nil }

    /// Starts registering `email`, unless a submission is already in flight.
    ///
    /// After ``cancel()``, the new submission first waits for the cancelled one to finish, because its request
    /// may still create the account: when it did, for the same address, the new submission succeeds without
    /// registering again (a second request would only answer `alreadyRegistered`); otherwise it registers.
    ///
    /// - Returns: `true` when the submission started, `false` when it was ignored because another is in flight.
    @discardableResult
    public func submit(email: String) -> Bool {
        guard inFlight == nil else { return false }
        lastSubmissionID += 1
        let id = lastSubmissionID
        let service = service
        let predecessor = cancelled
        cancelled = nil
        state = .submitting
        let task = Task { [weak self] () -> Attempt in
            if let predecessor {
                let earlier = await predecessor.value
                if earlier.registered, earlier.email == email {
                    self?.complete(submission: id, with: .succeeded)
                    return Attempt(email: email, registered: true)
                }
            }
            let outcome: State
            do throws(RegistrationError) {
                try RegistrationError.checkCancellation()
                try await service.register(email: email)
                outcome = .succeeded
            } catch {
                outcome = .failed(error)
            }
            self?.complete(submission: id, with: outcome)
            return Attempt(email: email, registered: outcome == .succeeded)
        }
        inFlight = (id, task)
        latestTask = task
        return true
    }

    /// Cancels the submission in flight, if any, and moves to `.failed(.cancelled)` at once. Whatever the
    /// cancelled submission answers later never changes the state, but the next submission waits for that answer
    /// (see ``submit(email:)``). Call it when the screen goes away or the user gives up.
    public func cancel() {
        guard let inFlight else { return }
        inFlight.task.cancel()
        self.inFlight = nil
        cancelled = inFlight.task
        state = .failed(.cancelled)
    }

    /// Waits until the latest submission has finished running, cancelled or not, and returns the state: for
    /// callers without a screen (a command-line program, a test) that need the outcome of ``submit(email:)``, or
    /// need to know that a cancelled submission called nothing more.
    public func settled() async -> State {
        if let latestTask { _ = await latestTask.value }
        return state
    }

    /// The current state followed by every change, until the flow goes away; each call returns a new stream,
    /// so several observers can watch one flow.
    public func states() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self)
        lastObserverID += 1
        let id = lastObserverID
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.observers[id] = nil }
        }
        continuation.yield(state)
        return stream
    }

    private func complete(submission id: Int, with outcome: State) {
        guard inFlight?.id == id else { return }
        inFlight = nil
        state = outcome
    }
}
