import CompositionRoot
import Foundation
import SettingsFeature
import Testing

/// The settings the factory makes take the data folder's lock file for each change: stores made by separate calls
/// (as separate commands, or processes, make them) never drop one another's change.
@Suite("CompositionRoot: settings changed from several stores at once")
struct SettingsWiringTests {
    @Test func storesFromSeparateCallsChangingDifferentKeysAtOnceKeepThemAll() async throws {
        let changes: [(SettingKey, [String])] = [
            (.sellerName, ["ACME GmbH"]), (.currency, ["CHF"]), (.locale, ["de_CH"]), (.firstWeekday, ["monday"]),
            (.timeZone, ["Europe/Zurich"]), (.sellerAddress, ["Bahnhofstrasse 1", "8001 Zürich"]),
        ]
        for round in 1...10 {
            let folder = try TemporaryFolder()
            let factory = makeFactory(folder: folder)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (key, values) in changes {
                    let settings = try await factory.makeSettings()
                    group.addTask { _ = try await settings.set(key, to: values) }
                }
                try await group.waitForAll()
            }
            let read = try await factory.makeSettings().current()
            #expect(read.seller.name == "ACME GmbH" && read.currency == "CHF", "round \(round): \(read)")
            #expect(read.locale == "de_CH" && read.firstWeekday == "monday", "round \(round): \(read)")
            #expect(read.timeZone == "Europe/Zurich", "round \(round): \(read)")
            #expect(read.seller.addressLines == ["Bahnhofstrasse 1", "8001 Zürich"], "round \(round): \(read)")
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("settings.lock").path))
            await factory.close()
        }
    }
}
