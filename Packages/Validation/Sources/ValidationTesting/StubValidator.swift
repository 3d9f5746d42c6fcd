import Essentials
public import Validation

/// A validator double for other teams' tests: answers with configured failures and records every value it
/// was asked about, in call order, from any thread.
///
/// It speaks every capability of this package: `StubValidator<String>` is an ``/Validation/EmailValidating`` and a
/// ``/Validation/URLValidating``, `StubValidator<InvoiceDraft>` an ``/Validation/InvoiceValidating``,
/// `StubValidator<ExpenseEntryDraft>` an ``/Validation/ExpenseValidating``, and `validator` plugs any of them into a
/// composed ``/Validation/Validator``.
public final class StubValidator<Value: Sendable>: Sendable {
    private let recorded = LockedValue<[Value]>([])
    private let answer: @Sendable (Value) -> [ValidationFailure]

    /// Answers every value with `failures` (none by default: everything is valid).
    public init(failures: [ValidationFailure] = []) {
        self.answer = { _ in failures }
    }

    /// Answers each value with what `answer` returns for it.
    public init(answer: @escaping @Sendable (Value) -> [ValidationFailure]) {
        self.answer = answer
    }

    /// The values validated so far, in call order.
    public var recordedValues: [Value] {
        recorded.withLock { $0 }
    }

    /// How many times the stub was asked.
    public var callCount: Int {
        recorded.withLock { $0.count }
    }

    /// Records `value` and returns the configured failures.
    public func validate(_ value: Value) -> [ValidationFailure] {
        recorded.withLock { $0.append(value) }
        return answer(value)
    }

    /// The stub as a composable ``/Validation/Validator``; calls through it are recorded too.
    public var validator: Validator<Value> {
        Validator { [self] value in validate(value) }
    }
}

/// The email stub by the name the composition root's tests already use.
public typealias StubEmailValidator = StubValidator<String>

extension StubValidator: EmailValidating where Value == String {
    /// Records `address` and returns the configured failures.
    public func validate(email address: String) -> [ValidationFailure] {
        validate(address)
    }

    /// The addresses validated so far, in call order.
    public var validatedAddresses: [String] { recordedValues }
}

extension StubValidator: URLValidating where Value == String {
    /// Records `url` and returns the configured failures.
    public func validate(url: String) -> [ValidationFailure] {
        validate(url)
    }
}

extension StubValidator: InvoiceValidating where Value == InvoiceDraft {
    /// Records `invoice` and returns the configured failures.
    public func validate(invoice: InvoiceDraft) -> [ValidationFailure] {
        validate(invoice)
    }
}

extension StubValidator: ExpenseValidating where Value == ExpenseEntryDraft {
    /// Records `expense` and returns the configured failures.
    public func validate(expense: ExpenseEntryDraft) -> [ValidationFailure] {
        validate(expense)
    }
}

/// An email inspector double: answers with configured inspections and records every address it was asked
/// about, in call order, from any thread. For allow-list tests that need a domain the real validator would
/// not produce.
public final class StubEmailInspector: EmailInspecting, Sendable {
    private let recorded = LockedValue<[String]>([])
    private let answer: @Sendable (String) -> EmailInspection

    /// Answers every address with `inspection`.
    public convenience init(inspection: EmailInspection) {
        self.init { _ in inspection }
    }

    /// Answers each address with what `answer` returns for it.
    public init(answer: @escaping @Sendable (String) -> EmailInspection) {
        self.answer = answer
    }

    /// The addresses inspected so far, in call order.
    public var inspectedAddresses: [String] {
        recorded.withLock { $0 }
    }

    /// Records `address` and returns the configured inspection.
    public func inspect(email address: String) -> EmailInspection {
        recorded.withLock { $0.append(address) }
        return answer(address)
    }
}
