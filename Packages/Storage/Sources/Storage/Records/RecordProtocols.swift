public import Foundation

/// Keeps one small record (a signed-in session, a device token) as opaque bytes: what a sign-in flow needs to
/// remember, replace and forget its session. The store never interprets the bytes.
public protocol RecordStoring: Sendable {
    /// The stored bytes, or `nil` when there is no record.
    func read() async throws(StorageError) -> Data?
    /// Replaces the record durably: when this returns, the bytes survive a crash and a power loss.
    func write(_ bytes: Data) async throws(StorageError)
    /// Removes the record durably; says whether there was one.
    @discardableResult
    func delete() async throws(StorageError) -> Bool
}

/// Changes a record as one step that no other task or process can interleave with: what a token refresh needs so
/// that two processes never both refresh, and a sign-out never races a refresh writing the old session back.
public protocol ExclusiveRecordUpdating: Sendable {
    /// Runs `body` with the current bytes (`nil` when there is no record) while every other exclusive section,
    /// write and delete of the record waits, stores what `body` decides, and returns the bytes stored afterwards.
    ///
    /// `body` may suspend (ask a server, for example): waiting for the lock and running `body` never block a thread
    /// of Swift concurrency's shared pool. When `body` throws, the record is left as it was and the error comes back
    /// as `.update`.
    func withExclusiveAccess<Failure: Error>(
        _ body: (Data?) async throws(Failure) -> RecordChange
    ) async throws(RecordAccessError<Failure>) -> Data?
}

/// What an exclusive section does to the record.
public enum RecordChange: Hashable, Sendable {
    /// Leave the record as it is.
    case keep
    /// Replace the record with these bytes.
    case replace(Data)
    /// Remove the record.
    case delete
}

/// Why an exclusive section failed; the record is as it was before the section.
public enum RecordAccessError<Failure: Error>: Error {
    /// The caller's closure threw.
    case update(Failure)
    /// The store failed: the lock could not be taken in time, the file could not be read or written.
    case storage(StorageError)
}

extension RecordAccessError: Equatable where Failure: Equatable {}

extension RecordAccessError: CustomStringConvertible {
    /// A sentence for logs and people.
    public var description: String {
        switch self {
        case .update(let failure): "The record was left unchanged because its update failed: \(failure)"
        case .storage(let error): error.description
        }
    }
}

/// Why a record file refused a path or a file.
public enum RecordFileProblem: Hashable, Sendable {
    /// The path contains NUL, which the operating system would cut it at (naming another file).
    case pathContainsNUL
    /// The path names no file: it is empty, ends in `/`, or its last part is `.` or `..`.
    case notAFileName
    /// The file name is longer than 200 bytes, which leaves no room for the temporary name of a durable write.
    case nameTooLong(byteCount: Int)
    /// Something other than a regular file is at the path: a folder, a symbolic link, a device.
    case notARegularFile
    /// The file or the bytes to write are larger than the record file's limit.
    case tooLarge(byteCount: Int, limit: Int)
}
