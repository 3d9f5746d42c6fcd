import EssentialsTesting
import Foundation
import SectionsRegistry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum SectionsRegistryBenchmarks {
    static let group = BenchmarkGroup(name: "sectionsregistry") {
        let screens = [20, 50, 500].map { HomeScreenFixture(sections: $0, seed: 2024) }
        let mapperRegistry = try HomeScreenFixture.registry(keys: .snakeCase)
        let declaredRegistry = try HomeScreenFixture.registry(keys: .asDeclared)
        let assembler = ScreenAssembler(mappers: mapperRegistry)
        let declaredAssembler = ScreenAssembler(mappers: declaredRegistry)
        let large = screens[2]
        let envelope = large.envelope(snakeCase: true)
        let declaredEnvelope = large.envelope(snakeCase: false)
        let broken = large.envelope(snakeCase: true, brokenEvery: 10)
        let payloads = try SectionsEnvelopeDecoder().decode(envelope).payloads
        let sections = try assembler.assemble(payloads).sections
        let placeholder = ScreenSection(id: "new", type: "banner", model: "placeholder")

        var cases: [BenchmarkCase] = [
            .note(name: "screen sizes (realistic mix of 8 section types)") {
                screens.map { "\($0.sections): \($0.envelope(snakeCase: true).count / 1024) KiB" }
                    .joined(separator: ", ")
            }
        ]
        // The number the package README records: a whole screen, response bytes to built sections, assembled with
        // the modules as shipped (`JSONSectionMapper` decodes with `JSONDecoder`), against its peer measured in the
        // same run: one `JSONDecoder` pass over the same response into the same models, which is what the app
        // would do without the registry and which loses the whole screen to one bad section. Rounds alternate;
        // the ratio is the price of isolating each section.
        for screen in screens {
            let data = screen.envelope(snakeCase: true)
            let count = screen.sections
            cases.append(
                .compare(
                    name: "\(count)-section screen: plain JSONDecoder vs ScreenAssembler",
                    target: count == 500 ? "< 5 ms" : nil,
                    baseline: .init(label: "plain JSONDecoder") {
                        guard try PlainHomeScreen.decode(data).count == count else {
                            throw BenchmarkFailure.unexpected("sections")
                        }
                    },
                    candidate: .init(label: "ScreenAssembler") {
                        let assembly = try assembler.assemble(envelope: data)
                        guard assembly.sections.count == count else { throw BenchmarkFailure.unexpected("sections") }
                    }
                ))
        }
        // The same comparison in thread CPU time, which a busy machine disturbs far less than wall time.
        for screen in screens {
            let data = screen.envelope(snakeCase: true)
            cases.append(
                .note(
                    name: "\(screen.sections)-section screen, CPU time, median of 51 rounds",
                    target: nil
                ) {
                    try ThreadCPUTime.compare(
                        rounds: 51,
                        baseline: ("plain JSONDecoder", { _ = try PlainHomeScreen.decode(data) }),
                        candidate: ("ScreenAssembler", { _ = try assembler.assemble(envelope: data) }))
                })
        }
        // The same 50-section screen with models whose `CodingKeys` match the response, as a hot section type would
        // declare them (`JSONSectionMapper(keys: .asDeclared)`), against the same one-pass peer without the key
        // conversion: about a third of `JSONDecoder`'s time above goes into `convertFromSnakeCase`.
        let declaredScreen = screens[1].envelope(snakeCase: false)
        cases += [
            .compare(
                name: "50-section screen, declared keys: plain JSONDecoder vs ScreenAssembler",
                target: "< 2 ms",
                baseline: .init(label: "plain JSONDecoder") {
                    _ = try PlainHomeScreen.decode(declaredScreen, keys: .asDeclared)
                },
                candidate: .init(label: "ScreenAssembler") {
                    let assembly = try declaredAssembler.assemble(envelope: declaredScreen)
                    guard assembly.sections.count == 50 else { throw BenchmarkFailure.unexpected("sections") }
                }
            ),
            .note(name: "50-section screen, declared keys, CPU time, median of 51 rounds", target: "< 2 ms") {
                try ThreadCPUTime.compare(
                    rounds: 51,
                    baseline: (
                        "plain JSONDecoder", { _ = try PlainHomeScreen.decode(declaredScreen, keys: .asDeclared) }
                    ),
                    candidate: ("ScreenAssembler", { _ = try declaredAssembler.assemble(envelope: declaredScreen) }))
            },
        ]
        // Mapping alone, without the envelope scan: where the assembly's time goes.
        for screen in screens {
            let screenPayloads = try SectionsEnvelopeDecoder().decode(screen.envelope(snakeCase: true)).payloads
            cases.append(
                .measure(name: "\(screen.sections) payloads mapped", operations: screen.sections) {
                    _ = try assembler.assemble(screenPayloads)
                })
        }
        cases += [
            .measure(name: "assemble 500-section response, 10% broken", target: "< 5 ms") {
                let assembly = try assembler.assemble(envelope: broken)
                guard assembly.sections.count == 450 else { throw BenchmarkFailure.unexpected("sections") }
            },
            .measure(name: "decode 500-entry envelope only", operations: 500) {
                let decoded = try SectionsEnvelopeDecoder().decode(envelope)
                guard decoded.payloads.count == 500 else { throw BenchmarkFailure.unexpected("payloads") }
            },
            .compare(
                name: "500 sections: snake_case keys vs declared keys", operations: 500,
                baseline: .init(label: "snake_case") { _ = try assembler.assemble(envelope: envelope) },
                candidate: .init(label: "declared") { _ = try declaredAssembler.assemble(envelope: declaredEnvelope) }
            ),
            .measure(name: "registry lookups, 8 tasks x 10,000", operations: 80_000) {
                let found = await withTaskGroup(of: Int.self) { group in
                    for task in 0..<8 {
                        group.addTask {
                            var found = 0
                            for lookup in 0..<10_000 {
                                let type = HomeScreenFixture.types[(lookup + task) % HomeScreenFixture.types.count]
                                if mapperRegistry.mapper(for: type) != nil { found += 1 }
                            }
                            return found
                        }
                    }
                    return await group.reduce(0, +)
                }
                guard found == 80_000 else { throw BenchmarkFailure.unexpected("lookups") }
            },
            .measure(name: "remove + move + insert on a 500-section list", operations: 3) {
                let removed = try sections.removing(id: "s250")
                let moved = try removed.moving(id: "s0", to: 400)
                let inserted = try moved.inserting(placeholder, at: .after(id: "s10"))
                guard inserted.count == 500 else { throw BenchmarkFailure.unexpected("edits") }
            },
        ]
        return cases
    }
}

