/// Why the scanner rejected a JSON text.
enum JSONScanError: Error, Equatable {
    /// The text breaks the JSON grammar (RFC 8259) at `offset`.
    case malformed(offset: Int)
    /// Arrays and objects nest deeper than the scanner's limit at `offset`.
    case tooDeep(offset: Int)
}

/// A validating JSON scanner that reports byte ranges instead of building values.
///
/// The envelope decoder needs each section's content as the exact bytes the server sent (re-serialising through
/// `JSONSerialization` would round large numbers) and must survive hostile nesting, so it walks the grammar
/// itself, iteratively, with a depth limit.
struct JSONScanner {
    let bytes: [UInt8]
    /// The deepest nesting of arrays and objects accepted.
    let maxDepth: Int
    /// The index of the next byte to read.
    private(set) var offset = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Whether `bytes` hold exactly one valid JSON value, surrounded by optional whitespace.
    static func isValidDocument(_ bytes: [UInt8], maxDepth: Int = 512) -> Bool {
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth)
        do {
            try scanner.skipValue(depth: 0)
            scanner.skipWhitespace()
            return scanner.isAtEnd
        } catch {
            return false
        }
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The bytes in `range`, copied out.
    func slice(_ range: Range<Int>) -> [UInt8] {
        Array(bytes[range])
    }

    /// The next byte, without consuming it.
    func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// Skips an optional UTF-8 byte order mark, which some servers prepend.
    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF, offset == 0 {
            offset = 3
        }
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// Consumes `byte` when it comes next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func expect(_ byte: UInt8) throws(JSONScanError) {
        guard consume(byte) else { throw .malformed(offset: offset) }
    }

    /// Skips one complete value at the current offset (after whitespace). `depth` is how deeply the caller is
    /// already nested, so the limit applies to the whole document.
    mutating func skipValue(depth: Int) throws(JSONScanError) {
        // true = object, false = array; a heap stack so hostile nesting cannot overflow the thread's stack.
        var open: [Bool] = []
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw .malformed(offset: offset) }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                guard depth + open.count < maxDepth else { throw .tooDeep(offset: offset) }
                offset += 1
                skipWhitespace()
                if !consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    if isObject { try skipMemberName() }
                    open.append(isObject)
                    continue
                }
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try skipNumber()
            case UInt8(ascii: "t"):
                try skipLiteral("true")
            case UInt8(ascii: "f"):
                try skipLiteral("false")
            case UInt8(ascii: "n"):
                try skipLiteral("null")
            default:
                throw .malformed(offset: offset)
            }
            // A value is complete: close every container it completes, or move on to the next element.
            var needsValue = false
            while let isObject = open.last, !needsValue {
                skipWhitespace()
                if consume(UInt8(ascii: ",")) {
                    if isObject {
                        skipWhitespace()
                        try skipMemberName()
                    }
                    needsValue = true
                } else if consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    open.removeLast()
                } else {
                    throw .malformed(offset: offset)
                }
            }
            if open.isEmpty { return }
        }
    }

    /// Skips `"name" :` inside an object.
    private mutating func skipMemberName() throws(JSONScanError) {
        try skipString()
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
    }

    private mutating func skipString() throws(JSONScanError) {
        var ignored: [UInt8]?
        try scanString(into: &ignored)
    }

    /// Reads a string and decodes its escapes. Returns nil when the next value is not a string (nothing is
    /// consumed then); throws when it is a broken string.
    mutating func readString() throws(JSONScanError) -> String? {
        guard peek() == UInt8(ascii: "\"") else { return nil }
        var decoded: [UInt8]? = []
        try scanString(into: &decoded)
        // `scanString` validated the UTF-8, so decoding is lossless.
        return String(decoding: decoded ?? [], as: UTF8.self)
    }

    /// Scans a string at the current offset; appends its decoded UTF-8 to `decoded` when that is non-nil.
    private mutating func scanString(into decoded: inout [UInt8]?) throws(JSONScanError) {
        try expect(UInt8(ascii: "\""))
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return
            case UInt8(ascii: "\\"):
                try scanEscape(into: &decoded)
            case 0x00..<0x20:
                throw .malformed(offset: offset)
            case 0x20..<0x80:
                decoded?.append(byte)
                offset += 1
            default:
                let length = try utf8SequenceLength(at: offset)
                decoded?.append(contentsOf: bytes[offset..<offset + length])
                offset += length
            }
        }
        throw .malformed(offset: offset)
    }

    private mutating func scanEscape(into decoded: inout [UInt8]?) throws(JSONScanError) {
        let start = offset
        offset += 1
        guard let byte = peek() else { throw .malformed(offset: start) }
        offset += 1
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw .malformed(offset: start)
        }
        if let simple {
            decoded?.append(simple)
            return
        }
        let unit = try readHexUnit(escapeStart: start)
        let scalarValue: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed by an escaped low surrogate.
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw .malformed(offset: start) }
            let low = try readHexUnit(escapeStart: start)
            guard (0xDC00...0xDFFF).contains(low) else { throw .malformed(offset: start) }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        case 0xDC00...0xDFFF:
            throw .malformed(offset: start)
        default:
            scalarValue = unit
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw .malformed(offset: start) }
        if decoded != nil {
            UTF8.encode(scalar) { decoded?.append($0) }
        }
    }

    private mutating func readHexUnit(escapeStart: Int) throws(JSONScanError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw .malformed(offset: escapeStart) }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .malformed(offset: escapeStart)
            }
            value = value << 4 | UInt32(digit)
        }
        offset += 4
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode table 3-7), or an error for an invalid
    /// lead byte, a bad continuation byte, an overlong form or an encoded surrogate.
    private func utf8SequenceLength(at index: Int) throws(JSONScanError) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw .malformed(offset: index)
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else {
            throw .malformed(offset: index)
        }
        for position in index + 2..<index + length where !(0x80...0xBF).contains(bytes[position]) {
            throw .malformed(offset: position)
        }
        return length
    }

    private mutating func skipNumber() throws(JSONScanError) {
        let start = offset
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) {
            guard let first = peek(), (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first) else {
                throw .malformed(offset: start)
            }
            skipDigits()
        }
        if consume(UInt8(ascii: ".")) {
            guard skipDigits() > 0 else { throw .malformed(offset: start) }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard skipDigits() > 0 else { throw .malformed(offset: start) }
        }
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            offset += 1
        }
        return offset - start
    }

    private mutating func skipLiteral(_ literal: StaticString) throws(JSONScanError) {
        let start = offset
        let expected = literal.withUTF8Buffer { Array($0) }
        guard offset + expected.count <= bytes.count, bytes[offset..<offset + expected.count].elementsEqual(expected)
        else { throw .malformed(offset: start) }
        offset += expected.count
    }
}
