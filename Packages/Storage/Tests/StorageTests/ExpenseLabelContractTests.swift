import EssentialsTesting
import Foundation
import Storage
import Testing

/// Categories and tags: every backend keeps them exactly, refuses the same bad ones, and keeps them across a reopen.
extension ExpenseContractTests {
    @Test(arguments: Backend.allCases)
    func categoryAndTagsComeBackExactlyAsSaved(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            var lunch = entry("Lunch", at: 60, id: uuid(1))
            lunch.category = "Food & Drink"
            lunch.tags = ["Work", "trip-2026", "café"]
            let plain = entry("Bus", at: 120, id: uuid(2))
            try await opened.store.save([lunch, plain])
            #expect(try await opened.store.report(in: allTime).entries == [plain, lunch])

            lunch.category = nil
            lunch.tags = ["work"]
            #expect(try await opened.store.save(lunch) == .replaced)
            #expect(try await opened.store.report(in: allTime).entries == [plain, lunch])
            await opened.close()
        }
    }

    @Test(arguments: Backend.persistent)
    func categoryAndTagsSurviveAReopen(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            var taxi = entry("Taxi", id: uuid(3))
            taxi.category = "Travel"
            taxi.tags = ["client-a", "late night"]
            let untagged = entry("Tea", at: 30, id: uuid(4))
            // Many saves, so the file stores also write a snapshot and not only change files.
            for index in 0..<40 {
                try await opened.store.save(entry("n\(index)", at: -Double(index), id: uuid(9, index)))
            }
            try await opened.store.save([taxi, untagged])
            await opened.close()

            let reopened = try await backend.openExpenses(in: folder)
            let entries = try await reopened.store.report(in: allTime).entries
            #expect(entries.first { $0.id == taxi.id } == taxi)
            #expect(entries.first { $0.id == untagged.id } == untagged)
            await reopened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func badLabelsAreRefusedAndNothingOfTheBatchIsSaved(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let long = String(repeating: "c", count: ExpenseLabels.maximumCategoryBytes + 1)
            let longTag = String(repeating: "t", count: ExpenseLabels.maximumTagBytes + 1)
            let cases: [(String?, [String], EntryProblem)] = [
                ("", [], .invalidCategory),
                (" Food", [], .invalidCategory),
                ("Fo\nod", [], .invalidCategory),
                (long, [], .categoryTooLong),
                (nil, [""], .invalidTag),
                (nil, ["a,b"], .invalidTag),
                (nil, ["tab\t"], .invalidTag),
                (nil, [longTag], .tagTooLong),
                (nil, (0...ExpenseLabels.maximumTagCount).map { "t\($0)" }, .tooManyTags),
                (nil, ["Work", "work"], .duplicateTag),
            ]
            for (category, tags, problem) in cases {
                var bad = entry(id: uuid(5))
                bad.category = category
                bad.tags = tags
                let error = await storageError { try await opened.store.save([entry(id: uuid(6)), bad]) }
                #expect(error == .invalidEntry(id: uuid(5), problem: problem), "\(problem)")
            }
            #expect(try await opened.store.report(in: allTime).entries.isEmpty)
            await opened.close()
        }
    }
}

@Suite("Storage: expense labels")
struct ExpenseLabelTests {
    @Test func typedLabelsAreTrimmedAndRepeatedTagsDropped() throws {
        #expect(try ExpenseLabels.category("  Food ") == "Food")
        #expect(try ExpenseLabels.tags([" Work", "trip", "work ", "TRIP", "home"]) == ["Work", "trip", "home"])
        #expect(ExpenseLabels.comparisonKey("Café") == ExpenseLabels.comparisonKey("CAFÉ"))
    }

    @Test func typedLabelsAreRefusedWithTheProblemAStoreWouldName() {
        #expect(throws: EntryProblem.invalidCategory) { try ExpenseLabels.category("   ") }
        #expect(throws: EntryProblem.categoryTooLong) { try ExpenseLabels.category(String(repeating: "x", count: 101)) }
        #expect(throws: EntryProblem.invalidTag) { try ExpenseLabels.tags(["ok", " "]) }
        #expect(throws: EntryProblem.invalidTag) { try ExpenseLabels.tags(["a,b"]) }
        #expect(throws: EntryProblem.tagTooLong) { try ExpenseLabels.tags([String(repeating: "x", count: 51)]) }
        #expect(throws: EntryProblem.tooManyTags) { try ExpenseLabels.tags((0..<21).map { "t\($0)" }) }
    }

    @Test func aModelTypeWithoutLabelsSavesUncategorised() {
        struct Receipt: ExpenseModel {
            let id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
            let title = "Receipt"
            let price: Decimal = 2
            let currencyCode = "EUR"
            let comment = ""
            let date = Date(timeIntervalSinceReferenceDate: 0)
        }
        let copied = ExpenseEntry(Receipt())
        #expect(copied.category == nil)
        #expect(copied.tags.isEmpty)
    }
}
