public import Foundation

/// The section list of a server response, split into payloads that can be mapped and diagnostics for the
/// entries that could not even be read as sections.
public struct SectionsEnvelope: Equatable, Sendable {
    /// The readable entries, in the server's order.
    public var payloads: [SectionPayload]
    /// `positions[i]` is the index in the server's list of `payloads[i]`, so later diagnostics point at the
    /// entry the server sent even when broken entries before it were left out.
    public var positions: [Int]
    /// One diagnostic per unreadable entry, in the server's order.
    public var diagnostics: [SectionDiagnostic]

    /// Creates an envelope.
    public init(payloads: [SectionPayload], positions: [Int], diagnostics: [SectionDiagnostic]) {
        self.payloads = payloads
        self.positions = positions
        self.diagnostics = diagnostics
    }
}

/// Why a whole response could not be read. A broken entry inside a well-formed list is never one of these; it
/// becomes a diagnostic and the other entries survive.
public enum SectionEnvelopeError: Error, Hashable, Sendable {
    /// The response is larger than the decoder's limit.
    case tooLarge(bytes: Int, limit: Int)
    /// The response is not valid JSON (for example truncated); `offset` is the first bad byte.
    case malformedJSON(offset: Int)
    /// Arrays and objects nest deeper than the decoder's limit at `offset`.
    case nestingTooDeep(offset: Int)
    /// The JSON is neither a list of sections nor an object with exactly one `sections` list.
    case unexpectedShape
}

/// Reads the server's section list: `[{"id": ..., "type": ..., "content": ...}, ...]`, or the same list under a
/// `sections` member of an object (other members are ignored).
///
/// Each entry's content is kept as the exact bytes the server sent, not re-serialised, so nothing (large numbers,
/// key order) changes before the mapper sees it.
public struct SectionsEnvelopeDecoder: Sendable {
    /// Where an entry keeps its content.
    public enum Layout: Hashable, Sendable {
        /// In a `content` member: `{"id": "a", "type": "banner", "content": {"title": ...}}`.
        case wrapped
        /// Beside `id` and `type`: `{"id": "a", "type": "banner", "title": ...}`. The whole entry object is the
        /// content; mappers ignore the `id` and `type` members they do not declare.
        case flat
    }

    /// Where entries keep their content.
    public var layout: Layout
    /// The largest response accepted, in bytes.
    public var maximumBytes: Int
    /// The most entries read; the rest are reported in one `.tooManySections` diagnostic.
    public var maximumSections: Int
    /// The deepest nesting of arrays and objects accepted, counting the list itself.
    public var maximumDepth: Int

    /// Creates a decoder; the defaults are far above a real home screen and far below what hurts a phone.
    public init(
        layout: Layout = .wrapped, maximumBytes: Int = 8 << 20, maximumSections: Int = 1_000, maximumDepth: Int = 128
    ) {
        self.layout = layout
        self.maximumBytes = maximumBytes
        self.maximumSections = maximumSections
        self.maximumDepth = maximumDepth
    }

    /// Splits `data` into payloads and diagnostics.
    public func decode(_ data: Data) throws(SectionEnvelopeError) -> SectionsEnvelope {
        guard data.count <= maximumBytes else { throw .tooLarge(bytes: data.count, limit: maximumBytes) }
        var reader = EnvelopeReader(
            scanner: JSONScanner(bytes: Array(data), maxDepth: maximumDepth), layout: layout,
            maximumSections: maximumSections)
        do throws(EnvelopeReader.Failure) {
            try reader.readDocument()
        } catch {
            switch error {
            case .malformed(let offset): throw .malformedJSON(offset: offset)
            case .tooDeep(let offset): throw .nestingTooDeep(offset: offset)
            case .unexpectedShape: throw .unexpectedShape
            }
        }
        return reader.envelope
    }
}

/// The state of one decoding pass.
struct EnvelopeReader {
    enum Failure: Error {
        case malformed(offset: Int)
        case tooDeep(offset: Int)
        case unexpectedShape
    }

    /// What an entry said about one of its string members.
    private enum Field {
        case missing
        case invalid
        case value(String)

