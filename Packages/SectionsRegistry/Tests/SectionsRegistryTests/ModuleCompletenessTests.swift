import Foundation
import Testing

/// Proves with the real compiler that a module lacking a part does not compile, and that a complete one does
/// (so the failure is about the missing part, not a broken setup).
///
/// It type-checks small files against the `SectionsRegistry` module this test binary was built with, which SwiftPM
/// puts in `Modules/` next to the test executable; where that layout or `swiftc` is absent (an Xcode test bundle),
/// the suite is skipped rather than guessing.
@Suite("SectionsRegistry: module completeness", .enabled(if: CompilerProbe.shared != nil))
struct ModuleCompletenessTests {
    private static let header = """
        import SectionsRegistry
        struct Promo: Decodable, Sendable, Equatable { let title: String }

        """

    @Test func aCompleteModuleCompiles() async throws {
        let probe = try #require(CompilerProbe.shared)
        let result = try await probe.typecheck(
            Self.header + """
                let module = SectionModule(
                    type: "promo", mapper: JSONSectionMapper<Promo>(), provider: NoRefreshProvider(),
                    storage: InMemorySectionStorage(), listeners: [])
                var registry = SectionRegistry()
                try registry.register(module)
                """)
        #expect(result.succeeded, "\(result.output)")
    }

    @Test func aModuleMissingAPartDoesNotCompile() async throws {
        let probe = try #require(CompilerProbe.shared)
        let result = try await probe.typecheck(
            Self.header + """
                let noStorage = SectionModule(
                    type: "promo", mapper: JSONSectionMapper<Promo>(), provider: NoRefreshProvider(), listeners: [])
                let noMapper = SectionModule(
                    type: "promo", provider: NoRefreshProvider(), storage: InMemorySectionStorage(), listeners: [])
                let noListeners = SectionModule(
                    type: "promo", mapper: JSONSectionMapper<Promo>(), provider: NoRefreshProvider(),
                    storage: InMemorySectionStorage())
                let nilProvider = SectionModule(
                    type: "promo", mapper: JSONSectionMapper<Promo>(), provider: nil,
                    storage: InMemorySectionStorage(), listeners: [])
                """)
        #expect(!result.succeeded)
        #expect(result.output.contains("missing argument for parameter 'storage'"), "\(result.output)")
        #expect(result.output.contains("missing argument for parameter 'mapper'"), "\(result.output)")
        #expect(result.output.contains("missing argument for parameter 'listeners'"), "\(result.output)")
        // `provider: nil` fails to compile too (the exact wording differs between compiler versions).
        #expect(result.output.components(separatedBy: "error:").count - 1 >= 4, "\(result.output)")
    }
}

/// Runs `swiftc -typecheck` against the modules the tests were built with.
struct CompilerProbe: Sendable {
    struct Result: Sendable {
        let succeeded: Bool
        let output: String
    }

    let swiftc: URL
    let modules: URL
    let moduleCache: URL

    static let shared: CompilerProbe? = {
        #if os(Linux) || os(macOS)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let buildFolder = executable.deletingLastPathComponent()
        let modules = buildFolder.appendingPathComponent("Modules")
        let module = modules.appendingPathComponent("SectionsRegistry.swiftmodule")
        guard FileManager.default.fileExists(atPath: module.path) else { return nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc")
        }
        guard let swiftc = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            return nil
        }
        return CompilerProbe(
            swiftc: swiftc, modules: modules, moduleCache: buildFolder.appendingPathComponent("ModuleCache"))
        #else
        return nil
        #endif
    }()

    /// Type-checks `source` on a thread of its own: waiting for the compiler must not hold one of the few threads
    /// Swift concurrency runs every other test on.
    func typecheck(_ source: String) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result { try typecheckBlocking(source) }) }.start()
        }
    }

    private func typecheckBlocking(_ source: String) throws -> Result {
        #if os(Linux) || os(macOS)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sections-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.swift")
        try Data(source.utf8).write(to: file)
        let process = Process()
        process.executableURL = swiftc
        process.arguments = [
            "-typecheck", "-swift-version", "6", "-I", modules.path, "-module-cache-path", moduleCache.path, file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(succeeded: process.terminationStatus == 0, output: String(decoding: output, as: UTF8.self))
        #else
        return Result(succeeded: false, output: "no compiler on this platform")
        #endif
    }
}
