public import Foundation
public import Networking
public import Rendering
public import SectionsRegistry
public import Storage

/// The server-driven home screen: fetch the sections from the API, assemble what the registry
/// can build (one bad section never breaks the rest), and keep each good section in its type's storage so the
/// screen can be shown offline. The order of the last good screen is kept as one more document. The user's choices
/// (the sections dismissed, the badges seen) are kept apart from the server's screen and applied whenever one is shown.
public struct HomeScreenLoader: HomeScreenFeature {
    private let api: APIClient
    private let registry: SectionRegistry
    let documents: any DocumentStore
    private let money: MoneyFormatter
    private let currency: @Sendable (String) -> Currency
    private let ownExpenses: (any ReportReading)?
    private let periods: @Sendable (String) -> ReportRange?
    private let now: @Sendable () -> Date
    private let log: @Sendable (String) -> Void
    private let listeners: [any SectionListener]

    /// Creates a loader that fetches through `api`, builds sections with `registry`'s modules, keeps the last good
    /// screen in `documents`, fills expense summaries from `ownExpenses` (the user's own figures) over the range
    /// `periods` gives for the period word the server sends (`month`), prints amounts with `money` (minor units
    /// from `currency`), stamps saved copies with `now` and reports what it skipped to `log`. Section events
    /// (shown, removed, failed) reach the listeners each type registered in `registry`, then `listeners` (the app's
    /// analytics), then `log`.
    public init(
        api: APIClient, registry: SectionRegistry, documents: any DocumentStore, ownExpenses: (any ReportReading)?,
        periods: @escaping @Sendable (String) -> ReportRange?, money: MoneyFormatter,
        currency: @escaping @Sendable (String) -> Currency, now: @escaping @Sendable () -> Date,
        log: @escaping @Sendable (String) -> Void, listeners: [any SectionListener] = []
    ) {
        self.listeners = listeners
        self.ownExpenses = ownExpenses
        self.periods = periods
        self.api = api
        self.registry = registry
        self.documents = documents
        self.money = money
        self.currency = currency
        self.now = now
        self.log = log
    }

    private var assembler: ScreenAssembler {
        ScreenAssembler(mappers: registry, options: ScreenAssemblyOptions(envelopeLayout: .flat))
    }

    /// The screen from the server, or the saved copy when the server cannot be reached or answers with nothing
    /// this app can show. A saved screen is only ever replaced by one with sections.
    public func load() async throws(HomeScreenError) -> HomeScreen {
        let response: Data
        do {
            response = try await api.send(HomeSectionsAPI.sections())
        } catch {
            log("home: \(error) Showing the saved copy.")
            guard case .transport(let failure) = error, failure.isUnreachable else {
                let problem = "The server's answer could not be used. \(error)"
                guard let cached = try? await cachedScreen(.unusableAnswer(problem: problem), failure: problem) else {
                    throw .invalidResponse(detail: "\(error)")
                }
                return cached
            }
            return try await cachedScreen(.unreachable, failure: "\(error)")
        }
        let assembly: ScreenAssembly
        let payloads: [SectionPayload]
        do {
            assembly = try assembler.assemble(envelope: response)
            payloads = try SectionsEnvelopeDecoder(layout: .flat).decode(response).payloads
        } catch {
            let problem = "The server's answer is not a home screen. \(error)"
            log("home: \(problem) Showing the saved copy.")
            guard let cached = try? await cachedScreen(.unusableAnswer(problem: problem), failure: problem) else {
                throw .invalidResponse(detail: "\(error)")
            }
            return cached
        }
        let choices = await currentChoices()
        await report(assembly, hiding: choices)
        guard !assembly.sections.isEmpty else {
            let problem = "The server sent no section this app can show."
            let network = await screen(assembly, payloads: payloads, choices: choices, source: .network)
            guard var cached = try? await cachedScreen(.unusableAnswer(problem: problem), failure: problem) else {
                return network
            }
            cached.skipped = network.skipped + cached.skipped
            return cached
        }
        await remember(assembly, payloads: payloads)
        return await screen(assembly, payloads: payloads, choices: choices, source: .network)
    }