        var value: String? {
            if case .value(let string) = self { string } else { nil }
        }
    }

    var scanner: JSONScanner
    let layout: SectionsEnvelopeDecoder.Layout
    let maximumSections: Int
    private(set) var envelope = SectionsEnvelope(payloads: [], positions: [], diagnostics: [])
    private var entryCount = 0

    init(scanner: JSONScanner, layout: SectionsEnvelopeDecoder.Layout, maximumSections: Int) {
        self.scanner = scanner
        self.layout = layout
        self.maximumSections = maximumSections
    }

    mutating func readDocument() throws(Failure) {
        try scanning { (scanner: inout JSONScanner) throws(JSONScanError) in
            scanner.skipByteOrderMark()
            scanner.skipWhitespace()
        }
        let hasList: Bool
        switch scanner.peek() {
        case UInt8(ascii: "["):
            try readList(depth: 0)
            hasList = true
        case UInt8(ascii: "{"):
            hasList = try readWrapper()
        case nil:
            throw .malformed(offset: scanner.offset)
        default:
            try scanning { (scanner: inout JSONScanner) throws(JSONScanError) in try scanner.skipValue(depth: 0) }
            hasList = false
        }
        // Broken JSON is reported as such even when its shape is also wrong; only valid JSON is "unexpected".
        try expectEnd()
        guard hasList else { throw .unexpectedShape }
        if entryCount > maximumSections {
            envelope.diagnostics.append(
                SectionDiagnostic(
                    position: maximumSections, sectionID: nil, sectionType: nil,
                    problem: .tooManySections(limit: maximumSections, dropped: entryCount - maximumSections)))
        }
    }

