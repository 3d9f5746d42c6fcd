import Foundation
import LedgerTestSupport
import RenderingTesting
import Testing

/// The built `ledger` run as a user would, on a real data folder.
@Suite("Settings: the config commands end to end")
struct SettingsCommandsEndToEndTests {
    static let cjkFont = InstalledCJKFont.path

    @Test func anInvoiceWithThePlaceholderSellerSaysHowToSetYoursAndNamingItReplacesItWhole() async throws {
        let workspace = try LedgerWorkspace()
        let first = try await workspace.run(["invoice", "new", "--client", "Bob", "--item", "Work;1;100"])
        #expect(first.status == 75, "\(first.standardError)")
        #expect(first.standardError.contains("names the seller \"Your Company\""))
        #expect(first.standardError.contains("ledger config set seller.name NAME"))

        #expect(try await workspace.run(["config", "set", "seller.name", "ACME GmbH"]).status == 0)
        let listed = try await workspace.run(["config", "list"])
        #expect(
            listed.standardOutput.split(separator: "\n").contains {
                $0.hasPrefix("seller.address ") && $0.hasSuffix(" (not set)")
            },
            "\(listed.standardOutput)")
        let pdf = workspace.folder.appendingPathComponent("named.pdf")
        let second = try await workspace.run([
            "invoice", "new", "--client", "Bob", "--item", "Work;1;100", "--out", pdf.path,
        ])
        #expect(second.status == 75 && !second.standardError.contains("note:"), "\(second.standardError)")
        let text = try await LedgerBinary.runTool("pdftotext", [pdf.path, "-"]).standardOutput
        #expect(text.contains("ACME GmbH"))
        #expect(!text.contains("Your Company") && !text.contains("config set"), "\(text)")
    }

    @Test func aFileThatIsNotAUsableFontIsRefusedWithWhyAndNothingChanges() async throws {
        let workspace = try LedgerWorkspace()
        let notAFont = workspace.folder.appendingPathComponent("font.ttf")
        try Data("not a font, only text".utf8).write(to: notAFont)
        let cases = [
            (notAFont.path, "it is not a TrueType font or font collection"),
            (workspace.folder.appendingPathComponent("missing.ttf").path, "there is no file there"),
            (workspace.folder.path, "it is a folder, not a font file"),
        ]
        for (path, reason) in cases {
            let result = try await workspace.run(["config", "set", "invoice.fallback-font", path])
            #expect(result.status == 65, "\(result.standardError)")
            #expect(result.standardError.contains("ledger: \(path) cannot be the invoice fallback font: \(reason)"))
            #expect(result.standardError.contains("hint: Give the path of a TrueType font file"))
        }
        let kept = try await workspace.run(["config", "get", "invoice.fallback-font"])
        #expect(kept.status == 0 && kept.standardOutput.isEmpty, "\(kept.standardOutput)")
    }

    @Test(.enabled(if: cjkFont != nil, "no CJK TrueType font installed (apt-get install fonts-droid-fallback)"))
    func aJapaneseInvoicePrintsWithTheFallbackFontAndSaysHowWithoutIt() async throws {
        let installed = try #require(Self.cjkFont)
        let workspace = try LedgerWorkspace()
        let invoice = ["invoice", "new", "--client", "株式会社サンプル", "--item", "コンサルティング;2;500"]
        let refused = try await workspace.run(invoice)
        #expect(refused.status == 65, "\(refused.standardError)")
        #expect(refused.standardError.contains("ledger config set invoice.fallback-font PATH"))

        // A copy of the font, so the test can take it away afterwards.
        let font = workspace.folder.appendingPathComponent("CJK Fallback.ttf")
        try FileManager.default.copyItem(atPath: installed, toPath: font.path)
        // Given relative to the current folder, kept absolute.
        let depth =
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
            .pathComponents.count - 1
        let relative = String(repeating: "../", count: depth) + font.standardizedFileURL.path.dropFirst()
        #expect(try await workspace.run(["config", "set", "invoice.fallback-font", relative]).status == 0)
        let kept = try await workspace.run(["config", "get", "invoice.fallback-font"])
        #expect(kept.standardOutput == font.standardizedFileURL.path + "\n", "\(kept.standardOutput)")
        let pdf = workspace.folder.appendingPathComponent("japanese.pdf")
        let created = try await workspace.run(invoice + ["--out", pdf.path])
        #expect(created.status == 75, "stored, the upload fails without a server: \(created.standardError)")
        let text = try await LedgerBinary.runTool("pdftotext", [pdf.path, "-"]).standardOutput
        #expect(text.contains("株式会社サンプル") && text.contains("コンサルティング"), "\(text)")
        #expect(try await LedgerBinary.runTool("qpdf", ["--check", pdf.path]).status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: pdf.path)[.size] as? Int)
        #expect(size < 200_000, "only the glyphs used are embedded, not the whole font: \(size) bytes")

        // The font goes away: invoices use the built-in fonts again and say why.
        try FileManager.default.removeItem(at: font)
        let latin = try await workspace.run(["invoice", "new", "--client", "Bob", "--item", "Work;1;100"])
        #expect(latin.status == 75, "\(latin.standardError)")
        #expect(
            latin.standardError.contains(
                "the invoice fallback font \(font.standardizedFileURL.path) is not used: there is no file there"),
            "\(latin.standardError)")
        #expect(latin.standardError.contains("ledger config unset invoice.fallback-font"))
        #expect(try await workspace.run(invoice).status == 65)
    }

    @Test func everyErrorPathIsReadable() async throws {
        let workspace = try LedgerWorkspace()
        let cases: [[String]] = [
            ["config", "get", "nope"],
            ["config", "set", "seller.iban", "DE00 0000"],
            ["config", "set", "currency", "EUR", "USD"],
            ["config", "unset", "seller.name"],
            ["config", "set", "invoice.fallback-font", "/no/such.ttf"],
            ["config", "set", "invoice.fallback-font", try workspace.file("bad.ttf", "not a font").path],
        ]
        for arguments in cases {
            let result = try await workspace.run(arguments)
            #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
        }
    }
}
