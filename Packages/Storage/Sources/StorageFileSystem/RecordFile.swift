import Foundation
import Storage

/// The container every file of the file stores uses: a fixed preamble with checksums, an encoded header (the
/// record, or a document's metadata) and a raw body (a document's bytes).
///
/// ```
/// offset size  field
///      0    4  magic "LSTR"
///      4    1  container version (1)
///      5    1  record kind (1 snapshot, 2 changes, 3 document, 4 sequence, 5 journal)
///      6    1  length of the format name (1...16)
///      7    1  reserved, 0
///      8    8  header length, little-endian
///     16    8  body length, little-endian
///     24    4  CRC-32 of the header
///     28    4  CRC-32 of the body
///     32   16  format name ("json", "plist"), zero-padded
///     48    4  CRC-32 of bytes 0..<48
///     52       header, then body; nothing after
/// ```
///
/// The lengths make truncation visible, the checksums make flipped bits visible, and the format name keeps a
/// JSON store from mistaking a property-list file for damage.
enum RecordFile {
    enum Kind: UInt8, Sendable {
        case snapshot = 1
        case changes = 2
        case document = 3
        case sequence = 4
        case numberingJournal = 5
    }

    /// A parsed, checked preamble.
    struct Preamble: Sendable {
        var kind: Kind
        var format: String
        var headerLength: Int
        var bodyLength: Int
        var headerChecksum: UInt32
        var bodyChecksum: UInt32
    }

    /// A file that failed its checks, or one written in another format.
    enum Problem: Error {
        case damaged(CorruptionReason)
        case otherFormat(String)
    }

    static let preambleSize = 52
    private static let magic: [UInt8] = Array("LSTR".utf8)
    private static let version: UInt8 = 1

    /// The bytes of a record file: the preamble and header as one part, the body as another (not copied).
    static func encode(kind: Kind, format: String, header: Data, body: Data = Data()) -> [Data] {
        var preamble = Data(magic)
        preamble.append(contentsOf: [version, kind.rawValue, UInt8(min(format.utf8.count, 16)), 0])
        append(UInt64(header.count), to: &preamble)
        append(UInt64(body.count), to: &preamble)
        append(CRC32.checksum(header), to: &preamble)
        append(CRC32.checksum(body), to: &preamble)
        var name = Array(format.utf8.prefix(16))
        name.append(contentsOf: [UInt8](repeating: 0, count: 16 - name.count))
        preamble.append(contentsOf: name)
        append(CRC32.checksum(preamble), to: &preamble)
        preamble.append(header)
        return [preamble, body]
    }

    /// Reads and checks the preamble and header of `file`; the body is left unread.
    static func readHeader(
        of file: OpenFile, kind: Kind, format: String
    ) throws(StorageError) -> Result<(Preamble, Data), Problem> {
        let bytes = try file.readBytes(count: min(file.size, preambleSize))
        let preamble: Preamble
        switch parsePreamble(bytes, fileSize: file.size) {
        case .success(let parsed): preamble = parsed
        case .failure(let problem): return .failure(problem)
        }
        guard preamble.kind == kind else { return .failure(.damaged(.misplaced)) }
        guard preamble.format == format else { return .failure(.otherFormat(preamble.format)) }
        let header = try file.readBytes(count: preamble.headerLength)
        guard header.count == preamble.headerLength else { return .failure(.damaged(.truncated)) }
        guard CRC32.checksum(header) == preamble.headerChecksum else { return .failure(.damaged(.checksumMismatch)) }
        return .success((preamble, header))
    }

    /// Reads the body after `readHeader` and checks it.
    static func readBody(of file: OpenFile, preamble: Preamble) throws(StorageError) -> Result<Data, Problem> {
        let body = try file.readBytes(count: preamble.bodyLength)
        guard body.count == preamble.bodyLength else { return .failure(.damaged(.truncated)) }
        guard CRC32.checksum(body) == preamble.bodyChecksum else { return .failure(.damaged(.checksumMismatch)) }
        return .success(body)
    }

    private static func parsePreamble(_ bytes: Data, fileSize: Int) -> Result<Preamble, Problem> {
        let bytes = [UInt8](bytes)
        guard bytes.count == preambleSize else {
            let isOurs = magic.starts(with: bytes.prefix(magic.count))
            return .failure(.damaged(isOurs ? .truncated : .unrecognizedHeader))
        }
        guard bytes.starts(with: magic) else { return .failure(.damaged(.unrecognizedHeader)) }
        let stored = UInt32(littleEndian: load(bytes, at: 48))
        let computed = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<48])) }
        guard stored == computed else { return .failure(.damaged(.checksumMismatch)) }
        guard bytes[4] == version, let kind = Kind(rawValue: bytes[5]), (1...16).contains(bytes[6]) else {
            return .failure(.damaged(.unrecognizedHeader))
        }
        let headerLength = UInt64(littleEndian: load(bytes, at: 8))
        let bodyLength = UInt64(littleEndian: load(bytes, at: 16))
        let available = UInt64(fileSize - preambleSize)
        guard headerLength <= available, bodyLength <= available - headerLength else {
            return .failure(.damaged(.truncated))
        }
        guard headerLength + bodyLength == available else { return .failure(.damaged(.truncated)) }
        let format = String(decoding: bytes[32..<(32 + Int(bytes[6]))], as: UTF8.self)
        return .success(
            Preamble(
                kind: kind, format: format, headerLength: Int(headerLength), bodyLength: Int(bodyLength),
                headerChecksum: UInt32(littleEndian: load(bytes, at: 24)),
                bodyChecksum: UInt32(littleEndian: load(bytes, at: 28))))
    }

    /// Reads a whole record of `kind` and decodes its header, leaving a damaged file where it is: `corrupted` names
    /// it with `movedTo == nil`, for stores that several processes share and that never move files on their own.
    static func readRecordInPlace<Record: Decodable>(
        _ type: Record.Type, at url: URL, kind: Kind, coding: any CodingStrategy
    ) throws(StorageError) -> Record {
        let file = try OpenFile(url)
        switch try readHeader(of: file, kind: kind, format: coding.formatName) {
        case .success(let read):
            guard let record = try? coding.decode(type, from: read.1) else { throw damaged(url, .undecodable) }
            return record
        case .failure(let problem):
            throw refusal(url, problem, expected: coding.formatName)
        }
    }

    /// The error for a problem, without moving anything.
    static func refusal(_ url: URL, _ problem: Problem, expected: String) -> StorageError {
        switch problem {
        case .damaged(let reason): damaged(url, reason)
        case .otherFormat(let found): .unexpectedFormat(file: url, found: found, expected: expected)
        }
    }

    /// `corrupted` for a file left in place.
    static func damaged(_ url: URL, _ reason: CorruptionReason) -> StorageError {
        .corrupted(CorruptionReport(file: url, movedTo: nil, reason: reason))
    }

    private static func load<T: FixedWidthInteger>(_ bytes: [UInt8], at offset: Int) -> T {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}
