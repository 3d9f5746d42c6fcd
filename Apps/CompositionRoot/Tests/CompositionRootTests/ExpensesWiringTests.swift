import CompositionRoot
import ExpensesFeature
import Foundation
import Storage
import Testing
import Validation

@Suite("CompositionRoot: expenses and reports")
struct ExpensesFeatureTests {
    @Test func addedExpensesAppearInReportsOfTheirRange() async throws {
        let folder = try TemporaryFolder()
        let factory = makeFactory(folder: folder)
        let expenses = try await factory.makeExpenses()
        _ = try await expenses.recorder.add(
            NewExpense(title: "Coffee", price: 3.8, currencyCode: "eur", date: fixedNow))
        _ = try await expenses.recorder.add(
            NewExpense(title: "Old train", price: 40, currencyCode: "EUR", date: day("2026-01-02")))
        let week = try await expenses.reports.report(.week, format: .json)
        let document = try JSONSerialization.jsonObject(with: Data(week.utf8)) as? [String: Any]
        let entries = try #require(document?["entries"] as? [[String: Any]])
        #expect(entries.map { $0["title"] as? String } == ["Coffee"])
        #expect(entries.first?["currency"] as? String == "EUR")
        #expect(document?["from"] as? String == "2026-03-16")
        let year = try await expenses.reports.report(.year, format: .csv)
        #expect(year.contains("Coffee") && year.contains("Old train"))
        let table = try await expenses.reports.report(.month, format: .table)
        #expect(table.contains("€3.80"))
        await factory.close()
    }

    @Test func dataSurvivesANewFactoryOnTheSameFolder() async throws {
        let folder = try TemporaryFolder()
        let first = makeFactory(folder: folder)
        _ = try await first.makeExpenses().recorder.add(
            NewExpense(title: "Lunch", price: 12, currencyCode: "USD", date: fixedNow))
        await first.close()
        let second = makeFactory(folder: folder)
        let csv = try await second.makeExpenses().exporter.exportCSV()
        let rows = csv.components(separatedBy: "\r\n")
        #expect(rows.first == "date,time,utc_offset,title,amount,currency,comment,id")
        #expect(rows.dropFirst().first?.hasPrefix("2026-03-18,12:00:00.000000,UTC+00:00,Lunch,12.00,USD,,") == true)
        await second.close()
    }

    @Test(arguments: [
        (NewExpense(title: " ", price: 1, currencyCode: "EUR", date: fixedNow), "expense.titleMissing"),
        (NewExpense(title: "x", price: -1, currencyCode: "EUR", date: fixedNow), "expense.priceNotPositive"),
        (NewExpense(title: "x", price: .nan, currencyCode: "EUR", date: fixedNow), "expense.priceNotFinite"),
        (NewExpense(title: "x", price: 1, currencyCode: "EURO", date: fixedNow), "expense.currencyNotISO4217"),
        (
            NewExpense(title: String(repeating: "x", count: 1_000_000), price: 1, currencyCode: "EUR", date: fixedNow),
            "expense.titleTooLong"
        ),
    ])
    func invalidExpensesAreRefusedWithCodesAndMessagesAndNotSaved(expense: NewExpense, code: String) async throws {
        let folder = try TemporaryFolder()
        let factory = makeFactory(folder: folder)
        let expenses = try await factory.makeExpenses()
        let error = await #expect(throws: ExpenseInputError.self) { try await expenses.recorder.add(expense) }
        guard case .invalid(let problems) = error else {
            Issue.record("expected invalid, got \(String(describing: error))")
            return
        }
        #expect(problems.map(\.code.rawValue).contains(code))
        #expect(problems.allSatisfy { !$0.message.isEmpty })
        #expect(try await expenses.exporter.exportCSV() == "date,time,utc_offset,title,amount,currency,comment,id\r\n")
        await factory.close()
    }

    @Test func concurrentAddsAreAllKept() async throws {
        let folder = try TemporaryFolder()
        let factory = makeFactory(folder: folder)
        let recorder = try await factory.makeExpenses().recorder
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    _ = try await recorder.add(
                        NewExpense(title: "item \(index)", price: 1, currencyCode: "EUR", date: fixedNow))
                }
            }
            try await group.waitForAll()
        }
        let csv = try await factory.makeExpenses().exporter.exportCSV()
        #expect(csv.split(separator: "\r\n").count == 201)
        await factory.close()
    }

    @Test func anUnwritableDataFolderIsAStorageError() async throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        let factory = LedgerFactory(environment: .init(dataDirectory: file, apiBaseURL: closedPort))
        await #expect {
            try await factory.makeExpenses()
        } throws: { error in
            guard case .fileSystem(let failure)? = error as? StorageError else { return false }
            return failure.operation == .createFolder && failure.path == file.path && failure.errorNumber == ENOTDIR
        }
    }
}
