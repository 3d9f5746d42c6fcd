import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

@Suite("SectionsRegistry: test kit")
struct TestKitTests {
    private let builder = SectionPayloadBuilder()

    @Test func theBuilderSerialisesContentAsSortedJSON() throws {
        let payload = try builder.section(id: "s1", type: "banner", json: ["title": "Hi", "a": 1])
        #expect(payload.type == "banner")
        #expect(String(decoding: payload.content, as: UTF8.self) == #"{"a":1,"title":"Hi"}"#)
    }

    @Test func theBuilderRefusesObjectsJSONCannotHold() throws {
        #expect(throws: SectionPayloadBuilder.BuildError.notJSON) {
            try builder.section(id: "s", type: "t", json: ["when": Date()])
        }
        #expect(throws: SectionPayloadBuilder.BuildError.notJSON) {
            try builder.section(id: "s", type: "t", json: ["n": Double.nan])
        }
    }

    @Test func theBuilderMakesEnvelopesTheDecoderReadsBack() throws {
        let payloads = [
            Fixtures.goodPayload(0), builder.section(id: "quote \"and\" \\ slash", type: "banner", content: "{}"),
        ]
        let envelope = try SectionsEnvelopeDecoder().decode(builder.envelope(payloads))
        #expect(envelope.payloads == payloads)
    }

    @Test func theSpyRecordsEventsAndCanThrow() async throws {
        struct Boom: Error, Equatable {}
        let event = SectionEvent.removed(SectionReference(id: "a", type: "banner"))
        let quiet = SpySectionListener()
        try await quiet.handle(event)
        #expect(await quiet.events == [event])

        let failing = SpySectionListener(throwing: Boom())
        await #expect(throws: Boom()) { try await failing.handle(event) }
        #expect(await failing.events == [event])
    }

    @Test func theStubListenerRegistryAnswersAndRecords() async throws {
        let spy = SpySectionListener()
        let registry = StubListenerRegistry(["banner": [spy]])
        #expect(registry.listeners(for: "banner").count == 1)
        #expect(registry.listeners(for: "promo").isEmpty)
        registry.setListeners([spy, spy], for: "promo")
        #expect(registry.listeners(for: "promo").count == 2)
        #expect(registry.requestedTypes == ["banner", "promo", "promo"])
    }

    @Test func theStubListenerRegistryIsSafeFromManyTasks() async throws {
        let registry = StubListenerRegistry(["banner": [SpySectionListener()]])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { _ = registry.listeners(for: "banner") }
                }
            }
        }
        #expect(registry.requestedTypes.count == 8_000)
    }

    @Test func theStubProviderAnswersCannedResults() async throws {
        let provider = StubSectionProvider(["a": .success(Data("{}".utf8))])
        let a = SectionReference(id: "a", type: "banner")
        let b = SectionReference(id: "b", type: "banner")
        #expect(try await provider.content(for: a) == Data("{}".utf8))
        await #expect(throws: SectionProviderError.notFound) { try await provider.content(for: b) }
        await provider.setResult(.failure(.unavailable), for: "a")
        await #expect(throws: SectionProviderError.unavailable) { try await provider.content(for: a) }
        #expect(await provider.requests == [a, b, a])
    }

    @Test func theSpyStorageStoresRecordsAndFailsOnRequest() async throws {
        let payload = Fixtures.goodPayload(0)
        let storage = SpySectionStorage()
        try await storage.save(payload)
        #expect(try await storage.payload(withID: payload.id) == payload)
        await storage.failSaves(with: .unavailable)
        await #expect(throws: SectionStorageError.unavailable) { try await storage.save(payload) }
        await storage.failLoads(with: .corrupted)
        await #expect(throws: SectionStorageError.corrupted) { try await storage.payload(withID: payload.id) }
        #expect(await storage.saves.count == 2)
        #expect(await storage.loads == [payload.id, payload.id])
    }
}