    // MARK: Offline

    private static let layoutID = "home.layout"

    private struct Layout: Codable {
        struct Entry: Codable {
            let id: String
            let type: String
        }
        let savedAt: Date
        let sections: [Entry]
    }

    private func remember(_ assembly: ScreenAssembly, payloads: [SectionPayload]) async {
        let built = Set(assembly.sections.map(\.id))
        let kept = payloads.filter { built.contains($0.id) }
        let failures = await SectionRefresher(mappers: registry, providers: registry, storages: registry).cache(kept)
        let layout = Layout(
            savedAt: now(),
            sections: kept.filter { payload in !failures.keys.contains { $0.id == payload.id } }
                .map { Layout.Entry(id: $0.id, type: $0.type) })
        do {
            let id = try DocumentID(Self.layoutID)
            try await documents.save(
                DocumentDraft(id: id, contentType: DocumentContentType.json, bytes: try JSONEncoder().encode(layout)))
        } catch {
            log("home: the screen could not be saved for offline use (\(error))")
        }
    }

    /// The screen saved when the server last sent a usable one: what offline use shows, and what the user
    /// dismisses sections of. Nil when none was saved or it cannot be read back as a screen.
    func savedScreen() async throws(StorageError) -> SavedScreen? {
        guard let document = try await documents.load(try DocumentID(Self.layoutID)),
            let layout = try? JSONDecoder().decode(Layout.self, from: document.bytes)
        else { return nil }
        var payloads: [SectionPayload] = []
        var missing: [SkippedSection] = []
        for entry in layout.sections {
            if let payload = try? await registry.storage(for: entry.type)?.payload(withID: entry.id) {
                payloads.append(payload)
            } else {
                missing.append(SkippedSection(id: entry.id, type: entry.type, reason: "not in the saved copy"))
            }
        }
        guard let assembly = try? assembler.assemble(payloads) else { return nil }
        return SavedScreen(savedAt: layout.savedAt, assembly: assembly, payloads: payloads, missing: missing)
    }

    /// A screen as it was saved, and the sections of its order that are no longer in their type's storage.
    struct SavedScreen {
        let savedAt: Date
        let assembly: ScreenAssembly
        let payloads: [SectionPayload]
        let missing: [SkippedSection]
    }

    private func cachedScreen(
        _ reason: HomeScreen.CacheReason, failure: String
    ) async throws(HomeScreenError) -> HomeScreen {
        guard let saved = try? await savedScreen() else { throw .offlineWithoutCache(detail: failure) }
        var screen = await screen(
            saved.assembly, payloads: saved.payloads, choices: await currentChoices(),
            source: .cache(savedAt: saved.savedAt, reason: reason))
        screen.skipped += saved.missing
        return screen
    }

    /// The user's choices; when they cannot be read the screen is shown without them (a dismissed section shows
    /// for this run) and the log says why, since showing the screen matters more.
    private func currentChoices() async -> HomeChoices {
        do {
            return try await HomeChoices.read(from: documents)
        } catch {
            log("home: the dismissed sections could not be read (\(error)); showing every section")
            return HomeChoices()
        }
    }

    // MARK: Building the screen

    /// Tells each type's listeners, the app's and the log what happened to the sections; a listener that fails is
    /// logged and never stops the others or the screen.
    func tell(_ events: [SectionEvent], diagnostics: [SectionDiagnostic] = []) async {
        let dispatcher = SectionEventDispatcher(
            listeners: registry, globalListeners: listeners + [LogSectionEvents(log: log)])
        var failures: [SectionListenerFailure] = []
        for event in events { failures += await dispatcher.dispatch(event) }
        failures += await dispatcher.report(diagnostics)
        for failure in failures { log("home: \(failure)") }
    }