private enum BenchmarkFailure: Error {
    case unexpected(String)
}

/// The CPU time of the calling thread. The bodies measured never suspend, so they run on one thread.
private enum ThreadCPUTime {
    static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The medians of `rounds` alternate runs of both bodies (after one warm-up each) and the median of the
    /// per-round ratios (candidate / baseline): each round's two runs see the same machine state, so that one
    /// resists load that drifts during the run.
    static func measure(
        rounds: Int, baseline: () throws -> Void, candidate: () throws -> Void
    ) throws -> (baseline: Double, candidate: Double, perRound: Double) {
        try baseline()
        try candidate()
        var base: [Double] = []
        var cand: [Double] = []
        for _ in 0..<rounds {
            var start = seconds()
            try baseline()
            base.append(seconds() - start)
            start = seconds()
            try candidate()
            cand.append(seconds() - start)
        }
        return (
            base.sorted()[rounds / 2], cand.sorted()[rounds / 2], zip(cand, base).map { $0 / $1 }.sorted()[rounds / 2]
        )
    }

    /// Both medians and how many times the baseline's time the candidate takes (of the medians, and the median
    /// per round), as one line.
    static func compare(
        rounds: Int, baseline: (String, () throws -> Void), candidate: (String, () throws -> Void)
    ) throws -> String {
        let result = try measure(rounds: rounds, baseline: baseline.1, candidate: candidate.1)
        return "\(candidate.0) \(Report.formatSeconds(result.candidate)), "
            + "\(baseline.0) \(Report.formatSeconds(result.baseline)): \(candidate.0) takes "
            + String(
                format: "%.2fx the time (per round %.2fx)", result.candidate / result.baseline, result.perRound)
    }
}

