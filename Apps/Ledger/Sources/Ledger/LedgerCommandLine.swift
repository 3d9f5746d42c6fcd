import Foundation

/// Exit statuses of `ledger`, following BSD `sysexits.h` where one fits.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
}

/// Parses the command line and dispatches to a command; prints, never decides business rules.
struct LedgerCommandLine {
    let arguments: [String]

    static let usage = """
        USAGE: ledger <command> [options]

        Keeps expenses and invoices on this machine and talks to the Ledger API.

        COMMANDS:
          help                 Show this help.

        OPTIONS:
          -h, --help           Show this help.
          --version            Show the version.

        """

    static let version = "ledger 0.1.0"

    func run() -> ExitStatus {
        guard let command = arguments.first else {
            FileHandle.standardError.write(Data(Self.usage.utf8))
            return .usage
        }
        switch command {
        case "help", "-h", "--help":
            print(Self.usage, terminator: "")
            return .success
        case "--version":
            print(Self.version)
            return .success
        default:
            let message = "ledger: unknown command '\(command)'. Run 'ledger --help' to see the commands.\n"
            FileHandle.standardError.write(Data(message.utf8))
            return .usage
        }
    }
}
