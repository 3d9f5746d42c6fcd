import Essentials
public import Foundation
public import Storage

/// A record in memory that keeps the contract of `DurableRecordFile`: exclusive sections, writes and deletes run one
/// at a time, even when a section suspends (a fake token refresh), so a sign-in flow's test can check that two
/// refreshes never overlap.
public final class FakeRecordFile: RecordStoring, ExclusiveRecordUpdating {
    private let state = LockedValue<State>(State())
    private let gate = AsyncGate()

    private struct State {
        var bytes: Data?
        var sections = 0
    }

    /// A record holding `bytes`, or none.
    public init(bytes: Data? = nil) {
        state.withLock { $0.bytes = bytes }
    }

    /// How many exclusive sections ran to the end, including those whose closure threw.
    public var completedSections: Int { state.withLock { $0.sections } }

    /// The stored bytes, or `nil`.
    public func read() async throws(StorageError) -> Data? {
        state.withLock { $0.bytes }
    }

    /// Replaces the record, after any section in progress.
    public func write(_ bytes: Data) async throws(StorageError) {
        guard await gate.enter() else { throw .cancelled }
        state.withLock { $0.bytes = bytes }
        gate.leave()
    }

    /// Removes the record, after any section in progress; says whether there was one.
    @discardableResult
    public func delete() async throws(StorageError) -> Bool {
        guard await gate.enter() else { throw .cancelled }
        let existed = state.withLock { state in
            defer { state.bytes = nil }
            return state.bytes != nil
        }
        gate.leave()
        return existed
    }

    /// Runs `body` alone, stores what it decides, and returns the bytes stored afterwards.
    public func withExclusiveAccess<Failure: Error>(
        _ body: (Data?) async throws(Failure) -> RecordChange
    ) async throws(RecordAccessError<Failure>) -> Data? {
        guard await gate.enter() else { throw .storage(.cancelled) }
        defer {
            state.withLock { $0.sections += 1 }
            gate.leave()
        }
        let current = state.withLock { $0.bytes }
        let change: RecordChange
        do {
            change = try await body(current)
        } catch {
            throw .update(error)
        }
        switch change {
        case .keep: return current
        case .replace(let bytes):
            state.withLock { $0.bytes = bytes }
            return bytes
        case .delete:
            state.withLock { $0.bytes = nil }
            return nil
        }
    }
}