/// The peer of screen assembly: the whole response decoded in one `JSONDecoder` pass into the same models,
/// configured as `JSONSectionMapper` configures its decoder (the same key style, ISO 8601 dates with or without
/// fractional seconds through a container). It is what an app without the registry would write; one bad
/// section, or one unknown type, fails the whole screen.
private struct PlainHomeScreen: Decodable {
    enum Content {
        case banner(HomeScreenFixture.Banner)
        case summary(HomeScreenFixture.Summary)
        case actions(HomeScreenFixture.Actions)
        case transactions(HomeScreenFixture.Transactions)
        case carousel(HomeScreenFixture.Carousel)
        case budget(HomeScreenFixture.Budget)
        case notice(HomeScreenFixture.Notice)
        case chart(HomeScreenFixture.Chart)
    }

    struct Section: Decodable {
        enum CodingKeys: String, CodingKey {
            case id, type, content
        }

        let id: String
        let content: Content

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "banner": content = .banner(try container.decode(HomeScreenFixture.Banner.self, forKey: .content))
            case "expenses_summary":
                content = .summary(try container.decode(HomeScreenFixture.Summary.self, forKey: .content))
            case "quick_actions":
                content = .actions(try container.decode(HomeScreenFixture.Actions.self, forKey: .content))
            case "recent_transactions":
                content = .transactions(try container.decode(HomeScreenFixture.Transactions.self, forKey: .content))
            case "carousel":
                content = .carousel(try container.decode(HomeScreenFixture.Carousel.self, forKey: .content))
            case "budget": content = .budget(try container.decode(HomeScreenFixture.Budget.self, forKey: .content))
            case "notice": content = .notice(try container.decode(HomeScreenFixture.Notice.self, forKey: .content))
            case "chart": content = .chart(try container.decode(HomeScreenFixture.Chart.self, forKey: .content))
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: container, debugDescription: "An unknown section type.")
            }
        }
    }

    let sections: [Section]

    /// Decodes `data` with a decoder made per call, as the mapper makes one per section; returns the sections.
    static func decode(_ data: Data, keys: JSONKeyStyle = .snakeCase) throws -> [Section] {
        let decoder = JSONDecoder()
        if keys == .snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an ISO 8601 date.")
        }
        return try decoder.decode(PlainHomeScreen.self, from: data).sections
    }
}

/// A realistic home screen of eight section types with seeded sizes: banners, expense summaries, quick actions,
/// recent transactions (dates, optional notes), carousels, budgets, notices (long text with escapes and
/// non-ASCII letters) and charts (doubles).
struct HomeScreenFixture: Sendable {
    static let types = [
        "banner", "expenses_summary", "quick_actions", "recent_transactions", "carousel", "budget", "notice", "chart",
    ]
    /// The order of types down the screen, repeated: budgets and banners appear twice as often as the others.
    static let layout = [0, 1, 2, 3, 4, 5, 6, 7, 5, 0]

    struct Banner: Decodable, Sendable, Equatable {
        let title: String
        let subtitle: String?
        let imageUrl: URL
        let deepLink: String
    }

    struct Summary: Decodable, Sendable, Equatable {
        struct Total: Decodable, Sendable, Equatable {
            let currency: String
            let amountMinor: Int
        }
        let period: String
        let totals: [Total]
        let changePercent: Double
        let updatedAt: Date
    }

    struct Actions: Decodable, Sendable, Equatable {
        struct Action: Decodable, Sendable, Equatable {
            let id: String
            let title: String
            let icon: String
            let deepLink: String
        }
        let actions: [Action]
    }

    struct Transactions: Decodable, Sendable, Equatable {
        enum Category: String, Decodable, Sendable, Equatable {
            case groceries, transport, dining, rent, travel, other
        }
        struct Item: Decodable, Sendable, Equatable {
            let id: String
            let merchant: String
            let amountMinor: Int
            let currency: String
            let bookedAt: Date
            let category: Category
            let note: String?
        }
        let title: String
        let items: [Item]
        let hasMore: Bool
    }

