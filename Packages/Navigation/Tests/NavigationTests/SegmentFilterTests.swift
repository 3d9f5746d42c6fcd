import Foundation
import Navigation
import NavigationTesting
import Testing

@Suite("Navigation: decoded values are filtered before they reach a route")
struct SegmentFilterTests {
    /// What a route received, so a test can see the exact decoded text.
    enum Received: Hashable, Sendable {
        case invoice(String)
        case note(String)
        case search(String)
        case file(area: String, path: [String])
        case raw(String)
        case rawQuery(String?)
    }

    /// Invoice numbers as the app spells them: the type checks the prefix and the length, nothing else, which is
    /// exactly the kind of type that let `INV-../../etc` through.
    static let invoiceNumber = ParameterType.custom("invoiceNumber") { $0.hasPrefix("INV-") && $0.count <= 64 }

    static func table() throws -> RouteTable<Received> {
        try RouteTable([
            Route(
                "ledger://invoices/:number",
                types: ["number": invoiceNumber],
                destination: { parameters throws(RouteParameterError) in .invoice(try parameters.string("number")) },
                parameters: { received in
                    guard case .invoice(let number) = received else { return nil }
                    return ["number": .string(number)]
                }
            ),
            Route(
                "ledger://notes/:text",
                destination: { parameters throws(RouteParameterError) in .note(try parameters.string("text")) },
                parameters: { received in
                    guard case .note(let text) = received else { return nil }
                    return ["text": .string(text)]
                }
            ),
            Route(
                "ledger://search",
                query: ["q": .required(.string)],
                destination: { parameters throws(RouteParameterError) in .search(try parameters.string("q")) },
                parameters: { received in
                    guard case .search(let term) = received else { return nil }
                    return ["q": .string(term)]
                }
            ),
            Route(
                "ledger://files/*/**",
                destination: { .file(area: $0.wildcards.first ?? "", path: $0.remainder) },
                parameters: { received in
                    guard case .file(let area, let path) = received else { return nil }
                    return RouteParameters([:], wildcards: [area], remainder: path)
                }
            ),
            Route(
                "ledger://raw/:text",
                types: ["text": .unsafeRaw(.string)],
                query: ["q": .optional(.unsafeRaw(.string))],
                destination: { parameters throws(RouteParameterError) in .raw(try parameters.string("text")) },
                parameters: { received in
                    guard case .raw(let text) = received else { return nil }
                    return ["text": .string(text)]
                }
            ),
            Route(
                "ledger://rawquery",
                query: ["q": .optional(.unsafeRaw(.string))],
                destination: { .rawQuery($0["q"]?.stringValue) },
                parameters: { received in
                    guard case .rawQuery(let text) = received else { return nil }
                    var parameters = RouteParameters()
                    parameters["q"] = text.map(ParameterValue.string)
                    return parameters
                }
            ),
        ])
    }

