public import Foundation

/// One record of a CSV file: its fields, and the physical line it starts on (a quoted field may span lines).
public struct CSVRow: Hashable, Sendable {
    /// The fields, unquoted.
    public var fields: [String]
    /// The 1-based line of the file on which the record starts.
    public var line: Int

    /// Creates a row.
    public init(fields: [String], line: Int) {
        self.fields = fields
        self.line = line
    }
}

/// The limits a ``CSVReader`` enforces, so that a hostile file (a gigabyte on one line, a million commas) is refused
/// with a typed error after reading at most a row's worth of it.
public struct CSVLimits: Hashable, Sendable {
    /// The largest field, in UTF-8 bytes after unquoting.
    public var maximumFieldBytes: Int
    /// The most fields in one record.
    public var maximumFieldsPerRow: Int
    /// The largest record, in bytes as written (quotes and delimiters included).
    public var maximumRowBytes: Int

    /// Creates limits; the defaults fit any sensible spreadsheet export.
    public init(maximumFieldBytes: Int = 1 << 20, maximumFieldsPerRow: Int = 1_024, maximumRowBytes: Int = 4 << 20) {
        self.maximumFieldBytes = maximumFieldBytes
        self.maximumFieldsPerRow = maximumFieldsPerRow
        self.maximumRowBytes = maximumRowBytes
    }
}

/// How a ``CSVReader`` reads.
public struct CSVReadingOptions: Hashable, Sendable {
    /// The field separator: `,` by RFC 4180, `;` in spreadsheets of locales with a decimal comma.
    public var delimiter: UInt8
    /// Skips lines with nothing on them instead of returning a row with one empty field.
    public var skipsEmptyLines: Bool
    /// Removes the `'` a ``CSVWriter`` put in front of a field that a spreadsheet would run as a formula.
    public var undoesFormulaDefusing: Bool
    /// The limits.
    public var limits: CSVLimits

    /// Creates options.
    public init(
        delimiter: UInt8 = UInt8(ascii: ","), skipsEmptyLines: Bool = true, undoesFormulaDefusing: Bool = false,
        limits: CSVLimits = CSVLimits()
    ) {
        self.delimiter = delimiter
        self.skipsEmptyLines = skipsEmptyLines
        self.undoesFormulaDefusing = undoesFormulaDefusing
        self.limits = limits
    }
}

/// Why a CSV file was refused, with the line to look at.
public enum CSVProblem: Hashable, Sendable {
    /// A quoted field opened on `line` never closes.
    case unterminatedQuote(line: Int)
    /// A quoted field closed on `line` and text other than a delimiter or a line break follows its quote.
    case textAfterClosingQuote(line: Int)
    /// A field of the record starting on `line` exceeds ``CSVLimits/maximumFieldBytes``.
    case fieldTooLarge(line: Int, limit: Int)
    /// The record starting on `line` has more than ``CSVLimits/maximumFieldsPerRow`` fields.
    case tooManyFields(line: Int, limit: Int)
    /// The record starting on `line` exceeds ``CSVLimits/maximumRowBytes``.
    case rowTooLarge(line: Int, limit: Int)
    /// A field of the record starting on `line` is not valid UTF-8.
    case invalidUTF8(line: Int)
}

/// Reads RFC 4180 CSV a record at a time from any byte source, in bounded memory.
///
/// - Records end with CRLF or LF; a quoted field may hold delimiters, line breaks and `""` (one quote). A `"`
///   inside an unquoted field is kept as it is. A UTF-8 byte-order mark at the start is skipped.
/// - Memory is bounded by one chunk (64 KiB) plus one record (``CSVLimits/maximumRowBytes``), whatever the size of
///   the file: `peakBufferedByteCount` shows it.
/// - Every problem is a typed `StorageError.invalidCSV` naming the line; after one, the reader keeps throwing it.
/// - A cancelled task stops the reading at the next chunk with ``StorageError/cancelled``.
public struct CSVReader<Source: CSVByteSource> {
    private enum State {
        case fieldStart
        case unquoted
        case quoted
        case quoteInQuoted
        case carriageReturn
    }

    /// How many bytes the reader asks its source for at a time.
    public static var chunkSize: Int { 64 * 1_024 }

    private var source: Source
    private let options: CSVReadingOptions
    private var chunk: [UInt8] = []
    private var position = 0
    private var state = State.fieldStart
    private var field: [UInt8] = []
    private var fields: [String] = []
    private var line = 1
    private var rowLine = 1
    private var quoteLine = 1
    private var rowBytes = 0
    /// Whether the record has anything besides its line break: a byte, a delimiter or a quote.
    private var rowHasContent = false
    private var ended = false
    private var atStart = true
    private var failure: StorageError?
    /// The most bytes held at once: the unread part of the chunk plus the record being assembled.
    public private(set) var peakBufferedByteCount = 0
    /// Bytes taken from the source so far.
    public private(set) var consumedByteCount = 0

    /// A reader of `source`.
    public init(source: Source, options: CSVReadingOptions = CSVReadingOptions()) {
        self.source = source
        self.options = options
    }

    /// The bytes held right now: the unread part of the chunk plus the record being assembled.
    public var bufferedByteCount: Int {
        (chunk.count - position) + field.count + fields.reduce(0) { $0 + $1.utf8.count }
    }

