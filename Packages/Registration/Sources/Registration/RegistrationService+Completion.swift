/// A registration started with a completion handler; cancel it when its caller goes away.
public struct RegistrationRequest: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) {
        self.task = task
    }

    /// Cancels the registration: the steps that have not started yet never start, and the completion handler
    /// receives `.cancelled` unless a step already produced another outcome.
    public func cancel() {
        task.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { task.isCancelled }
}

extension RegistrationService {
    /// Registers `email` and calls `completion` exactly once with the outcome, for callers that cannot use
    /// `async` (an Objective-C screen, a callback-based module).
    ///
    /// `completion` runs on an arbitrary thread; hop to the main thread before touching UI.
    @discardableResult
    public func register(
        email: String,
        completion: @escaping @Sendable (Result<Void, RegistrationError>) -> Void
    ) -> RegistrationRequest {
        RegistrationRequest(
            task: Task {
                do throws(RegistrationError) {
                    try await runStep(email: email)
                    completion(.success(()))
                } catch {
                    completion(.failure(error))
                }
            }
        )
    }
}
