import Foundation
import LedgerTestSupport
import Testing

/// Two `ledger config set` processes changing different settings at the same moment. Each reads the settings,
/// changes one and writes them all back, so without a lock that spans processes the later write would put back
/// the other's setting as it was. When two processes meet is the operating system's choice, so the test repeats the
/// pair: the first round on a new data folder (both create it), the others on the folder the earlier rounds left.
@Suite("Settings: two processes changing settings at once")
struct SettingsAcrossProcessesEndToEndTests {
    static let rounds = 10

    @Test func twoProcessesSettingDifferentKeysAtOnceKeepBoth() async throws {
        let workspace = try LedgerWorkspace()
        for round in 1...Self.rounds {
            let name = "Round \(round) GmbH"
            let zone = round.isMultiple(of: 2) ? "Europe/Zurich" : "Europe/Berlin"
            async let named = workspace.run(["config", "set", "seller.name", name])
            async let zoned = workspace.run(["config", "set", "time-zone", zone])
            let (nameResult, zoneResult) = try await (named, zoned)
            #expect(nameResult.status == 0, "round \(round): \(nameResult.standardError)")
            #expect(zoneResult.status == 0, "round \(round): \(zoneResult.standardError)")
            let listed = try await workspace.run(["--json", "config", "list"])
            let settings = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: [String]],
                "\(listed.standardOutput)\(listed.standardError)")
            #expect(settings["seller.name"] == [name], "round \(round) lost the name: \(settings)")
            #expect(settings["time-zone"] == [zone], "round \(round) lost the time zone: \(settings)")
        }
    }
}
