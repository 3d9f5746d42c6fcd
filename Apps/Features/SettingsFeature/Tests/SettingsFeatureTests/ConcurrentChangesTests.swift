import Foundation
import Storage
import StorageTesting
import Testing
import Validation

@testable import SettingsFeature

/// A change reads the settings, changes one and writes them all back: two changes that interleave would each write
/// back the other's setting as it was before, and one would be lost. These run many changes at once and expect
/// every one of them kept.
@Suite("Settings: changes at the same time")
struct ConcurrentChangesTests {
    /// One value per key, each a valid one.
    static let changes: [(SettingKey, [String])] = [
        (.sellerName, ["ACME GmbH"]), (.sellerAddress, ["Friedrichstraße 1", "10117 Berlin"]),
        (.sellerTaxID, ["PL 123 456 32 18"]), (.sellerIBAN, ["DE89 3704 0044 0532 0130 00"]), (.currency, ["CHF"]),
        (.locale, ["de_CH"]), (.firstWeekday, ["monday"]), (.timeZone, ["Europe/Zurich"]),
    ]

    /// What every change above leaves, read back from the store.
    static func expectAllKept(_ settings: LedgerSettings, round: Int) {
        #expect(settings.seller.name == "ACME GmbH", "round \(round)")
        #expect(settings.seller.addressLines == ["Friedrichstraße 1", "10117 Berlin"], "round \(round)")
        #expect(settings.seller.taxID == "PL1234563218", "round \(round)")
        #expect(settings.seller.iban == "DE89370400440532013000", "round \(round)")
        #expect(settings.currency == "CHF", "round \(round)")
        #expect(settings.locale == "de_CH", "round \(round)")
        #expect(settings.firstWeekday == "monday", "round \(round)")
        #expect(settings.timeZone == "Europe/Zurich", "round \(round)")
    }

    @Test func manyTasksSettingDifferentKeysThroughOneStoreKeepThemAll() async throws {
        for round in 1...20 {
            let documents = FakeDocumentStore()
            let settings = DocumentSettingsStore(documents: documents, messages: .english)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (key, values) in Self.changes {
                    group.addTask { _ = try await settings.set(key, to: values) }
                }
                try await group.waitForAll()
            }
            Self.expectAllKept(try await settings.current(), round: round)
        }
    }

    /// Two values of the store (as two commands, or two processes, make them) exclude each other through the lock
    /// they are given; the app gives a lock file, `FakeRecordFile` keeps the same contract in memory.
    @Test func storesSharingALockKeepEveryChangeOfEachOther() async throws {
        for round in 1...20 {
            let documents = FakeDocumentStore()
            let lock = FakeRecordFile()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (key, values) in Self.changes {
                    let settings = DocumentSettingsStore(documents: documents, messages: .english, changes: lock)
                    group.addTask { _ = try await settings.set(key, to: values) }
                }
                try await group.waitForAll()
            }
            Self.expectAllKept(
                try await DocumentSettingsStore(documents: documents, messages: .english).current(), round: round)
            #expect(lock.completedSections == Self.changes.count, "every change took the lock")
        }
    }

    @Test func removingASettingWhileOthersChangeKeepsTheirChanges() async throws {
        let documents = FakeDocumentStore()
        let settings = DocumentSettingsStore(documents: documents, messages: .english)
        _ = try await settings.set(.timeZone, to: ["Europe/Berlin"])
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { _ = try await settings.unset(.timeZone) }
            group.addTask { _ = try await settings.set(.currency, to: ["CHF"]) }
            group.addTask { _ = try await settings.set(.locale, to: ["de_CH"]) }
            try await group.waitForAll()
        }
        let read = try await settings.current()
        #expect(read.timeZone == nil && read.currency == "CHF" && read.locale == "de_CH")
    }

    @Test func aChangeThatFailsInsideTheLockLeavesTheLockFree() async throws {
        let documents = FakeDocumentStore()
        let lock = FakeRecordFile()
        let settings = DocumentSettingsStore(documents: documents, messages: .english, changes: lock)
        await #expect {
            try await settings.set(.currency, to: ["EURO"])
        } throws: { error in
            guard case .invalid(.currency, let problems)? = error as? SettingsError else { return false }
            return !problems.isEmpty
        }
        #expect(try await settings.set(.currency, to: ["CHF"]).currency == "CHF")
        #expect(lock.completedSections == 2)
    }
}
