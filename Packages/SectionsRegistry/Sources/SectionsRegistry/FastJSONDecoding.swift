import Foundation

/// The fast path of `JSONSectionMapper`: decodes a model straight from a `JSONTape`.
///
/// Foundation's `JSONDecoder` stays the reference. This path only returns a value when every step of decoding
/// succeeded and matched what `JSONDecoder` does; anything else (an error, even one a model catches itself, a
/// type it does not handle such as `Data`, `Decimal` or `Float`, a number that is not a plain literal, a key it
/// cannot convert exactly like `convertFromSnakeCase`, duplicate keys) makes it give up, and the mapper decodes
/// the content again with `JSONDecoder`, which produces the value or the error. So it can be wrong only by being
/// slow, never by producing a different model.
enum FastJSONDecoding {
    static func decode<Model: Decodable>(
        _ type: Model.Type, from bytes: [UInt8], keys: JSONKeyStyle, dates: JSONDateStyle
    ) -> Model? {
        guard let tape = JSONTape(bytes: bytes) else { return nil }
        let state = FastDecodingState(tape: tape, keyStyle: keys, dateStyle: dates)
        guard let value = try? state.decode(Model.self, at: 0, path: nil), !state.gaveUp else { return nil }
        return value
    }
}

/// Thrown inside the fast path to give up; never leaves the mapper.
struct FastPathUnavailable: Error {}

/// A coding path as a chain from the innermost key, built only when someone asks for `codingPath`.
final class CodingPathNode {
    let parent: CodingPathNode?
    let key: any CodingKey

    init(parent: CodingPathNode?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    static func path(_ node: CodingPathNode?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var cursor = node
        while let current = cursor {
            keys.append(current.key)
            cursor = current.parent
        }
        return keys.reversed()
    }
}

/// The key of an array element in a coding path, spelled like Foundation's.
struct IndexCodingKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }

    init?(stringValue: String) {
        return nil
    }

    init?(intValue: Int) {
        self.init(index: intValue)
    }
}

/// Shared by every decoder and container of one decoding pass.
final class FastDecodingState {
    let tape: JSONTape
    let keyStyle: JSONKeyStyle
    let dateStyle: JSONDateStyle
    /// Set as soon as any step fails, even when the model catches the error and carries on.
    private(set) var gaveUp = false

    init(tape: JSONTape, keyStyle: JSONKeyStyle, dateStyle: JSONDateStyle) {
        self.tape = tape
        self.keyStyle = keyStyle
        self.dateStyle = dateStyle
    }

    func giveUp() -> FastPathUnavailable {
        gaveUp = true
        return FastPathUnavailable()
    }

    func kind(at index: Int) -> JSONTape.Kind {
        tape.kind(at: index)
    }

    // MARK: Values

    func decode<Value: Decodable>(_ type: Value.Type, at index: Int, path: CodingPathNode?) throws -> Value {
        if Value.self == String.self, let value = try decodeString(at: index) as? Value { return value }
        if Value.self == Int.self, let value = try decodeInteger(Int.self, at: index) as? Value { return value }
        if Value.self == Bool.self, let value = try decodeBool(at: index) as? Value { return value }
        if Value.self == Double.self, let value = try decodeDouble(at: index) as? Value { return value }
        if Value.self == Date.self, let value = try decodeDate(at: index, path: path) as? Value { return value }
        if Value.self == URL.self {
            guard let url = URL(string: try decodeString(at: index)), let value = url as? Value else { throw giveUp() }
            return value
        }
        // Types `JSONDecoder` treats specially in ways this path does not copy.
        if Value.self == Data.self || Value.self == Decimal.self || Value.self == Float.self {
            throw giveUp()
        }
        if let dictionary = Value.self as? any FastStringKeyedDictionary.Type {
            guard let value = try dictionary.fastDecode(at: index, state: self, path: path) as? Value else {
                throw giveUp()
            }
            return value
        }
        return try Value(from: FastValueDecoder(state: self, index: index, path: path))
    }

    func decodeString(at index: Int) throws -> String {
        guard let string = tape.string(at: index) else { throw giveUp() }
        return string
    }

    func decodeBool(at index: Int) throws -> Bool {
        switch kind(at: index) {
        case .trueLiteral: return true
        case .falseLiteral: return false
        default: throw giveUp()
        }
    }

