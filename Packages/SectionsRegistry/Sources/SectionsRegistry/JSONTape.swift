public import Foundation

/// A validated JSON document as a flat list of nodes in document order: the input of the fast decoding path.
///
/// Containers are followed by their children; each node knows where its subtree ends, so a decoder can skip a
/// value without looking at it. Strings and numbers stay byte ranges until a model asks for them.
struct JSONTape {
    enum Kind: UInt8 {
        case object
        case array
        case string
        case number
        case trueLiteral
        case falseLiteral
        case null
    }

    struct Node {
        let kind: Kind
        /// Strings: the contents between the quotes. Numbers: the literal. Others: unused.
        let range: Range<Int>
        /// Strings only: whether the contents hold escapes and must be decoded.
        let hasEscapes: Bool
        /// The index of the first node after this subtree.
        var next: Int
        /// Containers only: the number of elements (arrays) or members (objects).
        var count: Int
        /// Member names only: what snake_case conversion needs to know, worked out once while parsing.
        var snakeCase = SnakeCaseShape.unchanged
    }

    /// How `convertFromSnakeCase` treats a member name.
    enum SnakeCaseShape: Equatable {
        /// No underscore between letters: the name stays as it is.
        case unchanged
        /// Words to join; the letters run from `first` to `last` (absolute byte offsets), and the joined name has
        /// `length` bytes.
        case joins(first: Int, last: Int, length: Int)
        /// Underscores next to characters other than ASCII letters, or escapes: leave it to Foundation.
        case unsupported
    }

    let bytes: [UInt8]
    private(set) var nodes: [Node]

    /// Parses `bytes`, or returns nil when they are not exactly one valid JSON value (or nest deeper than
    /// `maxDepth`); the caller then leaves the document to Foundation, which reports the error.
    init?(bytes: [UInt8], maxDepth: Int = 128) {
        self.bytes = bytes
        nodes = []
        nodes.reserveCapacity(bytes.count / 6 + 1)
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth)
        do {
            try parse(&scanner)
        } catch {
            return nil
        }
    }

    private mutating func parse(_ scanner: inout JSONScanner) throws(JSONScanError) {
        // Open containers: node index and whether it is an object.
        var open: [(node: Int, isObject: Bool)] = []
        while true {
            scanner.skipWhitespace()
            guard let byte = scanner.peek() else { throw .malformed(offset: scanner.offset) }
            let start = scanner.offset
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                guard open.count < scanner.maxDepth else { throw .tooDeep(offset: start) }
                _ = scanner.consume(byte)
                nodes.append(
                    Node(kind: isObject ? .object : .array, range: start..<start, hasEscapes: false, next: 0, count: 0))
                scanner.skipWhitespace()
                if scanner.consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    nodes[nodes.count - 1].next = nodes.count
                } else {
                    open.append((nodes.count - 1, isObject))
                    if isObject { try appendMemberName(&scanner) }
                    continue
                }
            case UInt8(ascii: "\""):
                let string = try scanner.scanStringRange()
                nodes.append(
                    Node(
                        kind: .string, range: string.contents, hasEscapes: string.hasEscapes, next: nodes.count + 1,
                        count: 0))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanner.skipNumber()
                nodes.append(
                    Node(
                        kind: .number, range: start..<scanner.offset, hasEscapes: false, next: nodes.count + 1, count: 0
                    ))
            case UInt8(ascii: "t"):
                try scanner.skipLiteral("true")
                nodes.append(
                    Node(
                        kind: .trueLiteral, range: start..<scanner.offset, hasEscapes: false, next: nodes.count + 1,
                        count: 0))
            case UInt8(ascii: "f"):
                try scanner.skipLiteral("false")
                nodes.append(
                    Node(
                        kind: .falseLiteral, range: start..<scanner.offset, hasEscapes: false, next: nodes.count + 1,
                        count: 0))
            case UInt8(ascii: "n"):
                try scanner.skipLiteral("null")
                nodes.append(
                    Node(kind: .null, range: start..<scanner.offset, hasEscapes: false, next: nodes.count + 1, count: 0)
                )
            default:
                throw .malformed(offset: start)
            }
            // A value is complete: count it, then close containers or move on to the next element.
            var needsValue = false
            while let (container, isObject) = open.last, !needsValue {
                scanner.skipWhitespace()
                if scanner.consume(UInt8(ascii: ",")) {
                    nodes[container].count += 1
                    if isObject { try appendMemberName(&scanner) }
                    needsValue = true
                } else if scanner.consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    nodes[container].count += 1
                    nodes[container].next = nodes.count
                    open.removeLast()
                } else {
                    throw .malformed(offset: scanner.offset)
                }
            }
            if open.isEmpty { break }
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw .malformed(offset: scanner.offset) }
    }

    /// Appends the name of an object member as a string node and consumes the colon after it.
    private mutating func appendMemberName(_ scanner: inout JSONScanner) throws(JSONScanError) {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "\"") else { throw .malformed(offset: scanner.offset) }
        let name = try scanner.scanStringRange()
        var node = Node(
            kind: .string, range: name.contents, hasEscapes: name.hasEscapes, next: nodes.count + 1, count: 0)
        node.snakeCase = name.hasEscapes ? .unsupported : Self.snakeCaseShape(of: bytes[name.contents])
        nodes.append(node)
        scanner.skipWhitespace()
        try scanner.expect(UInt8(ascii: ":"))
    }

    private static func snakeCaseShape(of name: ArraySlice<UInt8>) -> SnakeCaseShape {
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

    /// The string at node `index`, decoded; nil when it is not a string.
    func string(at index: Int) -> String? {
        let node = nodes[index]
        guard node.kind == .string else { return nil }
        guard node.hasEscapes else {
            // The scanner validated the UTF-8, so this is lossless.
            return String(decoding: bytes[node.range], as: UTF8.self)
        }
        var scanner = JSONScanner(bytes: bytes, maxDepth: 0, offset: node.range.lowerBound - 1)
        return try? scanner.readString()
    }

    /// Whether the string at node `index` is exactly `text`, without making a `String`.
    func stringEquals(_ index: Int, _ text: String) -> Bool {
        let node = nodes[index]
        guard !node.hasEscapes else { return string(at: index) == text }
        return bytes[node.range].elementsEqual(text.utf8)
    }

    /// The indices of the member names of the object at `index` (each value is at name + 1).
    func memberNames(of index: Int) -> [Int] {
        var names: [Int] = []
        names.reserveCapacity(nodes[index].count)
        var cursor = index + 1
        for _ in 0..<nodes[index].count {
            names.append(cursor)
            cursor = nodes[cursor + 1].next
        }
        return names
    }

    /// The indices of the elements of the array at `index`.
    func elements(of index: Int) -> [Int] {
        var elements: [Int] = []
        elements.reserveCapacity(nodes[index].count)
        var cursor = index + 1
        for _ in 0..<nodes[index].count {
            elements.append(cursor)
            cursor = nodes[cursor].next
        }
        return elements
    }
}

/// What the fast decoding path costs in memory, for the benchmarks that decide whether it earns its keep; not an
/// API to build on.
@_spi(Benchmarks) public enum FastDecodingMeasurements {
    /// The bytes the tape of `content` holds (its reserved capacity), or nil when the fast path would not build a
    /// tape for it and leaves it to `JSONDecoder`.
    public static func tapeBytes(for content: Data) -> Int? {
        guard let tape = JSONTape(bytes: Array(content)) else { return nil }
        return tape.nodes.capacity * MemoryLayout<JSONTape.Node>.stride
    }
}
