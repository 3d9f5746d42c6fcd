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
        do {
            return try encoder.encode(value)
        } catch {
            throw .coding(CodingFailure(direction: .encoding, typeName: "\(Value.self)", message: "\(error)"))
        }
    }

    /// The value in the JSON `data`.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(StorageError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw .coding(CodingFailure(direction: .decoding, typeName: "\(Value.self)", message: "\(error)"))
        }
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
        do {
            return try encoder.encode(value)
        } catch {
            throw .coding(CodingFailure(direction: .encoding, typeName: "\(Value.self)", message: "\(error)"))
        }
    }

    /// The value in the property list `data`.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(StorageError) -> Value {
        do {
            return try PropertyListDecoder().decode(type, from: data)
        } catch {
            throw .coding(CodingFailure(direction: .decoding, typeName: "\(Value.self)", message: "\(error)"))
        }
    }
}
