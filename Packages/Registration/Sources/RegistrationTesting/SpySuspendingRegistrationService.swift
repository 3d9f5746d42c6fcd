public import Registration

/// A ``/Registration/RegistrationService`` double whose calls wait until the test answers them: it makes "in flight" a
/// state a test controls, for double submissions, cancellation and ordering, without sleeping.
public actor SpySuspendingRegistrationService: RegistrationService {
    private struct Pending {
        let id: Int
        let continuation: CheckedContinuation<RegistrationError?, Never>
    }

    /// Whether a cancelled call ends at once with `.cancelled` (`true`), or keeps waiting for its answer like a
    /// service that ignores cancellation (`false`).
    public nonisolated let honoursCancellation: Bool
    /// The emails received so far, in call order.
    public private(set) var emails: [String] = []
    /// How many waiting calls saw their task cancelled, whether or not they honoured it.
    public private(set) var cancellationsSeen = 0
    private var pending: [Pending] = []
    private var lastID = 0
    private var callWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var cancellationWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates the double.
    public init(honoursCancellation: Bool = true) {
        self.honoursCancellation = honoursCancellation
    }

    /// How many calls are waiting for an answer.
    public var pendingCount: Int { pending.count }

    /// Waits for an answer from ``answerNext(with:)``, or for cancellation when `honoursCancellation`.
    public func register(email: String) async throws(RegistrationError) {
        lastID += 1
        let id = lastID
        // The actor appends the call before it can run anything else, so the cancellation handler's hop back
        // onto the actor always finds the call (or finds it already answered).
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                pending.append(Pending(id: id, continuation: continuation))
                emails.append(email)
                resumeWaiters()
            }
        } onCancel: {
            Task { await self.cancel(call: id) }
        }
        if let outcome { throw outcome }
    }

    /// Waits until at least `count` calls have arrived in total: the deterministic point at which a test knows
    /// the code under test is in flight.
    public func waitForCalls(_ count: Int) async {
        guard emails.count < count else { return }
        await withCheckedContinuation { continuation in
            callWaiters.append((count, continuation))
        }
    }

    /// Waits until at least `count` waiting calls have seen their task cancelled: the point after which
    /// ``answerNext(with:)`` can no longer answer a call that is about to be cancelled.
    public func waitForCancellations(_ count: Int) async {
        guard cancellationsSeen < count else { return }
        await withCheckedContinuation { continuation in
            cancellationWaiters.append((count, continuation))
        }
    }

    /// Answers the oldest waiting call: success for `nil`, otherwise `error`.
    ///
    /// - Returns: whether a call was waiting.
    @discardableResult
    public func answerNext(with error: RegistrationError? = nil) -> Bool {
        guard !pending.isEmpty else { return false }
        pending.removeFirst().continuation.resume(returning: error)
        return true
    }

    private func cancel(call id: Int) {
        guard let index = pending.firstIndex(where: { $0.id == id }) else { return }
        cancellationsSeen += 1
        resumeWaiters()
        guard honoursCancellation else { return }
        pending.remove(at: index).continuation.resume(returning: .cancelled)
    }

    private func resumeWaiters() {
        callWaiters.removeAll { waiter in
            guard waiter.count <= emails.count else { return false }
            waiter.continuation.resume()
            return true
        }
        cancellationWaiters.removeAll { waiter in
            guard waiter.count <= cancellationsSeen else { return false }
            waiter.continuation.resume()
            return true
        }
    }
}
