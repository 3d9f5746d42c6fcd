import Foundation
import SectionsRegistry
import Testing

/// The code the package's documentation shows is this package's code, word for word, so it compiles and runs as
/// an outside consumer writes it.
@Suite("SectionsRegistry's documentation compiles as a consumer's code")
struct ReadmeExampleTests {
    /// The repository: this file is `Examples/SectionsRegistryConsumer/Tests/SectionsRegistryConsumerTests/` in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let consumer = root.appendingPathComponent("Examples/SectionsRegistryConsumer")
    static let package = root.appendingPathComponent("Packages/SectionsRegistry")
    static let tests = "Tests/SectionsRegistryConsumerTests/"

    @Test func theExampleRunsAndMakesWhatItsCommentsSay() async throws {
        let output = try await readmeExample()
        #expect(output.screen.sections.ids == ["p1"])
        #expect(output.screen.sections[id: "p1"]?.model(as: Promo.self)?.ctaTitle == "Open")
        #expect(
            output.screen.diagnostics.map(\.problem) == [
                .mappingFailed(SectionMappingError(sectionType: "promo", path: "deep_link", kind: .invalidValue)),
                .unknownType,
                .invalidEntry(.invalidID),
            ])
        #expect(
            output.skipped == [
                "The section with id “p2”, type “promo” and position 1 was skipped. The value at “deep_link” in the "
                    + "content of the “promo” section is not an acceptable value.",
                "The section with id “c1”, type “carousel” and position 2 was skipped. No module is registered for "
                    + "its type.",
                "The section with position 3 was skipped. The entry's id is not a string, is empty, or is longer than "
                    + "256 bytes.",
            ])
        #expect(output.analytics.count == 4, "three failures and the removal")
        #expect(output.afterDismiss.isEmpty)
        #expect(output.strictRefusal.hasPrefix("Strict mode rejected the screen: 3 sections have problems. "))
        #expect(output.refreshed.source == .cache(.provider(.unsupported)))
    }

    @Test func theReadmesSwiftBlocksAreTheExampleFilesWordForWord() throws {
        let files = try ["PromoSection.swift", "ReadmeExample.swift"].map {
            try Self.text(Self.tests + $0, in: Self.consumer)
        }
        #expect(
            try Self.swiftBlocks(in: "README.md") == files,
            "README.md's blocks differ from PromoSection.swift and ReadmeExample.swift")
    }

    /// The catalog's overview shows a piece of the new section type's file: a run of its lines.
    @Test func theCatalogsSnippetIsAPieceOfTheSectionTypesFile() throws {
        let file = try Self.text(Self.tests + "PromoSection.swift", in: Self.consumer)
        let blocks = try Self.swiftBlocks(in: "Sources/SectionsRegistry/SectionsRegistry.docc/SectionsRegistry.md")
        #expect(blocks.count == 1)
        for block in blocks {
            #expect(file.contains(block), "not in PromoSection.swift:\n\(block)")
        }
    }

    @Test func theTestingArticlesFilesAreThisPackagesFilesWordForWord() throws {
        let blocks = try Self.swiftBlocks(
            in: "Sources/SectionsRegistryTesting/SectionsRegistryTesting.docc/TestingYourCode.md")
        let files = try ["BalanceCard.swift", "BalanceCardTests.swift"].map {
            try Self.text(Self.tests + $0, in: Self.consumer)
        }
        #expect(blocks == files, "the article's copies differ from BalanceCard(Tests).swift")
    }

    static func text(_ path: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// The contents of every fenced `swift` block of a file of the SectionsRegistry package, each ending in a
    /// newline.
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
