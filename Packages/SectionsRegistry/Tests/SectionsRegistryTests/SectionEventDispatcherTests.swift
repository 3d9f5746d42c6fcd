import SectionsRegistry
import SectionsRegistryTesting
import Testing

@Suite("SectionsRegistry: listeners")
struct SectionEventDispatcherTests {
    private struct ListenerDown: Error, Equatable {
        let code: Int
    }

    private let banner = SectionReference(id: "b1", type: "banner")

    @Test func aThrowingListenerDoesNotStopTheOthers() async throws {
        let first = SpySectionListener()
        let failing = SpySectionListener(throwing: ListenerDown(code: 1))
        let last = SpySectionListener()
        let global = SpySectionListener(throwing: ListenerDown(code: 2))
        let globalAfter = SpySectionListener()
        let registry = try Fixtures.registry(listeners: ["banner": [first, failing, last]])
        let dispatcher = SectionEventDispatcher(listeners: registry, globalListeners: [global, globalAfter])

        let failures = await dispatcher.dispatch(.shown(banner))

        for spy in [first, failing, last, global, globalAfter] {
            #expect(await spy.events == [.shown(banner)])
        }
        #expect(failures.map(\.listenerIndex) == [1, 3])
        #expect(failures.map { $0.error as? ListenerDown } == [ListenerDown(code: 1), ListenerDown(code: 2)])
        #expect(failures.allSatisfy { $0.event == .shown(banner) })
    }

    @Test func listenersOfOtherTypesDoNotHearTheEvent() async throws {
        let bannerSpy = SpySectionListener()
        let actionsSpy = SpySectionListener()
        let registry = StubListenerRegistry(["banner": [bannerSpy], "quick_actions": [actionsSpy]])
        let dispatcher = SectionEventDispatcher(listeners: registry)

        #expect(await dispatcher.dispatch(.removed(banner)).isEmpty)
        #expect(await bannerSpy.events == [.removed(banner)])
        #expect(await actionsSpy.events.isEmpty)
        #expect(registry.requestedTypes == ["banner"])
    }

    @Test func diagnosticsAreReportedToTheirTypeAndToGlobalListeners() async throws {
        let bannerSpy = SpySectionListener()
        let global = SpySectionListener()
        let registry = StubListenerRegistry(["banner": [bannerSpy]])
        let dispatcher = SectionEventDispatcher(listeners: registry, globalListeners: [global])
        let mapping = SectionMappingError(sectionType: "banner", path: "title", kind: .missingKey)
        let diagnostics = [
            SectionDiagnostic(position: 0, sectionID: "b", sectionType: "banner", problem: .mappingFailed(mapping)),
            SectionDiagnostic(position: 1, sectionID: "c", sectionType: "carousel", problem: .unknownType),
            SectionDiagnostic(position: 2, sectionID: nil, sectionType: nil, problem: .invalidEntry(.invalidType)),
        ]

        #expect(await dispatcher.report(diagnostics).isEmpty)
        #expect(await bannerSpy.events == [.failed(diagnostics[0])])
        #expect(await global.events == diagnostics.map(SectionEvent.failed))
        #expect(registry.requestedTypes == ["banner", "carousel"])
    }

    @Test func reportCollectsFailuresOfEveryEvent() async throws {
        let failing = SpySectionListener(throwing: ListenerDown(code: 3))
        let dispatcher = SectionEventDispatcher(listeners: StubListenerRegistry(), globalListeners: [failing])
        let diagnostics = (0..<3).map {
            SectionDiagnostic(position: $0, sectionID: "x\($0)", sectionType: "t", problem: .duplicateID)
        }
        let failures = await dispatcher.report(diagnostics)
        #expect(failures.map(\.event) == diagnostics.map(SectionEvent.failed))
        #expect(await failing.events.count == 3)
    }

    @Test func dispatchingFromManyTasksReachesEveryListenerEveryTime() async throws {
        let spy = SpySectionListener()
        let failing = SpySectionListener(throwing: ListenerDown(code: 4))
        let dispatcher = SectionEventDispatcher(listeners: StubListenerRegistry(["banner": [failing, spy]]))
        let failureCount = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var failures = 0
                    for index in 0..<100 {
                        let reference = SectionReference(id: "\(task)-\(index)", type: "banner")
                        failures += await dispatcher.dispatch(.shown(reference)).count
                    }
                    return failures
                }
            }
            var total = 0
            for await count in group { total += count }
            return total
        }
        #expect(failureCount == 800)
        #expect(await spy.events.count == 800)
        #expect(Set(await spy.events).count == 800)
    }
}