    private func report(_ assembly: ScreenAssembly, hiding choices: HomeChoices) async {
        await tell(
            visible(assembly, choices).map { .shown($0.reference) }, diagnostics: assembly.diagnostics)
    }

    /// The sections of `assembly` the user sees: each dismissed one taken out by the SectionsRegistry's
    /// `RemoveSectionProcessor`, the rest in the server's order.
    func visible(_ assembly: ScreenAssembly, _ choices: HomeChoices) -> SectionList {
        choices.dismissed.reduce(assembly.sections) { list, id in
            (try? RemoveSectionProcessor(id: id).process(list)) ?? list  // not on this screen: nothing to remove
        }
    }

    /// The sections the user sees, each with the badge of its content (`payloads`) unless the user saw that one.
    func shown(
        _ assembly: ScreenAssembly, payloads: [SectionPayload], choices: HomeChoices
    ) async -> [ShownSection] {
        let contents = Dictionary(payloads.map { ($0.id, $0.content) }, uniquingKeysWith: { first, _ in first })
        var shown: [ShownSection] = []
        for built in visible(assembly, choices) {
            guard let model = built.model(as: (any HomeSectionModel).self) else { continue }
            let badge = contents[built.id].flatMap(SectionBadge.of)
            shown.append(
                ShownSection(
                    id: built.id, badge: badge == choices.seenBadges[built.id] ? nil : badge,
                    section: await model.section(kind: built.type, in: context)))
        }
        return shown
    }

    private func screen(
        _ assembly: ScreenAssembly, payloads: [SectionPayload], choices: HomeChoices, source: HomeScreen.Source
    ) async -> HomeScreen {
        HomeScreen(
            shown: await shown(assembly, payloads: payloads, choices: choices),
            skipped: assembly.diagnostics.map {
                SkippedSection(id: $0.sectionID, type: $0.sectionType, reason: Self.reason($0.problem))
            },
            dismissed: assembly.sections.ids.filter(Set(choices.dismissed).contains),
            source: source)
    }

    /// What the sections read themselves with: money in the user's locale, and the user's own spending in the
    /// period the server names, one total per currency (nil when the period is unknown or the store cannot be
    /// read).
    private var context: HomeSectionContext {
        HomeSectionContext(
            money: { [money, currency] cents, code in
                let currency = currency(code.uppercased())
                return money.string(from: Decimal(cents) / pow(10, currency.minorUnits), currency: currency)
            },
            ownSpending: { [ownExpenses, periods, money, currency] period in
                guard let ownExpenses, let range = periods(period),
                    let report = try? await ownExpenses.report(for: range)
                else { return nil }
                return report.totals.map { money.string(from: $0.amount, currency: currency($0.currencyCode)) }
            })
    }

    private static func reason(_ problem: SectionDiagnostic.Problem) -> String {
        switch problem {
        case .unknownType: "this app does not know the section type"
        case .malformedContent(let error):
            "the content is not valid JSON (at \(error.path.isEmpty ? "top" : error.path))"
        case .mappingFailed(let error):
            "the content does not fit the section (at \(error.path.isEmpty ? "top" : error.path))"
        case .invalidEntry: "the entry lacks a usable id or type"
        case .duplicateID: "another section has the same id"
        case .contentTooLarge(let bytes, let limit): "the content is \(bytes) bytes, over the limit of \(limit)"
        case .tooManySections(let limit, let dropped): "over the limit of \(limit) sections (\(dropped) dropped)"
        }
    }
}

/// Section events as log lines, for analytics and debugging; a listener of every section type.
struct LogSectionEvents: SectionListener {
    let log: @Sendable (String) -> Void

    func handle(_ event: SectionEvent) async throws {
        switch event {
        case .shown(let reference): log("home: shown \(reference.type) \(reference.id)")
        case .removed(let reference): log("home: removed \(reference.type) \(reference.id)")
        case .failed(let diagnostic):
            log("home: skipped \(diagnostic.sectionType ?? "?") \(diagnostic.sectionID ?? "?"): \(diagnostic.problem)")
        }
    }
}
