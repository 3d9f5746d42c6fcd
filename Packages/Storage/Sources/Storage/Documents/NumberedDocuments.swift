/// Creates documents that carry a number of their own (an invoice record and its PDF), so that no two creations
/// ever get the same number, not even from two processes at once.
///
/// One call reserves the next number of a named sequence, asks `build` for the documents of that number, and saves
/// them, all in one transaction: either the number is consumed and every document exists, or nothing was saved and
/// the number is still free. A number whose documents already exist (written before the sequence existed, under
/// the same ids) is skipped, never overwritten, and `build` is asked again for the next one.
public protocol NumberedDocumentCreating: Sendable {
    /// Reserves the next number of `sequence`, saves every document `build` returns for it, and returns what was
    /// stored.
    ///
    /// `build` runs while the sequence is locked (in every process), so it should be quick: render, encode, return.
    /// It may run more than once, once per number that had to be skipped. When it throws, nothing is saved, the
    /// number stays free, and its error comes back as `.build`.
    func createNumberedDocuments<BuildFailure: Error>(
        in sequence: NumberSequence,
        _ build: @escaping @Sendable (Int) throws(BuildFailure) -> [DocumentDraft]
    ) async throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments
}

/// The name of a number sequence ("invoice"), checked once so that every backend can use it as a key or a file
/// name. The same rules as ``DocumentID``: 1 to 100 characters from `A-Z a-z 0-9 . _ -`, no leading `.`, no `..`.
public struct NumberSequence: Hashable, Sendable, CustomStringConvertible {
    /// The name as given.
    public let name: String

    /// Checks `name` and wraps it.
    public init(_ name: String) throws(StorageError) {
        do {
            _ = try DocumentID(name)
        } catch {
            guard case .invalidDocumentID(let problem) = error else { throw error }
            throw .invalidSequenceName(problem)
        }
        self.name = name
    }

    /// The name as given.
    public var description: String { name }
}

/// What one numbered creation stored.
public struct NumberedDocuments: Hashable, Sendable {
    /// The number the documents carry: 1 for the first creation of a sequence.
    public var number: Int
    /// The stored documents, in the order `build` returned them.
    public var documents: [DocumentMetadata]
    /// Numbers passed over because documents with their ids already existed, in ascending order; they are consumed.
    public var skipped: [Int]

    /// Creates a result.
    public init(number: Int, documents: [DocumentMetadata], skipped: [Int] = []) {
        self.number = number
        self.documents = documents
        self.skipped = skipped
    }
}

/// Why a numbered creation failed; in every case nothing was saved and no number was consumed.
public enum NumberedCreationError<BuildFailure: Error>: Error {
    /// The caller's `build` closure failed (rendering failed, for example) with its own error.
    case build(BuildFailure)
    /// The store failed or refused the documents.
    case storage(StorageError)
}

extension NumberedCreationError: Equatable where BuildFailure: Equatable {}

extension NumberedCreationError: CustomStringConvertible {
    /// A sentence for logs and people.
    public var description: String {
        switch self {
        case .build(let failure): "The documents could not be built, so nothing was saved: \(failure)"
        case .storage(let error): error.description
        }
    }
}

/// Why the documents of a numbered creation were refused.
public enum NumberedDocumentsProblem: Hashable, Sendable {
    /// `build` returned no documents: a number without documents could never be told apart from a free one.
    case noDocuments
    /// `build` returned more than ``DocumentLimits/maximumDocumentsPerNumber`` documents.
    case tooManyDocuments(count: Int)
    /// `build` returned two documents with this id.
    case duplicateID(DocumentID)
    /// The documents of this many numbers in a row already existed: the ids `build` returns probably do not
    /// depend on the number.
    case tooManyTaken(startingAt: Int, count: Int)
    /// The sequence reached the largest number a store can hold.
    case sequenceExhausted
    /// More documents were named to read than ``DocumentLimits/maximumDocumentsPerNumber``.
    case tooManyReads(count: Int)
}

/// The loop every backend runs inside its transaction: ask for the documents of the next number, skip numbers
/// whose documents exist, check what is left.
package enum NumberedCreation {
    /// How many taken numbers in a row are skipped before the ids are judged not to depend on the number.
    package static let maximumSkips = 10_000

    /// The number to use, its checked drafts and the skipped numbers, for a sequence whose last issued number is
    /// `last`. `exists` says whether a document id is already stored.
    /// Drafts whose id is in `replacing` (the documents a ``NumberedDocumentUpdating`` creation read) may exist.
    package static func plan<BuildFailure: Error>(
        after last: Int, replacing: Set<DocumentID> = [], build: (Int) throws(BuildFailure) -> [DocumentDraft],
        exists: (DocumentID) throws(StorageError) -> Bool
    ) throws(NumberedCreationError<BuildFailure>) -> (number: Int, drafts: [DocumentDraft], skipped: [Int]) {
        var skipped: [Int] = []
        var number = last
        while true {
            guard number < Int.max, number >= 0 else {
                throw .storage(.invalidNumberedDocuments(.sequenceExhausted))
            }
            number += 1
            let drafts: [DocumentDraft]
            do {
                drafts = try build(number)
            } catch {
                throw .build(error)
            }
            do throws(StorageError) {
                try check(drafts)
                if try anyExists(drafts.filter { !replacing.contains($0.id) }, exists) {
                    skipped.append(number)
                    guard skipped.count <= maximumSkips else {
                        throw .invalidNumberedDocuments(
                            .tooManyTaken(startingAt: last + 1, count: skipped.count))
                    }
                    continue
                }
            } catch {
                throw .storage(error)
            }
            return (number, drafts, skipped)
        }
    }

    private static func anyExists(
        _ drafts: [DocumentDraft], _ exists: (DocumentID) throws(StorageError) -> Bool
    ) throws(StorageError) -> Bool {
        for draft in drafts where try exists(draft.id) { return true }
        return false
    }

    /// The rule of a ``NumberedDocumentUpdating`` creation's reads: at most
    /// ``DocumentLimits/maximumDocumentsPerNumber`` ids.
    package static func check(reading ids: [DocumentID]) throws(StorageError) {
        guard ids.count <= DocumentLimits.maximumDocumentsPerNumber else {
            throw .invalidNumberedDocuments(.tooManyReads(count: ids.count))
        }
    }

    /// The rules of one creation's documents: each within `DocumentLimits`, at least one, ids distinct.
    package static func check(_ drafts: [DocumentDraft]) throws(StorageError) {
        guard !drafts.isEmpty else { throw .invalidNumberedDocuments(.noDocuments) }
        guard drafts.count <= DocumentLimits.maximumDocumentsPerNumber else {
            throw .invalidNumberedDocuments(.tooManyDocuments(count: drafts.count))
        }
        var seen = Set<DocumentID>()
        for draft in drafts {
            try DocumentLimits.check(draft)
            guard seen.insert(draft.id).inserted else { throw .invalidNumberedDocuments(.duplicateID(draft.id)) }
        }
    }
}
