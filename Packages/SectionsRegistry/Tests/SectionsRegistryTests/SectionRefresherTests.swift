import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

@Suite("SectionsRegistry: refresh and cache")
struct SectionRefresherTests {
    private let reference = SectionReference(id: "b1", type: "banner")
    private let builder = SectionPayloadBuilder()

    private func refresher(
        provider: StubSectionProvider, storage: SpySectionStorage
    ) throws -> SectionRefresher {
        var registry = SectionRegistry()
        try registry.register(
            SectionModule(
                type: "banner", mapper: JSONSectionMapper<Banner>(), provider: provider, storage: storage,
                listeners: []))
        return SectionRefresher(mappers: registry, providers: registry, storages: registry)
    }

    private var freshContent: Data { Data(Fixtures.bannerJSON(1).utf8) }
    private var cachedPayload: SectionPayload {
        builder.section(id: "b1", type: "banner", content: Fixtures.bannerJSON(2))
    }

    @Test func freshContentIsBuiltAndCached() async throws {
        let storage = SpySectionStorage()
        let refresher = try refresher(provider: StubSectionProvider(["b1": .success(freshContent)]), storage: storage)
        let refresh = try await refresher.refresh(reference)
        #expect(refresh.source == .provider)
        #expect(refresh.cacheWriteFailure == nil)
        #expect(refresh.section.model(as: Banner.self)?.title == "Welcome 1")
        #expect(await storage.stored["b1"]?.content == freshContent)
    }

    @Test(arguments: [SectionProviderError.unavailable, .notFound, .unsupported])
    func aFailingProviderFallsBackToTheCache(error: SectionProviderError) async throws {
        let storage = SpySectionStorage([cachedPayload])
        let refresher = try refresher(provider: StubSectionProvider(["b1": .failure(error)]), storage: storage)
        let refresh = try await refresher.refresh(reference)
        #expect(refresh.source == .cache(.provider(error)))
        #expect(refresh.section.model(as: Banner.self)?.title == "Welcome 2")
        #expect(await storage.saves.isEmpty)
    }

    @Test func freshContentThatDoesNotMapIsNeitherShownNorCached() async throws {
        let storage = SpySectionStorage([cachedPayload])
        let provider = StubSectionProvider(["b1": .success(Data(#"{"title":3}"#.utf8))])
        let refresh = try await refresher(provider: provider, storage: storage).refresh(reference)
        #expect(
            refresh.source
                == .cache(.mapping(SectionMappingError(sectionType: "banner", path: "title", kind: .typeMismatch))))
        #expect(refresh.section.model(as: Banner.self)?.title == "Welcome 2")
        #expect(await storage.saves.isEmpty)
    }

    @Test func aFailedCacheWriteStillReturnsTheFreshSection() async throws {
        let storage = SpySectionStorage()
        await storage.failSaves(with: .unavailable)
        let refresher = try refresher(provider: StubSectionProvider(["b1": .success(freshContent)]), storage: storage)
        let refresh = try await refresher.refresh(reference)
        #expect(refresh.source == .provider)
        #expect(refresh.cacheWriteFailure == .unavailable)
    }

    @Test func whenBothSourcesFailTheErrorSaysWhyForEach() async throws {
        let empty = try refresher(provider: StubSectionProvider(), storage: SpySectionStorage())
        await #expect(throws: SectionRefreshError.unavailable(fresh: .provider(.notFound), cached: .emptyCache)) {
            try await empty.refresh(reference)
        }

        let broken = SpySectionStorage()
        await broken.failLoads(with: .corrupted)
        let failing = try refresher(provider: StubSectionProvider(), storage: broken)
        await #expect(
            throws: SectionRefreshError.unavailable(fresh: .provider(.notFound), cached: .storage(.corrupted))
        ) {
            try await failing.refresh(reference)
        }

        let garbage = SpySectionStorage([builder.section(id: "b1", type: "banner", content: "{")])
        let unmappable = try refresher(provider: StubSectionProvider(), storage: garbage)
        let malformed = SectionMappingError(sectionType: "banner", path: "", kind: .malformedJSON)
        await #expect(
            throws: SectionRefreshError.unavailable(fresh: .provider(.notFound), cached: .mapping(malformed))
        ) {
            try await unmappable.refresh(reference)
        }
    }

    @Test func anUnknownTypeIsAnError() async throws {
        let refresher = try refresher(provider: StubSectionProvider(), storage: SpySectionStorage())
        await #expect(throws: SectionRefreshError.unknownType("carousel")) {
            try await refresher.refresh(SectionReference(id: "c", type: "carousel"))
        }
    }

    @Test func assembledPayloadsCanBeCachedForLaterRefreshes() async throws {
        let storage = SpySectionStorage()
        let refresher = try refresher(provider: StubSectionProvider(), storage: storage)
        let broken = builder.section(id: "b2", type: "banner", content: #"{"title":1}"#)
        let payloads = [cachedPayload, builder.section(id: "c", type: "carousel", content: "{}"), broken]
        let skipped = await refresher.cache(payloads)
        #expect(
            skipped == [
                broken.reference: .mapping(
                    SectionMappingError(sectionType: "banner", path: "title", kind: .typeMismatch))
            ])
        #expect(await storage.stored.keys.sorted() == ["b1"])
        #expect(try await refresher.refresh(reference).source == .cache(.provider(.notFound)))

        await storage.failSaves(with: .unavailable)
        #expect(await refresher.cache([cachedPayload]) == [cachedPayload.reference: .storage(.unavailable)])
    }

    @Test func theInMemoryStorageKeepsTheLastPayloadPerID() async throws {
        let storage = InMemorySectionStorage()
        #expect(try await storage.payload(withID: "b1") == nil)
        try await storage.save(cachedPayload)
        var newer = cachedPayload
        newer.content = freshContent
        try await storage.save(newer)
        #expect(try await storage.payload(withID: "b1") == newer)
    }

    @Test func refreshingFromManyTasksAtOnceIsConsistent() async throws {
        let storage = SpySectionStorage()
        let provider = StubSectionProvider()
        for index in 0..<20 {
            await provider.setResult(
                index.isMultiple(of: 2) ? .success(Data(Fixtures.bannerJSON(index).utf8)) : .failure(.unavailable),
                for: "b\(index)")
        }
        let refresher = try refresher(provider: provider, storage: storage)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<160 {
                group.addTask {
                    let result = try? await refresher.refresh(SectionReference(id: "b\(index % 20)", type: "banner"))
                    return result != nil
                }
            }
            var built = 0
            for await ok in group where ok { built += 1 }
            return built
        }
        // Even ids refresh from the provider; odd ones never had content, so they fail every time.
        #expect(outcomes == 80)
        #expect(await storage.stored.count == 10)
    }
}
