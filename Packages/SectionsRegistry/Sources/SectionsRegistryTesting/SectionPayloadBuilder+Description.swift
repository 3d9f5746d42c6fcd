public import Foundation

extension SectionPayloadBuilder.BuildError: CustomStringConvertible, LocalizedError {
    /// Why the payload was not built, as a sentence for the person who wrote the test.
    public var description: String {
        switch self {
        case .notJSON:
            "The object holds a value JSON cannot represent, such as a date, a number that is not finite or a "
                + "custom type; write it as a string or a number."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}
