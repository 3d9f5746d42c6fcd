import EssentialsTesting
import Foundation
import RenderingZlib
import Testing

/// `ZlibFlateCompressor.deflate` on its own: the zlib format (RFC 1950) it promises, its level clamping, and
/// streams that another inflater (Python's `zlib.decompress`) reads back to the input, checksum included.
@Suite("RenderingZlib: deflate")
struct ZlibFlateCompressorTests {
    /// `zlib.compress(b"", level)` in Python 3 (zlib 1.2.13): a header for the level, one empty final block, and
    /// the Adler-32 of nothing (1).
    @Test(
        arguments: [
            (1, [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
            (6, [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
            (9, [0x78, 0xDA, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
        ] as [(Int, [UInt8])])
    func emptyInputIsTheEmptyZlibStream(level: Int, expected: [UInt8]) throws {
        let compressed = try #require(ZlibFlateCompressor(level: level).deflate(Data()))
        #expect([UInt8](compressed) == expected)
    }

    /// Levels outside 1...9 are clamped, so neither zlib's level 0 (stored, no compression) nor an invalid level
    /// (which zlib refuses) reaches it. The header's FLEVEL bits (RFC 1950: 0 fastest, 1 fast, 2 default, 3
    /// smallest) show the level zlib used.
    @Test(
        arguments: [
            (Int.min, 1, 0), (-5, 1, 0), (0, 1, 0), (1, 1, 0), (2, 2, 1), (5, 5, 1), (6, 6, 2), (7, 7, 3), (9, 9, 3),
            (10, 9, 3), (Int.max, 9, 3),
        ] as [(Int, Int, UInt8)])
    func levelsAreClampedToOneThroughNine(asked: Int, used: Int, headerLevel: UInt8) throws {
        let compressor = ZlibFlateCompressor(level: asked)
        #expect(compressor.level == used)
        let input = Data(repeating: UInt8(ascii: "a"), count: 65_536)
        let compressed = try #require(compressor.deflate(input))
        let header = [UInt8](compressed.prefix(2))
        #expect(header[0] == 0x78, "deflate with a 32 KB window")
        #expect((UInt16(header[0]) << 8 | UInt16(header[1])) % 31 == 0, "the header check bits")
        #expect(header[1] >> 6 == headerLevel)
        #expect(compressed.count < 1_000, "compressed, not stored: \(compressed.count) bytes")
    }

    /// The trailer is the Adler-32 of the input, big-endian: `zlib.adler32(b"Invoice INV-0001")` is 0x2E9804C9.
    @Test func theTrailerIsTheAdler32OfTheInput() throws {
        let compressed = try #require(ZlibFlateCompressor().deflate(Data("Invoice INV-0001".utf8)))
        #expect([UInt8](compressed.suffix(4)) == [0x2E, 0x98, 0x04, 0xC9])
    }

    @Test func aSliceCompressesLikeACopy() throws {
        let whole = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let slice = whole[1_000..<3_000]
        #expect(slice.startIndex == 1_000)
        #expect(ZlibFlateCompressor().deflate(slice) == ZlibFlateCompressor().deflate(Data(slice)))
    }

    /// Empty, one byte, text, 1 MiB of seeded noise (which does not shrink) and 2.6 MB of repetitive rows (far
    /// beyond zlib's 32 KB window), at the fastest, default and smallest levels, inflated by Python's zlib (which
    /// also checks the Adler-32).
    @Test(.enabled(if: Python.path != nil, "python3 is not installed"), arguments: [1, 6, 9])
    func pythonsZlibInflatesEveryStreamBackToItsInput(level: Int) async throws {
        var random = SeededGenerator(seed: UInt64(level))
        var noise = Data(count: 1 << 20)
        noise.withUnsafeMutableBytes { bytes in
            for index in stride(from: 0, to: bytes.count, by: 8) {
                bytes.storeBytes(of: random.next(), toByteOffset: index, as: UInt64.self)
            }
        }
        let rows = Data(
            (0..<40_000).map { "INV-\($0 % 997)  Consulting (days)  5  x  €650.00  €3,250.00\n" }.joined().utf8)
        let inputs = [Data(), Data([0x42]), Data("Zażółć gęślą jaźń, 中文, €".utf8), noise, rows]
        let compressor = ZlibFlateCompressor(level: level)
        let streams = try inputs.map { try #require(compressor.deflate($0)) }
        let inflated = try await Python.inflate(streams)
        try #require(inflated.count == inputs.count)
        for (input, output) in zip(inputs, inflated) {
            #expect(output == input, "\(input.count) bytes at level \(level)")
        }
        let compressedRows = try #require(compressor.deflate(rows))
        #expect(compressedRows.count * 20 < rows.count, "\(rows.count) bytes to \(compressedRows.count)")
        let compressedNoise = try #require(compressor.deflate(noise))
        #expect(compressedNoise.count <= noise.count + noise.count / 1_000 + 64, "noise grows by a few bytes at most")
    }
}

/// Python 3, for an inflater that is not the code under test.
enum Python {
    static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// `zlib.decompress` of each stream, in one Python process run on a thread of its own (so a blocked pool thread
    /// stalls no other test).
    static func inflate(_ streams: [Data]) async throws -> [Data] {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("RenderingZlib-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, stream) in streams.enumerated() {
            let file = folder.appendingPathComponent("\(index).zlib")
            try stream.write(to: file)
            paths.append(file.path)
        }
        let python = try #require(path)
        let script =
            "import sys, zlib\nfor p in sys.argv[1:]: open(p + '.out', 'wb').write(zlib.decompress(open(p, 'rb').read()))"
        let arguments = ["-c", script] + paths
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            Thread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: python)
                process.arguments = arguments
                do {
                    try process.run()
                    process.waitUntilExit()
                    continuation.resume(returning: process.terminationStatus)
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
        #expect(status == 0, "zlib.decompress refused a stream")
        return try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0 + ".out")) }
    }
}
