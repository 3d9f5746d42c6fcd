public import Foundation
public import Rendering
internal import RenderingCZlib

/// Flate compression on the system zlib, for `InvoicePDFRenderer(compressor:)` and the templates.
///
/// The output is the zlib format (RFC 1950) PDF's `FlateDecode` filter reads. Level 6 is zlib's default; lower
/// levels are faster and a little larger. The same input and level always give the same bytes with one zlib
/// version.
public struct ZlibFlateCompressor: FlateCompressing {
    /// The zlib compression level, 1 (fastest) ... 9 (smallest).
    public let level: Int

    /// Creates a compressor at `level`, clamped to 1...9.
    public init(level: Int = 6) {
        self.level = min(max(level, 1), 9)
    }

    /// `data` compressed, or nil when zlib fails (the writer then keeps the stream uncompressed).
    public func deflate(_ data: Data) -> Data? {
        guard data.count <= Int(UInt32.max) else { return nil }
        var capacity = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Int32 in
            output.withUnsafeMutableBufferPointer { buffer in
                guard let destination = buffer.baseAddress else { return Z_MEM_ERROR }
                let source = input.bindMemory(to: Bytef.self).baseAddress ?? UnsafePointer(destination)
                return compress2(destination, &capacity, source, uLong(data.count), Int32(level))
            }
        }
        guard status == Z_OK else { return nil }
        return Data(output[0..<Int(capacity)])
    }
}
