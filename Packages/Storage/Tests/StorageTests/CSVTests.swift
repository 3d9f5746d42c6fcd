import EssentialsTesting
import Foundation
import Storage
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes made up as they are read: a pattern repeated up to a total, delivered in chunks of at most `chunk`
/// bytes, so a test reads a gigabyte without a gigabyte anywhere.
struct GeneratedSource: CSVByteSource {
    let pattern: [UInt8]
    let total: Int
    var chunk = Int.max
    private(set) var produced = 0

    init(pattern: String, total: Int, chunk: Int = .max) {
        self.pattern = Array(pattern.utf8)
        self.total = total
        self.chunk = chunk
    }

    mutating func nextBytes(maximumCount: Int) async throws(StorageError) -> [UInt8] {
        let count = min(maximumCount, chunk, total - produced)
        guard count > 0 else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for index in produced..<(produced + count) { bytes.append(pattern[index % pattern.count]) }
        produced += count
        return bytes
    }
}

/// A source of given bytes delivered in chunks of a fixed size, to put chunk boundaries everywhere.
struct ChunkedSource: CSVByteSource {
    let bytes: [UInt8]
    let chunk: Int
    var position = 0

    mutating func nextBytes(maximumCount: Int) async throws(StorageError) -> [UInt8] {
        let end = min(bytes.count, position + min(chunk, maximumCount))
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

@Suite("Storage: CSV")
struct CSVTests {
    private func rows(_ text: String, options: CSVReadingOptions = CSVReadingOptions()) async throws -> [CSVRow] {
        try await rows(of: CSVReader(text: text, options: options))
    }

    private func rows<Source>(of reader: CSVReader<Source>) async throws -> [CSVRow] {
        var reader = reader
        var rows: [CSVRow] = []
        while let row = try await reader.nextRow() { rows.append(row) }
        return rows
    }

    private func csvError(_ text: String, options: CSVReadingOptions = CSVReadingOptions()) async -> StorageError? {
        await storageError { _ = try await rows(text, options: options) }
    }

    static let documents: [(String, [[String]], [Int])] = [
        ("a,b,c\r\n1,2,3\r\n", [["a", "b", "c"], ["1", "2", "3"]], [1, 2]),
        ("a,b\n1,2", [["a", "b"], ["1", "2"]], [1, 2]),
        (
            "name,comment\n\"Smith, J\",\"said \"\"hi\"\"\nthen left\"\nnext,row\n",
            [["name", "comment"], ["Smith, J", "said \"hi\"\nthen left"], ["next", "row"]], [1, 2, 4]
        ),
        (",,\n", [["", "", ""]], [1]),
        ("\"\"\n", [[""]], [1]),
        ("a\n\n\r\nb\n", [["a"], ["b"]], [1, 4]),
        ("\u{FEFF}id,title\n1,Coffee\n", [["id", "title"], ["1", "Coffee"]], [1, 2]),
        ("a\rb,c\n", [["a\rb", "c"]], [1]),
        ("5\" screen,x\n", [["5\" screen", "x"]], [1]),
        ("a,b\r", [["a", "b"]], [1]),
        ("\"multi\r\nline\",x\r\ny\r\n", [["multi\r\nline", "x"], ["y"]], [1, 3]),
        ("ümlaut,👩‍👩‍👧,\"日本\"\n", [["ümlaut", "👩‍👩‍👧", "日本"]], [1]),
        ("", [], []),
        ("\n\n\r\n", [], []),
    ]

    @Test(arguments: documents)
    func recordsFollowRFC4180(document: (String, [[String]], [Int])) async throws {
        let read = try await rows(document.0)
        #expect(read.map(\.fields) == document.1)
        #expect(read.map(\.line) == document.2)
    }

    @Test func everyChunkBoundaryGivesTheSameRows() async throws {
        let text = "\u{FEFF}id;\"semi;colon\";\"a \"\"quote\"\"\"\r\n\r\n2;\"line\r\nbreak\";x\ry\n3;;\"\"\r\n"
        let options = CSVReadingOptions(delimiter: UInt8(ascii: ";"))
        let expected = try await rows(text, options: options)
        #expect(
            expected.map(\.fields) == [
                ["id", "semi;colon", "a \"quote\""], ["2", "line\r\nbreak", "x\ry"], ["3", "", ""],
            ])
        #expect(expected.map(\.line) == [1, 3, 5])
        for chunk in 1...9 {
            let reader = CSVReader(source: ChunkedSource(bytes: Array(text.utf8), chunk: chunk), options: options)
            #expect(try await rows(of: reader) == expected, "chunks of \(chunk)")
        }
    }

    @Test func blankLinesCanBeKept() async throws {
        let read = try await rows("a\n\nb\n", options: CSVReadingOptions(skipsEmptyLines: false))
        #expect(
            read == [CSVRow(fields: ["a"], line: 1), CSVRow(fields: [""], line: 2), CSVRow(fields: ["b"], line: 3)])
    }

