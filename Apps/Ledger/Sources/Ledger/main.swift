import CommandKit
import Foundation

let status = await LedgerCommandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
