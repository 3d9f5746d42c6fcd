public import Rendering

/// A ``/Rendering/GlyphCoverage`` double that reports the characters it was told to, so a form or validator test can
/// make any text "undrawable" without configuring real fonts.
public struct StubGlyphCoverage: GlyphCoverage {
    /// The characters reported as undrawable.
    public let unsupported: Set<Character>

    /// Creates the stub; every character in `unsupported` is reported, all others are drawable.
    public init(unsupported: Set<Character>) {
        self.unsupported = unsupported
    }

    /// The characters of `text` in `unsupported`, each once, in order of first appearance.
    public func unsupportedCharacters(in text: String) -> [Character] {
        var seen = Set<Character>()
        return text.filter { unsupported.contains($0) && seen.insert($0).inserted }.map { $0 }
    }
}
