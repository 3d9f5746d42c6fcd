public import Foundation

/// The type of a path or query parameter: which text it accepts and how its value is written back.
///
/// The type takes part in matching: `/invoice/:id` with an `int` id does not match `/invoice/new`, so matching
/// moves on to the next candidate. When several parameter types compete for the same segment the more specific
/// one is tried first: `int`, then `uuid`, then custom types (by name), then `string`.
public struct ParameterType: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case int
        case uuid
        case custom(String)
        case string
    }

    let kind: Kind
    /// Whether decoded text reaches the route without the check for unsafe characters (`.unsafeRaw`).
    let allowsUnsafeText: Bool
    private let parse: @Sendable (String) -> ParameterValue?

    private init(
        kind: Kind,
        allowsUnsafeText: Bool = false,
        parse: @escaping @Sendable (String) -> ParameterValue?
    ) {
        self.kind = kind
        self.allowsUnsafeText = allowsUnsafeText
        self.parse = parse
    }

    /// A decimal integer that fits `Int`: an optional `-` and digits, no `+` and no spaces.
    public static let int = ParameterType(kind: .int) { text in parseInt(text).map(ParameterValue.int) }

    /// A UUID in its 36-character hyphenated form, either case; written back lower-cased.
    public static let uuid = ParameterType(kind: .uuid) { text in
        text.utf8.count == 36 ? UUID(uuidString: text).map(ParameterValue.uuid) : nil
    }

    /// Any text. In a path a segment is never empty, so a string parameter never matches an empty segment.
    public static let string = ParameterType(kind: .string) { .string($0) }

    /// A custom type identified by `name`: two custom types with the same name are the same type.
    public static func custom(_ name: String, accepts: @escaping @Sendable (String) -> Bool) -> ParameterType {
        ParameterType(kind: .custom(name)) { text in accepts(text) ? .string(text) : nil }
    }

    /// A custom type for values that convert to and from text losslessly; read it back with
    /// ``RouteParameters/value(_:as:)``.
    public static func custom<Value: LosslessStringConvertible & Sendable>(
        _ type: Value.Type,
        name: String? = nil
    ) -> ParameterType {
        custom(name ?? String(describing: type)) { Value($0) != nil }
    }

    /// The same type without the check for unsafe characters: the route receives the decoded text exactly as the
    /// link spelled it, including `/` (from `%2F`), `\\`, control characters, bidirectional controls and invisible
    /// format characters.
    ///
    /// Dangerous: by default a decoded value with any of those is refused (``RoutingError/unsafeParameter(_:_:)``),
    /// because a screen that uses it as a file name, a path, a log line or a label can be tricked
    /// (`INV-..%2F..%2Fetc`, `fdp%E2%80%AE.exe`). Use it only for a value the route treats as opaque text and
    /// never joins into a path or shows unescaped. Matching is unchanged: `.unsafeRaw(.string)` matches the same
    /// segments as `.string`.
    public static func unsafeRaw(_ type: ParameterType) -> ParameterType {
        ParameterType(kind: type.kind, allowsUnsafeText: true, parse: type.parse)
    }

    /// The type as it takes part in matching: whether it is raw does not change which segments it matches.
    var matchingType: ParameterType {
        allowsUnsafeText ? ParameterType(kind: kind, parse: parse) : self
    }

    /// Whether `text` is a value of this type.
    public func accepts(_ text: String) -> Bool {
        parse(text) != nil
    }

    /// The typed value of `text`, or `nil` when the type refuses it.
    func value(of text: String) -> ParameterValue? {
        parse(text)
    }

    /// The text that stands for `value` in a URL, or `nil` when the type refuses it.
    func text(of value: ParameterValue) -> String? {
        let text = value.text
        guard parse(text) != nil else { return nil }
        return text
    }

    /// Parses a decimal `Int` in one pass over the bytes: it runs for every candidate segment while matching.
    private static func parseInt(_ text: String) -> Int? {
        var bytes = text.utf8.makeIterator()
        guard var byte = bytes.next() else { return nil }
        let negative = byte == UInt8(ascii: "-")
        if negative {
            guard let next = bytes.next() else { return nil }
            byte = next
        }
        var value = 0
        while true {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte &- UInt8(ascii: "0"))
            // Accumulating towards the sign keeps Int.min representable.
            let (scaled, scaleOverflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, sumOverflow) =
                negative ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
            guard !scaleOverflow, !sumOverflow else { return nil }
            value = sum
            guard let next = bytes.next() else { return value }
            byte = next
        }
    }

    /// Orders competing parameter edges: lower goes first.
    var precedence: (Int, String) {
        switch kind {
        case .int: (0, "")
        case .uuid: (1, "")
        case .custom(let name): (2, name)
        case .string: (3, "")
        }
    }

    /// Two types are the same when their kinds (and custom names) are, and both are raw or both are not.
    public static func == (lhs: ParameterType, rhs: ParameterType) -> Bool {
        lhs.kind == rhs.kind && lhs.allowsUnsafeText == rhs.allowsUnsafeText
    }

    /// Hashes the kind and whether the type is raw, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(allowsUnsafeText)
    }

    /// The type's name: `int`, `uuid`, `string` or the custom name, wrapped as `unsafeRaw(...)` when raw.
    public var description: String {
        let name =
            switch kind {
            case .int: "int"
            case .uuid: "uuid"
            case .custom(let name): name
            case .string: "string"
            }
        return allowsUnsafeText ? "unsafeRaw(\(name))" : name
    }
}

/// A typed parameter value.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    /// An integer.
    case int(Int)
    /// A UUID.
    case uuid(UUID)
    /// Text, also used for custom types (in their textual form).
    case string(String)

    /// The integer, when this is an `int`.
    public var intValue: Int? {
        guard case .int(let value) = self else { return nil }
        return value
    }

    /// The UUID, when this is a `uuid`.
    public var uuidValue: UUID? {
        guard case .uuid(let value) = self else { return nil }
        return value
    }

    /// The text, when this is a `string`.
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The canonical text of the value, as it is written in a URL (before percent-encoding).
    public var text: String {
        switch self {
        case .int(let value): String(value)
        case .uuid(let value): value.uuidString.lowercased()
        case .string(let value): value
        }
    }

    /// The canonical text.
    public var description: String { text }
}
