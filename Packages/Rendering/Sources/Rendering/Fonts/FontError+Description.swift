import Essentials
public import Foundation

extension FontError: CustomStringConvertible, LocalizedError {
    /// What is wrong with the font, as sentences a person can be shown (`"\(error)"` prints them), with what to do
    /// where there is something to do; code switches on the case instead.
    public var description: String {
        switch self {
        case .notAFont:
            "The data is not a TrueType font or font collection (a .ttf or .ttc file)."
        case .unsupportedOutlines:
            "The font has PostScript (CFF) outlines, which cannot be embedded; use a version of the font with "
                + "TrueType outlines (usually a .ttf file)."
        case .faceIndexOutOfRange(let index, let count):
            switch count {
            case ...0: "The font collection has no faces."
            case 1: "The font collection has 1 face, numbered 0; there is no face \(index)."
            default: "The font collection has \(count) faces, numbered 0 to \(count - 1); there is no face \(index)."
            }
        case .missingTable(let table):
            "The font has no \(ReadableText.quoted(table)) table, which every TrueType font needs."
        case .truncated(let table) where table == "header":
            "The font file is cut short: its header reaches past the end of the data."
        case .truncated(let table):
            "The font file is cut short or damaged: its \(ReadableText.quoted(table)) table reaches past the end of "
                + "the data."
        case .malformed(let table):
            "The font file is damaged: its \(ReadableText.quoted(table)) table holds values that contradict each "
                + "other or the TrueType specification."
        case .noUnicodeCharacterMap:
            "The font has no character map for Unicode text, so no character can be looked up in it."
        case .missingResource(let file):
            "The font file \(file) that comes with the invoice renderer was not found. Ship the folder "
                + "\(ResourceLocator.folderNames[0]) (\(ResourceLocator.folderNames[1]) on Apple platforms) beside "
                + "the executable, or set \(ResourceLocator.environmentVariable) to its path."
        case .embeddingNotPermitted:
            "The font's licence does not allow embedding it, or a subset of it, in a document."
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }
}