    /// Only plain integer literals; `1.0` or `1e2` (which `JSONDecoder` accepts for integers) are left to it.
    func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, at index: Int) throws -> Integer {
        guard kind(at: index) == .number else { throw giveUp() }
        let literal = tape.numberRange(at: index)
        var position = literal.lowerBound
        let negative = tape.bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var magnitude: UInt64 = 0
        while position < literal.upperBound {
            let byte = tape.bytes[position]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw giveUp() }
            let (times10, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else { throw giveUp() }
            magnitude = sum
            position += 1
        }
        if negative {
            guard magnitude > 0, magnitude <= UInt64(Int64.max) + 1 else { throw giveUp() }
            let value = magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
            guard let result = Integer(exactly: value) else { throw giveUp() }
            return result
        }
        guard let result = Integer(exactly: magnitude) else { throw giveUp() }
        return result
    }

    func decodeDouble(at index: Int) throws -> Double {
        guard kind(at: index) == .number,
            let value = Double(String(decoding: tape.bytes[tape.numberRange(at: index)], as: UTF8.self)),
            value.isFinite
        else { throw giveUp() }
        return value
    }

    private func decodeDate(at index: Int, path: CodingPathNode?) throws -> Date {
        switch dateStyle {
        case .iso8601:
            return try ISO8601Dates.decode(FastValueDecoder(state: self, index: index, path: path))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decodeDouble(at: index))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decodeDouble(at: index) / 1000.0)
        }
    }

    // MARK: Keys

    /// Whether the member name at slot `index` can be `key` at all, from its first byte: conversion keeps an
    /// ASCII first byte up to case, and a name starting with an escape is always checked in full.
    func mayMatch(nameAt index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = tape.bytes[Int(tape.slots[index]) + 1]
        guard let wanted = key.first, first < 0x80, wanted < 0x80, first != UInt8(ascii: "\\") else { return true }
        return first | 0x20 == wanted | 0x20 || first == UInt8(ascii: "\"")
    }

    /// The member name at slot `index` as `JSONDecoder` sees it under this key style. Throws when it is a name
    /// this path cannot convert exactly like `convertFromSnakeCase` (escapes; digits or other characters in a
    /// name with words to join, which start words in Foundation's `capitalized`).
    func memberName(at index: Int) throws -> MemberName {
        let contents = tape.stringContents(at: index)
        if contents.hasEscapes { throw giveUp() }
        let name = tape.bytes[contents.range]
        guard keyStyle == .snakeCase else { return MemberName(bytes: name) }
        switch JSONTape.snakeCaseShape(of: name) {
        case .unchanged: return MemberName(bytes: name)
        case .joins(let first, let last, let length):
            return MemberName(bytes: name, joins: first...last, length: length)
        case .unsupported: throw giveUp()
        }
    }
}

/// A member name, converted from snake_case on the fly when it has words to join, without allocating.
///
/// The conversion is `convertFromSnakeCase` for names of ASCII letters and underscores: leading and trailing
/// underscores stay, the first word is lowercased and the others capitalized; a name with one word is unchanged.
struct MemberName: Sequence {
    let bytes: ArraySlice<UInt8>
    /// The letters of a name whose words are joined, or nil for a name used as it is.
    let joins: ClosedRange<Int>?
    /// The length of the name as `JSONDecoder` sees it, in bytes.
    let length: Int

    init(bytes: ArraySlice<UInt8>, joins: ClosedRange<Int>? = nil, length: Int? = nil) {
        self.bytes = bytes
        self.joins = joins
        self.length = length ?? bytes.count
    }

    func makeIterator() -> Iterator {
        Iterator(name: self, position: bytes.startIndex)
    }

    struct Iterator: IteratorProtocol {
        let name: MemberName
        var position: Int
        var inWord = false
        var words = 0

        mutating func next() -> UInt8? {
            while position < name.bytes.endIndex {
                let index = position
                let byte = name.bytes[index]
                position += 1
                // Leading and trailing underscores, and names used as they are, pass through.
                guard let letters = name.joins, letters.contains(index) else { return byte }
                if byte == UInt8(ascii: "_") {
                    inWord = false
                    continue
                }
                let startsWord = !inWord
                inWord = true
                if startsWord { words += 1 }
                let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                if startsWord, words > 1 {
                    return isUpper ? byte : byte - 32
                }
                return isUpper ? byte + 32 : byte
            }
            return nil
        }
    }

    /// The name as a string.
    var string: String {
        joins == nil ? String(decoding: bytes, as: UTF8.self) : String(decoding: Array(self), as: UTF8.self)
    }

    func equals(_ other: MemberName) -> Bool {
        guard length == other.length else { return false }
        if joins == nil, other.joins == nil { return bytes.elementsEqual(other.bytes) }
        return elementsEqual(other)
    }

