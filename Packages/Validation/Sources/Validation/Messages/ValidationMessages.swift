/// Turns failures into text for people, kept apart from the validators so copy changes (or a translation)
/// never touch validation logic, and tests keep asserting on codes.
///
/// A catalog is replaced as a whole: build another `ValidationMessages` (from a table or a function) and
/// hand it to the screen instead of `english`. Codes a table does not know go to its fallback, so a
/// missing entry shows up as a visible code rather than as an empty label or a crash.
public struct ValidationMessages: Sendable {
    private let text: @Sendable (ValidationFailure) -> String

    /// A catalog computed by `text`, for sources such as a localization bundle.
    public init(_ text: @escaping @Sendable (ValidationFailure) -> String) {
        self.text = text
    }

    /// A catalog from a table of codes; `fallback` answers codes the table lacks (by default, the code
    /// itself, so a missing translation is obvious in review).
    public init(
        _ messages: [ValidationCode: String],
        fallback: @escaping @Sendable (ValidationFailure) -> String = { $0.code.rawValue }
    ) {
        self.text = { failure in messages[failure.code] ?? fallback(failure) }
    }

    /// The text for `failure`.
    public func message(for failure: ValidationFailure) -> String {
        text(failure)
    }

    /// The text for each failure, in order.
    public func messages(for failures: [ValidationFailure]) -> [String] {
        failures.map(text)
    }

    /// Failures grouped by path, each with its messages: what a form shows under each field.
    public func messagesByPath(for failures: [ValidationFailure]) -> [String: [String]] {
        Dictionary(grouping: failures, by: \.path).mapValues { $0.map(text) }
    }
}

extension ValidationCode {
    /// Every code this package reports, so a replacement catalog can check in its own tests that it
    /// covers them all.
    public static var builtIn: [ValidationCode] {
        [.unexpectedlyValid] + emailCodes + invoiceCodes + expenseCodes + urlCodes
    }
}
