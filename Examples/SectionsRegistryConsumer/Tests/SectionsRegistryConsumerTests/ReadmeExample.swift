import Foundation
import SectionsRegistry

/// The app's analytics: here it keeps what it hears; the app's own sends it on.
actor Analytics: SectionListener {
    private(set) var events: [SectionEvent] = []

    func handle(_ event: SectionEvent) async throws {
        events.append(event)
    }
}

/// What the example makes, for its test.
struct ExampleOutput {
    var screen: ScreenAssembly
    var skipped: [String]
    var analytics: [SectionEvent]
    var afterDismiss: SectionList
    var strictRefusal: String
    var refreshed: SectionRefresh
}

func readmeExample() async throws -> ExampleOutput {
    var registry = SectionRegistry()
    try registry.register(PromoSection.module)  // the one registration line
    let home = registry  // from here on an immutable value, safe to share with any task

    let response = Data(
        #"""
        {"sections": [
          {"id": "p1", "type": "promo",
           "content": {"headline": "Track less, save more", "cta_title": "Open", "deep_link": "ledger://reports"}},
          {"id": "p2", "type": "promo", "content": {"headline": "Hi", "cta_title": "Go", "deep_link": "https://x"}},
          {"id": "c1", "type": "carousel", "content": {}},
          {"id": 7}
        ]}
        """#.utf8)

    let assembler = ScreenAssembler(mappers: home)
    let screen = try assembler.assemble(envelope: response)
    // screen.sections.ids: ["p1"]; screen.sections[id: "p1"]?.model(as: Promo.self)?.ctaTitle: "Open"
    // screen.diagnostics.map(\.problem): the promo's deep link, the unknown carousel, the entry without an id:
    // [.mappingFailed(SectionMappingError(sectionType: "promo", path: "deep_link", kind: .invalidValue)),
    //  .unknownType, .invalidEntry(.invalidID)]

    // Code switches on the problems; a log or a debug screen prints each diagnostic as a sentence.
    let skipped = screen.diagnostics.map { "\($0)" }

    // Tell analytics (and each type's listeners) what could not be shown; a failing listener stops no other.
    let analytics = Analytics()
    let events = SectionEventDispatcher(listeners: home, globalListeners: [analytics])
    await events.report(screen.diagnostics)

    // The user dismisses the promo: a new list, the old one untouched.
    let afterDismiss = try screen.sections.removing(id: "p1")
    await events.dispatch(.removed(SectionReference(id: "p1", type: "promo")))

    // Debug builds and contract tests can insist on a clean payload.
    let strict = ScreenAssembler(mappers: home, options: ScreenAssemblyOptions(mode: .strict))
    var strictRefusal = ""
    do {
        _ = try strict.assemble(envelope: response)
    } catch {
        // `error` is a `ScreenAssemblyError` (typed throws): `.rejected` with all three diagnostics.
        guard case .rejected(let diagnostics) = error, diagnostics.count == 3 else { throw error }
        strictRefusal = "\(error)"
    }

    // Refreshing one section: its provider, then its cache as the fallback.
    let payloads = try SectionsEnvelopeDecoder().decode(response).payloads
    let refresher = SectionRefresher(mappers: home, providers: home, storages: home)
    await refresher.cache(payloads)  // keeps what maps, as the fallback for later refreshes
    let refreshed = try await refresher.refresh(SectionReference(id: "p1", type: "promo"))
    // refreshed.source: .cache(.provider(.unsupported)), since promos have no provider of their own

    return ExampleOutput(
        screen: screen, skipped: skipped, analytics: await analytics.events, afterDismiss: afterDismiss,
        strictRefusal: strictRefusal, refreshed: refreshed)
}