    struct Carousel: Decodable, Sendable, Equatable {
        struct Card: Decodable, Sendable, Equatable {
            let title: String
            let subtitle: String
            let imageUrl: URL
            let deepLink: String
            let badge: String?
        }
        let title: String
        let cards: [Card]
    }

    struct Budget: Decodable, Sendable, Equatable {
        let category: String
        let spentMinor: Int
        let limitMinor: Int
        let ratio: Double
        let warning: Bool
    }

    struct Notice: Decodable, Sendable, Equatable {
        enum Style: String, Decodable, Sendable, Equatable {
            case info, warning, success
        }
        let title: String
        let body: String
        let style: Style
        let dismissible: Bool
    }

    struct Chart: Decodable, Sendable, Equatable {
        struct Point: Decodable, Sendable, Equatable {
            let label: String
            let value: Double
        }
        let title: String
        let unit: String
        let points: [Point]
    }

    let sections: Int
    let seed: UInt64

    /// The eight modules with `JSONSectionMapper`s.
    static func registry(keys: JSONKeyStyle) throws -> SectionRegistry {
        var registry = SectionRegistry()
        try registry.register(module("banner", JSONSectionMapper<Banner>(keys: keys)))
        try registry.register(module("expenses_summary", JSONSectionMapper<Summary>(keys: keys)))
        try registry.register(module("quick_actions", JSONSectionMapper<Actions>(keys: keys)))
        try registry.register(module("recent_transactions", JSONSectionMapper<Transactions>(keys: keys)))
        try registry.register(module("carousel", JSONSectionMapper<Carousel>(keys: keys)))
        try registry.register(module("budget", JSONSectionMapper<Budget>(keys: keys)))
        try registry.register(module("notice", JSONSectionMapper<Notice>(keys: keys)))
        try registry.register(module("chart", JSONSectionMapper<Chart>(keys: keys)))
        return registry
    }

    private static func module<Mapper: SectionMapping>(
        _ type: String, _ mapper: Mapper
    ) -> SectionModule<Mapper, NoRefreshProvider, InMemorySectionStorage> {
        SectionModule(
            type: type, mapper: mapper, provider: NoRefreshProvider(), storage: InMemorySectionStorage(), listeners: [])
    }