    private mutating func expectEnd() throws(Failure) {
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw .malformed(offset: scanner.offset) }
    }

    /// `{"sections": [...], ...}`: whether it has exactly one `sections` member, and that member is a list.
    private mutating func readWrapper() throws(Failure) -> Bool {
        var lists = 0
        var otherSections = 0
        try readObject(depth: 0) { (reader: inout EnvelopeReader, name: String) throws(Failure) in
            if name == "sections", lists == 0, reader.scanner.peek() == UInt8(ascii: "[") {
                lists += 1
                try reader.readList(depth: 1)
            } else {
                if name == "sections" { otherSections += 1 }
                try reader.skipMemberValue(depth: 1)
            }
        }
        return lists == 1 && otherSections == 0
    }

    /// A list of entries; `depth` is how many containers enclose the list.
    private mutating func readList(depth: Int) throws(Failure) {
        try enter(depth: depth)
        _ = scanner.consume(UInt8(ascii: "["))
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "]")) { return }
        while true {
            try readEntry(depth: depth + 1)
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: ",")) { continue }
            if scanner.consume(UInt8(ascii: "]")) { return }
            throw .malformed(offset: scanner.offset)
        }
    }

    /// One entry of the list; `depth` is how many containers enclose it.
    private mutating func readEntry(depth: Int) throws(Failure) {
        let position = entryCount
        entryCount += 1
        scanner.skipWhitespace()
        guard position < maximumSections, scanner.peek() == UInt8(ascii: "{") else {
            try scanning { (scanner: inout JSONScanner) throws(JSONScanError) in try scanner.skipValue(depth: depth) }
            if position < maximumSections {
                envelope.diagnostics.append(
                    SectionDiagnostic(
                        position: position, sectionID: nil, sectionType: nil, problem: .invalidEntry(.notAnObject)))
            }
            return
        }
        var id = Field.missing
        var type = Field.missing
        var content: Range<Int>?
        var repeated: SectionEntryProblem.Member?
        let entryStart = scanner.offset
        let wrapped = layout == .wrapped
        try readObject(depth: depth) { (reader: inout EnvelopeReader, name: String) throws(Failure) in
            switch name {
            case "id":
                if case .missing = id {
                    id = try reader.readStringField(depth: depth + 1)
                } else {
                    repeated = repeated ?? .id
                    try reader.skipMemberValue(depth: depth + 1)
                }
            case "type":
                if case .missing = type {
                    type = try reader.readStringField(depth: depth + 1)
                } else {
                    repeated = repeated ?? .type
                    try reader.skipMemberValue(depth: depth + 1)
                }
            case "content" where wrapped:
                if content == nil {
                    let start = reader.scanner.offset
                    try reader.skipMemberValue(depth: depth + 1)
                    content = start..<reader.scanner.offset
                } else {
                    repeated = repeated ?? .content
                    try reader.skipMemberValue(depth: depth + 1)
                }
            default:
                try reader.skipMemberValue(depth: depth + 1)
            }
        }
        let validID = id.value.flatMap { SectionIDRules.isValid($0) ? $0 : nil }
        let validType = type.value.flatMap { SectionTypeName.isValid($0) ? $0 : nil }
        if !wrapped {
            // The entry is its own content.
            content = entryStart..<scanner.offset
        }
        let contentBytes = content.map { scanner.slice($0) }
        let problem: SectionEntryProblem?
        if let repeated {
            problem = .repeatedMember(repeated)
        } else if case .missing = id {
            problem = .missingID
        } else if validID == nil {
            problem = .invalidID
        } else if case .missing = type {
            problem = .missingType
        } else if validType == nil {
            problem = .invalidType
        } else if contentBytes == nil || contentBytes == Array("null".utf8) {
            problem = .missingContent
        } else {
            problem = nil
        }
        if let problem {
            envelope.diagnostics.append(
                SectionDiagnostic(
                    position: position, sectionID: validID, sectionType: validType, problem: .invalidEntry(problem)))
        } else if let validID, let validType, let contentBytes {
            envelope.payloads.append(SectionPayload(id: validID, type: validType, content: Data(contentBytes)))
            envelope.positions.append(position)
        }
    }

    /// A string member's value, or `.invalid` (consumed) when the value is not a string.
    private mutating func readStringField(depth: Int) throws(Failure) -> Field {
        let string = try scanning { (scanner: inout JSONScanner) throws(JSONScanError) -> String? in
            try scanner.readString()
        }
        if let string { return .value(string) }
        try skipMemberValue(depth: depth)
        return .invalid
    }

    private mutating func skipMemberValue(depth: Int) throws(Failure) {
        try scanning { (scanner: inout JSONScanner) throws(JSONScanError) in try scanner.skipValue(depth: depth) }
    }

    /// Reads an object at the current offset, calling `member` with the scanner positioned at each value.
    private mutating func readObject(
        depth: Int, member: (inout EnvelopeReader, String) throws(Failure) -> Void
    ) throws(Failure) {
        try enter(depth: depth)
        _ = scanner.consume(UInt8(ascii: "{"))
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "}")) { return }
        while true {
            scanner.skipWhitespace()
            let name = try scanning { (scanner: inout JSONScanner) throws(JSONScanError) -> String? in
                try scanner.readString()
            }
            guard let name else { throw .malformed(offset: scanner.offset) }
            scanner.skipWhitespace()
            guard scanner.consume(UInt8(ascii: ":")) else { throw .malformed(offset: scanner.offset) }
            scanner.skipWhitespace()
            try member(&self, name)
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: ",")) { continue }
            if scanner.consume(UInt8(ascii: "}")) { return }
            throw .malformed(offset: scanner.offset)
        }
    }

    /// Checks the depth limit before opening a container enclosed by `depth` others.
    private func enter(depth: Int) throws(Failure) {
        // The scanner's limit bounds the whole document, so the reader's own containers count too.
        guard depth < scanner.maxDepth else { throw .tooDeep(offset: scanner.offset) }
    }

    /// Runs a scanner operation, translating its errors.
    private mutating func scanning<Result>(
        _ body: (inout JSONScanner) throws(JSONScanError) -> Result
    ) throws(Failure) -> Result {
        do throws(JSONScanError) {
            return try body(&scanner)
        } catch {
            switch error {
            case .malformed(let offset): throw .malformed(offset: offset)
            case .tooDeep(let offset): throw .tooDeep(offset: offset)
            }
        }
    }
}
