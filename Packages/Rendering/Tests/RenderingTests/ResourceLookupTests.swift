import Foundation
import Testing

@testable import Rendering

/// The package's fonts are found without SwiftPM's `Bundle.module` (which stops the process when the resource
/// folder is missing). `Examples/RenderingZlibConsumer` runs a copied binary with and without the folder.
@Suite("Rendering: finding the resource folder")
struct ResourceLookupTests {
    @Test func noResourceFolderIsMissingResourceAndTheDefaultFontsFallBack() throws {
        let empty = try TemporaryFolder()
        let locator = ResourceLocator(explicit: nil, searchFolders: [empty.url])
        #expect(locator.url(of: "DejaVuSans.ttf", in: "Fonts") == nil)
        #expect(throws: FontError.missingResource("DejaVuSans.ttf")) { try BundledFonts.dejaVuSans(from: locator) }
        let fallback = BundledFonts.defaultFonts(.failure(.missingResource("DejaVuSans.ttf")))
        #expect(!fallback.embedsFonts)
        #expect(fallback.unsupportedCharacters(in: "Café Łódź") == ["Ł", "ź"], "Windows-1252 only")
    }

    /// A font file a person names: each reason it cannot be used is its own case and phrase.
    @Test func aFontFileIsReadOnlyWhenItIsAFontAndEveryOtherPathSaysWhy() throws {
        let folder = try TemporaryFolder()
        func file(_ name: String, _ bytes: Data) throws -> String {
            let url = folder.url.appendingPathComponent(name)
            try bytes.write(to: url)
            return url.path
        }
        let dejaVu = FontFixture.packageRoot.appendingPathComponent("Sources/Rendering/Resources/Fonts/DejaVuSans.ttf")
        let font = try Data(contentsOf: dejaVu)
        func reason(_ path: String) -> String? {
            do {
                _ = try TrueTypeFont(contentsOfFile: path)
                return nil
            } catch {
                return error.reason
            }
        }
        #expect(reason(dejaVu.path) == nil)
        #expect(throws: FontFileError.noFile) {
            try TrueTypeFont(contentsOfFile: folder.url.appendingPathComponent("gone.ttf").path)
        }
        #expect(reason(folder.url.appendingPathComponent("gone.ttf").path) == "there is no file there")
        #expect(throws: FontFileError.folder) { try TrueTypeFont(contentsOfFile: folder.url.path) }
        #expect(reason(folder.url.path) == "it is a folder, not a font file")
        #expect(throws: FontFileError.notAFile) { try TrueTypeFont(contentsOfFile: "/dev/zero") }
        #expect(reason("/dev/zero") == "it is a device or a pipe, not a font file")
        let link = folder.url.appendingPathComponent("linked.ttf")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: dejaVu)
        #expect(reason(link.path) == nil)
        #expect(throws: FontFileError.font(.notAFont)) {
            try TrueTypeFont(contentsOfFile: try file("text.ttf", Data("hello".utf8)))
        }
        #expect(reason(try file("text.ttf", Data("hello".utf8))) == "it is not a TrueType font or font collection")
        #expect(reason(try file("empty.ttf", Data())) == "it is not a TrueType font or font collection")
        let damaged = reason(try file("cut.ttf", font.prefix(4_000)))
        #expect(damaged?.hasPrefix("it is damaged (its ") == true, "\(damaged ?? "accepted")")
        // A sparse file one byte over the limit: refused by its size, without being read.
        let huge = folder.url.appendingPathComponent("huge.ttf")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(TrueTypeFont.maximumFileBytes + 1))
        try handle.close()
        #expect(throws: FontFileError.tooLarge) { try TrueTypeFont(contentsOfFile: huge.path) }
        #expect(reason(huge.path) == "the file is larger than the 64 MB a font may be")
        #expect("\(FontFileError.noFile)" == "The font file cannot be used: there is no file there.")
    }

    @Test func aFolderWithOnlyTheRegularFaceNamesTheBoldFile() throws {
        let folder = try TemporaryFolder()
        try folder.installFonts(at: "Rendering_Rendering.resources/Fonts", only: ["DejaVuSans.ttf"])
        let locator = ResourceLocator(explicit: nil, searchFolders: [folder.url])
        #expect(throws: FontError.missingResource("DejaVuSans-Bold.ttf")) {
            try BundledFonts.dejaVuSans(from: locator)
        }
    }

    @Test(arguments: [
        "Rendering_Rendering.resources/Fonts", "Rendering_Rendering.bundle/Fonts",
        "Rendering_Rendering.bundle/Contents/Resources/Fonts",
    ])
    func theFolderIsFoundInEachLayoutSwiftPMWrites(layout: String) throws {
        let folder = try TemporaryFolder()
        try folder.installFonts(at: layout)
        let fonts = try BundledFonts.dejaVuSans(from: ResourceLocator(explicit: nil, searchFolders: [folder.url]))
        #expect(fonts.embedsFonts)
        #expect(fonts.unsupportedCharacters(in: "Zażółć Ελλάδα Москва") == [])
    }

    @Test func theFirstFolderThatHasTheFileWins() throws {
        let empty = try TemporaryFolder()
        let full = try TemporaryFolder()
        try full.installFonts(at: "Rendering_Rendering.resources/Fonts")
        let locator = ResourceLocator(explicit: nil, searchFolders: [empty.url, full.url])
        #expect(
            locator.url(of: "DejaVuSans.ttf", in: "Fonts")?.path
                == full.url.appendingPathComponent("Rendering_Rendering.resources/Fonts/DejaVuSans.ttf").path)
    }

    @Test func aDamagedFontIsItsOwnErrorAndTheDefaultFontsStillFallBack() throws {
        let folder = try TemporaryFolder()
        try folder.installFonts(at: "Rendering_Rendering.resources/Fonts")
        try Data("not a font".utf8).write(
            to: folder.url.appendingPathComponent("Rendering_Rendering.resources/Fonts/DejaVuSans.ttf"))
        let locator = ResourceLocator(explicit: nil, searchFolders: [folder.url])
        #expect(throws: FontError.notAFont) { try BundledFonts.dejaVuSans(from: locator) }
        #expect(!BundledFonts.defaultFonts(.failure(.notAFont)).embedsFonts)
    }

    @Test func theEnvironmentNamesAFolderElsewhereAndIsTriedFirst() throws {
        let shared = try TemporaryFolder()
        try shared.installFonts(at: "ledger-resources/Fonts")
        let named = shared.url.appendingPathComponent("ledger-resources", isDirectory: true)
        let locator = ResourceLocator.standard(environment: ["RENDERING_RESOURCES": named.path])
        #expect(locator.resourceFolders.first?.path == named.path)
        #expect(locator.url(of: "DejaVuSans.ttf", in: "Fonts")?.path.hasPrefix(named.path) == true)
        #expect(ResourceLocator.standard(environment: ["RENDERING_RESOURCES": ""]).resourceFolders.first != nil)
        #expect(
            ResourceLocator.standard(environment: ["RENDERING_RESOURCES": ""]).resourceFolders
                == ResourceLocator.standard(environment: [:]).resourceFolders)
    }

    /// The test runner is a binary beside the resource folder SwiftPM built, as a shipped tool is.
    @Test func theStandardPlacesIncludeTheExecutablesFolder() throws {
        let locator = ResourceLocator.standard(environment: [:])
        let beside = Bundle.main.bundleURL.appendingPathComponent("Rendering_Rendering.resources").standardizedFileURL
        #expect(locator.resourceFolders.map(\.standardizedFileURL.path).contains(beside.path))
        #expect(locator.url(of: "DejaVuSans.ttf", in: "Fonts") != nil)
        #expect(try InvoiceFonts.dejaVuSans().embedsFonts)
        #expect(InvoiceFonts.default.embedsFonts)
    }

    @Test func theImageHoldingAnAddressIsReadFromTheMemoryMap() {
        let maps = """
            55d0c0a00000-55d0c0a40000 r--p 00000000 fe:00 1234                       /opt/app/bin/tool
            55d0c0a40000-55d0c0b00000 r-xp 00040000 fe:00 1234                       /opt/app/bin/tool
            7f0000000000-7f0000021000 rw-p 00000000 00:00 0
            7f1000000000-7f1000010000 r-xp 00000000 fe:00 99                         /opt/app/lib/libRendering.so (deleted)
            7f2000000000-7f2000010000 r-xp 00000000 fe:00 98                         /usr/lib/My Apps/libx.so
            """
        #expect(ResourceLocator.imagePath(containing: 0x55d0_c0a4_1000, maps: maps) == "/opt/app/bin/tool")
        #expect(ResourceLocator.imagePath(containing: 0x55d0_c0a0_0000, maps: maps) == "/opt/app/bin/tool")
        #expect(ResourceLocator.imagePath(containing: 0x7f10_0000_0fff, maps: maps) == "/opt/app/lib/libRendering.so")
        #expect(ResourceLocator.imagePath(containing: 0x7f20_0000_0001, maps: maps) == "/usr/lib/My Apps/libx.so")
        #expect(ResourceLocator.imagePath(containing: 0x7f00_0000_1000, maps: maps) == nil, "anonymous memory")
        #expect(ResourceLocator.imagePath(containing: 0x55d0_c0b0_0000, maps: maps) == nil, "the end is exclusive")
        #expect(ResourceLocator.imagePath(containing: 1, maps: "garbage\n-\n12-x /a\n") == nil)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps"), "no /proc/self/maps (not Linux)"))
    func onLinuxTheImageFolderIsTheFolderOfTheBinaryHoldingThisModule() throws {
        // The package's code is linked into the test runner, an executable in the build folder.
        let executable = try #require(Bundle.main.executableURL)
        #expect(
            ResourceLocator.imageFolder()?.resolvingSymlinksInPath().path
                == executable.resolvingSymlinksInPath().deletingLastPathComponent().path)
    }
}

/// A fresh folder under the temporary directory, removed when the value goes.
private final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("RenderingResources-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Copies the package's fonts (from its sources) into `path` inside the folder.
    func installFonts(at path: String, only names: [String] = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]) throws {
        let destination = url.appendingPathComponent(path, isDirectory: true)
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let source = FontFixture.packageRoot.appendingPathComponent("Sources/Rendering/Resources/Fonts")
        for name in names {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: destination.appendingPathComponent(name))
        }
    }
}
