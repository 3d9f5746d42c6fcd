public import Foundation

/// Compresses PDF streams (page contents, embedded fonts, text maps) with the Flate method PDF readers decode.
///
/// The `Rendering` module links no system library, so it carries no compressor of its own: the `RenderingZlib`
/// product supplies one on the system zlib (`ZlibFlateCompressor`), and a renderer given none writes its streams
/// uncompressed, which every reader also accepts.
public protocol FlateCompressing: Sendable {
    /// `data` in the zlib format (RFC 1950: a two-byte header, deflate data, an Adler-32 checksum), which is
    /// what the `FlateDecode` filter reads; nil to keep the stream uncompressed (the writer then does).
    func deflate(_ data: Data) -> Data?
}
