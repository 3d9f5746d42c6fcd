import Foundation
import Testing

/// Makes a URL from a literal in a test, failing the test (not crashing) if Foundation refuses it.
func url(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try #require(URL(string: text), "Foundation could not parse \(text)", sourceLocation: sourceLocation)
}
