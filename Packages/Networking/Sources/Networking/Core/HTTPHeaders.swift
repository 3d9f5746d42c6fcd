/// Header fields in order, with names compared case-insensitively (RFC 9110 §5.1).
///
/// A list rather than a dictionary because a name may repeat (`Set-Cookie`), and the order of repeated fields is
/// meaningful. Two values are equal when they hold the same fields in the same order, ignoring the case of names.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Hashable, Sendable {
        /// The name as given; compare it with `HTTPHeaders.namesMatch`.
        public var name: String
        /// The value as given.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// No fields.
    public init() {
        fields = []
    }

    /// The given fields in order; repeated names are kept.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    /// `["Accept": "application/json"]`; repeated keys are kept in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name`; assigning replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { Self.namesMatch($0.name, name) }?.value }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            if let index = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) {
                fields[index].value = newValue
                var position = index + 1
                while position < fields.count {
                    if Self.namesMatch(fields[position].name, name) {
                        fields.remove(at: position)
                    } else {
                        position += 1
                    }
                }
            } else {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Appends a field, keeping existing fields of the same name (for headers that may repeat).
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// Whether a field named `name` is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// `name: value` pairs on one line; never log this for requests that carry secrets (use ``LoggingHTTPClient``).
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    }

    /// Equal when the fields match in order, names compared case-insensitively.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { namesMatch($0.name, $1.name) && $0.value == $1.value }
    }

    /// Consistent with `==`: hashes each name's length (the same whatever its case) and each value; equal
    /// lengths with different names are told apart by `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.count)
        for field in fields {
            hasher.combine(field.name.utf8.count)
            hasher.combine(field.value)
        }
    }

    /// ASCII case-insensitive name comparison, without allocating (header names are ASCII tokens).
    public static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        // Native strings (nearly all) are compared over their bytes in place.
        let contiguous = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                for index in left.indices where left[index] != right[index] {
                    guard lowercased(left[index]) == lowercased(right[index]) else { return false }
                }
                return true
            }
        }
        if let contiguous = contiguous ?? nil { return contiguous }
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let a?, let b?) where lowercased(a) == lowercased(b): continue
            default: return false
            }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// RFC 9110 `tchar`: what a header name or a method may contain.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Whether a value may be sent: no CR, LF or NUL, which would let a value smuggle in another header.
    static func isSafeValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }

    /// The first field whose name is not a token or whose value is unsafe to send.
    var firstInvalidFieldName: String? {
        fields.first { field in
            field.name.isEmpty || !field.name.utf8.allSatisfy(Self.isTokenCharacter) || !Self.isSafeValue(field.value)
        }?.name
    }
}
