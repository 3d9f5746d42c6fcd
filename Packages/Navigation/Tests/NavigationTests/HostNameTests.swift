import Testing

@testable import Navigation

@Suite("Navigation: host names and IDNA ToASCII")
struct HostNameTests {
    @Test(
        "maps every spelling of a host to one ASCII form",
        arguments: [
            ("good.test", "good.test"),
            ("GOOD.Test", "good.test"),
            ("bücher.example", "xn--bcher-kva.example"),
            ("BÜCHER.example", "xn--bcher-kva.example"),
            ("xn--bcher-kva.example", "xn--bcher-kva.example"),
            ("XN--BCHER-KVA.Example", "xn--bcher-kva.example"),
            ("b%C3%BCcher.example", "xn--bcher-kva.example"),
            ("ｇｏｏｄ．ｔｅｓｔ", "good.test"),  // full-width letters and full stop (NFKC)
            ("good。test", "good.test"),  // ideographic full stop separates labels
            ("good｡test", "good.test"),  // half-width ideographic full stop
            ("münchen.de", "xn--mnchen-3ya.de"),
            ("日本語.jp", "xn--wgv71a119e.jp"),
            ("straße.de", "xn--strae-oqa.de"),  // IDNA 2008 keeps ß
            ("app.example.com", "app.example.com"),
            ("localhost", "localhost"),
            ("127.0.0.1", "127.0.0.1"),
            ("[::1]", "[::1]"),
            ("[2001:DB8::1]", "[2001:db8::1]"),
            ("invoice", "invoice"),
        ]
    )
    func canonicalForms(raw: String, expected: String) throws {
        #expect(try HostName.canonical(raw[...]) == expected)
    }

    @Test(
        "refuses what cannot be a host name, with the reason",
        arguments: [
            ("", HostName.Failure.emptyLabel),
            ("good..test", .emptyLabel),
            ("good.test..", .emptyLabel),
            (".good.test", .emptyLabel),
            ("-good.test", .hyphenPlacement),
            ("good-.test", .hyphenPlacement),
            ("ab--cd.test", .hyphenPlacement),
            ("good_test.example", .disallowedCharacter),
            ("good test", .disallowedCharacter),
            ("evil.test／good.test", .disallowedCharacter),  // full-width solidus becomes "/" under NFKC
            ("evil.test%2Fgood.test", .disallowedCharacter),
            ("good.test@evil.test", .disallowedCharacter),
            ("a\u{200D}b.test", .disallowedCharacter),  // zero-width joiner
            ("\u{301}a.test", .disallowedCharacter),  // starts with a combining mark
            ("☃.test", .disallowedCharacter),  // a symbol, not a letter
            ("xn--zz.test", .invalidPunycode),
            ("xn--abc-.test", .hyphenPlacement),  // Punycode of ASCII only always ends with "-"
            ("xn--bcher-2pa.example", .invalidPunycode),  // "bÜcher": not the canonical (lower-case) label
            ("xn--ls8h.example", .disallowedCharacter),  // an emoji, not a letter
            ("b%C3.example", .invalidPercentEncoding),
            ("b%zz.example", .invalidPercentEncoding),
            ("[::1", .invalidIPLiteral),
            ("[::1%25eth0]", .invalidIPLiteral),
            ("[example.com]", .invalidIPLiteral),
        ]
    )
    func refuses(raw: String, reason: HostName.Failure) {
        #expect(throws: reason) { try HostName.canonical(raw[...]) }
    }

    @Test("limits label and host lengths")
    func lengths() throws {
        let label63 = String(repeating: "a", count: 63)
        #expect(try HostName.canonical("\(label63).test"[...]) == "\(label63).test")
        #expect(throws: HostName.Failure.labelTooLong) { try HostName.canonical("a\(label63).test"[...]) }
        #expect(throws: HostName.Failure.labelTooLong) {
            try HostName.canonical((String(repeating: "ü", count: 60) + ".test")[...])
        }
        let host253 =
            Array(repeating: label63, count: 3).joined(separator: ".") + "." + String(repeating: "b", count: 61)
        #expect(host253.utf8.count == 253)
        #expect(try HostName.canonical(host253[...]) == host253)
        #expect(throws: HostName.Failure.hostTooLong) { try HostName.canonical((host253 + "b")[...]) }
        #expect(throws: HostName.Failure.hostTooLong) {
            try HostName.canonical(String(repeating: "a.", count: 1_000_000)[...])
        }
    }

    @Test("a look-alike host with Cyrillic letters is a different host")
    func homoglyph() throws {
        let latin = try HostName.canonical("good.test")
        let cyrillic = try HostName.canonical("gооd.test")  // two U+043E
        #expect(latin != cyrillic)
        #expect(cyrillic.hasPrefix("xn--"))
    }
}
