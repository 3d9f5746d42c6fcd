public import Foundation

/// A validated JSON document as a compact list of slots in document order: the input of the fast decoding path.
///
/// A value takes one slot, the byte offset where it starts (its first byte tells its kind); a container takes a
/// second slot, the index of the first slot after its subtree, so a decoder can skip a value without looking at
/// it; an object member's name takes one slot before its value. Lengths, escapes and snake_case shapes are worked
/// out from the bytes when a decoder asks for them.
///
/// Memory is bounded by the input: slots are 4 bytes, and a tape never holds more than
/// `maximumBytesPerInputByte` bytes of them per input byte. A document that would need more (long runs of tiny
/// values such as `[0,0,0,...]`) gets no tape, and `JSONDecoder` decodes it.
struct JSONTape {
    enum Kind {
        case object
        case array
        case string
        case number
        case trueLiteral
        case falseLiteral
        case null
    }

    /// The cap on the tape's size, in bytes per byte of the document.
    static let maximumBytesPerInputByte = 2

    /// How a member name reads under `convertFromSnakeCase`.
    enum SnakeCaseShape: Equatable {
        /// No underscore between letters: the name stays as it is.
        case unchanged
        /// Words to join; the letters run from `first` to `last` (absolute byte offsets), and the joined name has
        /// `length` bytes.
        case joins(first: Int, last: Int, length: Int)
        /// Underscores next to characters other than ASCII letters: leave it to Foundation.
        case unsupported
    }

    /// Why a document gets no tape; the caller only needs to know that it gets none.
    private enum Failure: Error {
        case invalid
        case overBudget
    }

    let bytes: [UInt8]
    /// The most slots this tape may hold: the cap, for this document.
    let maximumSlots: Int
    /// Per value: the offset of its first byte; containers add the index of the slot after their subtree.
    private(set) var slots: [UInt32]

