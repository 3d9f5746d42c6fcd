/// Turns failures into text for people, kept apart from the validators so copy changes (or a translation)
/// never touch validation logic, and tests keep asserting on codes.
///
/// A catalog is replaced as a whole: build another ``ValidationMessages`` (from a table or a function) and
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
    ///
    /// An entry may name the failure's parameters as `{name}` (see ``ValidationParameter``):
    /// `"These characters cannot be printed: {characters}."`. When a failure lacks a parameter its entry
    /// names, the entry cannot be filled in and `fallback` answers instead, so no reader ever sees a brace.
    public init(
        _ messages: [ValidationCode: String],
        fallback: @escaping @Sendable (ValidationFailure) -> String = { $0.code.rawValue }
    ) {
        self.text = { failure in
            guard let entry = messages[failure.code] else { return fallback(failure) }
            return MessageTemplate.fill(entry, with: failure.parameters) ?? fallback(failure)
        }
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
        [.unexpectedlyValid] + emailCodes + invoiceCodes + expenseCodes + urlCodes + settingsCodes + dayCodes
            + vatIDCodes + bicCodes + en16931Codes + xrechnungCodes
    }
}

/// Fills `{name}` placeholders of a catalog entry from a failure's parameters.
enum MessageTemplate {
    /// `entry` with every placeholder replaced, or `nil` when a placeholder names a missing parameter. A `{`
    /// without a closing `}` is kept as text.
    static func fill(_ entry: String, with parameters: [String: String]) -> String? {
        guard entry.contains("{") else { return entry }
        var result = ""
        var rest = entry[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            result += rest[..<open]
            guard let value = parameters[String(rest[rest.index(after: open)..<close])] else { return nil }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
