import CommandKit
import CommandKitTesting
import Foundation
import StorageTesting
import Testing
import Validation

@testable import SettingsFeature

/// `config list --json` writes every key, set or not: the README documents an unset optional key as an empty list,
/// so no key is ever left out.
@Suite("Settings: the JSON of the config commands")
struct SettingsJSONTests {
    @Test func everyKeyIsWrittenAndAnUnsetOneIsAnEmptyList() async throws {
        let harness = CommandHarness(
            SettingsCommands(settings: { DocumentSettingsStore(documents: FakeDocumentStore(), messages: .english) }))
        let result = await harness.run(["config", "list"], json: true)
        #expect(result.status == .success, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(SettingKey.allCases.map(\.rawValue)))
        for key in SettingKey.allCases where key.isOptional {
            #expect((object[key.rawValue] as? [String]) == [], "\(key.rawValue)")
        }
        let unset = await harness.run(["config", "get", "time-zone"], json: true)
        let single = try #require(try JSONSerialization.jsonObject(with: Data(unset.output.utf8)) as? [String: Any])
        #expect((single["time-zone"] as? [String]) == [])
    }
}
