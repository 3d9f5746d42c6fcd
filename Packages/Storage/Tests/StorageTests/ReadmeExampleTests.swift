import Foundation
import Storage
import Testing

/// The usage example of README.md is a whole file, `ReadmeExample.swift` in this folder, that an outside consumer
/// compiles as it is (imports included, nothing defined elsewhere): the README and the catalog show it verbatim,
/// and it runs here.
@Suite("Storage: README example")
struct ReadmeExampleTests {
    @Test func theReadmeExampleRuns() async throws {
        try await withTemporaryFolder { folder in
            let month = try await recordAndReport(in: folder.appendingPathComponent("Ledger"))
            #expect(month.report.entries.map(\.title) == ["Lunch", "Coffee"])
            #expect(
                month.report.totals == [CurrencyTotal(currencyCode: "EUR", amount: try decimal("15.70"), entryCount: 2)]
            )
            #expect(month.days.count == 1)
            #expect(month.invoice?.metadata.attributes["number"] == "2024-001")
        }
    }

    /// The README's and the catalog's first Swift block is the example file, line for line.
    @Test(arguments: ["README.md", "Sources/Storage/Storage.docc/Storage.md"])
    func theDocumentShowsTheWholeExampleFile(document: String) throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let package = tests.deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: package.appendingPathComponent(document), encoding: .utf8)
        let example = try String(contentsOf: tests.appendingPathComponent("ReadmeExample.swift"), encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```swift\n").dropFirst().first)
        let code = try #require(block.components(separatedBy: "```").first)
        #expect(code == example, "\(document) no longer shows ReadmeExample.swift as it is")
    }
}
