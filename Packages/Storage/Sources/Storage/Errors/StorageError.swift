public import Foundation

/// Everything that can go wrong in this package, as values a caller can switch over.
///
/// Every case is stable: code reacts to the case and its payload, never to a message. Where a payload carries a
/// message (``BackendFailure/message``) it is there for logs only.
public enum StorageError: Error, Hashable, Sendable {
    /// An entry breaks a rule of the store itself; nothing of its batch was saved.
    case invalidEntry(id: UUID, problem: EntryProblem)
    /// The same id appears twice in one batch: which version should win would be a guess, so nothing was saved.
    case duplicateEntryID(UUID)
    /// A document id that could escape the store's folder or that some backend could not hold.
    case invalidDocumentID(DocumentIDProblem)
    /// A document breaks a rule of the store; it was not saved.
    case invalidDocument(id: DocumentID, problem: DocumentProblem)
    /// A number sequence name that some backend could not hold as a key or a file name.
    case invalidSequenceName(DocumentIDProblem)
    /// The documents built for a numbered creation were refused; nothing was saved and no number was consumed.
    case invalidNumberedDocuments(NumberedDocumentsProblem)
    /// A record file refused its path, the file it found there, or the bytes to write.
    case invalidRecordFile(file: URL, problem: RecordFileProblem)
    /// The calling task was cancelled while it waited; nothing was changed.
    case cancelled
    /// A CSV file was refused; the problem names the line.
    case invalidCSV(CSVProblem)
    /// A report range the calendar cannot turn into a period.
    case invalidRange(RangeProblem)
    /// Stored data failed its checks. The damaged file was moved aside (never deleted) when the report says so.
    case corrupted(CorruptionReport)
    /// The file was written in a format this store was not configured for (a JSON store opening property lists);
    /// nothing was moved or changed.
    case unexpectedFormat(file: URL, found: String, expected: String)
    /// The database was written by a newer schema than this build knows; it was left untouched.
    case newerSchema(found: Int, supported: Int)
    /// A schema migration failed and was rolled back: the database is exactly as it was before opening.
    case migrationFailed(version: Int, failure: BackendFailure)
    /// Another store (in this or another process) has the folder open; two writers would lose each other's data.
    case storeInUse(URL)
    /// The folder that should hold the store does not exist, and creating it was not asked for: a mistyped path
    /// must not start a new, empty store. Nothing was created.
    case missingFolder(URL)
    /// The operating system refused a file operation.
    case fileSystem(FileSystemFailure)
    /// The database engine failed.
    case database(BackendFailure)
    /// A coding strategy could not encode or decode a value.
    case coding(CodingFailure)
    /// The store was closed; open a new one.
    case closed
}

/// Why the store refused an expense entry.
public enum EntryProblem: Error, Hashable, Sendable {
    /// The price is NaN.
    case priceNotANumber
    /// The price's magnitude exceeds ``ExpenseLimits/maximumPrice``.
    case priceTooLarge
    /// The price has more fraction digits than ``ExpenseLimits/fractionDigits``; storing it would round it.
    case priceTooPrecise
    /// The currency code is not three upper-case ASCII letters.
    case invalidCurrencyCode
    /// The title is longer than ``ExpenseLimits/maximumTitleBytes`` UTF-8 bytes.
    case titleTooLong
    /// The comment is longer than ``ExpenseLimits/maximumCommentBytes`` UTF-8 bytes.
    case commentTooLong
    /// The date is not finite or lies outside ``ExpenseLimits/dates``.
    case dateOutOfRange
    /// The category is empty, has white space around it or a control character (``ExpenseLabels``).
    case invalidCategory
    /// The category is longer than ``ExpenseLabels/maximumCategoryBytes``.
    case categoryTooLong
    /// A tag is empty, has white space around it, a comma or a control character (``ExpenseLabels``).
    case invalidTag
    /// A tag is longer than ``ExpenseLabels/maximumTagBytes``.
    case tagTooLong
    /// The entry has more than ``ExpenseLabels/maximumTagCount`` tags.
    case tooManyTags
    /// The entry has the same tag twice, ignoring case.
    case duplicateTag
}

/// Why a document id was refused.
public enum DocumentIDProblem: Hashable, Sendable {
    /// The id is empty.
    case empty
    /// The id is longer than ``DocumentID/maximumLength`` characters.
    case tooLong(length: Int)
    /// The id contains NUL or another control character.
    case controlCharacter
    /// The id contains `/` or `\`, which would name another folder.
    case pathSeparator
    /// The id contains `..`, which could name the parent folder.
    case parentReference
    /// The id starts with `.`: hidden names are reserved for the store's own files.
    case leadingDot
    /// The id contains a character outside `A-Z a-z 0-9 . _ -` (the scalar's value).
    case unsupportedCharacter(UInt32)
}

