import Foundation
import Testing

/// The consumer's tool copied out of its build folder, as a release is: Rendering finds its resource folder
/// (`Rendering_Rendering.resources`, `.bundle` on Apple platforms) beside the binary or where
/// `RENDERING_RESOURCES` points, and without it `InvoiceFonts.dejaVuSans()` throws and `InvoiceFonts.default` falls
/// back to the standard 14 fonts, as documented: the process never traps.
@Suite("A shipped binary and Rendering's resource folder")
struct ShippedBinaryTests {
    @Test func withoutTheResourceFolderTheToolSaysSoAndRendersWithTheStandardFonts() throws {
        let release = try Release()
        let run = try release.run()
        #expect(run.exitedNormally && run.status == 0, "\(run)")
        #expect(!run.standardError.contains("Fatal error"), "\(run)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(run)")
        #expect(lines[0].hasPrefix("DejaVu Sans: The font file DejaVuSans.ttf"), "\(lines[0])")
        #expect(lines[0].contains("Rendering_Rendering.resources"), "the message says what to ship: \(lines[0])")
        #expect(lines[1] == "default fonts embed a font: no")
        #expect(lines[2] == "wrote invoice.pdf")
        let pdf = try release.writtenPDF()
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        #expect(pdf.range(of: Data("/BaseFont /Helvetica".utf8)) != nil, "the standard 14 fonts")
    }

    @Test func withTheResourceFolderBesideTheBinaryTheToolEmbedsDejaVuSans() throws {
        let release = try Release()
        try release.copyResources(into: release.folder)
        let run = try release.run()
        #expect(run.exitedNormally && run.status == 0, "\(run)")
        #expect(run.standardOutput == "DejaVu Sans: found\ndefault fonts embed a font: yes\nwrote invoice.pdf\n")
        #expect(try release.writtenPDF().range(of: Data("+DejaVuSans".utf8)) != nil, "an embedded DejaVu subset")
    }

    @Test func theEnvironmentNamesAResourceFolderElsewhere() throws {
        let release = try Release()
        let shared = release.folder.appendingPathComponent("share", isDirectory: true)
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try release.copyResources(into: shared)
        let resources = try #require(
            try FileManager.default.contentsOfDirectory(atPath: shared.path).first { $0.hasPrefix("Rendering_") })
        let run = try release.run(environment: ["RENDERING_RESOURCES": shared.appendingPathComponent(resources).path])
        #expect(run.exitedNormally && run.status == 0, "\(run)")
        #expect(run.standardOutput.hasPrefix("DejaVu Sans: found\n"), "\(run)")
    }
}

/// The tool alone in a fresh temporary folder (deleted when the value goes), as a release copied to a server is.
private final class Release {
    let folder: URL
    let binary: URL
    private let buildFolder: URL

    init() throws {
        buildFolder = try Self.findBuildFolder()
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("RenderingZlibConsumer-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        binary = folder.appendingPathComponent(Self.toolName)
        try FileManager.default.copyItem(at: buildFolder.appendingPathComponent(Self.toolName), to: binary)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static let toolName = "RenderingZlibConsumerTool"

    /// Where SwiftPM put the tool: beside the test bundle (Linux: the test runner is an executable there; Apple
    /// platforms: the `.xctest` bundle is).
    private static func findBuildFolder() throws -> URL {
        let candidates = [
            Bundle.main.bundleURL, Bundle(for: Release.self).bundleURL.deletingLastPathComponent(),
            Bundle(for: Release.self).bundleURL,
        ]
        let found = candidates.first {
            FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent(toolName).path)
        }
        return try #require(found, "\(toolName) is not built beside the tests: \(candidates.map(\.path))")
    }

    /// Copies Rendering's resource folder from the build folder into `destination`.
    func copyResources(into destination: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: buildFolder.path)
        let resources = try #require(
            names.first { $0 == "Rendering_Rendering.resources" || $0 == "Rendering_Rendering.bundle" },
            "no resource folder of Rendering in \(buildFolder.path)")
        try FileManager.default.copyItem(
            at: buildFolder.appendingPathComponent(resources), to: destination.appendingPathComponent(resources))
    }

    /// Runs the copied tool in its folder with `environment` added (and no `RENDERING_RESOURCES` unless given).
    func run(environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = [folder.appendingPathComponent("invoice.pdf").path]
        process.currentDirectoryURL = folder
        var inherited = ProcessInfo.processInfo.environment
        inherited["RENDERING_RESOURCES"] = nil
        process.environment = inherited.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    func writtenPDF() throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent("invoice.pdf"))
    }
}

/// What a run of the tool left.
private struct Run: CustomStringConvertible {
    let status: Int32
    let exitedNormally: Bool
    let standardOutput: String
    let standardError: String

    var description: String {
        "status \(status)\(exitedNormally ? "" : " (killed by a signal)")\nstdout:\n\(standardOutput)\nstderr:\n\(standardError)"
    }
}
