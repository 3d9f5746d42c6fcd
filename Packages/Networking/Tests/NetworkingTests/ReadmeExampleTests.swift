import Foundation
import Networking
import NetworkingTesting
import Testing

/// The README's examples and the DocC article's consumer test are whole files under `Examples/`, compiled as
/// they are into this target (plain imports, no `@testable`); these tests run them against a real loopback
/// server and check that every Swift block of the README and the article is one of those files, verbatim.
@Suite("Networking: README examples")
struct ReadmeExampleTests {
    @Test func theAPIOfTheUsageExampleSignsInThroughARefreshAndLogsNoToken() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            let session = SessionServer(on: server)
            let store = InMemoryTokenStore(token: session.currentToken)
            session.expireTokens()  // the first call refreshes
            let lines = LockedLines()
            // A clock that never moves: the stack's 10 s and 30 s limits cannot fire on a slow machine.
            let api = makeAPI(baseURL: server.baseURL, store: store, log: lines.append, clock: ManualClock())

            #expect(await whoIsSignedIn(using: api) == "Signed in, token version 2.")
            #expect(await store.token() == session.currentToken)
            #expect(session.refreshRequests == 1)
            let me = server.url("/me").absoluteString
            #expect(lines.all.contains { $0.hasPrefix("GET \(me) -> 401 ") })
            #expect(lines.all.contains { $0.hasPrefix("POST \(server.url("/auth/refresh").absoluteString) -> 200 ") })
            #expect(lines.all.contains { $0.hasPrefix("GET \(me) -> 200 ") })
            #expect(lines.all.allSatisfy { !$0.contains("access-") && !$0.contains("refresh-1") })
        }
    }

    @Test func theUsageExampleSaysWhatWentWrongInASentence() async throws {
        try await ScriptedLoopbackServer.run { (server) async throws in
            server.route(.get, "/me", [.status(404), .status(200, body: "{}")], then: .status(401))
            let api = makeAPI(
                baseURL: server.baseURL, store: InMemoryTokenStore(), log: { _ in }, clock: ManualClock())
            #expect(await whoIsSignedIn(using: api) == "No such account.")
            #expect(
                await whoIsSignedIn(using: api)
                    == "The server answered GET /me, but its answer has no field 'version'.")
        }
    }

    /// The by-hand stack times its limits on the system clock, as an app's would: the scripted client answers
    /// at once, so its 5 s and 20 s limits are thousands of times what the test needs.
    @Test func theStackComposedByHandRetriesFollowsAndLogsEveryHop() async throws {
        let other = try #require(URL(string: "https://cdn.example.com/items"))
        let transport = ScriptedHTTPClient(
            [
                .status(503, headers: ["Retry-After": "0"]),
                .status(302, headers: ["Location": other.absoluteString]),
            ],
            whenExhausted: .status(200))
        let sink = SpyLogSink()
        let answer = try await itemsClient(over: transport, logTo: sink).send(
            HTTPRequest(url: exampleURL, headers: ["Authorization": "Bearer t"]))
        #expect(answer.status == 200)
        #expect(sink.entries.map(\.status) == [503, 302, 200])
        #expect(sink.entries.map(\.attempt) == [1, 2, 2])
        #expect(transport.requests.last?.url == other)
        #expect(transport.requests.last?.headers["Authorization"] == nil)
    }

    /// The example files compiled as an outside consumer's files are: by `swiftc` alone against the package's
    /// built modules, without the package's `-package-name`, so a `package` symbol would not be found.
    @Test(
        .enabled(
            if: ConsumerCompiler.shared != nil,
            "needs swiftc on PATH and the package's modules in the build folder of this test bundle (SwiftPM)"))
    func theExampleFilesCompileAsAnOutsideConsumersFiles() async throws {
        let compiler = try #require(ConsumerCompiler.shared)
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Examples")
        let files = try FileManager.default.contentsOfDirectory(at: examples, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.map(\.path).sorted()
        #expect(files.count == 4)
        let (status, output) = await compiler.typecheck(files)
        #expect(status == 0, "\(output)")
    }

    @Test func everySwiftBlockOfTheReadmeAndTheTestingArticleIsAnExampleFileVerbatim() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let package = tests.deletingLastPathComponent().deletingLastPathComponent()
        let examples = try FileManager.default.contentsOfDirectory(
            at: tests.appendingPathComponent("Examples"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "swift" }
        let files = try Dictionary(
            uniqueKeysWithValues: examples.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) })
        let documents = [
            ("README.md", ["ReadmeUsage.swift", "ReadmeByHand.swift", "ReadmeLoopbackServer.swift"]),
            (
                "Sources/NetworkingTesting/NetworkingTesting.docc/TestingYourCodeWithNetworkingTesting.md",
                ["TestingWithNetworkingTesting.swift"]
            ),
        ]
        for (path, expected) in documents {
            let text = try String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)
            let blocks = text.components(separatedBy: "```swift\n").dropFirst().compactMap {
                $0.components(separatedBy: "```").first
            }
            let matched = blocks.map { block in files.first { $0.value == block }?.key }
            #expect(matched == expected.map { Optional($0) }, "\(path): its Swift blocks are not the example files")
        }
    }
}

/// `swiftc -typecheck` against the modules this test bundle was built with, as a consumer's build would see them.
struct ConsumerCompiler: Sendable {
    let swiftc: URL
    let modules: URL

    /// Nil when either cannot be found (then the test says why it did not run).
    static let shared: ConsumerCompiler? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let swiftc = path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc")
        }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        // The bundle sits in the build folder (`.build/<triple>/debug/`), whose `Modules` holds the package's.
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        var modules: URL?
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Networking.swiftmodule").path) {
                modules = candidate
                break
            }
            folder = folder.deletingLastPathComponent()
        }
        guard let swiftc, let modules else { return nil }
        return ConsumerCompiler(swiftc: swiftc, modules: modules)
    }()

    /// The exit status and what the compiler printed.
    func typecheck(_ files: [String]) async -> (Int32, String) {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("networking-examples-module-cache")
        let process = Process()
        process.executableURL = swiftc
        process.arguments =
            [
                "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules.path, "-module-cache-path",
                cache.path,
            ]
            + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        return await withCheckedContinuation { continuation in
            process.terminationHandler = { finished in
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                continuation.resume(returning: (finished.terminationStatus, text))
            }
            do {
                try process.run()
            } catch {
                continuation.resume(returning: (-1, "\(error)"))
            }
        }
    }
}
