import Essentials
public import Foundation

extension ValidationError: CustomStringConvertible, LocalizedError {
    /// Every failure's sentence from the English catalog (``ValidationMessages/english``), in order, so
    /// `"\(error)"` says what a form would show; code compares ``codes`` instead, and a screen that shows
    /// another language asks its own catalog. Invisible characters in a failure's parameters are written as code
    /// points.
    public var description: String {
        guard !failures.isEmpty else { return "This value is not valid." }
        return failures.map { ValidationMessages.english.message(for: $0.readable) }.joined(separator: " ")
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension DayTextError: CustomStringConvertible, LocalizedError {
    /// Why the text is not a day, as the English catalog words it: "2025-02-30 does not exist: February 2025 has
    /// 28 days."
    public var description: String {
        ValidationMessages.english.message(for: failure.readable)
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension ValidationFailure {
    /// The failure with every parameter's invisible characters written as code points, for a description.
    fileprivate var readable: ValidationFailure {
        ValidationFailure(
            code: code, path: path, elementID: elementID, parameters: parameters.mapValues { ReadableText.escaped($0) })
    }
}
