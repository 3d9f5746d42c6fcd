/// A stable, machine-readable reason for a failed validation, such as `email.missingAt`.
///
/// Codes are part of the public contract: callers and tests compare codes, never messages,
/// so wording can change without breaking anyone.
public struct ValidationCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The dotted identifier, `domain.reason`.
    public let rawValue: String

    /// Wraps a dotted identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The dotted identifier.
    public var description: String { rawValue }
}

/// One problem found in a value: what is wrong (`code`) and where (`path`).
public struct ValidationFailure: Hashable, Sendable {
    /// What is wrong.
    public let code: ValidationCode
    /// Where it is wrong, for example `lineItems[2].quantity`; empty for the value itself.
    public let path: String

    /// Creates a failure for `code` at `path`.
    public init(code: ValidationCode, path: String = "") {
        self.code = code
        self.path = path
    }
}
