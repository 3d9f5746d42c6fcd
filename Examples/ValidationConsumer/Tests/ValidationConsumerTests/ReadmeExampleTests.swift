import Foundation
import Testing
import Validation

/// The code the package's documentation shows is this package's code, word for word, so it compiles and runs as
/// an outside consumer writes it.
@Suite("Validation's documentation compiles as a consumer's code")
struct ReadmeExampleTests {
    /// The repository: this file is `Examples/ValidationConsumer/Tests/ValidationConsumerTests/` in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let consumer = root.appendingPathComponent("Examples/ValidationConsumer")
    static let package = root.appendingPathComponent("Packages/Validation")
    static let tests = "Tests/ValidationConsumerTests/"

    @Test func theExampleFindsWhatItsCommentsSay() {
        let output = readmeExample()
        #expect(output.failures.map(\.code) == [.nameMissing, .emailSingleLabelDomain, .urlDangerousScheme, .tooYoung])
        #expect(output.failures.map(\.path) == ["name", "email", "website", "age"])
        #expect(
            output.texts == [
                "Indiquez votre nom.", "Le domaine doit contenir un point, comme exemple.fr.",
                "Ce lien pourrait exécuter du code.", "Il faut avoir 16 ans.",
            ])
        #expect(
            output.lineFailures == [
                ValidationFailure(code: .invoiceQuantityNotPositive, path: "lineItems[0].quantity", elementID: "L1")
            ])
        #expect(
            output.contract == [
                "These characters cannot be printed: \"И\" (U+0418), \"в\" (U+0432), \"а\" (U+0430), \"н\" (U+043D), "
                    + "\"П\" (U+041F), \"е\" (U+0435), \"т\" (U+0442), \"р\" (U+0440), \"о\" (U+043E).",
                "Prices in EUR can have at most 2 decimal places.",
            ])
        #expect(output.refusal == "2025-02-30 does not exist: February 2025 has 28 days.")
    }

    @Test func aValidSignUpHasNoFailuresAndTheEnglishCatalogFillsTheGaps() {
        #expect(signUpValidator.validate(SignUp(name: "Ann", email: "ann@example.com", website: nil, age: 30)).isEmpty)
        let failures = signUpValidator.validate(SignUp(name: "", email: "ann@", website: nil, age: nil))
        #expect(failures.map(\.code) == [.nameMissing, .emailEmptyDomain, .ageMissing])
        #expect(
            french.messages(for: failures) == [
                "Indiquez votre nom.", "Enter the domain after the @, such as example.com.", "This value is not valid.",
            ])
    }

    @Test func theReadmesOnlySwiftBlockIsTheExampleFileWordForWord() throws {
        let file = try Self.text(Self.tests + "ReadmeExample.swift", in: Self.consumer)
        #expect(try Self.swiftBlocks(in: "README.md") == [file], "README.md's block differs from ReadmeExample.swift")
    }

    /// The catalog's articles show pieces of the same file: each a run of its lines.
    @Test(arguments: [
        ("Sources/Validation/Validation.docc/Validation.md", 2),
        ("Sources/Validation/Validation.docc/InvoiceContract.md", 1),
    ])
    func theCatalogsSnippetsArePiecesOfTheExampleFile(article: String, count: Int) throws {
        let file = try Self.text(Self.tests + "ReadmeExample.swift", in: Self.consumer)
        let blocks = try Self.swiftBlocks(in: article)
        #expect(blocks.count == count)
        for block in blocks {
            #expect(file.contains(block), "not in ReadmeExample.swift:\n\(block)")
        }
    }

    @Test func theTestingArticlesFilesAreThisPackagesFilesWordForWord() throws {
        let blocks = try Self.swiftBlocks(in: "Sources/ValidationTesting/ValidationTesting.docc/TestingYourCode.md")
        let files = try ["NewsletterForm.swift", "NewsletterFormTests.swift"].map {
            try Self.text(Self.tests + $0, in: Self.consumer)
        }
        #expect(blocks == files, "the article's copies differ from NewsletterForm(Tests).swift")
    }

    static func text(_ path: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// The contents of every fenced `swift` block of a file of the Validation package, each ending in a newline.
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