    static let refused: [(String, RoutingError)] = [
        ("ledger://invoices/INV-..%2F..%2Fetc", .unsafeParameter("number", .pathSeparator)),
        ("ledger://invoices/INV-1%2Fedit", .unsafeParameter("number", .pathSeparator)),
        ("ledger://invoices/INV-1%5C..%5Cetc", .unsafeParameter("number", .backslash)),
        ("ledger://invoices/INV-1%00", .unsafeParameter("number", .control)),
        ("ledger://invoices/INV-1%0A", .unsafeParameter("number", .control)),
        ("ledger://invoices/INV-1%0D", .unsafeParameter("number", .control)),
        ("ledger://invoices/INV-1%09", .unsafeParameter("number", .control)),
        ("ledger://invoices/INV-1%7F", .unsafeParameter("number", .control)),
        ("ledger://invoices/INV-1%C2%85", .unsafeParameter("number", .control)),  // U+0085 NEXT LINE (C1)
        ("ledger://invoices/INV-1%E2%80%A8", .unsafeParameter("number", .control)),  // U+2028 LINE SEPARATOR
        ("ledger://invoices/INV-1%E2%80%A9", .unsafeParameter("number", .control)),  // U+2029 PARAGRAPH SEPARATOR
        // U+202E RIGHT-TO-LEFT OVERRIDE: "INV-1‮fdp.exe" reads as "INV-1exe.pdf".
        ("ledger://invoices/INV-1%E2%80%AEfdp.exe", .unsafeParameter("number", .bidirectionalControl)),
        ("ledger://invoices/INV-1%E2%80%AA", .unsafeParameter("number", .bidirectionalControl)),  // U+202A
        ("ledger://invoices/INV-1%E2%80%AB", .unsafeParameter("number", .bidirectionalControl)),  // U+202B
        ("ledger://invoices/INV-1%E2%80%AC", .unsafeParameter("number", .bidirectionalControl)),  // U+202C
        ("ledger://invoices/INV-1%E2%80%AD", .unsafeParameter("number", .bidirectionalControl)),  // U+202D
        ("ledger://invoices/INV-1%E2%81%A6", .unsafeParameter("number", .bidirectionalControl)),  // U+2066
        ("ledger://invoices/INV-1%E2%81%A7", .unsafeParameter("number", .bidirectionalControl)),  // U+2067
        ("ledger://invoices/INV-1%E2%81%A8", .unsafeParameter("number", .bidirectionalControl)),  // U+2068
        ("ledger://invoices/INV-1%E2%81%A9", .unsafeParameter("number", .bidirectionalControl)),  // U+2069
        ("ledger://invoices/INV-1%E2%80%8E", .unsafeParameter("number", .bidirectionalControl)),  // U+200E
        ("ledger://invoices/INV-1%E2%80%8F", .unsafeParameter("number", .bidirectionalControl)),  // U+200F
        ("ledger://invoices/INV-1%D8%9C", .unsafeParameter("number", .bidirectionalControl)),  // U+061C
        ("ledger://invoices/INV-1%E2%80%8B", .unsafeParameter("number", .invisibleFormat)),  // U+200B
        ("ledger://invoices/INV-1%E2%81%A0", .unsafeParameter("number", .invisibleFormat)),  // U+2060
        ("ledger://invoices/INV-%EF%BB%BF1", .unsafeParameter("number", .invisibleFormat)),  // U+FEFF
        ("ledger://invoices/INV-1%C2%AD", .unsafeParameter("number", .invisibleFormat)),  // U+00AD SOFT HYPHEN
        ("ledger://invoices/INV-1%F3%A0%80%81", .unsafeParameter("number", .invisibleFormat)),  // U+E0001 TAG
        ("ledger://notes/a%2Fb", .unsafeParameter("text", .pathSeparator)),
        ("ledger://notes/%2F", .unsafeParameter("text", .pathSeparator)),
        ("ledger://search?q=..%2F..%2Fetc", .unsafeParameter("q", .pathSeparator)),
        ("ledger://search?q=a%0Ab", .unsafeParameter("q", .control)),
        ("ledger://search?q=%E2%80%AEfdp.exe", .unsafeParameter("q", .bidirectionalControl)),
        ("ledger://files/a%2Fb/c", .unsafeParameter("*", .pathSeparator)),
        ("ledger://files/shared/a/..%2F..%2Fetc", .unsafeParameter("**", .pathSeparator)),
        ("ledger://files/shared/a/b%00", .unsafeParameter("**", .control)),
    ]

    @Test("a hostile decoded value is refused with the parameter and the reason", arguments: refused)
    func refuses(link: String, error: RoutingError) throws {
        let table = try Self.table()
        #expect(throws: error) { try table.destination(for: url(link)) }
        #expect(throws: error) { try table.match(url(link)) }
    }

    @Test(
        "ordinary text still arrives intact",
        arguments: [
            ("ledger://invoices/INV-0001", Received.invoice("INV-0001")),
            ("ledger://notes/notes%20%26%20more", .note("notes & more")),
            ("ledger://notes/10:30", .note("10:30")),
            ("ledger://notes/caf%C3%A9", .note("café")),
            ("ledger://notes/cafe%CC%81", .note("cafe\u{301}")),  // combining mark
            ("ledger://notes/%D7%A2%D7%91%D7%A8%D7%99%D7%AA", .note("עברית")),  // right-to-left letters, no controls
            ("ledger://notes/%D8%B3%D9%84%D8%A7%D9%85", .note("سلام")),
            ("ledger://notes/%F0%9F%99%82", .note("🙂")),
            ("ledger://notes/%F0%9F%87%A8%F0%9F%87%AD", .note("🇨🇭")),
            ("ledger://notes/..a", .note("..a")),
            ("ledger://search?q=a%3Db%26c", .search("a=b&c")),
            ("ledger://search?q=", .search("")),
            ("ledger://files/shared//a", .file(area: "shared", path: ["", "a"])),
        ]
    )
    func passes(link: String, expected: Received) throws {
        #expect(try Self.table().destination(for: url(link)) == expected)
    }

