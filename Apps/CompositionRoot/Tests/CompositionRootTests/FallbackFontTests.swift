import CompositionRoot
import Foundation
import RenderingTesting
import SettingsFeature
import Testing
import Validation

@Suite("CompositionRoot: the invoices' fallback font")
struct FallbackFontTests {
    /// A CJK TrueType font installed on this machine (the scripts install `fonts-droid-fallback`).
    static let cjkFont = InstalledCJKFont.path

    /// The Rendering package's own DejaVu Sans, found from this file.
    static let dejaVu = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Packages/Rendering/Sources/Rendering/Resources/Fonts/DejaVuSans.ttf")

    /// The reasons themselves are the Rendering package's (`TrueTypeFont(contentsOfFile:)`, tested there); the
    /// settings and the invoice notes show them as phrases.
    @Test func aFileThatCannotBeTheFontSaysWhyAndAFontIsAccepted() throws {
        let folder = try TemporaryFolder()
        #expect(InvoiceFallbackFont.problem(at: Self.dejaVu.path) == nil)
        #expect(
            InvoiceFallbackFont.problem(at: folder.url.appendingPathComponent("gone.ttf").path)
                == "there is no file there")
        #expect(InvoiceFallbackFont.problem(at: folder.url.path) == "it is a folder, not a font file")
    }

    @Test(.enabled(if: cjkFont != nil, "no CJK TrueType font installed (apt-get install fonts-droid-fallback)"))
    func withTheFontSetTheSettingsAcceptWhatItDrawsAndTheOthersRefuseIt() async throws {
        let font = try #require(Self.cjkFont)
        let folder = try TemporaryFolder()
        let plain = makeFactory(folder: folder)
        await #expect {
            try await plain.makeSettings().set(.sellerName, to: ["株式会社サンプル"])
        } throws: { isNotPrintable($0) }
        var environment = plain.environment
        environment.invoiceFallbackFont = URL(fileURLWithPath: font)
        let withFont = LedgerFactory(environment: environment)
        let settings = try await withFont.makeSettings()
        #expect(try await settings.set(.sellerName, to: ["株式会社サンプル"]).seller.name == "株式会社サンプル")
        #expect(try await settings.set(.invoiceFallbackFont, to: [font]).invoiceFallbackFont == font)
        await #expect(throws: SettingsError.unusableFont(path: "/nowhere.ttf", reason: "there is no file there")) {
            try await settings.set(.invoiceFallbackFont, to: ["/nowhere.ttf"])
        }
        await plain.close()
        await withFont.close()
    }

    /// A font the environment names but that cannot be read (moved since it was set) is left out: the built-in
    /// fonts apply, so text only the font could draw is refused again rather than failing at render time.
    @Test func aFontThatCannotBeReadIsLeftOut() async throws {
        let folder = try TemporaryFolder()
        var environment = makeFactory(folder: folder).environment
        environment.invoiceFallbackFont = folder.url.appendingPathComponent("moved.ttf")
        let factory = LedgerFactory(environment: environment)
        let settings = try await factory.makeSettings()
        await #expect { try await settings.set(.sellerName, to: ["株式会社サンプル"]) } throws: { isNotPrintable($0) }
        #expect(try await settings.set(.sellerName, to: ["Zażółć GmbH"]).seller.name == "Zażółć GmbH")
        await factory.close()
    }
}

/// Whether `error` is the seller's name refused because the invoice fonts cannot draw it, and only for that.
private func isNotPrintable(_ error: any Error) -> Bool {
    guard case .invalid(.sellerName, let problems)? = error as? SettingsError else { return false }
    return problems.map(\.code.rawValue) == ["seller.nameNotPrintable"]
}
