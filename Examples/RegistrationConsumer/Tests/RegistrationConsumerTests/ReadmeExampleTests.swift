import Foundation
import Registration
import RegistrationTesting
import Testing

/// The code the package's documentation shows is this package's code, word for word, so it compiles and runs as
/// an outside consumer writes it.
@MainActor
@Suite("Registration's documentation compiles as a consumer's code")
struct ReadmeExampleTests {
    /// The repository: this file is `Examples/RegistrationConsumer/Tests/RegistrationConsumerTests/` in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let consumer = root.appendingPathComponent("Examples/RegistrationConsumer")
    static let package = root.appendingPathComponent("Packages/Registration")

    /// Each address, the state the flow ends in, and what the screen shows.
    nonisolated static let cases: [(String, RegistrationFlow.State, String?)] = [
        ("new@example.com", .succeeded, nil),
        ("qa+1@corp.example", .succeeded, nil),
        ("qa+1@CORP.example.", .succeeded, nil),
        (
            "qa+1@example.com", .failed(.invalidEmail(codes: ["email.plusNotAllowed"])),
            "This email address is not accepted. Check it for typos; an address looks like name@example.com."
        ),
        (
            "victim@gmail.com@corp.example", .failed(.invalidEmail(codes: ["email.malformed"])),
            "This email address is not accepted. Check it for typos; an address looks like name@example.com."
        ),
        (
            "qa+1@x.test\r\nBcc: all@corp.example",
            .failed(.invalidEmail(codes: ["email.malformed", "email.plusNotAllowed"])),
            "This email address is not accepted. Check it for typos; an address looks like name@example.com."
        ),
        (
            "bot@Throwaway.Example", .failed(.domainNotAllowed(domain: "throwaway.example")),
            "Addresses at “throwaway.example” cannot register."
        ),
        (
            "bot@eu.mailinator.com", .failed(.domainNotAllowed(domain: "eu.mailinator.com")),
            "Addresses at “eu.mailinator.com” cannot register."
        ),
        ("bot@notmailinator.com", .succeeded, nil),
        (
            "taken@example.com", .failed(.alreadyRegistered),
            "This email address already has an account. Sign in instead."
        ),
        ("someone@busy.example", .succeeded, nil),
    ]

    @Test(arguments: cases)
    func theComposedFlowBehavesAsDocumented(email: String, state: RegistrationFlow.State, message: String?) async throws
    {
        let analytics = SpyRegistrationEventSink()
        let (ended, shown) = try await signUp(email, analytics: analytics)
        #expect(ended == state)
        #expect(shown == message)
        if case .failed(let error) = state {
            #expect(await analytics.events.map(\.outcome) == [.started, .failed(error)])
        } else {
            #expect(await analytics.events.map(\.outcome) == [.started, .succeeded])
        }
    }

    @Test(arguments: cases)
    func theChainedFormBehavesTheSame(email: String, state: RegistrationFlow.State, message: String?) async throws {
        let analytics = SpyRegistrationEventSink()
        let service = try makeChainedRegistrationService(
            validate: validate, api: api, backupAPI: backupAPI, analytics: analytics)
        var ended = RegistrationFlow.State.succeeded
        do throws(RegistrationError) {
            try await service.register(email: email)
        } catch {
            ended = .failed(error)
        }
        #expect(ended == state)
        #expect(await analytics.events.map(\.name) == ["registration", "registration"])
    }

    @Test func theStepsRunInTheirDeclaredOrder() throws {
        let service = try makeRegistrationService(
            validate: validate, api: api, backupAPI: backupAPI, analytics: SpyRegistrationEventSink())
        let pipeline = try #require(service as? RegistrationPipeline)
        #expect(pipeline.stepNames == ["email-check", "blocked-domains", "create-account"])
    }

    @Test func theReadmesOnlySwiftBlockIsTheExampleFileWordForWord() throws {
        let file = try Self.text("Tests/RegistrationConsumerTests/ReadmeExample.swift", in: Self.consumer)
        #expect(
            try Self.swiftBlocks(in: "README.md") == [file], "README.md's usage block differs from ReadmeExample.swift")
    }

    /// The catalog's overview shows a piece of the same file: a run of its lines.
    @Test func theCatalogsSnippetIsAPieceOfTheExampleFile() throws {
        let file = try Self.text("Tests/RegistrationConsumerTests/ReadmeExample.swift", in: Self.consumer)
        let blocks = try Self.swiftBlocks(in: "Sources/Registration/Registration.docc/Registration.md")
        #expect(blocks.count == 1)
        for block in blocks {
            #expect(file.contains(block), "not in ReadmeExample.swift:\n\(block)")
        }
    }

    @Test func theTestingArticlesFilesAreThisPackagesFilesWordForWord() throws {
        let blocks = try Self.swiftBlocks(
            in: "Sources/RegistrationTesting/RegistrationTesting.docc/TestingYourCode.md")
        let files = try [
            "Tests/RegistrationConsumerTests/TeamInviter.swift",
            "Tests/RegistrationConsumerTests/TeamInviterTests.swift",
        ].map { try Self.text($0, in: Self.consumer) }
        #expect(blocks == files, "the article's copies differ from TeamInviter(Tests).swift")
    }

    static func text(_ path: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// The contents of every fenced `swift` block of a file of the Registration package, each ending in a newline.
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
