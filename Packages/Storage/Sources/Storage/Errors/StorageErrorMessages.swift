import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension StorageError: CustomStringConvertible {
    /// The message and the hint as one paragraph, so that interpolating an error (`"\(error)"`) prints sentences,
    /// never a dump of the value.
    public var description: String {
        guard let hint else { return message }
        return message + " " + hint
    }

    /// What went wrong, as one sentence for people: what file or value, and what is wrong with it.
    public var message: String {
        switch self {
        case .invalidEntry(let id, let problem):
            "The expense \(id.uuidString) was not saved because \(problem.reason); nothing of its batch was saved."
        case .duplicateEntryID(let id):
            "The batch holds the expense \(id.uuidString) twice, so nothing of it was saved."
        case .invalidDocumentID(let problem):
            "The document name was refused because \(problem.reason)."
        case .invalidDocument(let id, let problem):
            "The document \(id) was not saved because \(problem.reason)."
        case .invalidSequenceName(let problem):
            "The number sequence name was refused because \(problem.reason)."
        case .invalidNumberedDocuments(let problem):
            "No numbered documents were saved and no number was used because \(problem.reason)."
        case .invalidRecordFile(let file, let problem):
            "The record file \(file.path) was refused because \(problem.reason)."
        case .invalidCSV(let problem):
            "The CSV file was refused because \(problem.reason)."
        case .cancelled:
            "The operation was cancelled while it waited; nothing was changed."
        case .invalidRange(let problem):
            "The report period could not be computed because \(problem.reason)."
        case .corrupted(let report):
            report.message
        case .unexpectedFormat(let file, let found, let expected):
            "The file \(file.path) is written in the \(found) format, but the store reads \(expected); nothing was changed."
        case .newerSchema(let found, let supported):
            "The database was written by a newer version (schema \(found)); this version reads up to schema \(supported), so it was left untouched."
        case .migrationFailed(let version, let failure):
            "Upgrading the database to schema \(version) failed (\(failure.sentence)), so the upgrade was undone."
        case .storeInUse(let url):
            "Another store or process is using \(url.path) and did not finish in time."
        case .missingFolder(let folder):
            "The folder \(folder.path) does not exist, so no database was opened or created in it."
        case .fileSystem(let failure):
            failure.sentence + "."
        case .database(let failure):
            "The database failed: \(failure.sentence)."
        case .coding(let failure):
            "A \(failure.typeName) could not be \(failure.direction == .encoding ? "encoded" : "decoded"): \(failure.message)."
        case .closed:
            "The store was closed."
        }
    }

    /// What a person can do about it, when there is something to do.
    public var hint: String? {
        switch self {
        case .corrupted(let report) where report.movedTo != nil:
            "The damaged file was kept beside it for inspection."
        case .corrupted(let report) where report.isDatabase:
            "Nothing was moved or changed. Repairing copies every row that can still be read into a new database."
        case .corrupted:
            "Nothing was moved or changed. Delete or replace the damaged item, or restore it from a backup."
        case .storeInUse:
            "Wait for the other process to finish, then try again."
        case .missingFolder:
            "Check the path, or create the folder first."
        case .newerSchema:
            "Use a newer version of the app."
        case .fileSystem(let failure) where failure.errorNumber == ENOSPC:
            "Free some disk space, then try again; nothing was half-written."
        case .fileSystem(let failure) where failure.errorNumber == EACCES || failure.errorNumber == EPERM:
            "Check the permissions of the file and its folder."
        case .closed:
            "Open the store again."
        default:
            nil
        }
    }
}

extension StorageError {
    /// Whether the disk (or the user's quota) is full: every backend reports it as ``fileSystem(_:)`` with `ENOSPC`,
    /// whichever file or database engine ran out of space, and nothing of the failed write was kept.
    public var isDiskFull: Bool {
        guard case .fileSystem(let failure) = self else { return false }
        return failure.errorNumber == ENOSPC
    }
}

