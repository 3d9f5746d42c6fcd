import Foundation

let status = LedgerCommandLine(arguments: Array(CommandLine.arguments.dropFirst())).run()
exit(status.rawValue)