    /// Parses `bytes`, or returns nil when they are not exactly one valid JSON value, nest deeper than `maxDepth`,
    /// or need more slots than the cap allows; the caller then leaves the document to Foundation, which decodes it
    /// or reports the error.
    init?(bytes: [UInt8], maxDepth: Int = 128) {
        // Offsets and slot indexes are 32-bit; mappers refuse content anywhere near this size anyway.
        guard bytes.count < Int(UInt32.max) else { return nil }
        self.bytes = bytes
        maximumSlots = bytes.count * Self.maximumBytesPerInputByte / MemoryLayout<UInt32>.stride
        slots = []
        // Section content needs about half a byte of tape per byte; grow from there, never past the cap.
        slots.reserveCapacity(min(maximumSlots, bytes.count / 8 + 8))
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth)
        do throws(Failure) {
            try parse(&scanner)
        } catch {
            return nil
        }
    }

    private mutating func parse(_ scanner: inout JSONScanner) throws(Failure) {
        // The containers still open, by the index of their first slot.
        var open: [(slot: Int, isObject: Bool)] = []
        while true {
            scanner.skipWhitespace()
            guard let byte = scanner.peek() else { throw .invalid }
            let start = scanner.offset
            try append(UInt32(start))
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                let isObject = byte == UInt8(ascii: "{")
                guard open.count < scanner.maxDepth else { throw .invalid }
                _ = scanner.consume(byte)
                try append(0)
                scanner.skipWhitespace()
                if scanner.consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    slots[slots.count - 1] = UInt32(slots.count)
                } else {
                    open.append((slots.count - 2, isObject))
                    if isObject { try appendMemberName(&scanner) }
                    continue
                }
            } else {
                do throws(JSONScanError) {
                    switch byte {
                    case UInt8(ascii: "\""): try scanner.skipString()
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanner.skipNumber()
                    case UInt8(ascii: "t"): try scanner.skipLiteral("true")
                    case UInt8(ascii: "f"): try scanner.skipLiteral("false")
                    case UInt8(ascii: "n"): try scanner.skipLiteral("null")
                    default: throw .malformed(offset: start)
                    }
                } catch {
                    throw .invalid
                }
            }
            // A value is complete: close the containers it completes, or move on to the next element.
            var needsValue = false
            while let (container, isObject) = open.last, !needsValue {
                scanner.skipWhitespace()
                if scanner.consume(UInt8(ascii: ",")) {
                    if isObject { try appendMemberName(&scanner) }
                    needsValue = true
                } else if scanner.consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    slots[container + 1] = UInt32(slots.count)
                    open.removeLast()
                } else {
                    throw .invalid
                }
            }
            if open.isEmpty { break }
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw .invalid }
    }

    /// Appends one slot, growing the storage (by doubling, never past `maximumSlots`) when it is full.
    private mutating func append(_ slot: UInt32) throws(Failure) {
        guard slots.count < maximumSlots else { throw .overBudget }
        if slots.count == slots.capacity {
            slots.reserveCapacity(min(maximumSlots, slots.count * 2))
        }
        slots.append(slot)
    }

    /// Appends the name of an object member and consumes the colon after it.
    private mutating func appendMemberName(_ scanner: inout JSONScanner) throws(Failure) {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "\"") else { throw .invalid }
        try append(UInt32(scanner.offset))
        do throws(JSONScanError) {
            try scanner.skipString()
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: ":"))
        } catch {
            throw .invalid
        }
    }

    // MARK: Reading

    /// The kind of the value at slot `index`, from its first byte.
    func kind(at index: Int) -> Kind {
        switch bytes[Int(slots[index])] {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"): .trueLiteral
        case UInt8(ascii: "f"): .falseLiteral
        case UInt8(ascii: "n"): .null
        default: .number
        }
    }

    /// The slot after the value at `index` and everything inside it.
    func next(after index: Int) -> Int {
        switch bytes[Int(slots[index])] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): Int(slots[index + 1])
        default: index + 1
        }
    }

    /// The first slot inside the container at `index` (a member name, or an element), or its end when empty.
    func firstChild(of index: Int) -> Int {
        index + 2
    }

    /// The number of members (objects) or elements (arrays) of the container at `index`.
    func count(of index: Int) -> Int {
        let end = next(after: index)
        let isObject = kind(at: index) == .object
        var cursor = firstChild(of: index)
        var count = 0
        while cursor < end {
            count += 1
            cursor = next(after: isObject ? cursor + 1 : cursor)
        }
        return count
    }

    /// The contents between the quotes of the string at `index`, and whether they hold escapes.
    func stringContents(at index: Int) -> (range: Range<Int>, hasEscapes: Bool) {
        let start = Int(slots[index]) + 1
        var position = start
        var hasEscapes = false
        // The scanner validated the string, so the first unescaped quote ends it.
        while bytes[position] != UInt8(ascii: "\"") {
            if bytes[position] == UInt8(ascii: "\\") {
                hasEscapes = true
                position += 1
            }
            position += 1
        }
        return (start..<position, hasEscapes)
    }

    /// The literal of the number at `index`.
    func numberRange(at index: Int) -> Range<Int> {
        let start = Int(slots[index])
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                position += 1
            default:
                return start..<position
            }
        }
        return start..<position
    }

    /// The string at slot `index`, decoded; nil when it is not a string.
    func string(at index: Int) -> String? {
        guard kind(at: index) == .string else { return nil }
        let contents = stringContents(at: index)
        guard contents.hasEscapes else {
            // The scanner validated the UTF-8, so this is lossless.
            return String(decoding: bytes[contents.range], as: UTF8.self)
        }
        var scanner = JSONScanner(bytes: bytes, maxDepth: 0, offset: Int(slots[index]))
        return try? scanner.readString()
    }

    /// How `convertFromSnakeCase` treats the member name `name` (its contents, without quotes or escapes).
    static func snakeCaseShape(of name: ArraySlice<UInt8>) -> SnakeCaseShape {
        var first: Int?
        var last = 0
        var underscoreBetweenLetters = false
        var pendingUnderscore = false
        var onlyLetters = true
        var underscoresBetween = 0
        var pendingCount = 0
        for index in name.indices {
            let byte = name[index]
            if byte == UInt8(ascii: "_") {
                pendingUnderscore = first != nil
                if first != nil { pendingCount += 1 }
                continue
            }
            underscoresBetween += pendingCount
            pendingCount = 0
            let isLetter =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            onlyLetters = onlyLetters && isLetter
            if pendingUnderscore { underscoreBetweenLetters = true }
            pendingUnderscore = false
            if first == nil { first = index }
            last = index
        }
        guard let first, underscoreBetweenLetters else {
            // No words to join: unchanged, whatever the characters (Foundation returns such names as they are).
            return .unchanged
        }
        // Digits and other characters start words in Foundation's `capitalized`; only letters are copied here.
        return onlyLetters ? .joins(first: first, last: last, length: name.count - underscoresBetween) : .unsupported
    }
}

/// What the fast decoding path costs in memory, for the benchmarks that decide whether it earns its keep; not an
/// API to build on.
@_spi(Benchmarks) public enum FastDecodingMeasurements {
    /// The bytes the tape of `content` has allocated (as the allocator rounded them) and the bytes it fills, or
    /// nil when the fast path builds no tape for it and leaves it to `JSONDecoder`.
    public static func tapeBytes(for content: Data) -> (reserved: Int, used: Int)? {
        guard let tape = JSONTape(bytes: Array(content)) else { return nil }
        return (tape.slots.capacity * MemoryLayout<UInt32>.stride, tape.slots.count * MemoryLayout<UInt32>.stride)
    }
}
