import Essentials
import Foundation
import Storage
import StorageTesting
import Testing
import Validation

@testable import ExpensesFeature

@Suite("Expenses: importing bank exports")
struct BankImportTests {
    private func importer(_ store: FakeExpenseStore) -> CSVExpenseImporter {
        let recorder = ExpenseRecorder(validator: ExpenseValidator(), messages: .english, saver: store)
        return CSVExpenseImporter(rules: recorder, saver: store, days: DayFormat(calendar: utcCalendar))
    }

    private func entries(_ store: FakeExpenseStore) async -> [ExpenseEntry] {
        await store.report(in: Date.distantPast..<Date.distantFuture).entries.sorted { $0.date < $1.date }
    }

    @Test(arguments: BankExport.all)
    func aBankExportImportsWithoutOptions(export: BankExport) async throws {
        let store = FakeExpenseStore()
        let summary = try await importer(store).importCSV(
            data: export.bytes, options: ExpenseImportOptions(defaultCurrency: export.configuredCurrency)
        ) { _ in }
        #expect(summary.rejected.isEmpty, "\(summary.rejected)")
        #expect(summary.inserted == export.expenses.count)
        #expect(summary.skippedCredits == export.credits)
        let saved = await entries(store)
        let days = DayFormat(calendar: utcCalendar)
        #expect(saved.map { days.string(from: $0.date) } == export.expenses.map(\.day))
        #expect(saved.map(\.title) == export.expenses.map(\.title))
        #expect(saved.map(\.price) == export.expenses.map(\.amount))
        #expect(saved.map(\.currencyCode) == export.expenses.map(\.currency))
    }

    @Test(arguments: BankExport.all)
    func aBankExportImportedAgainAddsNothing(export: BankExport) async throws {
        let store = FakeExpenseStore()
        let options = ExpenseImportOptions(defaultCurrency: export.configuredCurrency)
        _ = try await importer(store).importCSV(data: export.bytes, options: options) { _ in }
        let again = try await importer(store).importCSV(data: export.bytes, options: options) { _ in }
        #expect(again.inserted == 0 && again.replaced == export.expenses.count)
    }

    @Test func creditsAreImportedWhenAskedFor() async throws {
        let store = FakeExpenseStore()
        let export = try #require(BankExport.all.first { $0.bank == "Chase" })
        let summary = try await importer(store).importCSV(
            data: export.bytes, options: ExpenseImportOptions(defaultCurrency: "USD", importsCredits: true)
        ) { _ in }
        #expect(summary.inserted == 3 && summary.skippedCredits == 0)
        #expect(await entries(store).last?.price == 500)
    }

    @Test func thePayeeIsTheTitleAndThePurposeTheComment() async throws {
        let store = FakeExpenseStore()
        let export = try #require(BankExport.all.first { $0.bank == "DKB" })
        _ = try await importer(store).importCSV(
            data: export.bytes, options: ExpenseImportOptions(defaultCurrency: "EUR")
        ) {
            _ in
        }
        #expect(await entries(store).map(\.comment) == ["Einkauf", "Ticket Berlin"])
    }

