import Foundation
public import Validation

/// An `EmailValidating` double that answers with configured failures and records every address it saw.
public final class StubEmailValidator: EmailValidating, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    private let failures: @Sendable (String) -> [ValidationFailure]

    /// Answers every address with `failures` (none by default: everything is valid).
    public init(failures: [ValidationFailure] = []) {
        self.failures = { _ in failures }
    }

    /// Answers each address with what `answer` returns for it.
    public init(answer: @escaping @Sendable (String) -> [ValidationFailure]) {
        self.failures = answer
    }

    /// The addresses validated so far, in call order.
    public var validatedAddresses: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Records `address` and returns the configured failures.
    public func validate(email address: String) -> [ValidationFailure] {
        lock.lock()
        recorded.append(address)
        lock.unlock()
        return failures(address)
    }
}
