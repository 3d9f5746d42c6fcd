public import Foundation

/// Where a ``CSVReader`` gets its bytes: a file, memory, or anything that delivers bytes in order.
public protocol CSVByteSource {
    /// The next bytes, at most `maximumCount` of them; an empty array means the source has ended.
    mutating func nextBytes(maximumCount: Int) async throws(StorageError) -> [UInt8]
}

/// The bytes of a file, read a chunk at a time on a dispatch queue of its own, so a gigabyte file never sits in
/// memory and no read blocks Swift concurrency's shared threads.
public struct CSVFileSource: CSVByteSource {
    private let file: SharedFile
    private let queue = BlockingQueue(label: "Storage.CSVFileSource")

    /// Opens the file at `url` for reading; a missing or unreadable file throws `fileSystem`.
    public init(url: URL) throws(StorageError) {
        file = SharedFile(try OpenFile(url))
    }

    /// The next chunk of the file; empty at its end.
    public mutating func nextBytes(maximumCount: Int) async throws(StorageError) -> [UInt8] {
        let file = file
        let count = max(1, maximumCount)
        return try await queue.run { () throws(StorageError) -> [UInt8] in
            [UInt8](try file.open.readBytes(count: count))
        }
    }
}

/// Bytes already in memory: a string pasted by a person, a download, a test's fixture.
public struct CSVDataSource: CSVByteSource {
    private let bytes: [UInt8]
    private var position = 0

    /// A source of `data`.
    public init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// A source of the UTF-8 bytes of `text`.
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The next bytes; empty at the end.
    public mutating func nextBytes(maximumCount: Int) async throws(StorageError) -> [UInt8] {
        let end = min(bytes.count, position + max(1, maximumCount))
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

/// An open file read by one source at a time, from the source's own serial queue.
private final class SharedFile: @unchecked Sendable {
    let open: OpenFile

    init(_ open: OpenFile) {
        self.open = open
    }
}
