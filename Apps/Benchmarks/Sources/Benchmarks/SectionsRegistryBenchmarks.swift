import Foundation
import SectionsRegistry

enum SectionsRegistryBenchmarks {
    static let group = BenchmarkGroup(name: "sectionsregistry") {
        let screen = HomeScreenFixture(sections: 500)
        let snakeRegistry = try screen.registry(keys: .snakeCase)
        let declaredRegistry = try screen.registry(keys: .asDeclared)
        let assembler = ScreenAssembler(mappers: snakeRegistry)
        let declaredAssembler = ScreenAssembler(mappers: declaredRegistry)
        let envelope = screen.envelope(snakeCase: true)
        let declaredEnvelope = screen.envelope(snakeCase: false)
        let payloads = try SectionsEnvelopeDecoder().decode(envelope).payloads
        let broken = screen.envelope(snakeCase: true, brokenEvery: 10)
        let sections = try assembler.assemble(payloads).sections
        let placeholder = ScreenSection(id: "new", type: "banner", model: "placeholder")
        let bannerMapper = JSONSectionMapper<HomeScreenFixture.Banner>()
        let summaryMapper = JSONSectionMapper<HomeScreenFixture.Summary>()
        let actionsMapper = JSONSectionMapper<HomeScreenFixture.Actions>()

        return [
            .measure(name: "assemble 500-section response (decode + map)", target: "< 5 ms") {
                let assembly = try assembler.assemble(envelope: envelope)
                guard assembly.sections.count == 500 else { throw BenchmarkFailure.unexpected("sections") }
            },
            .measure(name: "assemble 500-section response, 10% broken", target: "< 5 ms") {
                let assembly = try assembler.assemble(envelope: broken)
                guard assembly.sections.count == 450 else { throw BenchmarkFailure.unexpected("sections") }
            },
            .measure(name: "decode 500-entry envelope only", operations: 500) {
                let decoded = try SectionsEnvelopeDecoder().decode(envelope)
                guard decoded.payloads.count == 500 else { throw BenchmarkFailure.unexpected("payloads") }
            },
            .measure(name: "map 500 decoded payloads", operations: 500) {
                let assembly = try assembler.assemble(payloads)
                guard assembly.isComplete else { throw BenchmarkFailure.unexpected("diagnostics") }
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
                                if snakeRegistry.mapper(for: type) != nil { found += 1 }
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
            .compare(
                name: "500 payloads: JSONDecoder vs JSONSectionMapper", operations: 500,
                baseline: .init(label: "JSONDecoder") {
                    let decoder = JSONDecoder()
                    decoder.keyDecodingStrategy = .convertFromSnakeCase
                    for (index, payload) in payloads.enumerated() {
                        switch index % 3 {
                        case 0: _ = try decoder.decode(HomeScreenFixture.Banner.self, from: payload.content)
                        case 1: _ = try decoder.decode(HomeScreenFixture.Summary.self, from: payload.content)
                        default: _ = try decoder.decode(HomeScreenFixture.Actions.self, from: payload.content)
                        }
                    }
                },
                candidate: .init(label: "JSONSectionMapper") {
                    for (index, payload) in payloads.enumerated() {
                        switch index % 3 {
                        case 0: _ = try bannerMapper.map(payload)
                        case 1: _ = try summaryMapper.map(payload)
                        default: _ = try actionsMapper.map(payload)
                        }
                    }
                }
            ),
        ]
    }
}

private enum BenchmarkFailure: Error {
    case unexpected(String)
}

/// A realistic home screen: banners, expense summaries and quick-action lists in turn.
private struct HomeScreenFixture {
    static let types = ["banner", "expenses_summary", "quick_actions"]

    struct Banner: Decodable, Sendable, Equatable {
        let title: String
        let subtitle: String?
        let imageUrl: String
        let deepLink: String
    }

    struct Summary: Decodable, Sendable, Equatable {
        struct Total: Decodable, Sendable, Equatable {
            let currency: String
            let amountMinor: Int
        }
        let period: String
        let totals: [Total]
    }

    struct Actions: Decodable, Sendable, Equatable {
        struct Action: Decodable, Sendable, Equatable {
            let id: String
            let title: String
            let deepLink: String
        }
        let actions: [Action]
    }

    /// The same models with keys spelled as the JSON spells them, for the declared-keys comparison.
    struct DeclaredBanner: Decodable, Sendable, Equatable {
        let title: String
        let subtitle: String?
        let imageURL: String
        let deepLink: String
        enum CodingKeys: String, CodingKey {
            case title, subtitle
            case imageURL = "imageUrl"
            case deepLink
        }
    }

    let sections: Int

    func registry(keys: JSONKeyStyle) throws -> SectionRegistry {
        var registry = SectionRegistry()
        if keys == .snakeCase {
            try registry.register(module("banner", JSONSectionMapper<Banner>(keys: keys)))
        } else {
            try registry.register(module("banner", JSONSectionMapper<DeclaredBanner>(keys: keys)))
        }
        try registry.register(module("expenses_summary", JSONSectionMapper<Summary>(keys: keys)))
        try registry.register(module("quick_actions", JSONSectionMapper<Actions>(keys: keys)))
        return registry
    }

    private func module<Mapper: SectionMapping>(
        _ type: String, _ mapper: Mapper
    ) -> SectionModule<Mapper, NoRefreshProvider, InMemorySectionStorage> {
        SectionModule(
            type: type, mapper: mapper, provider: NoRefreshProvider(), storage: InMemorySectionStorage(), listeners: [])
    }

    /// The server response; with `snakeCase: false` the keys are camelCase, as declared-key models expect.
    func envelope(snakeCase: Bool, brokenEvery: Int? = nil) -> Data {
        func key(_ snake: String) -> String {
            guard !snakeCase else { return snake }
            let parts = snake.split(separator: "_")
            return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        var entries: [String] = []
        for index in 0..<sections {
            let content: String
            if let brokenEvery, index % brokenEvery == brokenEvery - 1 {
                content = #"{"title":7}"#
            } else {
                switch index % 3 {
                case 0:
                    content = """
                        {"title":"Welcome back \(index)","subtitle":"Spending is down 12% this month",\
                        "\(key("image_url"))":"https://cdn.example.com/banners/\(index).png",\
                        "\(key("deep_link"))":"ledger://reports/monthly"}
                        """
                case 1:
                    content = """
                        {"period":"2024-03","totals":[{"currency":"EUR","\(key("amount_minor"))":\(index * 137)},\
                        {"currency":"USD","\(key("amount_minor"))":\(index * 11)}]}
                        """
                default:
                    content = """
                        {"actions":[{"id":"add","title":"Add expense","\(key("deep_link"))":"ledger://expenses/new"},\
                        {"id":"scan","title":"Scan receipt","\(key("deep_link"))":"ledger://expenses/scan"},\
                        {"id":"report","title":"Monthly report","\(key("deep_link"))":"ledger://reports/monthly"}]}
                        """
                }
            }
            entries.append(#"{"id":"s\#(index)","type":"\#(Self.types[index % 3])","content":\#(content)}"#)
        }
        return Data((#"{"sections":["# + entries.joined(separator: ",") + "]}").utf8)
    }
}
