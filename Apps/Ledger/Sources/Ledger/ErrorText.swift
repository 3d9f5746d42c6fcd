import CompositionRoot
import Foundation

/// Every error a feature can throw, said for people: what happened, what to do, and the exit status.
extension CommandError {
    static func storage(_ error: StorageError) -> CommandError {
        switch error {
        case .corrupted(let report) where report.isDatabase:
            CommandError(
                message: error.message.prefix(1).lowercased() + error.message.dropFirst(),
                hint: "Nothing was changed. Run 'ledger repair' to copy every readable row into a new database; "
                    + "the damaged file is kept.",
                status: .ioError)
        case .storeInUse, .newerSchema, .fileSystem, .corrupted, .database, .closed:
            CommandError(
                message: error.message.prefix(1).lowercased() + error.message.dropFirst(),
                hint: error.hint ?? "Check that --data-dir points at a writable folder.", status: .ioError)
        default:
            CommandError(
                message: error.message.prefix(1).lowercased() + error.message.dropFirst(), hint: error.hint,
                status: .ioError)
        }
    }

    static func invalid(_ what: String, _ problems: [ValidationProblem], hint: String? = nil) -> CommandError {
        CommandError(
            message: "\(what) is not valid:", hint: hint ?? fontHint(for: problems), status: .dataError,
            details: problems.map { ($0.path.isEmpty ? "" : "\($0.path): ") + "\($0.message) [\($0.code)]" })
    }

    /// How to print characters the invoice fonts lack: Chinese, Japanese and Korean with a font that has them;
    /// scripts that need shaping not at all, whatever the font.
    static let fallbackFontHint =
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

    static func expense(_ error: ExpenseInputError) -> CommandError {
        switch error {
        case .invalid(let problems):
            .invalid(
                "the expense", problems,
                hint: problems.contains { $0.code == .expenseDateTooFarInFuture }
                    ? "If the date is right, add --allow-future." : nil)
        case .storage(let error): .storage(error)
        }
    }

    static func correction(_ error: ExpenseCorrectionError) -> CommandError {
        switch error {
        case .notFound(let id):
            CommandError(
                message: "no expense '\(id)' on this machine", hint: "Run 'ledger expense list --json' to see the ids.",
                status: .dataError)
        case .ambiguous(let id, let matches):
            CommandError(
                message: "'\(id)' is the start of \(matches) expenses' ids", hint: "Give more characters of the id.",
                status: .dataError)
        case .prefixTooShort(let id, let minimum):
            CommandError(
                message: "'\(id)' is too short to name an expense",
                hint: "Give at least \(minimum) characters of the id.",
                status: .usage)
        case .invalid(let problems): .invalid("the corrected expense", problems)
        case .storage(let error): .storage(error)
        }
    }

    static func settings(_ error: SettingsError) -> CommandError {
        switch error {
        case .unknownKey(let key):
            .usage(
                "there is no setting '\(key)'",
                hint: "Settings: \(SettingKey.allCases.map(\.rawValue).joined(separator: ", ")).")
        case .invalid(let key, let problems):
            .invalid("\(key.rawValue)", problems)
        case .wrongNumberOfValues, .required:
            .usage(error.description, hint: "Run 'ledger help config set'.")
        case .unreadable:
            CommandError(
                message: error.description,
                hint: "Set each setting again with 'ledger config set', or restore the data folder from a backup.",
                status: .ioError)
        case .storage(let failure):
            .storage(failure)
        case .unusableFont:
            CommandError(
                message: error.description,
                hint: "Give the path of a TrueType font file, such as DroidSansFallbackFull.ttf from the "
                    + "fonts-droid-fallback package; nothing was changed.",
                status: .dataError)
        }
    }

    static func session(_ error: SessionError) -> CommandError {
        switch error {
        case .invalidEmail(let codes):
            CommandError(
                message: "that is not an email address", hint: nil, status: .dataError,
                details: codes.map { code in
                    "\(ValidationMessages.english.message(for: ValidationFailure(code: ValidationCode(rawValue: code)))) [\(code)]"
                })
        case .unknownAccount(let email):
            CommandError(
                message: "no account has the address \(email)", hint: "Create one with 'ledger register \(email)'.",
                status: .dataError)
        case .notSignedIn:
            CommandError(
                message: "no one is signed in on this machine", hint: "Sign in with 'ledger login EMAIL'.",
                status: .dataError)
        case .sessionExpired:
            CommandError(
                message: "the session on this machine is over and could not be renewed",
                hint: "Sign in again with 'ledger login EMAIL'.", status: .dataError)
        case .unavailable(let detail):
            CommandError(
                message: "the sign-in did not go through: \(detail)",
                hint: "Check that the API server is running (--api-url), then try again.", status: .unavailable)
        case .storage(let detail):
            CommandError(
                message: "the session could not be kept on this machine: \(detail)",
                hint: "Check that --data-dir points at a writable folder.", status: .ioError)
        }
    }

    static func invoice(_ error: InvoiceError) -> CommandError {
        switch error {
        case .invalid(let problems):
            .invalid("the invoice", problems)
        case .unknownTemplate(let name, let available):
            .usage(
                "unknown template '\(name)'", hint: "Choose one of: \(available.joined(separator: ", ")).")
        case .rendering(.unsupportedCharacters(let characters)):
            CommandError(
                message:
                    "the PDF fonts cannot show these characters: \(characters.map { String($0) }.joined(separator: " "))",
                hint: "Nothing was stored. " + fallbackFontHint,
                status: .dataError)
        case .rendering(.unsupportedScript(let script)):
            CommandError(
                message: "invoices cannot be printed in \(script) yet: it needs joined or right-to-left letters",
                hint: "Nothing was stored. Write those parts in Latin, Greek or Cyrillic letters.", status: .dataError)
        case .rendering(let error):
            CommandError(
                message: "the invoice could not be rendered (\(error)); nothing was stored", status: .dataError)
        case .storage(let error):
            .storage(error)
        case .notFound(let number):
            CommandError(
                message: "no invoice '\(number)' on this machine", hint: "Run 'ledger invoice list' to see them.",
                status: .dataError)
        case .sellerUnavailable(let detail):
            CommandError(
                message: "the invoice was not created: \(detail)",
                hint: "Check 'ledger config list'; set the company again with 'ledger config set seller.name NAME'.",
                status: .ioError)
        }
    }

    static func registration(_ error: RegistrationError, email: String) -> CommandError {
        switch error {
        case .invalidEmail(let codes):
            CommandError(
                message: "'\(email)' is not an email address that can register", hint: nil, status: .dataError,
                details: codes.map { code in
                    "\(ValidationMessages.english.message(for: ValidationFailure(code: ValidationCode(rawValue: code)))) [\(code)]"
                })
        case .domainNotAllowed(let domain):
            CommandError(
                message: "addresses at \(domain) cannot register", hint: "Use an address at another domain.",
                status: .dataError)
        case .alreadyRegistered:
            CommandError(
                message: "\(email) already has an account",
                hint: "If it is yours, sign in with 'ledger login \(email)'; otherwise register another address.",
                status: .dataError)
        case .rateLimited(let retryAfter):
            CommandError(
                message: "too many registrations right now",
                hint: retryAfter.map { "Try again in \($0.components.seconds) seconds." } ?? "Try again later.",
                status: .unavailable)
        case .server(let failure):
            CommandError(
                message: "the registration did not go through: \(failure)",
                hint: "Check that the API server is running (--api-url), then try again.", status: .unavailable)
        case .cancelled:
            CommandError(message: "the registration was cancelled", status: .failure)
        }
    }
}
