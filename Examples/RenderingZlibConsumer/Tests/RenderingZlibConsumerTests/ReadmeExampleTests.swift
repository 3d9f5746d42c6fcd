import Foundation
import Testing

/// The code the package's documentation shows is this package's code, word for word, so it compiles and runs as
/// an outside consumer writes it.
@Suite("Rendering's documentation compiles as a consumer's code")
struct ReadmeExampleTests {
    /// The repository: this file is `Examples/RenderingZlibConsumer/Tests/RenderingZlibConsumerTests/` in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let consumer = root.appendingPathComponent("Examples/RenderingZlibConsumer")
    static let package = root.appendingPathComponent("Packages/Rendering")

    @Test func theExampleRunsAndMakesWhatTheReadmeSays() throws {
        let output = try readmeExample()
        // German writes the złoty as PLN (CLDR), spelled as Foundation spells it on this platform.
        let german = Decimal(2214).formatted(.currency(code: "PLN").locale(Locale(identifier: "de_DE")))
        #expect(output.total == german && output.total.hasPrefix("2.214,00"), "\(output.total)")
        #expect(output.missing == ["中", "文"])
        for pdf in [output.letter, output.pdf, output.monochrome] {
            #expect(pdf.starts(with: Data("%PDF-1.7".utf8)))
        }
        #expect(output.letter.range(of: Data("/MediaBox [0 0 612 792]".utf8)) != nil, "US Letter")
        #expect(output.letter == (try readmeExample().letter), "a fixed creation date gives the same bytes")
        #expect(output.monochrome != output.pdf)
        #expect(output.refusal.hasPrefix("Cannot lay out Arabic text. The invoice contains text in Arabic"))
        #expect(output.table.contains("Train to Hamburg") && output.table.contains("89,90"))
        #expect(output.csv.hasSuffix("2025-03-14,,Train to Hamburg,89.90,EUR,\r\n"))
    }

    @Test func theReadmesUsageIsTheExampleFileWordForWord() throws {
        let file = try Self.text("Tests/RenderingZlibConsumerTests/ReadmeExample.swift", in: Self.consumer)
        let blocks = try Self.swiftBlocks(in: "README.md")
        #expect(blocks.contains(file), "README.md's usage block differs from ReadmeExample.swift")
    }

    /// The catalog's overview shows pieces of the same file: each is a run of its lines (indented less).
    @Test func theCatalogsSnippetsArePiecesOfTheExampleFile() throws {
        func lines(_ text: String) -> String {
            text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
        }
        let file = lines(try Self.text("Tests/RenderingZlibConsumerTests/ReadmeExample.swift", in: Self.consumer))
        let blocks = try Self.swiftBlocks(in: "Sources/Rendering/Rendering.docc/Rendering.md")
        #expect(blocks.count == 2)
        for block in blocks {
            #expect(file.contains(lines(block)), "not in ReadmeExample.swift:\n\(block)")
        }
    }

    @Test func theTestingArticlesFilesAreThisPackagesFilesWordForWord() throws {
        let blocks = try Self.swiftBlocks(in: "Sources/RenderingTesting/RenderingTesting.docc/TestingYourCode.md")
        for path in [
            "Tests/RenderingZlibConsumerTests/InvoiceExporter.swift",
            "Tests/RenderingZlibConsumerTests/InvoiceExporterTests.swift",
        ] {
            #expect(blocks.contains(try Self.text(path, in: Self.consumer)), "the article's copy of \(path) differs")
        }
    }

    static func text(_ path: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// The contents of every fenced `swift` block of a file of the Rendering package, each ending in a newline.
    static func swiftBlocks(in path: String) throws -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in try text(path, in: package).split(separator: "\n", omittingEmptySubsequences: false) {
            if let lines = current {
                if line == "```" {
                    blocks.append(lines.map { $0 + "\n" }.joined())
                    current = nil
                } else {
                    current = lines + [line]
                }
            } else if line == "```swift" {
                current = []
            }
        }
        return blocks
    }
}