    /// The next record, or `nil` after the last one.
    public mutating func nextRow() async throws(StorageError) -> CSVRow? {
        if let failure { throw failure }
        do throws(StorageError) {
            while true {
                if position == chunk.count {
                    if ended { return try finishAtEnd() }
                    try await refill()
                    continue
                }
                if let row = try scan() { return row }
            }
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func refill() async throws(StorageError) {
        guard !Task.isCancelled else { throw .cancelled }
        chunk = try await source.nextBytes(maximumCount: Self.chunkSize)
        position = 0
        consumedByteCount += chunk.count
        if chunk.isEmpty { ended = true }
        if atStart, chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF {
            position = 3
        }
        atStart = false
        peakBufferedByteCount = max(peakBufferedByteCount, bufferedByteCount)
    }

    /// Scans the current chunk until a record ends (returned) or the chunk runs out (`nil`).
    private mutating func scan() throws(StorageError) -> CSVRow? {
        let delimiter = options.delimiter
        let quote = UInt8(ascii: "\"")
        let newline = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        while position < chunk.count {
            let byte = chunk[position]
            position += 1
            rowBytes += 1
            if rowBytes > options.limits.maximumRowBytes {
                throw .invalidCSV(.rowTooLarge(line: rowLine, limit: options.limits.maximumRowBytes))
            }
            switch state {
            case .fieldStart, .unquoted:
                if byte == delimiter {
                    try endField()
                    state = .fieldStart
                } else if byte == newline {
                    line += 1
                    if let row = try endRow() { return row }
                } else if byte == carriageReturn {
                    state = .carriageReturn
                } else if byte == quote, state == .fieldStart {
                    quoteLine = line
                    rowHasContent = true
                    state = .quoted
                } else {
                    try append(byte)
                    state = .unquoted
                }
            case .quoted:
                if byte == quote {
                    state = .quoteInQuoted
                } else {
                    if byte == newline { line += 1 }
                    try append(byte)
                }
            case .quoteInQuoted:
                if byte == quote {
                    try append(quote)
                    state = .quoted
                } else if byte == delimiter {
                    try endField()
                    state = .fieldStart
                } else if byte == newline {
                    line += 1
                    if let row = try endRow() { return row }
                } else if byte == carriageReturn {
                    state = .carriageReturn
                } else {
                    throw .invalidCSV(.textAfterClosingQuote(line: line))
                }
            case .carriageReturn:
                if byte == newline {
                    line += 1
                    if let row = try endRow() { return row }
                } else {
                    // A carriage return without a line feed is part of the field.
                    try append(carriageReturn)
                    position -= 1
                    rowBytes -= 1
                    state = .unquoted
                }
            }
        }
        peakBufferedByteCount = max(peakBufferedByteCount, bufferedByteCount)
        return nil
    }

    /// At the end of the source: the last record (without a final line break, or ending in a lone carriage
    /// return), or the end.
    private mutating func finishAtEnd() throws(StorageError) -> CSVRow? {
        if state == .quoted { throw .invalidCSV(.unterminatedQuote(line: quoteLine)) }
        guard rowHasContent else { return nil }
        return try endRow()
    }

    private mutating func append(_ byte: UInt8) throws(StorageError) {
        rowHasContent = true
        field.append(byte)
        if field.count > options.limits.maximumFieldBytes {
            throw .invalidCSV(.fieldTooLarge(line: rowLine, limit: options.limits.maximumFieldBytes))
        }
    }

    private mutating func endField() throws(StorageError) {
        rowHasContent = true
        guard fields.count < options.limits.maximumFieldsPerRow else {
            throw .invalidCSV(.tooManyFields(line: rowLine, limit: options.limits.maximumFieldsPerRow))
        }
        guard var text = String(bytes: field, encoding: .utf8) else { throw .invalidCSV(.invalidUTF8(line: rowLine)) }
        if options.undoesFormulaDefusing { text = CSVFormulas.undefused(text) }
        fields.append(text)
        peakBufferedByteCount = max(peakBufferedByteCount, bufferedByteCount)
        field.removeAll(keepingCapacity: field.count <= 4_096)
    }

    /// Ends the record; `nil` for an empty line that is skipped.
    private mutating func endRow() throws(StorageError) -> CSVRow? {
        defer {
            state = .fieldStart
            fields = []
            field.removeAll(keepingCapacity: field.count <= 4_096)
            rowBytes = 0
            rowHasContent = false
            rowLine = line
        }
        if !rowHasContent, options.skipsEmptyLines { return nil }
        try endField()
        return CSVRow(fields: fields, line: rowLine)
    }
}

extension CSVReader where Source == CSVFileSource {
    /// A reader of the file at `url`.
    public init(contentsOf url: URL, options: CSVReadingOptions = CSVReadingOptions()) throws(StorageError) {
        self.init(source: try CSVFileSource(url: url), options: options)
    }
}

extension CSVReader where Source == CSVDataSource {
    /// A reader of CSV text in memory.
    public init(text: String, options: CSVReadingOptions = CSVReadingOptions()) {
        self.init(source: CSVDataSource(text), options: options)
    }
}