    @Test func daysThatReadAsDayMonthAndMonthDayAreRefusedNamingALineAndBothReadings() async throws {
        let csv = "Date,Description,Amount\n03/04/2026,Lunch,-12.00\n05/06/2026,Taxi,-30.00\n"
        let error = await #expect(throws: ExpenseImportError.self) {
            try await importer(FakeExpenseStore()).importCSV(csv, options: ExpenseImportOptions(defaultCurrency: "EUR"))
            {
                _ in
            }
        }
        guard case .ambiguous(let problem) = error else {
            Issue.record("expected an ambiguity, got \(String(describing: error))")
            return
        }
        #expect(problem.code.rawValue == "import.ambiguousDates")
        #expect(problem.path == "date-format")
        #expect(problem.message.contains("line 2"), "\(problem.message)")
        #expect(
            problem.message.contains("2026-04-03 as DD/MM/YYYY") && problem.message.contains("2026-03-04 as MM/DD/YYYY")
        )
    }

    @Test func theDateFormatOptionDecidesThem() async throws {
        let store = FakeExpenseStore()
        let csv = "Date,Description,Amount\n03/04/2026,Lunch,-12.00\n05/06/2026,Taxi,-30.00\n"
        let summary = try await importer(store).importCSV(
            csv, options: ExpenseImportOptions(dateFormat: .dayMonthYearSlashes, defaultCurrency: "EUR")
        ) { _ in }
        #expect(summary.inserted == 2)
        #expect(
            await entries(store).map { DayFormat(calendar: utcCalendar).string(from: $0.date) } == [
                "2026-04-03", "2026-06-05",
            ])
    }

    @Test func amountsThatReadWithAPointAndWithACommaAreRefused() async throws {
        let csv = "Datum;Omschrijving;Bedrag\n01-03-2026;Huur;-1.250\n02-03-2026;Energie;-2.500\n"
        let error = await #expect(throws: ExpenseImportError.self) {
            try await importer(FakeExpenseStore()).importCSV(csv, options: ExpenseImportOptions(defaultCurrency: "EUR"))
            {
                _ in
            }
        }
        guard case .ambiguous(let problem) = error else {
            Issue.record("expected an ambiguity, got \(String(describing: error))")
            return
        }
        #expect(problem.code.rawValue == "import.ambiguousDecimalMark" && problem.path == "decimal-mark")
        #expect(problem.message.contains("line 2") && problem.message.contains("'-1.250'"), "\(problem.message)")
        let store = FakeExpenseStore()
        let summary = try await importer(store).importCSV(
            csv, options: ExpenseImportOptions(decimalMark: .comma, defaultCurrency: "EUR")
        ) { _ in }
        #expect(summary.inserted == 2)
        #expect(await entries(store).map(\.price) == [1_250, 2_500])
    }

    @Test func unknownHeadingsAreRefusedNamingThemAndReadWithColumns() async throws {
        let csv = "Tag;Text;Wert\n01.03.2026;Kino;-11,50\n"
        let error = await #expect(throws: ExpenseImportError.self) {
            try await importer(FakeExpenseStore()).importCSV(csv, options: ExpenseImportOptions(defaultCurrency: "EUR"))
            {
                _ in
            }
        }
        guard case .unreadableFile(let problem) = error else {
            Issue.record("expected missing columns, got \(String(describing: error))")
            return
        }
        #expect(problem.code.rawValue == "import.missingColumns" && problem.message.contains("Tag, Text, Wert"))
        let summary = try await importer(FakeExpenseStore()).importCSV(
            csv,
            options: ExpenseImportOptions(
                columns: [.date: "Tag", .title: "text", .amount: "Wert"], defaultCurrency: "EUR")
        ) { _ in }
        #expect(summary.inserted == 1)
    }

    @Test(arguments: [
        ("Płatność kartą Łódź, zażółć gęślą jaźń", String.Encoding.windowsCP1250, CSVTextEncoding.windows1250),
        ("Zażółć gęślą jaźń, Świętokrzyskie", .isoLatin2, .iso88592),
        ("Bäckerei Müller, Straße, Gebühren", .windowsCP1252, .windows1252),
        ("Prélèvement électricité, crédit", .windowsCP1252, .windows1252),
        ("Añadido, Descripción, Año", .windowsCP1252, .windows1252),
        ("Ärger mit Öl und Ü", .utf8, .utf8),
    ])
    func theEncodingIsDetectedFromTheBytes(text: String, writtenIn: String.Encoding, detected: CSVTextEncoding) throws {
        let bytes = try #require(text.data(using: writtenIn))
        #expect(CSVTextEncoding.detect([UInt8](bytes)) == detected)
    }

    @Test func aUTF8SequenceCutByTheSampleStillReadsAsUTF8() {
        let bytes = Array("Zürich ä".utf8)
        #expect(CSVTextEncoding.detect(Array(bytes.dropLast())) == .utf8)
    }

    @Test(arguments: [
        ("-1.234,56", DecimalMark.comma, Decimal(string: "-1234.56")),
        ("1 234,56 €", .comma, Decimal(string: "1234.56")),
        ("12,50-", .comma, Decimal(string: "-12.5")), ("(5.75)", .point, Decimal(string: "-5.75")),
        ("$1,000.00", .point, Decimal(1_000)), ("-59,90 PLN", .comma, Decimal(string: "-59.9")),
        ("1,2,3", .point, nil), ("12,5", .point, nil), ("1.2345,00", .comma, nil), ("", .point, nil),
    ])
    func amountsAreReadWithTheirMark(text: String, mark: DecimalMark, value: Decimal?) {
        #expect(mark.amount(text) == value)
    }

    @Test(arguments: [
        ("Betrag (€)", "betrag"), ("Bedrag (EUR)", "bedrag"), ("#Data księgowania", "data ksiegowania"),
        ("Fecha Operación", "fecha operacion"), ("Zahlungsempfänger*in", "zahlungsempfanger in"),
        ("Naam / Omschrijving", "naam omschrijving"), ("Währung", "wahrung"),
    ])
    func headingsAreComparedWithoutCaseAccentsOrPunctuation(heading: String, key: String) {
        #expect(BankHeadings.key(heading) == key)
    }

    @Test func aSavedProfileComesBackByName() async throws {
        let profiles = DocumentImportProfiles(documents: FakeDocumentStore())
        let profile = ImportProfile(
            name: "mybank", columns: [.date: "Tag", .amount: "Wert"], dateFormat: .dayMonthYearDots)
        try await profiles.save(profile)
        #expect(try await profiles.profile(named: "mybank") == profile)
        #expect(try await profiles.profile(named: "other") == nil)
    }
}
