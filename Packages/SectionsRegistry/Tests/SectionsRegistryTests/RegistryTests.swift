import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

@Suite("SectionsRegistry: registry")
struct RegistryTests {
    private func bannerModule(
        type: String = "banner", listeners: [any SectionListener] = []
    ) -> SectionModule<JSONSectionMapper<Banner>, NoRefreshProvider, InMemorySectionStorage> {
        SectionModule(
            type: type, mapper: JSONSectionMapper<Banner>(), provider: NoRefreshProvider(),
            storage: InMemorySectionStorage(), listeners: listeners)
    }

    @Test func anEmptyRegistryKnowsNoType() {
        let registry = SectionRegistry()
        #expect(registry.sectionCount == 0)
        #expect(registry.mapper(for: "banner") == nil)
        #expect(registry.provider(for: "banner") == nil)
        #expect(registry.storage(for: "banner") == nil)
        #expect(registry.listeners(for: "banner").isEmpty)
        #expect(registry.registeredTypes.isEmpty)
    }

    @Test func registeringAModuleServesEveryPartUnderItsType() async throws {
        let listener = SpySectionListener()
        var registry = SectionRegistry()
        try registry.register(bannerModule(listeners: [listener]))

        #expect(registry.sectionCount == 1)
        #expect(registry.registeredTypes == ["banner"])
        let mapper = try #require(registry.mapper(for: "banner"))
        #expect(mapper.sectionType == "banner")
        let provider = try #require(registry.provider(for: "banner"))
        await #expect(throws: SectionProviderError.unsupported) {
            try await provider.content(for: SectionReference(id: "b", type: "banner"))
        }
        let storage = try #require(registry.storage(for: "banner"))
        let payload = Fixtures.goodPayload(0)
        try await storage.save(payload)
        #expect(try await storage.payload(withID: payload.id) == payload)
        let listeners = registry.listeners(for: "banner")
        #expect(listeners.count == 1)
        try await listeners.first?.handle(.shown(SectionReference(id: "b", type: "banner")))
        #expect(await listener.events == [.shown(SectionReference(id: "b", type: "banner"))])
    }

    @Test func aDuplicateTypeIsRejectedByDefault() throws {
        var registry = SectionRegistry()
        try registry.register(bannerModule())
        #expect(throws: SectionRegistryError.duplicateType("banner")) {
            try registry.register(bannerModule())
        }
        #expect(throws: SectionRegistryError.duplicateType("banner")) {
            try registry.register(bannerModule(), duplicates: .reject)
        }
        #expect(registry.sectionCount == 1)
    }

    @Test func theReplacePolicySwapsTheModuleAndKeepsItsPosition() async throws {
        let old = SpySectionListener()
        let new = SpySectionListener()
        var registry = SectionRegistry()
        try registry.register(bannerModule(listeners: [old]))
        try registry.register(bannerModule(type: "promo"))
        try registry.register(bannerModule(listeners: [new]), duplicates: .replace)

        #expect(registry.sectionCount == 2)
        #expect(registry.registeredTypes == ["banner", "promo"])
        let event = SectionEvent.shown(SectionReference(id: "b", type: "banner"))
        for listener in registry.listeners(for: "banner") { try await listener.handle(event) }
        #expect(await old.events.isEmpty)
        #expect(await new.events == [event])
    }

    @Test(arguments: [
        "", " ", "banner ", "ban ner", "bänner", "banner\n", "a/b", "{\"x\"}", String(repeating: "a", count: 65),
        "\u{0}",
    ])
    func anInvalidTypeIsRejected(type: String) throws {
        var registry = SectionRegistry()
        // A type longer than the limit is shortened in the error, with an ellipsis.
        let shown = type.count > 64 ? String(repeating: "a", count: 64) + "…" : type
        #expect(throws: SectionRegistryError.invalidType(shown)) { try registry.register(bannerModule(type: type)) }
        #expect(registry.sectionCount == 0)
    }

    @Test func aHugeTypeIsShortenedInTheError() throws {
        var registry = SectionRegistry()
        let huge = String(repeating: "x", count: 1_000_000)
        do {
            try registry.register(bannerModule(type: huge))
            Issue.record("a huge type was registered")
        } catch {
            guard case .invalidType(let shown) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(shown.count == SectionTypeName.maximumLength + 1)
        }
    }

    @Test(arguments: ["banner", "quick_actions", "promo-2024", "v2.banner", "A", String(repeating: "a", count: 64)])
    func wellFormedTypesAreAccepted(type: String) throws {
        var registry = SectionRegistry()
        try registry.register(bannerModule(type: type))
        #expect(registry.mapper(for: type)?.sectionType == type)
    }

    @Test func typesAreCaseSensitive() throws {
        var registry = SectionRegistry()
        try registry.register(bannerModule(type: "banner"))
        try registry.register(bannerModule(type: "Banner"))
        #expect(registry.sectionCount == 2)
        #expect(registry.mapper(for: "BANNER") == nil)
    }

    @Test func aCopyIsIndependentOfTheOriginal() throws {
        var original = SectionRegistry()
        try original.register(bannerModule())
        let snapshot = original
        try original.register(bannerModule(type: "promo"))
        #expect(snapshot.sectionCount == 1)
        #expect(snapshot.mapper(for: "promo") == nil)
        #expect(original.sectionCount == 2)
    }

    @Test func clientsCanTakeOnlyTheProtocolTheyUse() throws {
        func register(into registry: inout some Registry) throws(SectionRegistryError) {
            try registry.register(bannerModule())
        }
        func count(_ registry: some SectionCountRegistry) -> Int { registry.sectionCount }
        func knows(_ registry: any MapperRegistry, _ type: String) -> Bool { registry.mapper(for: type) != nil }

        var registry = SectionRegistry()
        try register(into: &registry)
        #expect(count(registry) == 1)
        #expect(knows(registry, "banner"))
        #expect(!knows(registry, "promo"))
    }

    @Test func eightTasksLookUpTenThousandTimesEachAndAllSeeTheSameModules() async throws {
        let registry = try Fixtures.registry()
        let types = ["banner", "expenses_summary", "quick_actions", "unknown"]
        let payloads = (0..<3).map(Fixtures.goodPayload)
        let results = await withTaskGroup(of: (found: Int, missing: Int, built: Int).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var found = 0
                    var missing = 0
                    var built = 0
                    for lookup in 0..<10_000 {
                        let type = types[(lookup + task) % types.count]
                        guard let mapper = registry.mapper(for: type) else {
                            missing += 1
                            continue
                        }
                        found += mapper.sectionType == type ? 1 : 0
                        if lookup % 100 == 0 {
                            // Mapping from many tasks at once uses the same mapper objects.
                            let payload = payloads.first { $0.type == type }
                            if let payload, (try? mapper.section(from: payload)) != nil { built += 1 }
                        }
                        _ = registry.listeners(for: type)
                        _ = registry.storage(for: type)
                        _ = registry.provider(for: type)
                    }
                    return (found, missing, built)
                }
            }
            var all: [(found: Int, missing: Int, built: Int)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        #expect(results.map(\.found).reduce(0, +) == 60_000)
        #expect(results.map(\.missing).reduce(0, +) == 20_000)
        #expect(results.map(\.built).reduce(0, +) == 600)
        #expect(registry.sectionCount == 3)
    }
}
