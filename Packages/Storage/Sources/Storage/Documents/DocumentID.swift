/// The name of a stored document, checked once so that no backend ever sees an id that could escape its folder.
///
/// Allowed: 1 to 100 characters from `A-Z a-z 0-9 . _ -`, not starting with `.` and without `..`. The allow-list
/// refuses `/`, `\`, NUL and every other character a file system or a shell treats specially; upper and lower
/// case are different ids on every backend, including case-insensitive file systems.
public struct DocumentID: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The longest id: with the file store's case escaping and temporary prefix a file name stays under the
    /// 255-byte limit of common file systems.
    public static let maximumLength = 100

    /// The id as given.
    public let rawValue: String

    /// Checks `rawValue` and wraps it.
    public init(_ rawValue: String) throws(StorageError) {
        if let problem = Self.problem(with: rawValue) { throw .invalidDocumentID(problem) }
        self.rawValue = rawValue
    }

    /// Decodes and checks an id, so a tampered file cannot smuggle a bad id in.
    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        if let problem = Self.problem(with: raw) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "invalid document id: \(problem)"))
        }
        rawValue = raw
    }

    /// Encodes the id as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The id as given.
    public var description: String { rawValue }

    /// Orders ids by their bytes, the order every backend lists them in.
    public static func < (lhs: DocumentID, rhs: DocumentID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    private static func problem(with raw: String) -> DocumentIDProblem? {
        let scalars = raw.unicodeScalars
        if scalars.isEmpty { return .empty }
        if scalars.count > maximumLength { return .tooLong(length: scalars.count) }
        if scalars.contains(where: { $0.properties.generalCategory == .control }) { return .controlCharacter }
        if scalars.contains(where: { $0 == "/" || $0 == "\\" }) { return .pathSeparator }
        if raw.contains("..") { return .parentReference }
        if scalars.first == "." { return .leadingDot }
        if let bad = scalars.first(where: { !isAllowed($0) }) { return .unsupportedCharacter(bad.value) }
        return nil
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": true
        default: false
        }
    }
}
