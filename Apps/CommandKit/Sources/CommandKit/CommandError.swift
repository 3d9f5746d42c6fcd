/// Exit statuses of `ledger`, from BSD `sysexits.h` where one fits, so scripts can tell failures apart.
public enum ExitStatus: Int32, Sendable {
    /// Done.
    case success = 0
    /// Something else went wrong.
    case failure = 1
    /// The command line was wrong: an unknown command or option, a missing or unparsable value (`EX_USAGE`).
    case usage = 64
    /// The input was read but is not acceptable: a validation failure, a rejected link (`EX_DATAERR`).
    case dataError = 65
    /// The API server could not be reached, or refused the request (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// An output file cannot be created or written: a folder, a device or a pipe, a missing folder
    /// (`EX_CANTCREAT`).
    case cannotCreate = 73
    /// The data folder could not be read or written (`EX_IOERR`).
    case ioError = 74
    /// Kept locally, but a later step (an upload) failed and can be retried (`EX_TEMPFAIL`).
    case temporaryFailure = 75
}

/// A failure to report to the user: what happened, what to do about it, and the exit status. Every error a
/// feature's command can meet becomes one of these in the feature, so the user always reads a sentence and a hint.
public struct CommandError: Error, Sendable {
    /// What happened, as a sentence without its first capital (the console prints `ledger: ` before it).
    public var message: String
    /// What to do about it.
    public var hint: String?
    /// How the process ends.
    public var status: ExitStatus
    /// Extra lines under the message, such as every validation problem.
    public var details: [String]
    /// Every problem of input that breaks the rules, for a script: `--json` lists them under `problems`.
    public var problems: [Problem]

    /// One problem of the input, as `--json` lists it: the field as the user wrote it (an option such as
    /// `--price`; null when the problem is the whole input), the stable code and the sentence.
    public struct Problem: Hashable, Sendable, Encodable {
        /// The option or field as the user knows it, or nil.
        public var field: String?
        /// The stable code a script can compare.
        public var code: String
        /// The sentence for people.
        public var message: String

        /// Creates a problem.
        public init(field: String?, code: String, message: String) {
            self.field = field
            self.code = code
            self.message = message
        }

        /// Writes `field` as `null` when there is none, so the key is always there.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(field, forKey: .field)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
        }

        private enum CodingKeys: String, CodingKey {
            case field, code, message
        }
    }

    /// Creates an error.
    public init(
        message: String, hint: String? = nil, status: ExitStatus, details: [String] = [], problems: [Problem] = []
    ) {
        self.message = message
        self.hint = hint
        self.status = status
        self.details = details
        self.problems = problems
    }

    /// A wrong command line (exit status 64).
    public static func usage(
        _ message: String, hint: String? = "Run 'ledger --help' to see the commands and options."
    ) -> CommandError {
        CommandError(message: message, hint: hint, status: .usage)
    }
}