extension CorruptionReport: CustomStringConvertible {
    /// One sentence: which file, what is damaged, where it is now.
    public var description: String { message }

    /// One sentence: which file, what is damaged, where it is now.
    var message: String {
        let what = "The \(isDatabase ? "database" : "file") \(file.path) is damaged: \(reason.sentence)"
        guard let movedTo else { return what + "." }
        return what + "; it was moved to \(movedTo.path)."
    }

    /// Whether the damaged file is a database (its damage reports name tables).
    public var isDatabase: Bool {
        switch reason {
        case .notADatabase, .databaseDamaged, .invalidSequenceNumber: true
        default: ["sqlite", "db", "sqlite3"].contains(file.pathExtension.lowercased())
        }
    }
}

extension CorruptionReason: CustomStringConvertible {
    /// What is wrong, as part of a sentence: `its bytes do not match their checksum`.
    public var description: String { sentence }

    var sentence: String {
        switch self {
        case .truncated: "it is shorter or longer than its header says"
        case .unrecognizedHeader: "it does not start with the store's header"
        case .checksumMismatch: "its bytes do not match their checksum"
        case .undecodable: "its contents cannot be decoded"
        case .misplaced: "it holds something other than its name says"
        case .notADatabase: "it is not a database"
        case .databaseDamaged(let damage):
            damage.objects.isEmpty
                ? "pages of it cannot be read (\(damage.findings.first ?? "no details"))"
                : "pages of \(damage.objects.joined(separator: ", ")) cannot be read"
        case .invalidSequenceNumber(let sequence, let found):
            "the last number of the sequence \(sequence) is \(found), not a whole number from 0 up"
        }
    }
}

extension FileSystemFailure: CustomStringConvertible {
    /// `Could not write /path: No space left on device (error 28)`.
    public var description: String { sentence }

    var sentence: String {
        let verb =
            switch operation {
            case .createFolder: "create the folder"
            case .list: "list"
            case .open: "open"
            case .read: "read"
            case .write: "write"
            case .synchronize: "flush to disk"
            case .rename: "rename"
            case .remove: "remove"
            case .lock: "lock"
            }
        guard errorNumber != 0 else { return "Could not \(verb) \(path)" }
        return "Could not \(verb) \(path): \(String(cString: strerror(errorNumber))) (error \(errorNumber))"
    }
}

extension BackendFailure: CustomStringConvertible {
    /// `disk I/O error (code 10)`.
    public var description: String { sentence }

    var sentence: String { "\(message) (code \(code))" }
}

extension CodingFailure: CustomStringConvertible {
    /// `InvoiceRecord could not be decoded: ...`.
    public var description: String {
        "\(typeName) could not be \(direction == .encoding ? "encoded" : "decoded"): \(message)"
    }
}

extension DatabaseDamage: CustomStringConvertible {
    /// `pages of expense, expense_by_id cannot be read`.
    public var description: String { CorruptionReason.databaseDamaged(self).sentence }
}

extension EntryProblem: CustomStringConvertible {
    /// Why, as the end of a sentence.
    public var description: String { reason }

    var reason: String {
        switch self {
        case .priceNotANumber: "its price is not a number"
        case .priceTooLarge: "its price is larger than the store can hold exactly"
        case .priceTooPrecise: "its price has more than \(ExpenseLimits.fractionDigits) decimal places"
        case .invalidCurrencyCode: "its currency code is not three capital letters"
        case .titleTooLong: "its title is longer than \(ExpenseLimits.maximumTitleBytes) bytes"
        case .commentTooLong: "its comment is longer than \(ExpenseLimits.maximumCommentBytes) bytes"
        case .dateOutOfRange: "its date is not a valid date"
        case .invalidCategory:
            "its category is empty, has spaces around it or a control character"
        case .categoryTooLong: "its category is longer than \(ExpenseLabels.maximumCategoryBytes) bytes"
        case .invalidTag: "a tag is empty, has spaces around it, a comma or a control character"
        case .tagTooLong: "a tag is longer than \(ExpenseLabels.maximumTagBytes) bytes"
        case .tooManyTags: "it has more than \(ExpenseLabels.maximumTagCount) tags"
        case .duplicateTag: "it has the same tag twice"
        }
    }
}

