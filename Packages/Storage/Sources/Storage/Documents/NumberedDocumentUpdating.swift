/// Creates numbered documents whose content depends on documents already stored (a payment that must not exceed
/// what is still owed, a credit note that must not credit more than the invoice), and replaces those documents, in
/// one transaction across tasks and processes.
///
/// It is ``NumberedDocumentCreating`` with a read: the documents named in `reading` are loaded under the same lock
/// that reserves the number, `build` sees them as they are at that moment, and every draft it returns is saved
/// with the number or none is. No other writer can change a read document between the read and the save, so a
/// check made in `build` holds when the documents are stored.
///
/// A draft whose id is one of the read ids replaces that document (it may exist); any other draft whose id exists
/// makes the number skipped, as in a plain numbered creation.
public protocol NumberedDocumentUpdating: Sendable {
    /// Reads `ids`, reserves the next number of `sequence`, and saves every document `build` returns for that
    /// number and those documents (absent ids are missing from the dictionary).
    ///
    /// `build` runs while the store is locked (in every process), so it should be quick. When it throws, nothing
    /// is saved, the number stays free, and its error comes back as `.build`. At most
    /// ``DocumentLimits/maximumDocumentsPerNumber`` ids may be read.
    func createNumberedDocuments<BuildFailure: Error>(
        in sequence: NumberSequence, reading ids: [DocumentID],
        _ build:
            @escaping @Sendable (_ number: Int, _ read: [DocumentID: Document]) throws(BuildFailure) ->
            [DocumentDraft]
    ) async throws(NumberedCreationError<BuildFailure>) -> NumberedDocuments
}
