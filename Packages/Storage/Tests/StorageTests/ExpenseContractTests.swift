import Essentials
import EssentialsTesting
import Foundation
import Storage
import Testing

/// The same inputs must give the same answers on every backend: this suite runs each test against all of them.
@Suite("Storage: expense contract")
struct ExpenseContractTests {
    @Test(arguments: Backend.allCases)
    func savedEntriesComeBackNewestFirstWithTotals(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let store = opened.store
            let coffee = entry("Coffee", price: try decimal("3.20"), at: 60, id: uuid(1))
            let lunch = entry("Lunch", price: try decimal("12.5"), at: 3_600, id: uuid(2))
            let train = entry("Train", price: try decimal("45"), currency: "CHF", at: 7_200, id: uuid(3))
            #expect(try await store.save(coffee) == .inserted)
            #expect(try await store.save([lunch, train]) == SaveReceipt(inserted: 2, replaced: 0))

            let report = try await store.report(in: allTime)
            #expect(report.entries == [train, lunch, coffee])
            #expect(
                report.totals == [
                    CurrencyTotal(currencyCode: "CHF", amount: 45, entryCount: 1),
                    CurrencyTotal(currencyCode: "EUR", amount: try decimal("15.7"), entryCount: 2),
                ])
            #expect(try await store.totals(in: allTime) == report.totals)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func entriesWithTheSameDateAreOrderedByID(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let ids = [uuid(9), uuid(1, 5), uuid(1), uuid(0, 255), uuid(200)]
            try await opened.store.save(ids.map { entry(id: $0) })
            let report = try await opened.store.report(in: allTime)
            #expect(report.entries.map(\.id) == [uuid(0, 255), uuid(1), uuid(1, 5), uuid(9), uuid(200)])
            let byText = ids.sorted { $0.uuidString < $1.uuidString }
            #expect(report.entries.map(\.id) == byText)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func periodIncludesItsStartAndExcludesItsEnd(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let start = referenceDate
            let end = referenceDate.addingTimeInterval(86_400)
            let atStart = entry("start", at: 0, id: uuid(1))
            let atEnd = entry("end", at: 86_400, id: uuid(2))
            let justBefore = ExpenseEntry(
                id: uuid(3), title: "before", price: 1, currencyCode: "EUR",
                date: Date(timeIntervalSinceReferenceDate: start.timeIntervalSinceReferenceDate.nextDown))
            try await opened.store.save([atStart, atEnd, justBefore])
            let report = try await opened.store.report(in: start..<end)
            #expect(report.entries == [atStart])
            #expect(try await opened.store.totals(in: start..<end).map(\.entryCount) == [1])
            #expect(try await opened.store.report(in: start..<start).entries.isEmpty)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func savingTheSameIDReplacesTheEntry(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let id = uuid(7)
            #expect(try await opened.store.save(entry("Coffee", price: 3, id: id)) == .inserted)
            #expect(try await opened.store.save(entry("Espresso", price: 2, at: 10, id: id)) == .replaced)
            let receipt = try await opened.store.save([entry("Tea", id: id), entry("Cake", id: uuid(8))])
            #expect(receipt == SaveReceipt(inserted: 1, replaced: 1))
            let report = try await opened.store.report(in: allTime)
            #expect(report.entries.count == 2)
            let replaced = report.entries.first { $0.id == id }
            #expect(replaced?.title == "Tea")
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func oneBadEntryRejectsTheWholeBatch(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let bad = entry("Bad", price: .nan, id: uuid(2))
            let error = await storageError {
                _ = try await opened.store.save([entry(id: uuid(1)), bad, entry(id: uuid(3))])
            }
            #expect(error == .invalidEntry(id: uuid(2), problem: .priceNotANumber))
            let duplicate = await storageError {
                _ = try await opened.store.save([entry(id: uuid(4)), entry("again", id: uuid(4))])
            }
            #expect(duplicate == .duplicateEntryID(uuid(4)))
            #expect(try await opened.store.report(in: allTime).entries.isEmpty)
            await opened.close()
        }
    }

    @Test(
        arguments: Backend.allCases,
        [
            ("NaN", EntryProblem.priceNotANumber),
            ("1000000000000", .priceTooLarge),
            ("-1000000000000", .priceTooLarge),
            ("1e100", .priceTooLarge),
            ("999999999999.9999995", .priceTooPrecise),
            ("0.0000001", .priceTooPrecise),
            ("3.14159265358979", .priceTooPrecise),
        ])
    func pricesTheStoreCannotHoldExactlyAreRejected(backend: Backend, price: (String, EntryProblem)) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let value = price.0 == "NaN" ? Decimal.nan : try decimal(price.0)
            let error = await storageError { _ = try await opened.store.save(entry(price: value, id: uuid(1))) }
            #expect(error == .invalidEntry(id: uuid(1), problem: price.1))
            #expect(try await opened.store.report(in: allTime).entries.isEmpty)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func otherBadFieldsAreRejected(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let cases: [(ExpenseEntry, EntryProblem)] = [
                (entry(currency: "eur", id: uuid(1)), .invalidCurrencyCode),
                (entry(currency: "EURO", id: uuid(1)), .invalidCurrencyCode),
                (entry(currency: "", id: uuid(1)), .invalidCurrencyCode),
                (entry(currency: "€UR", id: uuid(1)), .invalidCurrencyCode),
                (entry(String(repeating: "x", count: ExpenseLimits.maximumTitleBytes + 1), id: uuid(1)), .titleTooLong),
                (entry(String(repeating: "é", count: 2_049), id: uuid(1)), .titleTooLong),
                (
                    entry(comment: String(repeating: "y", count: ExpenseLimits.maximumCommentBytes + 1)),
                    .commentTooLong
                ),
                (
                    ExpenseEntry(
                        id: uuid(1), title: "t", price: 1, currencyCode: "EUR",
                        date: Date(timeIntervalSinceReferenceDate: .infinity)), .dateOutOfRange
                ),
                (
                    ExpenseEntry(
                        id: uuid(1), title: "t", price: 1, currencyCode: "EUR",
                        date: Date(timeIntervalSinceReferenceDate: .nan)), .dateOutOfRange
                ),
                (
                    ExpenseEntry(
                        id: uuid(1), title: "t", price: 1, currencyCode: "EUR",
                        date: Date.distantFuture.addingTimeInterval(1)), .dateOutOfRange
                ),
            ]
            for (bad, problem) in cases {
                let error = await storageError { _ = try await opened.store.save(bad) }
                #expect(error == .invalidEntry(id: bad.id, problem: problem))
            }
            #expect(try await opened.store.report(in: allTime).entries.isEmpty)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func hostileAndExtremeValuesRoundTripExactly(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let entries = [
                entry("nul\u{0}inside", price: ExpenseLimits.maximumPrice, id: uuid(1), comment: "\u{0}\u{0}"),
                entry("'; DROP TABLE expense; --", price: -ExpenseLimits.maximumPrice, at: 1, id: uuid(2)),
                entry("", price: 0, at: 2, id: uuid(3), comment: "👩‍👩‍👧 مرحبا \u{202E} \r\n\t"),
                entry(String(repeating: "é", count: 2_048), price: try decimal("0.000001"), at: 3, id: uuid(4)),
                entry(
                    "max comment", price: try decimal("-0.5"), at: 4, id: uuid(5),
                    comment: String(repeating: "z", count: ExpenseLimits.maximumCommentBytes)),
                ExpenseEntry(
                    id: uuid(6), title: "first day", price: try decimal("1.000000000000000000000000000000"),
                    currencyCode: "XAU", date: Date.distantPast),
                ExpenseEntry(
                    id: uuid(7), title: "last day", price: 1, currencyCode: "XAU", date: Date.distantFuture),
                ExpenseEntry(
                    id: uuid(8), title: "odd instant", price: 1, currencyCode: "XAU",
                    date: Date(timeIntervalSinceReferenceDate: 0.1 + 0.2)),
            ]
            try await opened.store.save(entries)
            let stored = try await opened.store.report(in: Date.distantPast..<Date.distantFuture.addingTimeInterval(1))
            #expect(Set(stored.entries) == Set(entries))
            for original in entries {
                let copy = try #require(stored.entries.first { $0.id == original.id })
                #expect(copy.title == original.title)
                #expect(copy.comment == original.comment)
                #expect(copy.price == original.price)
                #expect(copy.date.timeIntervalSinceReferenceDate == original.date.timeIntervalSinceReferenceDate)
            }
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func totalsAreExactAndNeverOverflow(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let tenth = try decimal("0.1")
            var batch = (0..<10).map { entry("dime", price: tenth, at: Double($0), id: uuid(1, $0)) }
            batch += (0..<20).map { entry("max", price: ExpenseLimits.maximumPrice, currency: "JPY", id: uuid(2, $0)) }
            try await opened.store.save(batch)
            let totals = try await opened.store.totals(in: allTime)
            let expectedMax = ExpenseLimits.maximumPrice * 20
            #expect(
                totals == [
                    CurrencyTotal(currencyCode: "EUR", amount: 1, entryCount: 10),
                    CurrencyTotal(currencyCode: "JPY", amount: expectedMax, entryCount: 20),
                ])
            #expect(try await opened.store.report(in: allTime).totals == totals)
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func deletingRemovesOnlyExistingEntriesAndIsIdempotent(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            try await opened.store.save([entry(id: uuid(1)), entry(id: uuid(2)), entry(id: uuid(3))])
            #expect(try await opened.store.delete([uuid(1), uuid(3), uuid(99)]) == 2)
            #expect(try await opened.store.delete(id: uuid(1)) == false)
            #expect(try await opened.store.delete([]) == 0)
            #expect(try await opened.store.report(in: allTime).entries.map(\.id) == [uuid(2)])
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func emptyBatchesChangeNothing(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let changes = opened.store.changes()
            #expect(try await opened.store.save([]) == SaveReceipt(inserted: 0, replaced: 0))
            try await opened.store.save(entry(id: uuid(1)))
            var iterator = changes.makeAsyncIterator()
            #expect(await iterator.next() == .saved([uuid(1)]))
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func observersSeeEveryCommittedChangeInOrder(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let first = opened.store.changes()
            let second = opened.store.changes()
            try await opened.store.save([entry(id: uuid(1)), entry(id: uuid(2))])
            _ = await storageError { _ = try await opened.store.save(entry(price: .nan, id: uuid(3))) }
            try await opened.store.save(entry(id: uuid(4)))
            _ = try await opened.store.delete([uuid(1), uuid(9)])
            _ = try await opened.store.delete([uuid(9)])
            try await opened.store.save(entry(id: uuid(5)))
            let expected: [ExpenseChange] = [
                .saved([uuid(1), uuid(2)]), .saved([uuid(4)]), .deleted([uuid(1)]), .saved([uuid(5)]),
            ]
            for stream in [first, second] {
                var received: [ExpenseChange] = []
                for await change in stream {
                    received.append(change)
                    if received.count == expected.count { break }
                }
                #expect(received == expected)
            }
            await opened.close()
        }
    }

    @Test(arguments: Backend.allCases)
    func aReportSeesASaveAsSoonAsItsChangeArrives(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let store = opened.store
            let changes = store.changes()
            let saver = Task { try await store.save(entry("from another screen", id: uuid(1))) }
            var iterator = changes.makeAsyncIterator()
            #expect(await iterator.next() == .saved([uuid(1)]))
            #expect(try await store.report(in: allTime).entries.map(\.id) == [uuid(1)])
            _ = try await saver.value
            await opened.close()
        }
    }

    /// Eight writers save 1,000 entries each in batches of random size while two readers keep reading: no entry
    /// is lost or doubled, and no reader ever sees part of a batch. Each batch has its own currency code, so a
    /// reader checks every batch with one cheap totals query and, now and then, a full report.
    @Test(arguments: Backend.allCases)
    func concurrentWritersAndReadersNeverSeeHalfABatch(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let store = opened.store
            var generator = SeededGenerator(seed: 0xC0FFEE)
            var plans: [[(currency: String, size: Int)]] = []
            var batchSizes: [String: Int] = [:]
            for _ in 0..<8 {
                var batches: [(currency: String, size: Int)] = []
                var remaining = 1_000
                while remaining > 0 {
                    let size = min(remaining, Int.random(in: 1...40, using: &generator))
                    let currency = Self.currencyCode(batchSizes.count)
                    batches.append((currency, size))
                    batchSizes[currency] = size
                    remaining -= size
                }
                plans.append(batches)
            }
            let sizes = batchSizes
            let changes = store.changes()
            let finished = LockedFlag()
            let readers = (0..<2).map { reader in
                Task { () throws -> Int in
                    var reads = 0
                    repeat {
                        let counts: [String: Int]
                        if reads % 8 == reader {
                            let report = try await store.report(in: allTime)
                            counts = Dictionary(grouping: report.entries, by: \.currencyCode).mapValues(\.count)
                            #expect(report.totals.map(\.entryCount).reduce(0, +) == report.entries.count)
                        } else {
                            let totals = try await store.totals(in: allTime)
                            counts = Dictionary(uniqueKeysWithValues: totals.map { ($0.currencyCode, $0.entryCount) })
                        }
                        for (batch, count) in counts where count != sizes[batch] {
                            Issue.record("reader saw \(count) of \(sizes[batch] ?? 0) entries of batch \(batch)")
                        }
                        reads += 1
                        // A read of an in-memory table never suspends; yielding lets the writers run too.
                        await Task.yield()
                    } while !finished.value
                    return reads
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (task, batches) in plans.enumerated() {
                    group.addTask {
                        var next = 0
                        for batch in batches {
                            let entries = (0..<batch.size).map { index in
                                entry(
                                    "task \(task)", price: 1, currency: batch.currency, at: Double(next + index),
                                    id: uuid(task, next + index))
                            }
                            next += batch.size
                            let receipt = try await store.save(entries)
                            #expect(receipt == SaveReceipt(inserted: batch.size, replaced: 0))
                        }
                    }
                }
                try await group.waitForAll()
            }
            finished.value = true
            for reader in readers { #expect(try await reader.value > 0) }

            let report = try await store.report(in: allTime)
            #expect(report.entries.count == 8_000)
            #expect(Set(report.entries.map(\.id)).count == 8_000)
            #expect(report.totals.map(\.entryCount).reduce(0, +) == 8_000)
            #expect(report.totals.count == sizes.count)
            var announced = 0
            for await change in changes {
                if case .saved(let ids) = change { announced += ids.count }
                if announced >= 8_000 { break }
            }
            #expect(announced == 8_000)
            await opened.close()
        }
    }

    /// "AAA", "AAB", ...: a distinct valid currency code per batch number.
    private static func currencyCode(_ number: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return String([letters[number / 676 % 26], letters[number / 26 % 26], letters[number % 26]])
    }

    @Test(arguments: Backend.persistent)
    func everythingSurvivesAReopen(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let first = try await backend.openExpenses(in: folder)
            let kept = (0..<50).map { entry("kept \($0)", price: Decimal($0), at: Double($0), id: uuid(1, $0)) }
            try await first.store.save(kept)
            try await first.store.save((0..<5).map { entry("gone", id: uuid(2, $0)) })
            _ = try await first.store.delete((0..<5).map { uuid(2, $0) })
            try await first.store.save(entry("replaced", price: 99, at: 0, id: uuid(1, 0)))
            let before = try await first.store.report(in: allTime)
            await first.close()

            let second = try await backend.openExpenses(in: folder)
            #expect(try await second.store.report(in: allTime) == before)
            #expect(before.entries.count == 50)
            await second.close()
        }
    }

    /// Closing while saves are in flight: each save either lands (and survives a reopen) or says `closed`.
    @Test(arguments: Backend.persistent)
    func closingWhileSavesAreInFlightLosesNothingThatSucceeded(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let store = opened.store
            let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
                for number in 0..<40 {
                    group.addTask {
                        do {
                            try await store.save(entry(id: uuid(1, number)))
                            return (number, true)
                        } catch {
                            #expect(error as? StorageError == .closed)
                            return (number, false)
                        }
                    }
                }
                group.addTask {
                    await opened.close()
                    return (-1, true)
                }
                var results: [Int: Bool] = [:]
                for await (number, saved) in group where number >= 0 { results[number] = saved }
                return results
            }
            let reopened = try await backend.openExpenses(in: folder)
            let stored = Set(try await reopened.store.report(in: allTime).entries.map(\.id))
            let succeeded = Set(outcomes.filter(\.value).map { uuid(1, $0.key) })
            #expect(stored == succeeded)
            await reopened.close()
        }
    }

    @Test(arguments: Backend.persistent)
    func aClosedStoreRefusesWork(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            await opened.close()
            // Closures stay out of `#expect(...)`: see `storageError`.
            let saving = await storageError { _ = try await opened.store.save(entry()) }
            let reading = await storageError { _ = try await opened.store.report(in: allTime) }
            let totaling = await storageError { _ = try await opened.store.totals(in: allTime) }
            let deleting = await storageError { _ = try await opened.store.delete([uuid(1)]) }
            #expect([saving, reading, totaling, deleting] == [.closed, .closed, .closed, .closed])
        }
    }
}

/// A flag the writers set when they are done, read by the readers' loops.
final class LockedFlag: Sendable {
    private let stored = LockedValue(false)

    var value: Bool {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
