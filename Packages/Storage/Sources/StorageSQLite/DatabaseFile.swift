import Foundation
import Storage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A SQLite database file read by itself, page by page, following the documented file format
/// (https://www.sqlite.org/fileformat2.html), for what SQLite refuses to read once a page is damaged: which table a
/// damaged page belongs to, and every row on the pages that are still sound.
///
/// The committed frames of the write-ahead log (`-wal`) are laid over the file's pages, so rows that were
/// committed but not yet checkpointed count too; frames after the last valid commit are ignored, as SQLite does.
/// Nothing is ever written.
final class DatabaseFile {
    /// One decoded column value.
    enum Value: Equatable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])

        var double: Double? {
            switch self {
            case .real(let value): value
            case .integer(let value): Double(value)  // REAL columns store whole numbers as integers
            default: nil
            }
        }

        var integer: Int64? {
            if case .integer(let value) = self { return value }
            return nil
        }

        var text: String? {
            if case .text(let value) = self { return value }
            return nil
        }

        var blob: [UInt8]? {
            if case .blob(let value) = self { return value }
            return nil
        }
    }

    /// A parsed b-tree page.
    struct TreePage {
        var number: Int
        var kind: UInt8
        var cellOffsets: [Int]
        var rightChild: Int?
        var bytes: [UInt8]
        /// Cell pointers that pointed outside the page.
        var badPointers: Int

        var isInterior: Bool { kind == 2 || kind == 5 }
        var isTable: Bool { kind == 5 || kind == 13 }
    }

    /// One cell of a page: the child it points to (interior pages), its rowid (table pages), its record.
    struct Cell {
        var leftChild: Int?
        var rowid: Int64?
        /// The decoded record; `nil` for an interior table cell (which has none) or a record that failed to decode.
        var values: [Value]?
        /// Whether the cell has a record that could not be read.
        var isDamaged: Bool
    }

    static let header = Array("SQLite format 3\u{0}".utf8)
    /// The page sizes SQLite allows, tried one by one when the header's own is damaged.
    static let allowedPageSizes = [512, 1_024, 2_048, 4_096, 8_192, 16_384, 32_768, 65_536]
    /// The store's trees that hold records in index pages: tables without rowid, and indexes.
    static let indexTrees = ["expense", "expense_by_id", "number_sequence", "sqlite_autoindex"]

    let pageSize: Int
    let usableSize: Int
    /// The pages the database has: as its last committed log frame says, else as many as its header declares or
    /// its file holds, whichever is more. Pages the file is too short for are missing (see `isMissing`).
    let pageCount: Int
    /// Whether the first 100 bytes are a valid SQLite header (its freelist fields can then be trusted); with a page
    /// size chosen by the caller, whether they are one apart from the page size.
    let hasValidHeader: Bool
    /// Whether the page size is the file's own (from its header or its log) rather than a guess or a choice.
    let pageSizeIsKnown: Bool
    private let main: Int32
    private let mainSize: Int
    private let log: Int32?
    private let frames: [Int: Int64]
    /// Overflow pages read so far: they belong to a record, not to a tree.
    private(set) var overflowPages = Set<Int>()
    /// Pages a tree points to beyond the last page the database has.
    private(set) var pagesBeyondTheEnd = Set<Int>()

    /// Opens the database at `url` and its log, if any, for reading, with its own page size or, when given,
    /// `chosenPageSize` (for a header whose page size is damaged).
    init(url: URL, pageSize chosenPageSize: Int? = nil) throws(StorageError) {
        main = open(url.path, O_RDONLY | O_CLOEXEC)
        guard main >= 0 else { throw FileIO.failure(.open, url) }
        var status = stat()
        mainSize = fstat(main, &status) == 0 ? Int(status.st_size) : 0
        let first = Self.read(main, count: 100, at: 0)
        let headerPageSize = Self.pageSize(in: first)
        let hasMagic = first.count == 100 && Array(first.prefix(16)) == Self.header
        hasValidHeader = hasMagic && (headerPageSize != nil || chosenPageSize != nil)
        let logDescriptor = open(url.path + "-wal", O_RDONLY | O_CLOEXEC)
        let wal = logDescriptor >= 0 ? Self.committedFrames(in: logDescriptor) : nil
        if logDescriptor >= 0, wal == nil { _ = close(logDescriptor) }
        log = wal == nil ? nil : logDescriptor
        let size: Int
        if let chosenPageSize {
            size = chosenPageSize
        } else if hasValidHeader, let headerPageSize {
            size = headerPageSize
        } else if let wal {
            size = wal.pageSize
        } else {
            size = Self.likelyPageSize(of: main, fileSize: mainSize)
        }
        pageSize = size
        pageSizeIsKnown = chosenPageSize == nil && (hasValidHeader || wal != nil)
        let reserved = hasValidHeader ? Int(first[20]) : 0
        usableSize = max(480, size - reserved)
        frames = wal?.pageSize == size ? wal?.frames ?? [:] : [:]
        let committedSize = wal?.pageSize == size ? wal?.databasePages ?? 0 : 0
        // The header's page count holds when the version-valid-for number equals the change counter.
        let declared = hasValidHeader && Self.u32(first, 24) == Self.u32(first, 92) ? Int(Self.u32(first, 28)) : 0
        pageCount = committedSize > 0 ? committedSize : max(mainSize / size, declared)
    }

    /// Whether page `number` belongs to the database but is in neither the file nor its log: the file was cut short.
    func isMissing(_ number: Int) -> Bool {
        number >= 1 && number <= pageCount && frames[number] == nil
            && Int64(number) * Int64(pageSize) > Int64(mainSize)
    }

    deinit {
        _ = close(main)
        if let log { _ = close(log) }
    }

    // MARK: Pages

    /// The bytes of page `number` (1-based) as the last commit left it, or `nil` when it lies beyond the file.
    func page(_ number: Int) -> [UInt8]? {
        guard number >= 1, number <= pageCount else { return nil }
        if let log, let offset = frames[number] {
            let bytes = Self.read(log, count: pageSize, at: offset)
            return bytes.count == pageSize ? bytes : nil
        }
        let bytes = Self.read(main, count: pageSize, at: Int64(number - 1) * Int64(pageSize))
        return bytes.count == pageSize ? bytes : nil
    }

    /// Page `number` parsed as a b-tree page, or `nil` when it is not one (damaged, or a page of another kind).
    func treePage(_ number: Int) -> TreePage? {
        guard let bytes = page(number) else { return nil }
        let start = number == 1 ? 100 : 0
        let kind = bytes[start]
        guard [2, 5, 10, 13].contains(kind) else { return nil }
        let interior = kind == 2 || kind == 5
        let headerSize = interior ? 12 : 8
        let cellCount = Int(Self.u16(bytes, start + 3))
        let pointers = start + headerSize
        guard pointers + 2 * cellCount <= usableSize else { return nil }
        let contentStart = Int(Self.u16(bytes, start + 5))
        guard contentStart == 0 || (contentStart >= pointers + 2 * cellCount && contentStart <= usableSize) else {
            return nil
        }
        var offsets: [Int] = []
        var bad = 0
        for index in 0..<cellCount {
            let offset = Int(Self.u16(bytes, pointers + 2 * index))
            if offset >= pointers + 2 * cellCount, offset < usableSize { offsets.append(offset) } else { bad += 1 }
        }
        var right: Int?
        if interior {
            let child = Int(Self.u32(bytes, start + 8))
            guard child >= 1, child <= pageCount else { return nil }
            right = child
        }
        return TreePage(
            number: number, kind: kind, cellOffsets: offsets, rightChild: right, bytes: bytes, badPointers: bad)
    }

    /// The cells of `page`, each decoded on its own so that one damaged cell costs only itself.
    func cells(of page: TreePage) -> [Cell] {
        page.cellOffsets.map { cell(of: page, at: $0) }
    }

    private func cell(of page: TreePage, at offset: Int) -> Cell {
        let bytes = page.bytes
        var position = offset
        var cell = Cell(leftChild: nil, rowid: nil, values: nil, isDamaged: true)
        if page.isInterior {
            guard position + 4 <= usableSize else { return cell }
            let child = Int(Self.u32(bytes, position))
            guard child >= 1, child <= pageCount else { return cell }
            cell.leftChild = child
            position += 4
        }
        if page.kind == 5 {
            guard let (rowid, _) = Self.varint(bytes, position, limit: usableSize) else { return cell }
            cell.rowid = Int64(bitPattern: rowid)
            cell.isDamaged = false
            return cell
        }
        guard let (size, sizeLength) = Self.varint(bytes, position, limit: usableSize) else { return cell }
        position += sizeLength
        if page.kind == 13 {
            guard let (rowid, rowidLength) = Self.varint(bytes, position, limit: usableSize) else { return cell }
            cell.rowid = Int64(bitPattern: rowid)
            position += rowidLength
        }
        guard size <= UInt64(max(pageCount, 1)) * UInt64(usableSize),
            let payload = payload(bytes, at: position, size: Int(size), table: page.kind == 13),
            let values = Self.record(payload)
        else { return cell }
        cell.values = values
        cell.isDamaged = false
        return cell
    }

    /// A cell's payload: the part on the page, then its chain of overflow pages.
    private func payload(_ bytes: [UInt8], at start: Int, size: Int, table: Bool) -> [UInt8]? {
        let usable = usableSize
        let maximumLocal = table ? usable - 35 : (usable - 12) * 64 / 255 - 23
        let minimumLocal = (usable - 12) * 32 / 255 - 23
        var local = size
        if size > maximumLocal {
            let candidate = minimumLocal + (size - minimumLocal) % (usable - 4)
            local = candidate <= maximumLocal ? candidate : minimumLocal
        }
        guard start + local <= usable else { return nil }
        var payload = Array(bytes[start..<(start + local)])
        guard local < size else { return payload }
        guard start + local + 4 <= usable else { return nil }
        payload.reserveCapacity(size)
        var next = Int(Self.u32(bytes, start + local))
        var seen = Set<Int>()
        while payload.count < size {
            guard next >= 1, next <= pageCount, seen.insert(next).inserted, let overflow = page(next) else {
                return nil
            }
            overflowPages.insert(next)
            let take = min(size - payload.count, usable - 4)
            payload.append(contentsOf: overflow[4..<(4 + take)])
            next = Int(Self.u32(overflow, 0))
        }
        return payload
    }

    // MARK: Trees

    /// Visits every page of the b-tree rooted at `root`: `visit` gets each page with its cells; pages that cannot
    /// be read as part of the tree go to `damaged`. `claimed` grows by every page reached, so no page is read twice
    /// and a cycle in damaged pointers ends.
    func walk(
        root: Int, table: Bool, claimed: inout Set<Int>, damaged: inout [Int], visit: (TreePage, [Cell]) -> Void
    ) {
        var stack = [root]
        while let number = stack.popLast() {
            if number > pageCount { pagesBeyondTheEnd.insert(number) }
            guard number >= 1, number <= pageCount, claimed.insert(number).inserted else { continue }
            guard let page = treePage(number), page.isTable == table else {
                // A page the file is too short for is missing, not damaged: counted apart.
                if !isMissing(number) { damaged.append(number) }
                continue
            }
            let cells = cells(of: page)
            if page.isInterior {
                if let right = page.rightChild { stack.append(right) }
                stack.append(contentsOf: cells.compactMap(\.leftChild).reversed())
            }
            if page.badPointers > 0 || cells.contains(where: \.isDamaged) { damaged.append(number) }
            visit(page, cells)
        }
    }

    /// The root page of each table and index, by name, from the schema table on page 1; empty when it is
    /// unreadable.
    func roots() -> [String: Int] {
        var claimed = Set<Int>()
        var damaged: [Int] = []
        var roots: [String: Int] = [:]
        walk(root: 1, table: true, claimed: &claimed, damaged: &damaged) { _, cells in
            for cell in cells {
                guard let values = cell.values, values.count == 5, let name = values[1].text,
                    let root = values[3].integer, root >= 1
                else { continue }
                roots[name] = Int(root)
            }
        }
        return roots
    }

    /// The pages on the freelist (once used, now free: their old contents are not rows).
    func freePages() -> Set<Int> {
        guard hasValidHeader, let first = page(1) else { return [] }
        var free = Set<Int>()
        var trunk = Int(Self.u32(first, 32))
        while trunk >= 1, trunk <= pageCount, free.insert(trunk).inserted, let bytes = page(trunk) {
            let count = Int(Self.u32(bytes, 4))
            guard count <= usableSize / 4 - 2 else { break }
            for index in 0..<count {
                let leaf = Int(Self.u32(bytes, 8 + 4 * index))
                if leaf >= 1, leaf <= pageCount { free.insert(leaf) }
            }
            trunk = Int(Self.u32(bytes, 0))
        }
        return free
    }

    /// The tables and indexes that the pages named in SQLite's check `findings` belong to, in the order found;
    /// empty when the file cannot be read.
    static func objects(damagedIn findings: [String], of url: URL) -> [String] {
        guard let file = try? DatabaseFile(url: url) else { return [] }
        return file.objects(named: findings)
    }

    /// The tables and indexes that the pages named in `findings` belong to, in the order found.
    func objects(named findings: [String]) -> [String] {
        var owners: [Int: String] = [:]
        var claimed = Set<Int>()
        for (name, root) in roots().sorted(by: { $0.value < $1.value }) {
            var reached: [Int] = []
            walkPages(root: root, claimed: &claimed, reached: &reached)
            for page in reached where owners[page] == nil { owners[page] = name }
        }
        var objects: [String] = []
        for finding in findings {
            let named = Self.pageNumbers(in: finding).compactMap { owners[$0] } + Self.objectNames(in: finding)
            for owner in named where !objects.contains(owner) { objects.append(owner) }
        }
        return objects
    }

    /// The tables and indexes a finding names: `row 77 missing from index expense_by_id`,
    /// `wrong # of entries in index expense_by_id`, `NULL value in expense.title`.
    static func objectNames(in finding: String) -> [String] {
        let words = finding.split(separator: " ").map(String.init)
        var names: [String] = []
        for (index, word) in words.enumerated() where index + 1 < words.count {
            if word == "index" {
                names.append(words[index + 1])
            } else if word == "in", let table = words[index + 1].split(separator: ".").first,
                words[index + 1].contains(".")
            {
                names.append(String(table))
            }
        }
        return names
    }

    /// The tables and indexes with a page or a record that cannot be read, in the order of their root pages.
    func damagedObjects() -> [String] {
        var objects: [String] = []
        var claimed = Set<Int>()
        for (name, root) in roots().sorted(by: { $0.value < $1.value }) {
            var damaged: [Int] = []
            let table = treePage(root)?.isTable ?? !Self.indexTrees.contains { name.hasPrefix($0) }
            walk(root: root, table: table, claimed: &claimed, damaged: &damaged) { _, _ in }
            if !damaged.isEmpty { objects.append(name) }
        }
        return objects
    }

    /// Every page reached from `root`, including those that cannot be read, without decoding any record.
    private func walkPages(root: Int, claimed: inout Set<Int>, reached: inout [Int]) {
        var stack = [root]
        while let number = stack.popLast() {
            guard number >= 1, number <= pageCount, claimed.insert(number).inserted else { continue }
            reached.append(number)
            guard let page = treePage(number), page.isInterior else { continue }
            if let right = page.rightChild { stack.append(right) }
            for offset in page.cellOffsets where offset + 4 <= usableSize {
                stack.append(Int(Self.u32(page.bytes, offset)))
            }
        }
    }

    /// The page numbers a finding mentions: `Page 7: ...`, `On tree page 6 cell 96: ...`, `Tree 2 page 2 ...`.
    static func pageNumbers(in finding: String) -> [Int] {
        let words = finding.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        var numbers: [Int] = []
        for (index, word) in words.enumerated() where word.lowercased() == "page" && index + 1 < words.count {
            if let number = Int(words[index + 1]) { numbers.append(number) }
        }
        return numbers
    }

    // MARK: Records

    /// Decodes a record: a header of serial types, then the values.
    static func record(_ payload: [UInt8]) -> [Value]? {
        guard let (headerSize, headerLength) = varint(payload, 0, limit: payload.count),
            headerSize >= UInt64(headerLength), headerSize <= UInt64(payload.count)
        else { return nil }
        var types: [UInt64] = []
        var position = headerLength
        while position < Int(headerSize) {
            guard let (type, length) = varint(payload, position, limit: Int(headerSize)) else { return nil }
            types.append(type)
            position += length
        }
        var values: [Value] = []
        var body = Int(headerSize)
        for type in types {
            let length: Int
            switch type {
            case 0, 8, 9: length = 0
            case 1...4: length = Int(type)
            case 5: length = 6
            case 6, 7: length = 8
            case 10, 11: return nil
            default: length = Int((type - 12) / 2)
            }
            guard length >= 0, body + length <= payload.count else { return nil }
            let bytes = payload[body..<(body + length)]
            switch type {
            case 0: values.append(.null)
            case 8: values.append(.integer(0))
            case 9: values.append(.integer(1))
            case 1...6:
                var value = Int64(Int8(bitPattern: bytes.first ?? 0))
                for byte in bytes.dropFirst() { value = value << 8 | Int64(byte) }
                values.append(.integer(value))
            case 7:
                values.append(.real(Double(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })))
            default:
                values.append(type % 2 == 0 ? .blob(Array(bytes)) : .text(String(decoding: bytes, as: UTF8.self)))
            }
            body += length
        }
        return values
    }

    /// A SQLite variable-length integer at `start`: its value and length, or `nil` past `limit`.
    static func varint(_ bytes: [UInt8], _ start: Int, limit: Int) -> (UInt64, Int)? {
        var value: UInt64 = 0
        for index in 0..<8 {
            guard start + index < min(limit, bytes.count) else { return nil }
            let byte = bytes[start + index]
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return (value, index + 1) }
        }
        guard start + 8 < min(limit, bytes.count) else { return nil }
        return (value << 8 | UInt64(bytes[start + 8]), 9)
    }

    // MARK: File plumbing

    static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        guard offset + 4 <= bytes.count else { return 0 }
        return bytes[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    private static func read(_ descriptor: Int32, count: Int, at offset: Int64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var total = 0
        while total < count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + total, count - total, off_t(offset) + off_t(total))
            }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }
            total += got
        }
        return total == count ? bytes : Array(bytes.prefix(total))
    }

    /// The page size a header names, when it is a valid one.
    private static func pageSize(in header: [UInt8]) -> Int? {
        guard header.count >= 18 else { return nil }
        let raw = Int(u16(header, 16))
        let size = raw == 1 ? 65_536 : raw
        return size >= 512 && size <= 65_536 && size & (size - 1) == 0 ? size : nil
    }

    /// With the header destroyed, the page size under which the largest share of pages look like b-tree pages.
    private static func likelyPageSize(of descriptor: Int32, fileSize: Int) -> Int {
        var best = (size: 4_096, share: -1)
        for size in [4_096, 16_384, 8_192, 1_024, 2_048, 32_768, 65_536, 512] where fileSize >= 2 * size {
            let pages = min(fileSize / size, 256)
            var looking = 0
            for number in 1..<pages {
                let bytes = read(descriptor, count: 8, at: Int64(number) * Int64(size))
                if bytes.count == 8, [2, 5, 10, 13].contains(bytes[0]), Int(u16(bytes, 5)) <= size { looking += 1 }
            }
            let share = looking * 1_000 / (pages - 1)
            if share > best.share { best = (size, share) }
        }
        return best.size
    }

    /// The committed frames of a write-ahead log: for each page, where its latest committed version starts.
    private static func committedFrames(
        in descriptor: Int32
    ) -> (pageSize: Int, frames: [Int: Int64], databasePages: Int)? {
        let header = read(descriptor, count: 32, at: 0)
        guard header.count == 32 else { return nil }
        let magic = u32(header, 0)
        guard magic == 0x377F_0682 || magic == 0x377F_0683 else { return nil }
        let bigEndian = magic & 1 == 1
        let size = Int(u32(header, 8))
        guard size >= 512, size <= 65_536, size & (size - 1) == 0 else { return nil }
        var sums = checksum(header[0..<24], (0, 0), bigEndian: bigEndian)
        guard sums.0 == u32(header, 24), sums.1 == u32(header, 28) else { return nil }
        let salts = Array(header[16..<24])
        var committed: [Int: Int64] = [:]
        var pending: [Int: Int64] = [:]
        var databasePages = 0
        var offset: Int64 = 32
        while true {
            let frameHeader = read(descriptor, count: 24, at: offset)
            let content = read(descriptor, count: size, at: offset + 24)
            guard frameHeader.count == 24, content.count == size, Array(frameHeader[8..<16]) == salts else { break }
            sums = checksum(frameHeader[0..<8], sums, bigEndian: bigEndian)
            sums = checksum(content[...], sums, bigEndian: bigEndian)
            guard sums.0 == u32(frameHeader, 16), sums.1 == u32(frameHeader, 20) else { break }
            pending[Int(u32(frameHeader, 0))] = offset + 24
            let commitSize = Int(u32(frameHeader, 4))
            if commitSize > 0 {
                committed.merge(pending) { $1 }
                pending = [:]
                databasePages = commitSize
            }
            offset += Int64(24 + size)
        }
        return (size, committed, databasePages)
    }

    /// The log's running checksum over `bytes` (a multiple of 8 bytes).
    private static func checksum(
        _ bytes: ArraySlice<UInt8>, _ start: (UInt32, UInt32), bigEndian: Bool
    ) -> (UInt32, UInt32) {
        var (first, second) = start
        var index = bytes.startIndex
        while index + 8 <= bytes.endIndex {
            let word = { (at: Int) -> UInt32 in
                let part = bytes[at..<(at + 4)]
                return bigEndian
                    ? part.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                    : part.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            }
            first = first &+ word(index) &+ second
            second = second &+ word(index + 4) &+ first
            index += 8
        }
        return (first, second)
    }
}