    @Test func anUnterminatedQuoteNamesTheLineItOpensOn() async throws {
        let error = await csvError("a,b\nc,\"open\nstill\nmore")
        #expect(error == .invalidCSV(.unterminatedQuote(line: 2)))
        #expect(error?.message == "The CSV file was refused because the quoted field opened on line 2 never closes.")
    }

    @Test func malformedRecordsAreTypedErrorsThatStay() async throws {
        #expect(await csvError("ok\n\"a\"b,c\n") == .invalidCSV(.textAfterClosingQuote(line: 2)))
        var reader = CSVReader(source: CSVDataSource(Data([0x61, 0x0A, 0xFF, 0xFE, 0x0A])))
        #expect(try await reader.nextRow()?.fields == ["a"])
        for _ in 0..<2 {
            let error = await storageError { _ = try await reader.nextRow() }
            #expect(error == .invalidCSV(.invalidUTF8(line: 2)))
        }
    }

    @Test func limitsAreEnforcedWithTheLineOfTheRecord() async throws {
        let limits = CSVLimits(maximumFieldBytes: 8, maximumFieldsPerRow: 3, maximumRowBytes: 20)
        let options = CSVReadingOptions(limits: limits)
        #expect(await csvError("ok\n123456789\n", options: options) == .invalidCSV(.fieldTooLarge(line: 2, limit: 8)))
        #expect(await csvError("a\nb\nw,x,y,z\n", options: options) == .invalidCSV(.tooManyFields(line: 3, limit: 3)))
        #expect(
            await csvError("\"a\nb\"\n1234567,1234567,12345678\n", options: options)
                == .invalidCSV(.rowTooLarge(line: 3, limit: 20)))
        #expect(try await rows("12345678,1234567,\n", options: options).count == 1)
    }

    /// A gigabyte on one line, as a real (sparse) file: refused at the field limit after reading about a
    /// megabyte, and the reader never holds more than its limits allow.
    @Test func aOneGigabyteSingleLineFileIsRefusedWithoutReadingIt() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("hostile.csv")
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 1 << 30)
            try handle.close()
            var reader = try CSVReader(contentsOf: url)
            let error = await storageError { _ = try await reader.nextRow() }
            let limits = CSVLimits()
            #expect(error == .invalidCSV(.fieldTooLarge(line: 1, limit: limits.maximumFieldBytes)))
            let bound = limits.maximumFieldBytes + 2 * CSVReader<CSVFileSource>.chunkSize
            #expect(reader.consumedByteCount <= bound)
            #expect(reader.peakBufferedByteCount <= bound)
        }
    }

    @Test func aGigabyteOfFieldsOnOneLineIsRefusedAtTheFieldLimit() async throws {
        var reader = CSVReader(source: GeneratedSource(pattern: "a,", total: 1 << 30))
        let error = await storageError { _ = try await reader.nextRow() }
        #expect(error == .invalidCSV(.tooManyFields(line: 1, limit: 1_024)))
        #expect(reader.consumedByteCount <= CSVReader<GeneratedSource>.chunkSize)
    }

    /// The most bytes the reader holds does not grow with the file: for 1 MB and 16 MB it is one chunk plus part
    /// of a record, the same up to where chunk boundaries fall in a record.
    @Test func memoryStaysFlatHoweverLongTheFile() async throws {
        let pattern = "12345,plain text,\"quoted, with \"\"quotes\"\"\",-3.50\r\n"
        var peaks: [Int] = []
        for total in [1 << 20, 16 << 20] {
            let rowCount = total / pattern.utf8.count
            var reader = CSVReader(source: GeneratedSource(pattern: pattern, total: rowCount * pattern.utf8.count))
            var count = 0
            while let row = try await reader.nextRow() {
                if count == 0 { #expect(row.fields == ["12345", "plain text", "quoted, with \"quotes\"", "-3.50"]) }
                count += 1
                #expect(reader.bufferedByteCount <= CSVReader<GeneratedSource>.chunkSize + 64)
            }
            #expect(count == rowCount)
            peaks.append(reader.peakBufferedByteCount)
        }
        #expect(abs(peaks[0] - peaks[1]) < pattern.utf8.count, "\(peaks)")
        #expect(peaks[1] <= CSVReader<GeneratedSource>.chunkSize + 64)
    }

    @Test func aCancelledTaskStopsReading() async throws {
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let reading = Task { () async throws -> Int in
            var reader = CSVReader(source: GeneratedSource(pattern: "row,of,an,endless,file\n", total: .max))
            var count = 0
            while try await reader.nextRow() != nil {
                count += 1
                if count == 1 { startedContinuation.yield() }
                await Task.yield()
            }
            return count
        }
        for await _ in started { break }
        reading.cancel()
        let error = await storageError { _ = try await reading.value }
        #expect(error == .cancelled)
    }

    @Test func aFileIsReadThroughItsSource() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("expenses.csv")
            try FileFixtures.replace(url, with: Data("date,title\r\n2024-10-07,\"Coffee, large\"\r\n".utf8))
            let read = try await rows(of: try CSVReader(contentsOf: url))
            #expect(
                read == [
                    CSVRow(fields: ["date", "title"], line: 1),
                    CSVRow(fields: ["2024-10-07", "Coffee, large"], line: 2),
                ])
            let missing = folder.appendingPathComponent("missing.csv")
            let error = await storageError { _ = try CSVReader(contentsOf: missing) }
            #expect(error == .fileSystem(FileSystemFailure(operation: .open, path: missing.path, errorNumber: ENOENT)))
        }
    }

    @Test func theWriterQuotesOnlyWhatItMust() {
        let writer = CSVWriter(options: CSVWritingOptions(defusesFormulas: false))
        #expect(
            writer.line(["plain", "with,comma", "with \"quote\"", "multi\nline", " spaced ", "", "cr\r"])
                == "plain,\"with,comma\",\"with \"\"quote\"\"\",\"multi\nline\", spaced ,,\"cr\r\"\r\n")
        let semicolons = CSVWriter(options: CSVWritingOptions(delimiter: UInt8(ascii: ";"), lineEnding: "\n"))
        #expect(semicolons.line(["a,b", "c;d"]) == "a,b;\"c;d\"\n")
        #expect(String(decoding: writer.data([["a"], ["b"]]), as: UTF8.self) == "a\r\nb\r\n")
    }

    @Test(arguments: [
        ("=SUM(A1:A9)", "'=SUM(A1:A9)"), ("+1", "'+1"), ("-12.50", "'-12.50"), ("@cmd", "'@cmd"),
        ("\tx", "'\tx"), ("\rx", "\"'\rx\""), ("'=x", "''=x"), ("''@x", "'''@x"), ("'plain", "'plain"),
        ("safe=1", "safe=1"), ("", ""),
    ])
    func formulasAreDefusedAndComeBackExactly(field: String, written: String) async throws {
        let line = CSVWriter().line([field, "x"])
        #expect(line == written + ",x\r\n")
        let read = try await rows(line, options: CSVReadingOptions(undoesFormulaDefusing: true))
        #expect(read.first?.fields == (field.isEmpty ? ["", "x"] : [field, "x"]))
    }

    /// Seeded random fields full of delimiters, quotes, line breaks and formula characters come back exactly.
    @Test(arguments: [",", ";"], [true, false])
    func whateverIsWrittenIsReadBack(delimiter: String, defuses: Bool) async throws {
        var generator = SeededGenerator(seed: defuses ? 17 : 71)
        let alphabet = Array("ab ,;\"\r\n\t'=+-@é😀0")
        let rows = (0..<200).map { _ in
            (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                String(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator) ?? "a"
                    })
            }
        }
        let byte = UInt8(ascii: delimiter.unicodeScalars.first ?? ",")
        let data = CSVWriter(options: CSVWritingOptions(delimiter: byte, defusesFormulas: defuses)).data(rows)
        let options = CSVReadingOptions(delimiter: byte, skipsEmptyLines: false, undoesFormulaDefusing: defuses)
        let read = try await self.rows(of: CSVReader(source: CSVDataSource(data), options: options))
        #expect(read.map(\.fields) == rows)
    }
}