/// Why a document was refused.
public enum DocumentProblem: Hashable, Sendable {
    /// The bytes exceed ``DocumentLimits/maximumByteCount``.
    case tooLarge(byteCount: Int)
    /// The content type is empty, too long, or not printable ASCII without spaces.
    case invalidContentType
    /// The attributes exceed ``DocumentLimits/maximumAttributeBytes`` or have an empty key.
    case invalidAttributes
}

/// Why a report range could not be turned into a period.
public enum RangeProblem: Hashable, Sendable {
    /// A date of the range is not finite.
    case dateNotFinite
    /// The calendar could not compute the period around the date.
    case calendarCannotPlaceDate
}

/// Which file failed its checks, why, and where it is now.
public struct CorruptionReport: Hashable, Sendable {
    /// The file as the store knew it.
    public var file: URL
    /// Where the damaged file was moved; `nil` when it stays in place (a damaged value inside an open database).
    public var movedTo: URL?
    /// What check failed.
    public var reason: CorruptionReason

    /// Creates a report.
    public init(file: URL, movedTo: URL?, reason: CorruptionReason) {
        self.file = file
        self.movedTo = movedTo
        self.reason = reason
    }
}

/// The check a damaged file failed.
public enum CorruptionReason: Hashable, Sendable {
    /// The file is shorter or longer than its header says.
    case truncated
    /// The file does not start with the store's header.
    case unrecognizedHeader
    /// The bytes do not match their checksum (bit flips).
    case checksumMismatch
    /// The bytes match their checksum but do not decode (for example invalid JSON written by another tool).
    case undecodable
    /// The file names one thing and contains another (a document file holding a different id).
    case misplaced
    /// The database engine says the file is not a database.
    case notADatabase
    /// The database engine found damage: which tables and indexes, and its first findings.
    case databaseDamaged(DatabaseDamage)
    /// The counter of a number sequence holds no whole number from 0 up (an edited database: text, a fraction, a
    /// negative number); `found` describes it. Reading it as anything would give numbers out twice.
    case invalidSequenceNumber(sequence: String, found: String)
}

/// What a database's check found damaged.
public struct DatabaseDamage: Hashable, Sendable {
    /// The tables and indexes with damaged pages (`expense`, `expense_by_id`, `document`), in the order found; empty
    /// when the damage could not be placed (the schema itself is unreadable).
    public var objects: [String]
    /// The database engine's first findings, for logs (`Page 7: btreeInitPage() returns error code 11`).
    public var findings: [String]

    /// Creates a description of damage.
    public init(objects: [String], findings: [String]) {
        self.objects = objects
        self.findings = findings
    }
}

/// A failure of a database engine or other backend, with its numeric code.
public struct BackendFailure: Hashable, Sendable {
    /// The engine's (extended) result code: stable, documented by the engine.
    public var code: Int32
    /// The engine's message, for logs only.
    public var message: String

    /// Creates a failure.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }
}

/// A file operation the operating system refused.
public struct FileSystemFailure: Hashable, Sendable {
    /// What the store was doing.
    public var operation: FileOperation
    /// The path it was doing it to.
    public var path: String
    /// The POSIX error number (`errno`), 0 when the failure had none.
    public var errorNumber: Int32

    /// Creates a failure.
    public init(operation: FileOperation, path: String, errorNumber: Int32) {
        self.operation = operation
        self.path = path
        self.errorNumber = errorNumber
    }
}

/// The file operations a store performs.
public enum FileOperation: Hashable, Sendable {
    /// Creating the store's folder.
    case createFolder
    /// Listing the folder.
    case list
    /// Opening a file.
    case open
    /// Reading a file.
    case read
    /// Writing a file.
    case write
    /// Flushing a file or folder to the disk.
    case synchronize
    /// Renaming a file.
    case rename
    /// Removing a file.
    case remove
    /// Locking the folder against a second store.
    case lock
}

/// A value a coding strategy could not encode or decode.
public struct CodingFailure: Hashable, Sendable {
    /// Whether encoding or decoding failed.
    public var direction: CodingDirection
    /// The Swift type involved.
    public var typeName: String
    /// The coder's explanation, for logs only.
    public var message: String

    /// Creates a failure.
    public init(direction: CodingDirection, typeName: String, message: String) {
        self.direction = direction
        self.typeName = typeName
        self.message = message
    }
}

/// The two directions of coding.
public enum CodingDirection: Hashable, Sendable {
    /// Value to bytes.
    case encoding
    /// Bytes to value.
    case decoding
}
