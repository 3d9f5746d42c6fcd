import Foundation
import Navigation
import Testing

/// The code the package's documentation shows is this package's code, word for word, so it compiles and runs as
/// an outside consumer writes it.
@Suite("Navigation's documentation compiles as a consumer's code")
struct ReadmeExampleTests {
    /// The repository: this file is `Examples/NavigationConsumer/Tests/NavigationConsumerTests/` in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let consumer = root.appendingPathComponent("Examples/NavigationConsumer")
    static let package = root.appendingPathComponent("Packages/Navigation")

    @Test func theExampleRunsAndDoesWhatItsCommentsSay() async throws {
        let lines = Lines()
        let outcomes = try await readmeExample(write: lines.append)
        let external = try #require(URL(string: "https://help.example.com/faq"))
        #expect(
            outcomes == [
                .routedInternally(LedgerScreen.invoice(id: 42)),
                .routedInternally(LedgerScreen.invoice(id: 7)),
                .routedInternally(LedgerScreen.expenses(month: "2024-05", page: 2)),
                .openedExternally(external),
                .rejected(.unsafeLink(.forbiddenScheme("javascript"))),
                .rejected(.unsafeLink(.unsafeRedirect(parameter: "next", .absoluteURL))),
                .rejected(
                    .unsafeLink(.unsafeRedirect(parameter: "redirect_to", .unsafeTarget(.hostNotAllowed("evil.test"))))
                ),
                .rejected(.unsafeLink(.unsafeFragment(parameter: nil, .unsafeTarget(.hostNotAllowed("evil.test"))))),
                .rejected(.routing(.unsafeParameter("month", .pathSeparator))),
            ]
        )
        #expect(
            lines.all == [
                "showing invoice(id: 42)", "showing invoice(id: 7)", "showing expenses(month: \"2024-05\", page: 2)",
                "opening https://help.example.com/faq",
                "refused javascript:alert(1): Links with the scheme “javascript” can run code or read local files, so "
                    + "they are never followed.",
                "refused ledger://home?next=https://evil.test: The link's “next” parameter is a link to another site, "
                    + "which would turn the link into an open redirect.",
                "refused ledger://home?redirect_to=https://evil.test: The link's “redirect_to” parameter holds a link "
                    + "that is not followed. The host “evil.test” is not one the app trusts.",
                "refused ledger://home#https://evil.test: The link's fragment holds a link that is not followed. The "
                    + "host “evil.test” is not one the app trusts.",
                "refused ledger://expenses/..%2F..%2Fetc: The link's “month” part contains a slash (/), written %2F "
                    + "in the link, which a link to a screen may not carry.",
                "share ledger://expenses/2024-05",
            ]
        )
        #expect(try ledgerRoutes().url(for: .invoice(id: 42)).absoluteString == "ledger://invoice/42")
    }

    @Test func theReadmesOnlySwiftBlockIsTheExampleFileWordForWord() throws {
        let file = try Self.text("Tests/NavigationConsumerTests/ReadmeExample.swift", in: Self.consumer)
        #expect(
            try Self.swiftBlocks(in: "README.md") == [file], "README.md's usage block differs from ReadmeExample.swift")
    }

    /// The catalog's overview shows a piece of the same file: a run of its lines.
    @Test func theCatalogsSnippetIsAPieceOfTheExampleFile() throws {
        let file = try Self.text("Tests/NavigationConsumerTests/ReadmeExample.swift", in: Self.consumer)
        let blocks = try Self.swiftBlocks(in: "Sources/Navigation/Navigation.docc/Navigation.md")
        #expect(blocks.count == 1)
        for block in blocks {
            #expect(file.contains(block), "not in ReadmeExample.swift:\n\(block)")
        }
    }

    @Test func theTestingArticlesFilesAreThisPackagesFilesWordForWord() throws {
        let blocks = try Self.swiftBlocks(in: "Sources/NavigationTesting/NavigationTesting.docc/TestingYourCode.md")
        let files = try [
            "Tests/NavigationConsumerTests/NotificationTapHandler.swift",
            "Tests/NavigationConsumerTests/NotificationTapHandlerTests.swift",
        ].map { try Self.text($0, in: Self.consumer) }
        #expect(blocks == files, "the article's copies differ from NotificationTapHandler(Tests).swift")
    }

    static func text(_ path: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// The contents of every fenced `swift` block of a file of the Navigation package, each ending in a newline.
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

    /// Collects lines synchronously, so the order is the order of the calls.
    final class Lines: @unchecked Sendable {
        // `@unchecked` is sound: `lines` is only touched while `lock` is held.
        private let lock = NSLock()
        private var lines: [String] = []

        var all: [String] { lock.withLock { lines } }

        func append(_ line: String) {
            lock.withLock { lines.append(line) }
        }
    }
}
