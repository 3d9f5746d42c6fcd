import Foundation

/// How JSON member names relate to the model's property names.
public enum JSONKeyStyle: Hashable, Sendable {
    /// The server writes `snake_case` (`image_url`), the model `camelCase` (`imageUrl`).
    case snakeCase
    /// The model's own `CodingKeys` match the JSON exactly; faster, for hot section types.
    case asDeclared
}

/// How dates are written in the JSON.
public enum JSONDateStyle: Hashable, Sendable {
    /// ISO 8601 strings such as `2024-03-01T12:00:00Z`.
    case iso8601
    /// Seconds since 1970 as a number.
    case secondsSince1970
    /// Milliseconds since 1970 as a number.
    case millisecondsSince1970
}

/// Maps a section's JSON content to a `Decodable` model.
///
/// It is an `open class` so a section type can refine the decoded model (validate a link, drop empty items)
/// by overriding ``refine(_:)``, while ``map(_:)`` stays `final`: every mapper built on it keeps the same contract,
/// whatever a subclass does. Errors carry the payload's type and the JSON path of the problem, built from
/// `DecodingError.codingPath` and written in the payload's own key style, never a value.
///
/// It keeps no mutable state, which is why it may be `@unchecked Sendable` although it is not final (Swift only
/// checks `Sendable` on final classes). Subclasses must keep that promise (only `let` properties of `Sendable`
/// types) and restate the conformance: `final class BannerMapper: JSONSectionMapper<Banner>, @unchecked Sendable`.
open class JSONSectionMapper<Model: Decodable & Sendable & Equatable>: SectionMapping, @unchecked Sendable {
    /// How member names are converted.
    public let keyStyle: JSONKeyStyle
    /// How dates are decoded.
    public let dateStyle: JSONDateStyle
    /// The largest content decoded, in bytes; larger content fails with `.contentTooLarge` before any decoding.
    ///
    /// `JSONDecoder` holds memory in proportion to the content, and content reaches a mapper from providers and
    /// caches as well as from ``ScreenAssembler``, which has its own limit; the defaults are the same.
    public let maximumContentBytes: Int

    /// Creates a mapper; the defaults fit the reference server (snake_case keys, ISO 8601 dates, 256 KiB).
    public init(
        keys: JSONKeyStyle = .snakeCase, dates: JSONDateStyle = .iso8601, maximumContentBytes: Int = 256 << 10
    ) {
        self.keyStyle = keys
        self.dateStyle = dates
        self.maximumContentBytes = maximumContentBytes
    }

    /// Decodes the payload's content, then lets ``refine(_:)`` check or adjust the model.
    public final func map(_ payload: SectionPayload) throws(SectionMappingError) -> Model {
        guard payload.content.count <= maximumContentBytes else {
            throw SectionMappingError(
                sectionType: payload.type, path: "",
                kind: .contentTooLarge(bytes: payload.content.count, limit: maximumContentBytes))
        }
        let decoded: Model
        do {
            // A decoder per call: it is cheap, and no decoder state is shared between tasks.
            decoded = try makeDecoder().decode(Model.self, from: payload.content)
        } catch let error as DecodingError {
            throw mappingError(for: error, in: payload)
        } catch {
            throw SectionMappingError(sectionType: payload.type, path: "", kind: .invalidValue)
        }
        do throws(SectionContentViolation) {
            return try refine(decoded)
        } catch {
            throw SectionMappingError(sectionType: payload.type, path: error.path, kind: error.kind)
        }
    }

    /// Checks or adjusts a decoded model. The default returns it unchanged.
    ///
    /// Throw a ``SectionContentViolation`` with the JSON path of the broken rule; ``map(_:)`` adds the section type.
    open func refine(_ model: Model) throws(SectionContentViolation) -> Model {
        model
    }

    private func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        if keyStyle == .snakeCase {
            decoder.keyDecodingStrategy = .convertFromSnakeCase
        }
        switch dateStyle {
        case .iso8601: decoder.dateDecodingStrategy = .custom(ISO8601Dates.decode)
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        }
        return decoder
    }

    private func mappingError(for error: DecodingError, in payload: SectionPayload) -> SectionMappingError {
        // Foundation checks syntax lazily and may report broken JSON as a type mismatch (`[1,]` for an object):
        // when the content is not JSON, say so, whatever Foundation said. Only failures pay for this scan.
        guard JSONScanner.isValidDocument(Array(payload.content)) else {
            return SectionMappingError(sectionType: payload.type, path: "", kind: .malformedJSON)
        }
        let path = JSONPath(keyStyle: keyStyle)
        switch error {
        case .keyNotFound(let key, let context):
            return SectionMappingError(
                sectionType: payload.type, path: path.render(context.codingPath + [key]), kind: .missingKey)
        case .typeMismatch(_, let context):
            return SectionMappingError(
                sectionType: payload.type, path: path.render(context.codingPath), kind: .typeMismatch)
        case .valueNotFound(_, let context):
            return SectionMappingError(
                sectionType: payload.type, path: path.render(context.codingPath), kind: .missingValue)
        case .dataCorrupted(let context):
            // The JSON is valid (checked above), so this is a value Foundation cannot represent or accept.
            return SectionMappingError(
                sectionType: payload.type, path: path.render(context.codingPath), kind: .invalidValue)
        @unknown default:
            return SectionMappingError(sectionType: payload.type, path: "", kind: .invalidValue)
        }
    }
}

/// Writes a `codingPath` the way the JSON spells it: `items[2].image_url`.
struct JSONPath {
    /// Longer member names are shortened: a dictionary key comes from the payload and could be huge.
    static let maximumNameLength = 64

    let keyStyle: JSONKeyStyle

    func render(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
                continue
            }
            var name = keyStyle == .snakeCase ? Self.snakeCased(key.stringValue) : key.stringValue
            if name.count > Self.maximumNameLength {
                name = String(name.prefix(Self.maximumNameLength)) + "…"
            }
            if Self.isIdentifier(name) {
                path += path.isEmpty ? name : "." + name
            } else {
                let escaped = name.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"")
                path += "[\"\(escaped)\"]"
            }
        }
        return path
    }

    private static func isIdentifier(_ name: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The inverse of `convertFromSnakeCase` for the names a model declares: `imageURL` and `imageUrl` both
    /// become `image_url`, the way `JSONEncoder.convertToSnakeCase` writes them.
    static func snakeCased(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let isUpper = scalar.properties.isUppercase
            if isUpper, index > 0 {
                let previous = scalars[index - 1]
                let nextIsLower = index + 1 < scalars.count && scalars[index + 1].properties.isLowercase
                // A word starts at a lower-to-upper step, or at the last capital of an acronym ("URLPath").
                if previous.properties.isLowercase || previous.properties.numericType != nil
                    || (previous.properties.isUppercase && nextIsLower)
                {
                    result.append("_")
                }
            }
            if isUpper {
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

/// ISO 8601 dates with or without fractional seconds.
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
