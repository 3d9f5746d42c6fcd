public import Storage
public import Validation

extension CommandError {
    /// A failure of the data folder's store (exit status 74), with the store's own sentence and hint.
    public static func storage(_ error: StorageError) -> CommandError {
        let message = error.message.prefix(1).lowercased() + error.message.dropFirst()
        switch error {
        case .corrupted(let report) where report.isDatabase:
            return CommandError(
                message: message,
                hint: "Nothing was changed. Run 'ledger repair' to copy every readable row into a new database; "
                    + "the damaged file is kept.",
                status: .ioError)
        case .storeInUse, .newerSchema, .fileSystem, .corrupted, .database, .closed:
            return CommandError(
                message: message, hint: error.hint ?? "Check that --data-dir points at a writable folder.",
                status: .ioError)
        default:
            return CommandError(message: message, hint: error.hint, status: .ioError)
        }
    }

    /// A failure while the data folder was being opened, checked or repaired: the store's sentence and hint
    /// when it is one of the store's errors (exit status 74).
    public static func dataFolder(_ error: any Error) -> CommandError {
        if let error = error as? StorageError { return .storage(error) }
        return CommandError(
            message: "the data folder could not be used", hint: "Check that --data-dir points at a writable folder.",
            status: .ioError)
    }

    /// Input that breaks the rules (exit status 65): `what` is not valid, one detail line per problem with its
    /// stable code, and every problem for `--json` with the field `field` names for it (the problem's path unless
    /// the command says which option it is; nil for the input as a whole).
    public static func invalid(
        _ what: String, _ problems: [ValidationProblem], hint: String? = nil,
        field: (ValidationProblem) -> String? = { $0.path.isEmpty ? nil : $0.path }
    ) -> CommandError {
        CommandError(
            message: "\(what) is not valid:", hint: hint ?? fontHint(for: problems), status: .dataError,
            details: problems.map { ($0.path.isEmpty ? "" : "\($0.path): ") + "\($0.message) [\($0.code)]" },
            problems: problems.map { Problem(field: field($0), code: $0.code.rawValue, message: $0.message) })
    }

    /// How to print characters the invoice fonts lack: Chinese, Japanese and Korean with a font that has them;
    /// scripts that need shaping not at all, whatever the font.
    public static let fallbackFontHint =
        "Chinese, Japanese or Korean text prints once a TrueType font that has it is set: ledger config set "
        + "invoice.fallback-font PATH. Right-to-left and joined scripts cannot be printed yet."

    /// `fallbackFontHint` when a problem is a character the invoice fonts cannot print.
    private static func fontHint(for problems: [ValidationProblem]) -> String? {
        problems.contains { notPrintable.contains($0.code) } ? fallbackFontHint : nil
    }

    private static let notPrintable: Set<ValidationCode> = [
        .invoiceClientNameNotPrintable, .invoiceLineDescriptionNotPrintable, .invoiceNotesNotPrintable,
        .sellerNameNotPrintable, .sellerAddressLineNotPrintable,
    ]
}
