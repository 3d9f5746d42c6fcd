/// Big-endian reads from one table of a font file, every one bounds-checked against the table, so a damaged or
/// hostile file ends in `FontError.truncated` naming the table instead of reading out of range.
struct FontDataReader {
    let bytes: [UInt8]
    /// Where the table starts in `bytes`.
    let base: Int
    /// The table's length; reads beyond it fail.
    let length: Int
    /// The table tag, for errors.
    let table: String

    /// A reader over `length` bytes at `base`, or `truncated` when that range is not inside `bytes`.
    init(_ bytes: [UInt8], base: Int, length: Int, table: String) throws(FontError) {
        guard base >= 0, length >= 0, base <= bytes.count, length <= bytes.count - base else {
            throw .truncated(table: table)
        }
        self.bytes = bytes
        self.base = base
        self.length = length
        self.table = table
    }

    /// Whether `count` bytes at `offset` lie inside the table.
    func contains(_ offset: Int, count: Int) -> Bool {
        offset >= 0 && count >= 0 && offset <= length && count <= length - offset
    }

    /// Throws `truncated` unless `count` bytes at `offset` lie inside the table.
    func require(_ offset: Int, count: Int) throws(FontError) {
        guard contains(offset, count: count) else { throw .truncated(table: table) }
    }

    func uint8(_ offset: Int) throws(FontError) -> UInt8 {
        try require(offset, count: 1)
        return bytes[base + offset]
    }

    func uint16(_ offset: Int) throws(FontError) -> UInt16 {
        try require(offset, count: 2)
        let at = base + offset
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    func int16(_ offset: Int) throws(FontError) -> Int16 {
        Int16(bitPattern: try uint16(offset))
    }

    func uint32(_ offset: Int) throws(FontError) -> UInt32 {
        try require(offset, count: 4)
        let at = base + offset
        return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
            | UInt32(bytes[at + 3])
    }

    /// `count` bytes at `offset`.
    func slice(_ offset: Int, count: Int) throws(FontError) -> ArraySlice<UInt8> {
        try require(offset, count: count)
        return bytes[(base + offset)..<(base + offset + count)]
    }

    /// A reader over part of this table (a subtable), checked to lie inside it.
    func subtable(at offset: Int, length: Int) throws(FontError) -> FontDataReader {
        try require(offset, count: length)
        return try FontDataReader(bytes, base: base + offset, length: length, table: table)
    }
}

/// Big-endian writes for building font tables.
struct FontDataWriter {
    var bytes: [UInt8] = []

    mutating func uint16(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    mutating func int16(_ value: Int16) {
        uint16(UInt16(bitPattern: value))
    }

    mutating func uint32(_ value: UInt32) {
        bytes.append(UInt8(value >> 24))
        bytes.append(UInt8((value >> 16) & 0xFF))
        bytes.append(UInt8((value >> 8) & 0xFF))
        bytes.append(UInt8(value & 0xFF))
    }

    /// Pads with zeros to a multiple of four bytes, as tables and glyphs are aligned.
    mutating func padToFour() {
        while bytes.count % 4 != 0 { bytes.append(0) }
    }

    /// Overwrites four bytes at `offset` with `value`.
    mutating func set(uint32 value: UInt32, at offset: Int) {
        bytes[offset] = UInt8(value >> 24)
        bytes[offset + 1] = UInt8((value >> 16) & 0xFF)
        bytes[offset + 2] = UInt8((value >> 8) & 0xFF)
        bytes[offset + 3] = UInt8(value & 0xFF)
    }

    /// Overwrites two bytes at `offset` with `value`.
    mutating func set(uint16 value: UInt16, at offset: Int) {
        bytes[offset] = UInt8(value >> 8)
        bytes[offset + 1] = UInt8(value & 0xFF)
    }
}
