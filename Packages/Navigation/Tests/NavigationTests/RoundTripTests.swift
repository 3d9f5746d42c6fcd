import EssentialsTesting
import Foundation
import Navigation
import Testing

/// A custom parameter type: lower-case words joined by hyphens.
struct Slug: LosslessStringConvertible, Hashable, Sendable {
    let description: String

    init?(_ description: String) {
        let words = description.split(separator: "-", omittingEmptySubsequences: false)
        guard !words.isEmpty,
            words.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) } })
        else { return nil }
        self.description = description
    }
}

/// The destinations of a small app, covering every kind of parameter.
enum AppScreen: Hashable, Sendable {
    case home
    case invoice(id: Int)
    case customer(id: UUID, tab: String)
    case customerSettings(id: UUID)
    case search(term: String, page: Int, filter: String?)
    case file(area: String, path: [String])
    case tag(Slug)
    case universalInvoice(id: Int, note: String)
    case help(topic: String)
}

enum AppRoutes {
    static let all: [Route<AppScreen>] = [
        Route("ledger://home", to: .home),
        Route(
            "ledger://invoice/:id",
            types: ["id": .int],
            destination: { parameters throws(RouteParameterError) in .invoice(id: try parameters.int("id")) },
            parameters: { screen in
                guard case .invoice(let id) = screen else { return nil }
                return ["id": .int(id)]
            }
        ),
        Route(
            "ledger://customer/:id/:tab",
            types: ["id": .uuid],
            destination: { parameters throws(RouteParameterError) in
                .customer(id: try parameters.uuid("id"), tab: try parameters.string("tab"))
            },
            parameters: { screen in
                guard case .customer(let id, let tab) = screen else { return nil }
                return ["id": .uuid(id), "tab": .string(tab)]
            }
        ),
        Route(
            "ledger://customer/:id/settings",
            types: ["id": .uuid],
            destination: { parameters throws(RouteParameterError) in .customerSettings(id: try parameters.uuid("id")) },
            parameters: { screen in
                guard case .customerSettings(let id) = screen else { return nil }
                return ["id": .uuid(id)]
            }
        ),
        Route(
            "ledger://search/:term",
            types: ["term": .unsafeRaw(.string)],  // raw text: "/", controls and format characters round-trip
            query: ["page": .defaulted(.int, to: .int(1)), "filter": .optional(.string)],
            destination: { parameters throws(RouteParameterError) in
                .search(
                    term: try parameters.string("term"),
                    page: try parameters.int("page"),
                    filter: parameters["filter"]?.stringValue
                )
            },
            parameters: { screen in
                guard case .search(let term, let page, let filter) = screen else { return nil }
                var parameters: RouteParameters = ["term": .string(term), "page": .int(page)]
                parameters["filter"] = filter.map(ParameterValue.string)
                return parameters
            }
        ),
        Route(
            "ledger://files/*/**",
            destination: { parameters in .file(area: parameters.wildcards.first ?? "", path: parameters.remainder) },
            parameters: { screen in
                guard case .file(let area, let path) = screen else { return nil }
                return RouteParameters([:], wildcards: [area], remainder: path)
            }
        ),
        Route(
            "ledger://tags/:tag",
            types: ["tag": .custom(Slug.self)],
            destination: { parameters throws(RouteParameterError) in .tag(try parameters.value("tag", as: Slug.self)) },
            parameters: { screen in
                guard case .tag(let slug) = screen else { return nil }
                return ["tag": .string(slug.description)]
            }
        ),
        Route(
            "https://app.example.com/invoice/:id",
            types: ["id": .int],
            query: ["note": .required(.unsafeRaw(.string))],
            destination: { parameters throws(RouteParameterError) in
                .universalInvoice(id: try parameters.int("id"), note: try parameters.string("note"))
            },
            parameters: { screen in
                guard case .universalInvoice(let id, let note) = screen else { return nil }
                return ["id": .int(id), "note": .string(note)]
            }
        ),
        Route(
            "/help/:topic",
            destination: { parameters throws(RouteParameterError) in .help(topic: try parameters.string("topic")) },
            parameters: { screen in
                guard case .help(let topic) = screen else { return nil }
                return ["topic": .string(topic)]
            }
        ),
    ]
}

/// Random destinations with hostile text: reserved characters, percent signs, Unicode of every width, combining
/// marks, right-to-left text and emoji sequences.
struct ScreenGenerator {
    var random: SeededGenerator

    static let pieces = [
        "a", "Z", "0", "9", "-", ".", "_", "~", " ", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*",
        "+", ",", ";", "=", "%", "%20", "%zz", ":", "\\", "\"", "<", ">", "é", "e\u{301}", "ü", "ß", "日本", "עברית",
        "🙂", "👨‍👩‍👧", "🇨🇭", "\u{200B}", "\t", "\n", "settings", "..", ".",
    ]

