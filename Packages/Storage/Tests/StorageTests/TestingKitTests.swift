import Foundation
import Storage
import StorageTesting
import Testing

@Suite("Storage: test kit")
struct TestingKitTests {
    @Test func theExpenseSpyRecordsCallsAndFailsOnRequest() async throws {
        let spy = SpyExpenseStore()
        await spy.failNext(.save, with: .closed)
        let failed = await storageError { try await spy.save(entry(id: uuid(1))) }
        #expect(failed == .closed)
        try await spy.save([entry(id: uuid(2))])
        let period = referenceDate..<referenceDate.addingTimeInterval(60)
        #expect(try await spy.report(in: period).entries.map(\.id) == [uuid(2)])
        #expect(try await spy.totals(in: period).first?.entryCount == 1)
        await spy.failNext(.delete, with: .database(BackendFailure(code: 10, message: "disk I/O error")))
        let deleteFailure = await storageError { _ = try await spy.delete([uuid(2)]) }
        #expect(deleteFailure == .database(BackendFailure(code: 10, message: "disk I/O error")))
        #expect(try await spy.delete([uuid(2)]) == 1)
        let calls = await spy.calls
        #expect(
            calls == [
                .save([entry(id: uuid(1))]), .save([entry(id: uuid(2))]), .report(period), .totals(period),
                .delete([uuid(2)]), .delete([uuid(2)]),
            ])
        #expect(await spy.savedEntries.map(\.id) == [uuid(1), uuid(2)])
    }

    @Test func theExpenseSpyPassesChangesThrough() async throws {
        let spy = SpyExpenseStore()
        var changes = spy.changes().makeAsyncIterator()
        try await spy.save(entry(id: uuid(3)))
        #expect(await changes.next() == .saved([uuid(3)]))
    }

    @Test func theDocumentSpyRecordsCallsAndFailsOnRequest() async throws {
        let spy = SpyDocumentStore(now: { referenceDate })
        let id = try DocumentID("a")
        let draft = DocumentDraft(id: id, contentType: "a/b", bytes: Data([1]))
        await spy.failNext(.save, with: .closed)
        let failed = await storageError { try await spy.save(draft) }
        #expect(failed == .closed)
        #expect(try await spy.save(draft).createdAt == referenceDate)
        #expect(try await spy.load(id)?.bytes == Data([1]))
        #expect(try await spy.list().count == 1)
        #expect(try await spy.delete(id))
        #expect(await spy.calls == [.save(draft), .save(draft), .load(id), .list, .delete(id)])
    }

    @Test func theDocumentSpyRecordsNumberedCreationsAndFailsThemOnRequest() async throws {
        let spy = SpyDocumentStore(now: { referenceDate })
        let invoices = try NumberSequence("invoice")
        await spy.failNext(
            .createNumbered, with: .fileSystem(FileSystemFailure(operation: .write, path: "/x", errorNumber: 28)))
        let failed = await numberingError(StorageError.self) {
            _ = try await spy.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
                try TestInvoices.drafts(number: number, token: "spy")
            }
        }
        #expect(failed == .storage(.fileSystem(FileSystemFailure(operation: .write, path: "/x", errorNumber: 28))))
        let created = try await spy.createNumberedDocuments(in: invoices) { (number) throws(StorageError) in
            try TestInvoices.drafts(number: number, token: "spy")
        }
        #expect(created.number == 1)
        #expect(await spy.calls == [.createNumbered(invoices), .createNumbered(invoices)])
    }

    @Test func theReportReaderSpyAnswersWithCannedReports() async throws {
        let report = ExpenseReport(period: allTime, entries: [entry(id: uuid(1))])
        let spy = SpyReportReader(reports: [.today: report])
        #expect(try await spy.report(for: .today) == report)
        let missing = await storageError { _ = try await spy.report(for: .thisWeek) }
        #expect(missing == .closed)
        await spy.setReport(report, for: .thisWeek)
        #expect(try await spy.report(for: .thisWeek) == report)
        #expect(await spy.requestedRanges == [.today, .thisWeek, .thisWeek])
    }

    @Test func theInMemoryStoreRefusesBadSeedData() {
        #expect(throws: StorageError.invalidEntry(id: uuid(1), problem: .priceNotANumber)) {
            _ = try FakeExpenseStore(entries: [entry(price: .nan, id: uuid(1))])
        }
    }

    @Test func theReaderGroupsInItsOwnCalendar() async throws {
        let store = try FakeExpenseStore(entries: [
            entry(at: 0, id: uuid(1)), entry(at: 86_400, id: uuid(2)), entry(at: 86_401, id: uuid(3)),
        ])
        let reader = ExpenseReportReader(
            source: store, calendar: Calendar(identifier: .gregorian),
            timeZone: try #require(TimeZone(identifier: "UTC")),
            now: { referenceDate })
        let groups = try await reader.groupedReport(for: .thisMonth, by: .day)
        #expect(groups.map(\.entries.count) == [2, 1])
        #expect(groups.map(\.totals.first?.amount) == [6, 3])
    }
}
