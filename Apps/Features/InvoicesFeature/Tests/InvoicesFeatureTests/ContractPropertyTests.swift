import Foundation
import Rendering
import Storage
import StorageTesting
import Testing
import Validation

@testable import InvoicesFeature

/// One invoice contract between the Validation and the Rendering packages, checked on thousands of seeded drafts:
/// a draft that passes validation always renders, and one that does not is refused with problems that each name
/// a field of the form.
@Suite("Invoices: a valid draft always renders")
struct ContractPropertyTests {
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }

    private static let names = [
        "ACME", "Zażółć Gęślą Jaźń sp. z o.o.", "İstanbul Ticaret A.Ş.", "Αθήνα ΑΕ", "ООО Москва", "Příliš žluťoučký",
        "東京株式会社", "شركة", "עברית בע״מ", "", "   ", "Evil\u{202E}Corp", "tab\there", "line\nbreak",
        String(repeating: "Very Long Name ", count: 30), "e\u{301}cole", "😀 Emoji Ltd",
    ]
    private static let currencies = ["EUR", "JPY", "BHD", "PLN", "UGX", "XOF", "IQD", "CLF", "USD", "XYZ", "eur", ""]
    private static let fields: Set<String> = [
        "--client", "--item", "--currency", "--due", "--tax", "--notes",
    ]

    private static let fonts = InvoiceFonts.default

    /// The form and the archive on an in-memory store, with the real templates and fonts and the Validation
    /// package's check of what the fonts can draw.
    private func flows() -> (form: InvoiceSubmitter, archive: InvoiceArchive) {
        let fonts = Self.fonts
        let documents = FakeDocumentStore(now: { fixedNow })
        let form = InvoiceSubmitter(
            drafting: testDrafting(
                validator: InvoiceValidator(
                    options: InvoiceValidationOptions(
                        calendar: utcCalendar, undrawableCharacters: { fonts.unsupportedCharacters(in: $0) })),
                currency: { code in (try? Currency(code: code, minorUnits: ISO4217.minorUnits(for: code) ?? 2)) ?? .usd
                }),
            templates: testTemplates(fonts: fonts), documents: documents,
            seller: { Seller(name: "Seller", address: []) },
            sender: InvoiceSender(
                uploader: ScriptedUploader([]), isSignedIn: { false }, records: documents, currency: testCurrency))
        return (form, InvoiceArchive(documents: documents))
    }

    private func decimal(_ random: inout Generator, upTo exponent: Int, places: Int) -> Decimal {
        let digits =
            Decimal(Int.random(in: 0...999_999, using: &random)) * pow(10, Int.random(in: 0...exponent, using: &random))
        return digits / pow(10, Int.random(in: 0...places, using: &random))
    }

    /// Half the drafts are plausible (what a person types), half anything: both halves reach the limits.
    private func request(_ random: inout Generator) -> InvoiceRequest {
        let plausible = Bool.random(using: &random)
        let currency =
            plausible
            ? (["EUR", "JPY", "BHD", "PLN", "UGX", "IQD", "CLF", "USD"].randomElement(using: &random) ?? "EUR")
            : (Self.currencies.randomElement(using: &random) ?? "EUR")
        let minorUnits = ISO4217.minorUnits(for: currency) ?? 2
        let items = (0..<Int.random(in: plausible ? 1...4 : 0...4, using: &random)).map { _ in
            InvoiceItem(
                description: plausible
                    ? (Self.names.prefix(7).randomElement(using: &random) ?? "")
                    : (Self.names.randomElement(using: &random) ?? ""),
                quantity: plausible
                    ? Decimal(Int.random(in: 1...99_999, using: &random))
                        / pow(10, Int.random(in: 0...3, using: &random))
                    : (Bool.random(using: &random) ? 1 : -1) * decimal(&random, upTo: 4, places: 4),
                unitPrice: plausible
                    ? decimal(&random, upTo: 9, places: minorUnits)
                    : (Int.random(in: 0..<10, using: &random) == 0 ? -1 : 1) * decimal(&random, upTo: 11, places: 4))
        }
        let tax: Decimal? =
            plausible
            ? [nil, 0, 7, 19, 20, 25, Decimal(string: "8.25"), 100].randomElement(using: &random) ?? nil
            : Decimal(Int.random(in: -1_000...13_000, using: &random)) / pow(10, Int.random(in: 0...3, using: &random))
        return InvoiceRequest(
            client: plausible
                ? (Self.names.prefix(7).randomElement(using: &random) ?? "")
                : (Self.names.randomElement(using: &random) ?? ""),
            items: items, currencyCode: currency,
            template: ["standard", "compact", "creative"].randomElement(using: &random) ?? "standard",
            taxPercent: tax,
            notes: Int.random(in: 0..<3, using: &random) == 0 ? (Self.names.randomElement(using: &random) ?? "") : "")
    }

    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func validMeansItRendersAndInvalidNamesTheField(seed: UInt64) async throws {
        var random = Generator(state: seed)
        let flows = flows()
        var rendered = 0
        var refused = 0
        for _ in 0..<500 {
            let request = request(&random)
            do {
                let submission = try await flows.form.submit(request)
                let file = try await flows.archive.invoice(number: submission.record.number)
                #expect(file.pdf.starts(with: Data("%PDF-".utf8)))
                rendered += 1
            } catch {
                guard case .invalid(let problems) = error else {
                    Issue.record("a draft that passed validation failed later: \(error) for \(request)")
                    continue
                }
                refused += 1
                #expect(!problems.isEmpty)
                for problem in problems {
                    // The option the user typed: `--item 2 (price)` names the option `--item`.
                    let field = String(problem.path.prefix { $0 != " " })
                    #expect(Self.fields.contains(field), "\(problem.code) has no field: '\(problem.path)'")
                    #expect(!problem.message.isEmpty && !problem.message.contains("{"))
                }
            }
        }
        #expect(rendered > 50 && refused > 50, "rendered \(rendered), refused \(refused)")
    }
}