    /// The server response; with `snakeCase: false` the keys are camelCase, as declared-key models expect.
    /// With `brokenEvery`, every n-th section's content is a type mismatch.
    func envelope(snakeCase: Bool, brokenEvery: Int? = nil) -> Data {
        var generator = SeededGenerator(seed: seed)
        var entries: [String] = []
        entries.reserveCapacity(sections)
        for index in 0..<sections {
            let kind = Self.layout[index % Self.layout.count]
            var content = Self.content(kind: kind, index: index, snakeCase: snakeCase, using: &generator)
            if let brokenEvery, index % brokenEvery == brokenEvery - 1 {
                content = #"{"title":7}"#
            }
            entries.append(#"{"id":"s\#(index)","type":"\#(Self.types[kind])","content":\#(content)}"#)
        }
        return Data((#"{"sections":["# + entries.joined(separator: ",") + "]}").utf8)
    }

    private static func key(_ snake: String, _ snakeCase: Bool) -> String {
        guard !snakeCase else { return snake }
        let parts = snake.split(separator: "_")
        return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static let merchants = [
        "Bäckerei Müller", "City Transit", "Café \\\"Nord\\\"", "Rent", "Air Lines", "Shop",
    ]
    private static let categories = ["groceries", "transport", "dining", "rent", "travel", "other"]
    private static let words = [
        "budget", "spending", "this", "month", "is", "on", "track", "résumé", "naïve", "café", "savings", "your",
        "report", "weekly", "\\n", "\\\"great\\\"", "€", "receipts", "scan", "export",
    ]

    // Each content is written by hand, as a server would send it, in the spelling `snakeCase` asks for.
    private static func content(
        kind: Int, index: Int, snakeCase: Bool, using generator: inout SeededGenerator
    ) -> String {
        func k(_ name: String) -> String { key(name, snakeCase) }
        func sentence(_ count: Int) -> String {
            (0..<count).map { _ in words[Int.random(in: 0..<words.count, using: &generator)] }
                .joined(separator: " ")
        }
        switch kind {
        case 0:
            let subtitle = Bool.random(using: &generator) ? #""\#(sentence(6))""# : "null"
            return #"{"title":"Welcome back \#(index)","subtitle":\#(subtitle),"#
                + #""\#(k("image_url"))":"https://cdn.example.com/banners/\#(index).png","#
                + #""\#(k("deep_link"))":"ledger://reports/monthly"}"#
        case 1:
            let totals = (0..<Int.random(in: 1...3, using: &generator)).map { currency in
                #"{"currency":"\#(["EUR", "USD", "GBP"][currency])","\#(k("amount_minor"))":\#(index * 137 + currency)}"#
            }
            return #"{"period":"2024-03","totals":[\#(totals.joined(separator: ","))],"#
                + #""\#(k("change_percent"))":-12.5,"\#(k("updated_at"))":"2024-03-3\#(index % 2)T08:15:00Z"}"#
        case 2:
            let actions = (0..<Int.random(in: 3...6, using: &generator)).map { action in
                #"{"id":"a\#(action)","title":"Action \#(action)","icon":"icon.\#(action)","#
                    + #""\#(k("deep_link"))":"ledger://actions/\#(action)"}"#
            }
            return #"{"actions":[\#(actions.joined(separator: ","))]}"#
        case 3:
            let seed = generator.next()
            return transactionsJSON(items: Int.random(in: 5...25, using: &generator), snakeCase: snakeCase, seed: seed)
        case 4:
            let cards = (0..<Int.random(in: 3...8, using: &generator)).map { card in
                let badge = card % 3 == 0 ? #""New""# : "null"
                return #"{"title":"Tip \#(card)","subtitle":"\#(sentence(5))","#
                    + #""\#(k("image_url"))":"https://cdn.example.com/tips/\#(card).jpg","#
                    + #""\#(k("deep_link"))":"ledger://tips/\#(card)","badge":\#(badge)}"#
            }
            return #"{"title":"Tips for you","cards":[\#(cards.joined(separator: ","))]}"#
        case 5:
            let limit = Int.random(in: 10_000...90_000, using: &generator)
            let spent = Int.random(in: 0...limit, using: &generator)
            return #"{"category":"\#(categories[index % categories.count])","\#(k("spent_minor"))":\#(spent),"#
                + #""\#(k("limit_minor"))":\#(limit),"ratio":\#(Double(spent) / Double(limit)),"#
                + #""warning":\#(spent * 10 > limit * 9)}"#
        case 6:
            return #"{"title":"Notice \#(index)","body":"\#(sentence(Int.random(in: 20...90, using: &generator)))","#
                + #""style":"\#(["info", "warning", "success"][index % 3])","dismissible":true}"#
        default:
            let points = (0..<Int.random(in: 7...31, using: &generator)).map { day in
                #"{"label":"D\#(day + 1)","value":\#(Double(Int.random(in: 0...100_000, using: &generator)) / 100)}"#
            }
            return #"{"title":"Daily spending","unit":"EUR","points":[\#(points.joined(separator: ","))]}"#
        }
    }

    /// A recent-transactions content with `items` entries.
    static func transactionsJSON(items: Int, snakeCase: Bool, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        func k(_ name: String) -> String { key(name, snakeCase) }
        var entries: [String] = []
        entries.reserveCapacity(items)
        for item in 0..<items {
            let merchant = merchants[Int.random(in: 0..<merchants.count, using: &generator)]
            let note = item % 4 == 0 ? #""split with Ana""# : "null"
            let day = item % 28 + 1
            let fraction = item % 5 == 0 ? ".250" : ""
            entries.append(
                #"{"id":"t\#(item)","merchant":"\#(merchant)","#
                    + #""\#(k("amount_minor"))":\#(Int.random(in: 100...250_000, using: &generator)),"#
                    + #""currency":"EUR","\#(k("booked_at"))":"2024-03-\#(day < 10 ? "0" : "")\#(day)T12:30:00\#(fraction)Z","#
                    + #""category":"\#(categories[item % categories.count])","note":\#(note)}"#)
        }
        return #"{"title":"Recent","items":[\#(entries.joined(separator: ","))],"\#(k("has_more"))":true}"#
    }
}