extension DocumentIDProblem: CustomStringConvertible {
    /// Why, as the end of a sentence.
    public var description: String { reason }

    var reason: String {
        switch self {
        case .empty: "it is empty"
        case .tooLong(let length): "it is \(length) characters long (at most \(DocumentID.maximumLength))"
        case .controlCharacter: "it contains a control character"
        case .pathSeparator: "it contains / or \\"
        case .parentReference: "it contains .."
        case .leadingDot: "it starts with a dot"
        case .unsupportedCharacter(let scalar):
            "it contains the character U+\(String(scalar, radix: 16, uppercase: true)) (allowed: A-Z a-z 0-9 . _ -)"
        }
    }
}

extension DocumentProblem: CustomStringConvertible {
    /// Why, as the end of a sentence.
    public var description: String { reason }

    var reason: String {
        switch self {
        case .tooLarge(let count): "it is \(count) bytes (at most \(DocumentLimits.maximumByteCount))"
        case .invalidContentType: "its content type is not a media type such as application/pdf"
        case .invalidAttributes: "its attributes are too large or have an empty name"
        }
    }
}

extension NumberedDocumentsProblem: CustomStringConvertible {
    /// Why, as the end of a sentence.
    public var description: String { reason }

    var reason: String {
        switch self {
        case .noDocuments: "no documents were built"
        case .tooManyDocuments(let count):
            "\(count) documents were built (at most \(DocumentLimits.maximumDocumentsPerNumber))"
        case .duplicateID(let id): "two documents were built with the name \(id)"
        case .tooManyTaken(let start, let count):
            "the documents of \(count) numbers in a row from \(start) on already exist, so their names probably do not depend on the number"
        case .sequenceExhausted: "the sequence reached the largest possible number"
        case .tooManyReads(let count):
            "\(count) documents were named to read (at most \(DocumentLimits.maximumDocumentsPerNumber))"
        }
    }
}

extension RecordFileProblem: CustomStringConvertible {
    /// Why, as the end of a sentence.
    public var description: String { reason }

    var reason: String {
        switch self {
        case .pathContainsNUL: "its path contains a NUL character"
        case .notAFileName: "its path names a folder, not a file"
        case .nameTooLong(let count): "its name is \(count) bytes long (at most 200)"
        case .notARegularFile: "something other than a regular file is at its path (a link, a folder or a device)"
        case .tooLarge(let count, let limit): "it is \(count) bytes (at most \(limit))"
        }
    }
}

extension CSVProblem: CustomStringConvertible {
    /// Why, as the end of a sentence.
    public var description: String { reason }

    var reason: String {
        switch self {
        case .unterminatedQuote(let line): "the quoted field opened on line \(line) never closes"
        case .textAfterClosingQuote(let line): "text follows the closing quote of a field on line \(line)"
        case .fieldTooLarge(let line, let limit): "a field of the record on line \(line) exceeds \(limit) bytes"
        case .tooManyFields(let line, let limit): "the record on line \(line) has more than \(limit) fields"
        case .rowTooLarge(let line, let limit): "the record on line \(line) exceeds \(limit) bytes"
        case .invalidUTF8(let line): "the record on line \(line) is not valid UTF-8 text"
        }
    }
}

extension RangeProblem: CustomStringConvertible {
    /// Why, as the end of a sentence.
    public var description: String { reason }

    var reason: String {
        switch self {
        case .dateNotFinite: "a date is not finite"
        case .calendarCannotPlaceDate: "the calendar cannot place the date"
        }
    }
}