    mutating func text(allowEmpty: Bool) -> String {
        let count = Int.random(in: (allowEmpty ? 0 : 1)...8, using: &random)
        return (0..<count).map { _ in Self.pieces.randomElement(using: &random) ?? "a" }.joined()
    }

    /// Sometimes a whole value is exactly ".", "..", or "settings", the values that cannot round-trip.
    mutating func segment() -> String {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: "."
        case 1: ".."
        case 2: "settings"
        default: text(allowEmpty: false)
        }
    }

    mutating func screen() -> AppScreen {
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return .home
        case 1: return .invoice(id: Int.random(in: Int.min...Int.max, using: &random))
        case 2: return .customer(id: uuid(), tab: segment())
        case 3: return .customerSettings(id: uuid())
        case 4:
            return .search(
                term: segment(),
                page: Int.random(in: -5...1_000, using: &random),
                filter: Bool.random(using: &random) ? text(allowEmpty: true) : nil
            )
        case 5: return .file(area: segment(), path: (0..<Int.random(in: 0...4, using: &random)).map { _ in segment() })
        case 6:
            let words = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                String(
                    (0..<Int.random(in: 1...6, using: &random)).map { _ in "abcxyz".randomElement(using: &random) ?? "a"
                    })
            }
            guard let slug = Slug(words.joined(separator: "-")) else { return .home }
            return .tag(slug)
        case 7:
            return .universalInvoice(id: Int.random(in: 0...1_000_000, using: &random), note: text(allowEmpty: true))
        default: return .help(topic: segment())
        }
    }

    private mutating func uuid() -> UUID {
        let high = random.next()
        let low = random.next()
        let bytes = withUnsafeBytes(of: (high, low)) { Array($0) }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

@Suite("Navigation: URL generation and the round trip")
struct RoundTripTests {
    /// The values that cannot be a path segment, and the error `url(for:)` must give for them instead of a URL.
    static func expectedFailure(for screen: AppScreen) -> URLGenerationError? {
        func dotted(_ text: String) -> Bool { text.isEmpty || text == "." || text == ".." }
        /// What a filtered parameter refuses, stated independently of the package: `/`, `\`, controls, line and
        /// paragraph separators, and format characters (which include the bidirectional controls).
        func filtered(_ text: String) -> Bool {
            text.unicodeScalars.contains { scalar in
                scalar == "/" || scalar == "\\" || scalar.value == 0x2028 || scalar.value == 0x2029
                    || [.control, .format].contains(scalar.properties.generalCategory)
            }
        }
        func unsafe(_ text: String) -> Bool { dotted(text) || filtered(text) }
        switch screen {
        case .customer(_, let tab) where unsafe(tab): return .invalidValue("tab")
        case .customer(_, "settings"): return .notRoundTrippable("")
        case .search(let term, _, _) where dotted(term): return .invalidValue("term")
        case .search(_, _, let filter?) where filtered(filter): return .invalidValue("filter")
        case .file(let area, let path):
            if unsafe(area) { return .invalidSegment(area) }
            if let bad = path.first(where: unsafe) { return .invalidSegment(bad) }
            return nil
        case .help(let topic) where unsafe(topic): return .invalidValue("topic")
        default: return nil
        }
    }

    @Test("matching a generated URL gives back the same destination (5,000 seeded cases)")
    func roundTrip() throws {
        let table = try RouteTable(AppRoutes.all)
        var generator = ScreenGenerator(random: SeededGenerator(seed: 20_240_601))
        var roundTrips = 0
        var rawRoundTrips = 0
        for _ in 0..<5_000 {
            let screen = generator.screen()
            switch Self.expectedFailure(for: screen) {
            case .none:
                let link = try table.url(for: screen)
                #expect(link.absoluteString.unicodeScalars.allSatisfy { (0x21..<0x7F).contains($0.value) })
                #expect(try table.destination(for: link) == screen, "\(link.absoluteString)")
                roundTrips += 1
                if case .search(let term, _, _) = screen, term.contains("/") { rawRoundTrips += 1 }
            case .notRoundTrippable:
                #expect {
                    try table.url(for: screen)
                } throws: { error in
                    guard case URLGenerationError.notRoundTrippable = error else { return false }
                    return true
                }
            case .some(let failure):
                #expect(throws: failure) { try table.url(for: screen) }
            }
        }
        #expect(roundTrips > 3_500)
        #expect(rawRoundTrips > 20)
    }

    @Test("generated links are canonical and readable")
    func canonicalLinks() throws {
        let table = try RouteTable(AppRoutes.all)
        let id = try #require(UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E"))
        let cases: [(AppScreen, String)] = [
            (.home, "ledger://home"),
            (.invoice(id: 42), "ledger://invoice/42"),
            (.invoice(id: -7), "ledger://invoice/-7"),
            (
                .customer(id: id, tab: "notes & more"),
                "ledger://customer/0f8fad5b-d9cb-469f-a165-70867728950e/notes%20%26%20more"
            ),
            (.customerSettings(id: id), "ledger://customer/0f8fad5b-d9cb-469f-a165-70867728950e/settings"),
            (.search(term: "café", page: 1, filter: nil), "ledger://search/caf%C3%A9"),
            (.search(term: "a/b", page: 2, filter: ""), "ledger://search/a%2Fb?filter=&page=2"),
            (.file(area: "shared", path: []), "ledger://files/shared"),
            (.file(area: "shared", path: ["a b", "c"]), "ledger://files/shared/a%20b/c"),
            (.universalInvoice(id: 7, note: "paid?"), "https://app.example.com/invoice/7?note=paid%3F"),
            (.help(topic: "privacy"), "/help/privacy"),
        ]
        for (screen, expected) in cases {
            #expect(try table.url(for: screen).absoluteString == expected)
        }
        let tag = try #require(Slug("quarterly-report"))
        #expect(try table.url(for: .tag(tag)).absoluteString == "ledger://tags/quarterly-report")
    }

    @Test("a value a more specific route would capture is refused, not turned into a link that goes elsewhere")
    func shadowed() throws {
        let table = try RouteTable(AppRoutes.all)
        let id = UUID()
        #expect(
            throws: URLGenerationError.notRoundTrippable("ledger://customer/\(id.uuidString.lowercased())/settings")
        ) {
            try table.url(for: .customer(id: id, tab: "settings"))
        }
    }
}