    /// Whether this name is `utf8`, the contiguous UTF-8 of a key.
    func equals(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard length == utf8.count else { return false }
        guard joins == nil else { return elementsEqual(utf8) }
        return bytes.withUnsafeBufferPointer { $0.elementsEqual(utf8) }
    }
}

/// A `Decoder` for one value of the tape.
struct FastValueDecoder: Decoder {
    let state: FastDecodingState
    let index: Int
    let path: CodingPathNode?

    var codingPath: [any CodingKey] { CodingPathNode.path(path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try FastKeyedContainer<Key>(state: state, object: index, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try FastUnkeyedContainer(state: state, array: index, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        FastSingleValueContainer(state: state, index: index, path: path)
    }
}

struct FastKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let state: FastDecodingState
    private let path: CodingPathNode?
    private let object: Int

    init(state: FastDecodingState, object: Int, path: CodingPathNode?) throws {
        guard state.kind(at: object) == .object else { throw state.giveUp() }
        self.state = state
        self.path = path
        self.object = object
    }

    /// The value of the member named `key`. Every name is compared, because a name this path cannot convert,
    /// or a second member with the same name (`JSONDecoder` keeps one of them, which one is its business),
    /// means leaving the object to `JSONDecoder`.
    private func valueIndex(for key: Key) throws -> Int? {
        var wanted = key.stringValue
        return try wanted.withUTF8 { utf8 in
            let tape = state.tape
            var found: Int?
            var cursor = tape.firstChild(of: object)
            let end = tape.next(after: object)
            while cursor < end {
                if state.mayMatch(nameAt: cursor, utf8), try state.memberName(at: cursor).equals(utf8) {
                    guard found == nil else { throw state.giveUp() }
                    found = cursor + 1
                }
                cursor = tape.next(after: cursor + 1)
            }
            return found
        }
    }

    /// The member names, after checking that they are convertible and distinct.
    private func names() throws -> [MemberName] {
        var names: [MemberName] = []
        var cursor = state.tape.firstChild(of: object)
        let end = state.tape.next(after: object)
        while cursor < end {
            names.append(try state.memberName(at: cursor))
            cursor = state.tape.next(after: cursor + 1)
        }
        guard Set(names.map(\.string)).count == names.count else { throw state.giveUp() }
        return names
    }

    private func value(for key: Key) throws -> Int {
        guard let index = try valueIndex(for: key) else { throw state.giveUp() }
        return index
    }

    private func childPath(_ key: Key) -> CodingPathNode {
        CodingPathNode(parent: path, key: key)
    }

    var codingPath: [any CodingKey] { CodingPathNode.path(path) }

    /// Non-throwing by protocol: when the names cannot be used, give up and report none.
    var allKeys: [Key] {
        guard let names = try? names() else { return [] }
        return names.compactMap { Key(stringValue: $0.string) }
    }

    /// Non-throwing by protocol: when the names cannot be used, give up and report the key as absent.
    func contains(_ key: Key) -> Bool {
        (try? valueIndex(for: key)) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        state.kind(at: try value(for: key)) == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try state.decodeBool(at: try value(for: key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try state.decodeString(at: try value(for: key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try state.decodeDouble(at: try value(for: key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        throw state.giveUp()
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try state.decodeInteger(Int.self, at: try value(for: key))
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try state.decodeInteger(Int8.self, at: try value(for: key))
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try state.decodeInteger(Int16.self, at: try value(for: key))
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try state.decodeInteger(Int32.self, at: try value(for: key))
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try state.decodeInteger(Int64.self, at: try value(for: key))
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try state.decodeInteger(UInt.self, at: try value(for: key))
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try state.decodeInteger(UInt8.self, at: try value(for: key))
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try state.decodeInteger(UInt16.self, at: try value(for: key))
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try state.decodeInteger(UInt32.self, at: try value(for: key))
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try state.decodeInteger(UInt64.self, at: try value(for: key))
    }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try state.decode(Value.self, at: try value(for: key), path: childPath(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(
            try FastKeyedContainer<NestedKey>(state: state, object: try value(for: key), path: childPath(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try FastUnkeyedContainer(state: state, array: try value(for: key), path: childPath(key))
    }

    func superDecoder() throws -> any Decoder {
        throw state.giveUp()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw state.giveUp()
    }
}

struct FastUnkeyedContainer: UnkeyedDecodingContainer {
    private let state: FastDecodingState
    private let path: CodingPathNode?
    private let elementCount: Int
    /// The slot of the element at `currentIndex`.
    private var cursor: Int
    private(set) var currentIndex = 0

    init(state: FastDecodingState, array: Int, path: CodingPathNode?) throws {
        guard state.kind(at: array) == .array else { throw state.giveUp() }
        self.state = state
        self.path = path
        elementCount = state.tape.count(of: array)
        cursor = state.tape.firstChild(of: array)
    }

    var codingPath: [any CodingKey] { CodingPathNode.path(path) }
    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    /// The next element's slot; the caller advances only when decoding it succeeded, like `JSONDecoder`.
    private func peek() throws -> Int {
        guard !isAtEnd else { throw state.giveUp() }
        return cursor
    }

    private mutating func advance() {
        cursor = state.tape.next(after: cursor)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        let index = try peek()
        guard state.kind(at: index) == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try state.decodeBool(at: try peek())
        advance()
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let value = try state.decodeString(at: try peek())
        advance()
        return value
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let value = try state.decodeDouble(at: try peek())
        advance()
        return value
    }

    mutating func decode(_ type: Float.Type) throws -> Float { throw state.giveUp() }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeInteger(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(UInt64.self) }

    private mutating func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let value = try state.decodeInteger(Integer.self, at: try peek())
        advance()
        return value
    }

    private var elementPath: CodingPathNode {
        CodingPathNode(parent: path, key: IndexCodingKey(index: currentIndex))
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let value = try state.decode(Value.self, at: try peek(), path: elementPath)
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try FastKeyedContainer<NestedKey>(state: state, object: try peek(), path: elementPath)
        advance()
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try FastUnkeyedContainer(state: state, array: try peek(), path: elementPath)
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        throw state.giveUp()
    }
}

struct FastSingleValueContainer: SingleValueDecodingContainer {
    let state: FastDecodingState
    let index: Int
    let path: CodingPathNode?

    var codingPath: [any CodingKey] { CodingPathNode.path(path) }

    func decodeNil() -> Bool { state.kind(at: index) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try state.decodeBool(at: index) }
    func decode(_ type: String.Type) throws -> String { try state.decodeString(at: index) }
    func decode(_ type: Double.Type) throws -> Double { try state.decodeDouble(at: index) }
    func decode(_ type: Float.Type) throws -> Float { throw state.giveUp() }
    func decode(_ type: Int.Type) throws -> Int { try state.decodeInteger(Int.self, at: index) }
    func decode(_ type: Int8.Type) throws -> Int8 { try state.decodeInteger(Int8.self, at: index) }
    func decode(_ type: Int16.Type) throws -> Int16 { try state.decodeInteger(Int16.self, at: index) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.decodeInteger(Int32.self, at: index) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.decodeInteger(Int64.self, at: index) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.decodeInteger(UInt.self, at: index) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try state.decodeInteger(UInt8.self, at: index) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try state.decodeInteger(UInt16.self, at: index) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.decodeInteger(UInt32.self, at: index) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.decodeInteger(UInt64.self, at: index) }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try state.decode(Value.self, at: index, path: path)
    }
}

/// `[String: Value]` dictionaries, which `JSONDecoder` decodes member by member with the keys exactly as sent
/// (no snake_case conversion); this path does the same.
protocol FastStringKeyedDictionary {
    static func fastDecode(at index: Int, state: FastDecodingState, path: CodingPathNode?) throws -> Self
}

extension Dictionary: FastStringKeyedDictionary where Key == String, Value: Decodable {
    static func fastDecode(at index: Int, state: FastDecodingState, path: CodingPathNode?) throws -> Self {
        guard state.kind(at: index) == .object else { throw state.giveUp() }
        var result: [String: Value] = [:]
        var name = state.tape.firstChild(of: index)
        let end = state.tape.next(after: index)
        while name < end {
            let key = try state.decodeString(at: name)
            // Duplicate keys: which one wins is `JSONDecoder`'s business.
            guard result[key] == nil else { throw state.giveUp() }
            let childPath = CodingPathNode(parent: path, key: DictionaryKey(stringValue: key))
            result[key] = try state.decode(Value.self, at: name + 1, path: childPath)
            name = state.tape.next(after: name + 1)
        }
        return result
    }
}

/// A dictionary key in a coding path.
struct DictionaryKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        return nil
    }
}

/// ISO 8601 dates with or without fractional seconds, for both decoding paths.
enum ISO8601Dates {
    /// Foundation's own `.iso8601` strategy on Linux reports a bad date without its coding path, so the error
    /// could not say which member it is; decoding through a container keeps the path.
    @Sendable static func decode(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an ISO 8601 date.")
    }
}
