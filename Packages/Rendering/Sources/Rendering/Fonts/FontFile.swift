public import Foundation

extension TrueTypeFont {
    /// The largest font file ``init(contentsOfFile:)`` reads: the CJK fonts Linux distributions ship weigh 4-20 MB.
    public static let maximumFileBytes = 64 << 20

    /// Reads the TrueType font (or the first face of a collection) at `path`, a path a person typed: a symbolic
    /// link is followed (distributions link font files into place), and a folder, a device, a pipe or a file over
    /// ``maximumFileBytes`` is refused before anything is read, so a wrong path never blocks or fills memory.
    public init(contentsOfFile path: String) throws(FontFileError) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target) else {
            throw FileManager.default.fileExists(atPath: target) ? .unreadable : .noFile
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: throw .folder
        default: throw .notAFile
        }
        guard (attributes[.size] as? Int ?? 0) <= Self.maximumFileBytes else { throw .tooLarge }
        guard let data = FileManager.default.contents(atPath: target) else { throw .unreadable }
        do {
            try self.init(data: data)
        } catch {
            throw .font(error)
        }
    }
}

/// Why a font file a person named cannot be used.
public enum FontFileError: Error, Hashable, Sendable {
    /// Nothing is at the path.
    case noFile
    /// The path names a folder.
    case folder
    /// The path names a device, a pipe or a socket, which could be read forever.
    case notAFile
    /// The file exists but cannot be read (its permissions).
    case unreadable
    /// The file is larger than ``TrueTypeFont/maximumFileBytes``.
    case tooLarge
    /// The file was read but is not a font that can be embedded.
    case font(FontError)
}

extension FontFileError: CustomStringConvertible, LocalizedError {
    /// Why, as the end of a sentence a caller starts with the path ("…/x.ttf cannot be used: there is no file
    /// there").
    public var reason: String {
        switch self {
        case .noFile: "there is no file there"
        case .folder: "it is a folder, not a font file"
        case .notAFile: "it is a device or a pipe, not a font file"
        case .unreadable: "the file cannot be read (check its permissions)"
        case .tooLarge: "the file is larger than the \(TrueTypeFont.maximumFileBytes >> 20) MB a font may be"
        case .font(.unsupportedOutlines):
            "it has PostScript (CFF) outlines, which cannot be embedded; choose a TrueType font instead"
        case .font(.embeddingNotPermitted): "its licence does not allow embedding it in documents"
        case .font(.noUnicodeCharacterMap): "it has no Unicode character map"
        case .font(.missingTable(let table)), .font(.truncated(let table)), .font(.malformed(let table)):
            "it is damaged (its \(table) table cannot be read)"
        case .font(.notAFont), .font(.faceIndexOutOfRange), .font(.missingResource):
            "it is not a TrueType font or font collection"
        }
    }

    /// A sentence for people and logs.
    public var description: String { "The font file cannot be used: \(reason)." }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}
