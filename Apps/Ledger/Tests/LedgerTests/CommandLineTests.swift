import Foundation
import Testing

@Suite("Ledger: command line")
struct CommandLineTests {
    @Test(arguments: ["--help", "-h", "help"])
    func helpPrintsUsageAndSucceeds(flag: String) async throws {
        let result = try await LedgerBinary.locate().run([flag])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("USAGE: ledger <command>"))
        #expect(result.standardError.isEmpty)
    }

    @Test func unknownCommandExitsWithUsageStatusAndNamesTheCommand() async throws {
        let result = try await LedgerBinary.locate().run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("unknown command 'frobnicate'"))
        #expect(result.standardError.contains("ledger --help"))
    }

    @Test func noCommandPrintsUsageToStandardErrorAndExitsWithUsageStatus() async throws {
        let result = try await LedgerBinary.locate().run([])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("USAGE: ledger <command>"))
    }
}
