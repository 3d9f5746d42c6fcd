import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

@Suite("Refreshing the balance card")
struct BalanceCardTests {
    let builder = SectionPayloadBuilder()

    /// A registry whose balance module is made of doubles: a provider with canned answers and a storage that
    /// records what it saved.
    func sections(provider: StubSectionProvider, storage: SpySectionStorage) throws -> SectionRegistry {
        var registry = SectionRegistry()
        try registry.register(BalanceSection.module(provider: provider, storage: storage))
        return registry
    }

    @Test func freshContentIsShownAndSavedForLater() async throws {
        let provider = StubSectionProvider(["b1": .success(Data(#"{"amount": "€213.50"}"#.utf8))])
        let storage = SpySectionStorage()
        let refresh = BalanceCardRefresh(sections: try sections(provider: provider, storage: storage))

        let (card, status) = await refresh.refresh(id: "b1")

        #expect(card == BalanceCard(amount: "€213.50"))
        #expect(status == "Updated.")
        #expect(await storage.saves.map(\.id) == ["b1"])
        #expect(await provider.requests == [SectionReference(id: "b1", type: "balance")])
    }

    @Test func whenTheServerFailsTheSavedCopyIsShown() async throws {
        let saved = try builder.section(id: "b1", type: "balance", json: ["amount": "€42.00"])
        let provider = StubSectionProvider(["b1": .failure(.unavailable)])
        let refresh = BalanceCardRefresh(
            sections: try sections(provider: provider, storage: SpySectionStorage([saved])))

        let (card, status) = await refresh.refresh(id: "b1")

        #expect(card == BalanceCard(amount: "€42.00"))
        #expect(status == "Offline: this is the balance saved last time.")
    }

    @Test func withNeitherSourceTheStatusSaysWhyInWords() async throws {
        let storage = SpySectionStorage()
        await storage.failLoads(with: .corrupted)
        let refresh = BalanceCardRefresh(
            sections: try sections(provider: StubSectionProvider(["b1": .failure(.unavailable)]), storage: storage))

        let (card, status) = await refresh.refresh(id: "b1")

        #expect(card == nil)
        #expect(
            status
                == "The section could not be refreshed from its provider or its cache. The source of the section's "
                + "content could not be reached or failed; a later try may work. What the section cache holds cannot "
                + "be read back.")
    }

    /// Content the card cannot read is never saved, so the saved copy stays one the card can show.
    @Test func contentThatDoesNotMapIsNotSaved() async throws {
        let provider = StubSectionProvider(["b1": .success(Data(#"{"total": 3}"#.utf8))])
        let storage = SpySectionStorage()
        let refresh = BalanceCardRefresh(sections: try sections(provider: provider, storage: storage))

        let (card, _) = await refresh.refresh(id: "b1")

        #expect(card == nil)
        #expect(await storage.saves.isEmpty)
    }

    /// The module's listeners hear what happens to its sections; the spy records it.
    @Test func theModulesListenersHearOfARemovedCard() async throws {
        let listener = SpySectionListener()
        var registry = SectionRegistry()
        try registry.register(
            BalanceSection.module(provider: StubSectionProvider(), storage: SpySectionStorage(), listeners: [listener]))
        let removed = SectionEvent.removed(SectionReference(id: "b1", type: "balance"))

        let failures = await SectionEventDispatcher(listeners: registry).dispatch(removed)

        #expect(failures.isEmpty)
        #expect(await listener.events == [removed])
    }
}