@Suite("Navigation: URL generation errors")
struct URLGenerationErrorTests {
    enum Target: Hashable, Sendable {
        case unclaimed
        case claimed(RouteParameters)
    }

    static func table(
        _ pattern: String, types: [String: ParameterType] = [:], query: [String: QueryParameter] = [:]
    )
        throws -> RouteTable<Target>
    {
        try RouteTable([
            Route(
                pattern,
                types: types,
                query: query,
                destination: { .claimed($0) },
                parameters: { target in
                    guard case .claimed(let parameters) = target else { return nil }
                    return parameters
                }
            )
        ])
    }

    @Test("no route claims the destination")
    func noRoute() throws {
        #expect(throws: URLGenerationError.noRoute) { try Self.table("/a").url(for: .unclaimed) }
        #expect(throws: URLGenerationError.noRoute) { try RouteTable<Target>([]).url(for: .unclaimed) }
    }

    @Test(
        "bad values are refused with the reason",
        arguments: [
            ("/a/:id", ["id": ParameterType.int], RouteParameters(), URLGenerationError.missingValue("id")),
            ("/a/:id", ["id": .int], ["id": .string("abc")], .invalidValue("id")),
            ("/a/:id", ["id": .uuid], ["id": .int(1)], .invalidValue("id")),
            ("/a/:name", [:], ["name": .string("")], .invalidValue("name")),
            ("/a/:name", [:], ["name": .string("..")], .invalidValue("name")),
            ("/a/:name", [:], ["name": .string("x"), "other": .int(1)], .unexpectedValue("other")),
            ("/a/*", [:], RouteParameters(), .wildcardCount(expected: 1, actual: 0)),
            ("/a/*", [:], RouteParameters([:], wildcards: ["x", "y"]), .wildcardCount(expected: 1, actual: 2)),
            ("/a/*", [:], RouteParameters([:], wildcards: ["."]), .invalidSegment(".")),
            ("/a/**", [:], RouteParameters([:], remainder: ["x", ""]), .invalidSegment("")),
        ] as [(String, [String: ParameterType], RouteParameters, URLGenerationError)]
    )
    func badValues(
        pattern: String,
        types: [String: ParameterType],
        parameters: RouteParameters,
        error: URLGenerationError
    ) throws {
        let table = try Self.table(pattern, types: types)
        #expect(throws: error) { try table.url(for: .claimed(parameters)) }
    }

    @Test("query values are checked, defaults are left out")
    func queryValues() throws {
        let table = try Self.table(
            "/a",
            query: ["page": .defaulted(.int, to: .int(1)), "q": .required(.string), "id": .optional(.uuid)]
        )
        #expect(throws: URLGenerationError.missingValue("q")) { try table.url(for: .claimed(["page": .int(2)])) }
        #expect(throws: URLGenerationError.invalidValue("id")) {
            try table.url(for: .claimed(["q": .string("x"), "id": .string("nope")]))
        }
        // The destination holds the parameters it was given, so the default value makes the round trip only when
        // it is given explicitly.
        let link = try table.url(for: .claimed(["q": .string("x"), "page": .int(1)]))
        #expect(link.absoluteString == "/a?q=x")
        #expect(throws: URLGenerationError.notRoundTrippable("/a?q=x")) {
            try table.url(for: .claimed(["q": .string("x")]))
        }
    }
}
