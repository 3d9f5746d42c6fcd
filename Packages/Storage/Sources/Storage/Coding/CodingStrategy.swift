public import Foundation

/// A file format for values: the file store writes its records with one, so a team picks readable JSON or
/// compact property lists without touching the store.
public protocol CodingStrategy: Sendable {
    /// A short stable name recorded in every file ("json", "plist"), so a store never misreads another format's
    /// file as damage.
    var formatName: String { get }
    /// The bytes of `value`.
    func encode<Value: Encodable>(_ value: Value) throws(StorageError) -> Data
    /// The value in `data`.
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(StorageError) -> Value
}

/// JSON with sorted keys, so equal values give equal bytes and files diff cleanly.
public struct JSONCodingStrategy: CodingStrategy {
    private let prettyPrinted: Bool

    /// Creates the strategy; pretty printing makes files easier to read and larger.
    public init(prettyPrinted: Bool = false) {
        self.prettyPrinted = prettyPrinted
    }

    /// `json`.
    public var formatName: String { "json" }

    /// The JSON of `value`.
    public func encode<Value: Encodable>(_ value: Value) throws(StorageError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        return try CodingFailure.mapping(.encoding, of: Value.self) { try encoder.encode(value) }
    }

    /// The value in the JSON `data`.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(StorageError) -> Value {
        try CodingFailure.mapping(.decoding, of: Value.self) { try JSONDecoder().decode(type, from: data) }
    }
}

/// Binary property lists: compact, exact for dates and numbers, native to Apple tooling.
public struct PropertyListCodingStrategy: CodingStrategy {
    /// Creates the strategy.
    public init() {}

    /// `plist`.
    public var formatName: String { "plist" }

    /// The binary property list of `value`.
    public func encode<Value: Encodable>(_ value: Value) throws(StorageError) -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return try CodingFailure.mapping(.encoding, of: Value.self) { try encoder.encode(value) }
    }

    /// The value in the property list `data`.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(StorageError) -> Value {
        try CodingFailure.mapping(.decoding, of: Value.self) { try PropertyListDecoder().decode(type, from: data) }
    }
}

extension CodingFailure {
    /// Runs a Foundation coder, turning whatever it throws into `StorageError.coding` for `type`.
    fileprivate static func mapping<Value, Result>(
        _ direction: CodingDirection, of type: Value.Type, _ body: () throws -> Result
    ) throws(StorageError) -> Result {
        do {
            return try body()
        } catch {
            throw .coding(CodingFailure(direction: direction, typeName: "\(type)", message: "\(error)"))
        }
    }
}
