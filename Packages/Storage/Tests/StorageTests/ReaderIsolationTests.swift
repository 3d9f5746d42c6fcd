import Dispatch
import Foundation
import Storage
import StorageSQLite
import Testing

/// Reads run beside writes: a report never waits for a write transaction or its fsyncs, and it sees the last
/// committed state, never part of a transaction in progress.
@Suite("Storage: readers and observers")
struct ReaderIsolationTests {
    /// The write transaction is held open by a numbered creation whose closure waits for the test: every read
    /// completes meanwhile, and sees none of the transaction.
    ///
    /// Real time is needed only to end a deadlock: were reads queued behind the writer, they could never complete
    /// while it waits, and the test would hang instead of failing. The writer's wait therefore gives up after 60
    /// seconds (thousands of times what the reads take, under a sanitizer too), and the reads, served only after
    /// the transaction, then see its documents and fail the expectations below. When reads are independent, as
    /// they must be, the test releases the writer as soon as they are done and nothing depends on the clock.
    @Test
    func readsCompleteWhileAWriteTransactionIsOpen() async throws {
        try await withTemporaryFolder { folder in
            let store = try await SQLiteStore.open(at: folder.appendingPathComponent("ledger.sqlite"))
            let entries = [entry(id: uuid(1)), entry("Lunch", at: 60, id: uuid(2))]
            try await store.save(entries)
            _ = try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
                (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "before")
            }
            let (entered, enteredContinuation) = AsyncStream<Void>.makeStream()
            let release = DispatchSemaphore(value: 0)
            let writer = Task {
                try await store.createNumberedDocuments(in: try NumberSequence("invoice")) {
                    (number) throws(StorageError) in
                    // Inside `BEGIN IMMEDIATE`: the database's write lock is held until this returns.
                    enteredContinuation.yield()
                    _ = release.wait(timeout: .now() + 60)
                    return try TestInvoices.drafts(number: number, token: "during")
                }
            }
            for await _ in entered { break }

            #expect(try await store.report(in: allTime).entries.map(\.id) == [uuid(2), uuid(1)])
            #expect(try await store.totals(in: allTime).first?.entryCount == 2)
            #expect(try await TestInvoices.check(store) == [1: "before"])
            #expect(try await store.load(try DocumentID("INV-0002.pdf")) == nil)
            // Several reads at once, more than there are reader connections.
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 { group.addTask { try await store.report(in: allTime).entries.count } }
                for try await count in group { #expect(count == 2) }
            }

            release.signal()
            #expect(try await writer.value.number == 2)
            #expect(try await TestInvoices.check(store) == [1: "before", 2: "during"])
            await store.close()
        }
    }

    /// An observer that does not read its changes gets one `resync` in place of its backlog, never an endless
    /// queue; one that keeps up gets every change.
    @Test(arguments: Backend.allCases)
    func aSlowObserverGetsResyncInsteadOfAnEndlessBacklog(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder, changeBufferLimit: 4)
            let slow = opened.store.changes()
            let keeping = opened.store.changes()
            var keepingUp = keeping.makeAsyncIterator()
            for number in 0..<9 {
                try await opened.store.save(entry(id: uuid(1, number)))
                #expect(await keepingUp.next() == .saved([uuid(1, number)]))
            }
            var behind = slow.makeAsyncIterator()
            #expect(await behind.next() == .resync)
            try await opened.store.save(entry(id: uuid(2)))
            #expect(await behind.next() == .saved([uuid(2)]))
            #expect(await keepingUp.next() == .saved([uuid(2)]))

            // A backlog below the limit arrives whole, in order.
            for number in 0..<3 { try await opened.store.save(entry(id: uuid(3, number))) }
            var received: [ExpenseChange] = []
            for _ in 0..<3 { received.append(await behind.next() ?? .resync) }
            #expect(received == (0..<3).map { .saved([uuid(3, $0)]) })
            await opened.close()
        }
    }

    /// A stream ends when the store closes, after the changes it already holds; a cancelled observer's stream ends
    /// at once.
    @Test(arguments: Backend.persistent)
    func streamsEndWhenTheStoreClosesOrTheObserverIsCancelled(backend: Backend) async throws {
        try await withTemporaryFolder { folder in
            let opened = try await backend.openExpenses(in: folder)
            let changes = opened.store.changes()
            let idle = opened.store.changes()
            let (started, startedContinuation) = AsyncStream<Void>.makeStream()
            let cancelled = Task {
                var iterator = idle.makeAsyncIterator()
                startedContinuation.yield()
                return await iterator.next()
            }
            for await _ in started { break }
            cancelled.cancel()
            #expect(await cancelled.value == nil)
            try await opened.store.save(entry(id: uuid(1)))
            await opened.close()
            var received: [ExpenseChange] = []
            for await change in changes { received.append(change) }
            #expect(received == [.saved([uuid(1)])])
        }
    }
}
