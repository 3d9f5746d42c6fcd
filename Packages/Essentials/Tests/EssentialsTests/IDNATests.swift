import Essentials
import Testing

@Suite("Essentials: IDNA host names")
struct IDNATests {
    // MARK: One label

    @Test func aLabelIsTheACEPrefixAndThePunycodeOfTheCodePointsAsGiven() {
        #expect(IDNA.aLabel("bücher") == "xn--bcher-kva")
        #expect(IDNA.aLabel("Bücher") == "xn--Bcher-kva")  // not mapped: that is the caller's rule
        #expect(IDNA.aLabel("abc") == "xn--abc-")
    }

    @Test func aUnicodeLabelIsWhatAnALabelSpellsWhenItNamesANonASCIICodePoint() throws {
        #expect(try #require(IDNA.unicodeLabel(of: "xn--bcher-kva")) == Array("bücher".unicodeScalars))
        #expect(try #require(IDNA.unicodeLabel(of: "xn--bcher-KVA")) == Array("bücher".unicodeScalars))
        #expect(IDNA.unicodeLabel(of: "xn--abc-") == nil)  // plain "abc": a second spelling of it
        #expect(IDNA.unicodeLabel(of: "xn--zz") == nil)  // not Punycode
        #expect(IDNA.unicodeLabel(of: "bcher-kva") == nil)  // no ACE prefix
        #expect(IDNA.unicodeLabel(of: "xn--") == nil)  // nothing at all
    }

    // MARK: The lenient form

    @Test func theLenientFormConvertsEveryLabelOnItsOwnAndChecksNothingElse() {
        #expect(IDNA.asciiDomain("пример.испытание") == "xn--e1afmkfd.xn--80akhbyknj4f")
        #expect(IDNA.asciiDomain("ドメイン名例.example") == "xn--eckwd4c7cu47r2wf.example")
        #expect(IDNA.asciiDomain("a..b") == "a..b")
        #expect(IDNA.asciiDomain("[IPv6:2001:DB8::1]") == "[ipv6:2001:db8::1]")
        #expect(IDNA.asciiDomain("Bücher.EXAMPLE") == "xn--bcher-kva.example")
        #expect(IDNA.asciiDomain("Bu\u{308}cher.example") == "xn--bcher-kva.example")  // NFC first
        #expect(IDNA.asciiDomain("ｅxample.test") == "xn--xample-hy68a.test")  // no compatibility mapping
        #expect(IDNA.asciiDomain("under_score.test") == "under_score.test")
    }

    @Test func theLenientFormRefusesOnlyADomainTooLongToExist() {
        let longest = String(repeating: "a", count: 253)
        #expect(IDNA.asciiDomain(longest) == longest)
        #expect(IDNA.asciiDomain(longest + "a") == nil)
        #expect(IDNA.asciiDomain(String(repeating: "ü", count: 127)) == nil)  // 254 bytes of UTF-8
    }

    // MARK: The strict form

    @Test(arguments: [
        ("shop.example", "shop.example"),
        ("Shop.EXAMPLE", "shop.example"),
        ("shop.example.", "shop.example"),  // one trailing dot: the DNS root
        ("KÖLN.example", "xn--kln-sna.example"),
        ("ｋöｌｎ．example", "xn--kln-sna.example"),  // full-width letters and full stop (NFKC)
        ("köln。example", "xn--kln-sna.example"),  // ideographic full stop separates labels
        ("köln｡example", "xn--kln-sna.example"),  // half-width ideographic full stop
        ("xn--kln-sna.example", "xn--kln-sna.example"),
        ("Xn--Kln-Sna.example", "xn--kln-sna.example"),
        ("日本.example", "xn--wgv71a.example"),
        ("ß.example", "xn--zca.example"),  // IDNA 2008 keeps ß
        ("gооd.test", "xn--gd-fmca.test"),  // two Cyrillic o: another host than good.test
        ("192.0.2.1", "192.0.2.1"),
    ])
    func theStrictFormMapsEverySpellingOfAHostToOne(host: String, ascii: String) throws {
        #expect(try IDNA.toASCII(host) == ascii)
    }

    @Test(arguments: [
        ("", IDNA.Failure.emptyLabel),
        ("shop..example", .emptyLabel),
        ("shop.example..", .emptyLabel),  // only one trailing dot is the root
        (".shop.example", .emptyLabel),
        ("-shop.example", .hyphenPlacement),
        ("shop-.example", .hyphenPlacement),
        ("sh--op.example", .hyphenPlacement),
        ("xn--shop-.example", .hyphenPlacement),  // Punycode of ASCII only always ends with "-"
        ("köln-.example", .hyphenPlacement),
        ("shop_1.example", .disallowedCharacter),
        ("shop 1.example", .disallowedCharacter),
        ("evil.example／shop.example", .disallowedCharacter),  // full-width solidus becomes "/" under NFKC
        ("shop.example@evil.example", .disallowedCharacter),
        ("sh\u{200D}op.example", .disallowedCharacter),  // zero-width joiner
        ("\u{308}o.example", .disallowedCharacter),  // starts with a combining mark
        ("★.example", .disallowedCharacter),  // a symbol, not a letter
        ("xn--ls8h.example", .disallowedCharacter),  // an emoji, not a letter
        ("xn--99.example", .invalidPunycode),
        ("xn--kln-4ja.example", .invalidPunycode),  // "kÖln": not the canonical (lower-case) label
        ("xn---abc.example", .invalidPunycode),  // a delimiter in the first place is no Punycode
    ])
    func theStrictFormRefusesWhatCannotBeAHostWithTheReason(host: String, reason: IDNA.Failure) {
        #expect(throws: reason) { try IDNA.toASCII(host) }
    }

    @Test func theStrictFormLimitsLabelAndHostLengths() throws {
        let label63 = String(repeating: "a", count: 63)
        #expect(try IDNA.toASCII("\(label63).test") == "\(label63).test")
        #expect(throws: IDNA.Failure.labelTooLong) { try IDNA.toASCII("a\(label63).test") }
        #expect(throws: IDNA.Failure.labelTooLong) { try IDNA.toASCII(String(repeating: "ü", count: 60) + ".test") }
        let host253 =
            Array(repeating: label63, count: 3).joined(separator: ".") + "." + String(repeating: "b", count: 61)
        #expect(try IDNA.toASCII(host253) == host253)
        #expect(try IDNA.toASCII(host253 + ".") == host253)
        #expect(throws: IDNA.Failure.domainTooLong) { try IDNA.toASCII(host253 + "b") }
        #expect(throws: IDNA.Failure.domainTooLong) { try IDNA.toASCII(String(repeating: "a.", count: 1_000_000)) }
    }

    @Test func reasonsReadAsSentences() {
        #expect(IDNA.Failure.emptyLabel.description == "The host name, or a part of it between dots, is empty.")
        #expect(
            IDNA.Failure.invalidPunycode.description
                == "A part of the host name starts with xn-- but is not the one spelling of a name.")
        #expect(IDNA.Failure.domainTooLong.description == "The host name is longer than 253 characters.")
    }
}
