import Essentials
import Foundation
import Storage
import StorageFileSystem
import StorageSQLite
import StorageTesting
import Testing

/// A unique folder under the system's temporary folder, removed when `body` finishes.
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("StorageTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// A deterministic UUID from two numbers, so tests name entries and a parent process can name a child's entries.
func uuid(_ high: Int, _ low: Int = 0) -> UUID {
    var bytes = [UInt8](repeating: 0, count: 16)
    withUnsafeBytes(of: UInt64(truncatingIfNeeded: high).bigEndian) { bytes.replaceSubrange(0..<8, with: $0) }
    withUnsafeBytes(of: UInt64(truncatingIfNeeded: low).bigEndian) { bytes.replaceSubrange(8..<16, with: $0) }
    return UUID(
        uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
}

/// A fixed point in time (2024-10-07 09:20 UTC) so tests never depend on the clock.
let referenceDate = Date(timeIntervalSinceReferenceDate: 750_000_000)

/// An entry with sensible defaults.
func entry(
    _ title: String = "Coffee", price: Decimal = 3, currency: String = "EUR", at offset: TimeInterval = 0,
    id: UUID = UUID(), comment: String = ""
) -> ExpenseEntry {
    ExpenseEntry(
        id: id, title: title, price: price, currencyCode: currency, comment: comment,
        date: referenceDate.addingTimeInterval(offset))
}

/// A decimal from its exact text (float literals are binary and inexact).
func decimal(_ text: String) throws -> Decimal {
    try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
}

/// Everything that ever happened.
let allTime = Date.distantPast..<Date.distantFuture

/// A clock that tests move by hand.
final class ManualClock: Sendable {
    private let current: LockedDate

    init(_ start: Date = referenceDate) {
        current = LockedDate(start)
    }

    var now: @Sendable () -> Date { { [current] in current.value } }

    func advance(by seconds: TimeInterval) {
        current.value = current.value.addingTimeInterval(seconds)
    }
}

/// A date behind a lock, for `ManualClock`.
final class LockedDate: Sendable {
    private let stored: LockedValue<Date>

    init(_ date: Date) {
        stored = LockedValue(date)
    }

    var value: Date {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

/// The backends of the contract suites.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case fileSystemJSON
    case fileSystemPropertyList
    case sqlite

    /// The backends that keep data across a reopen.
    static let persistent: [Backend] = [.fileSystemJSON, .fileSystemPropertyList, .sqlite]

    var testDescription: String { rawValue }

    /// Opens the expense store of this backend in `folder`; opening again in the same folder reopens it.
    func openExpenses(in folder: URL, changeBufferLimit: Int = 1_024) async throws -> OpenedExpenseStore {
        switch self {
        case .memory:
            return OpenedExpenseStore(store: FakeExpenseStore(changeBufferLimit: changeBufferLimit), close: {})
        case .fileSystemJSON, .fileSystemPropertyList:
            let store = try await FileSystemExpenseStore.open(
                in: folder.appendingPathComponent("expenses"), coding: coding, changeBufferLimit: changeBufferLimit)
            return OpenedExpenseStore(store: store, close: { await store.close() })
        case .sqlite:
            let store = try await SQLiteStore.open(
                at: folder.appendingPathComponent("ledger.sqlite"),
                options: SQLiteStoreOptions(changeBufferLimit: changeBufferLimit))
            return OpenedExpenseStore(store: store, close: { await store.close() })
        }
    }

    /// Opens the document store of this backend in `folder`.
    func openDocuments(in folder: URL, now: @escaping @Sendable () -> Date) async throws -> OpenedDocumentStore {
        switch self {
        case .memory:
            return OpenedDocumentStore(store: FakeDocumentStore(now: now), close: {})
        case .fileSystemJSON, .fileSystemPropertyList:
            let store = try await FileSystemDocumentStore.open(
                in: folder.appendingPathComponent("documents"), coding: coding, now: now)
            return OpenedDocumentStore(store: store, close: { await store.close() })
        case .sqlite:
            let store = try await SQLiteStore.open(at: folder.appendingPathComponent("ledger.sqlite"), now: now)
            return OpenedDocumentStore(store: store, close: { await store.close() })
        }
    }

    /// Opens the numbered-document store of this backend in `folder`.
    func openNumbered(in folder: URL, now: @escaping @Sendable () -> Date) async throws -> OpenedNumberedStore {
        switch self {
        case .memory:
            return OpenedNumberedStore(store: FakeDocumentStore(now: now), close: {})
        case .fileSystemJSON, .fileSystemPropertyList:
            let store = try await FileSystemDocumentStore.open(
                in: folder.appendingPathComponent("documents"), coding: coding, now: now)
            return OpenedNumberedStore(store: store, close: { await store.close() })
        case .sqlite:
            let store = try await SQLiteStore.open(at: folder.appendingPathComponent("ledger.sqlite"), now: now)
            return OpenedNumberedStore(store: store, close: { await store.close() })
        }
    }

    var coding: any CodingStrategy {
        self == .fileSystemPropertyList ? PropertyListCodingStrategy() : JSONCodingStrategy()
    }
}

/// An expense store and how to close it.
struct OpenedExpenseStore: Sendable {
    let store: any ExpenseStore
    let close: @Sendable () async -> Void
}

/// A document store and how to close it.
struct OpenedDocumentStore: Sendable {
    let store: any DocumentStore
    let close: @Sendable () async -> Void
}

/// A store of documents that also creates numbered ones, and how to close it.
struct OpenedNumberedStore: Sendable {
    let store: any DocumentStore & NumberedDocumentCreating
    let close: @Sendable () async -> Void
}

/// Expects `body` to throw a `StorageError` and returns it, so a test can match the exact case.
///
/// Call it outside `#expect(...)` (`let error = await storageError { ... }`, then `#expect(error == ...)`): with
/// Swift 6.3 a closure written inside the macro's argument can share its symbol with a sibling closure of the same
/// function, and the test then silently runs the wrong closure (an assertions build of the compiler crashes with
/// "function type mismatch").
func storageError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> StorageError? {
    do {
        try await body()
        Issue.record("expected a StorageError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as StorageError {
        return error
    } catch {
        Issue.record("expected a StorageError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