    @Test("a parameter typed unsafeRaw receives the raw decoded text, path separators and controls included")
    func rawOptIn() throws {
        let table = try Self.table()
        #expect(try table.destination(for: url("ledger://raw/..%2F..%2Fetc")) == .raw("../../etc"))
        #expect(try table.destination(for: url("ledger://raw/fdp%E2%80%AE.exe%00")) == .raw("fdp\u{202E}.exe\u{0}"))
        #expect(try table.destination(for: url("ledger://rawquery?q=a%2Fb%0A")) == .rawQuery("a/b\n"))
        // The opt-in is per parameter: the raw route's undeclared query is ignored, other routes stay filtered.
        #expect(throws: RoutingError.unsafeParameter("text", .pathSeparator)) {
            try table.destination(for: url("ledger://notes/a%2Fb"))
        }
    }

    @Test("raw text makes the round trip through url(for:); filtered parameters refuse to build it")
    func building() throws {
        let table = try Self.table()
        let raw = try table.url(for: .raw("../../etc\u{202E}"))
        #expect(raw.absoluteString == "ledger://raw/..%2F..%2Fetc%E2%80%AE")
        #expect(try table.destination(for: raw) == .raw("../../etc\u{202E}"))
        #expect(try table.destination(for: table.url(for: .rawQuery("a/b"))) == .rawQuery("a/b"))
        #expect(throws: URLGenerationError.invalidValue("number")) { try table.url(for: .invoice("INV-../../etc")) }
        #expect(throws: URLGenerationError.invalidValue("text")) { try table.url(for: .note("fdp\u{202E}.exe")) }
        #expect(throws: URLGenerationError.invalidValue("q")) { try table.url(for: .search("a\u{200B}b")) }
        #expect(throws: URLGenerationError.invalidSegment("a/b")) { try table.url(for: .file(area: "a/b", path: [])) }
        #expect(throws: URLGenerationError.invalidSegment("x\n")) {
            try table.url(for: .file(area: "a", path: ["x\n"]))
        }
    }

    @Test("the opt-in is visible in the type and does not change what matches")
    func rawType() throws {
        #expect(ParameterType.unsafeRaw(.string) != .string)
        #expect(ParameterType.unsafeRaw(.string).description == "unsafeRaw(string)")
        #expect(ParameterType.unsafeRaw(.int).accepts("42"))
        #expect(!ParameterType.unsafeRaw(.int).accepts("x"))
        // A raw and a filtered string parameter match the same URLs, so they conflict like any two such patterns.
        #expect(throws: RouteTableError.conflictingRoutes("/a/:y", "/a/:x")) {
            try RouteTable([patternRoute("/a/:x"), patternRoute("/a/:y", types: ["y": .unsafeRaw(.string)])])
        }
    }

    @Test("the internal navigator shows nothing for a hostile value and says why")
    func navigator() async throws {
        let presenter = SpyScreenPresenter<Received>()
        let navigator = InternalNavigator(router: try Self.table(), presenter: presenter)
        let outcome = await navigator.navigate(to: try url("ledger://invoices/INV-..%2F..%2Fetc"))
        #expect(outcome == .rejected(.routing(.unsafeParameter("number", .pathSeparator))))
        #expect(await presenter.presented.isEmpty)
    }

    @Test("every Cf scalar is refused, bidirectional controls by their own reason (whole Unicode range)")
    func everyFormatCharacter() throws {
        let table = try Self.table()
        let bidirectional: Set<UInt32> = [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        ]
        var checked = 0
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .format else { continue }
            let encoded = String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
            let expected: UnsafeCharacter = bidirectional.contains(value) ? .bidirectionalControl : .invisibleFormat
            #expect(throws: RoutingError.unsafeParameter("text", expected)) {
                try table.destination(for: url("ledger://notes/a" + encoded))
            }
            checked += 1
        }
        #expect(checked > 150)
    }
}
