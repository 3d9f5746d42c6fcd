/// A stable, machine-readable reason for a failed validation, such as `email.missingAt`.
///
/// Codes are part of the public contract: callers and tests compare codes, never messages,
/// so wording can change (see ``ValidationMessages``) without breaking anyone.
public struct ValidationCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The dotted identifier, `domain.reason`.
    public let rawValue: String

    /// Wraps a dotted identifier; other packages may mint their own codes the same way.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The dotted identifier.
    public var description: String { rawValue }
}

/// One problem found in a value: what is wrong (`code`) and where (`path`).
public struct ValidationFailure: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let code: ValidationCode
    /// Where it is wrong, for example `lineItems[2].quantity`; empty for the value itself.
    public let path: String
    /// The identifier of the collection element the failure belongs to (a line item's `id`), when the
    /// validator knows one. Unlike the index in `path` it survives reordering, so a form can find its row.
    public let elementID: String?
    /// Facts a message needs beyond the code, keyed by the names in ``ValidationParameter`` (the characters a
    /// font cannot draw, a currency's minor units). Empty for most failures. A message catalog fills
    /// `{name}` placeholders from it; code that decides what to do compares `code`, never these.
    public let parameters: [String: String]

    /// Creates a failure for `code` at `path`.
    public init(
        code: ValidationCode,
        path: String = "",
        elementID: String? = nil,
        parameters: [String: String] = [:]
    ) {
        self.code = code
        self.path = path
        self.elementID = elementID
        self.parameters = parameters
    }

    /// `code at path`, for logs and test output.
    public var description: String {
        let location = path.isEmpty ? "" : " at \(path)"
        let element = elementID.map { " (element \($0))" } ?? ""
        let facts =
            parameters.isEmpty
            ? ""
            : " [" + parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                + "]"
        return "\(code)\(location)\(element)\(facts)"
    }

    /// The same failure seen from the value that contains this one: `nested(under: "lineItems")` turns
    /// `[2].quantity` into `lineItems[2].quantity` and `quantity` into `lineItems.quantity`.
    public func nested(under component: String) -> ValidationFailure {
        ValidationFailure(
            code: code, path: ValidationPath.join(component, path), elementID: elementID, parameters: parameters)
    }

    /// The same failure attributed to the element identified by `id`, unless a deeper element already
    /// claimed it (the innermost element is the most precise answer).
    public func identified(by id: String) -> ValidationFailure {
        guard elementID == nil else { return self }
        return ValidationFailure(code: code, path: path, elementID: id, parameters: parameters)
    }
}

/// The names of the values a failure carries in ``ValidationFailure/parameters``, and that message templates
/// use as `{name}`.
public enum ValidationParameter {
    /// The characters a font cannot draw, each shown with its code point: `"ж" (U+0436), "€" (U+20AC)`.
    public static let characters = "characters"
    /// An ISO 4217 currency code, such as `EUR`.
    public static let currency = "currency"
    /// How many decimal places a value may have (a currency's minor units, a quantity's precision).
    public static let decimalPlaces = "decimalPlaces"
    /// The text that was checked, as the person wrote it (a day such as `2025-02-30`).
    public static let text = "text"
    /// A year, month or day number, as written.
    public static let year = "year"
    /// A month number, `1`–`12` when it exists.
    public static let month = "month"
    /// The English name of a month, such as `February`.
    public static let monthName = "monthName"
    /// A day of the month, as written.
    public static let day = "day"
    /// How many days a month has in the given year.
    public static let daysInMonth = "daysInMonth"
    /// The part of a value that is wrong (a subtag of a locale identifier, a country prefix).
    public static let part = "part"
    /// A length or count that a value must have or stay within.
    public static let expected = "expected"
}

/// Thrown by ``Validator/validated(_:)`` when a value has failures; carries every one of them.
public struct ValidationError: Error, Hashable, Sendable {
    /// Every failure found, never empty.
    public let failures: [ValidationFailure]

    /// Wraps `failures`.
    public init(failures: [ValidationFailure]) {
        self.failures = failures
    }

    /// The codes of the failures, in order; what callers usually compare.
    public var codes: [ValidationCode] { failures.map(\.code) }
}

/// Joins path components the way a reader expects: `a` + `b` is `a.b`, `a` + `[2].b` is `a[2].b`.
enum ValidationPath {
    static func join(_ outer: String, _ inner: String) -> String {
        if outer.isEmpty { return inner }
        if inner.isEmpty { return outer }
        if inner.hasPrefix("[") { return outer + inner }
        return outer + "." + inner
    }

    static func index(_ offset: Int) -> String {
        "[\(offset)]"
    }
}
