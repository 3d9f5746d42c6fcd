import EssentialsTesting
import Foundation
import Registration
import Testing

@Suite("Registration: email domains")
struct EmailDomainTests {
    @Test(arguments: [
        ("example.com", "example.com"),
        ("Example.COM", "example.com"),
        ("example.com.", "example.com"),
        ("  example.com \n", "example.com"),
        ("ＥＸＡＭＰＬＥ．ｃｏｍ", "example.com"),
        ("example。com", "example.com"),
        ("example｡com", "example.com"),
        ("Bücher.DE", "xn--bcher-kva.de"),
        ("XN--BCHER-KVA.de", "xn--bcher-kva.de"),
        ("ＢÜＣＨＥＲ.de", "xn--bcher-kva.de"),
        ("bu\u{308}cher.de", "xn--bcher-kva.de"),
        ("mail.bücher.de", "mail.xn--bcher-kva.de"),
        ("☃.test", "xn--n3h.test"),
        ("axn--abc-.test", "axn--abc-.test"),
        ("xn-.xnxn--.x-n--.test", "xn-.xnxn--.x-n--.test"),
        ("例え.テスト", "xn--r8jz45g.xn--zckzah"),
        ("xn--bcher-kva.de", "xn--bcher-kva.de"),
        ("localhost", "localhost"),
    ])
    func normalizesSpellingsOfOneDomain(text: String, name: String) throws {
        let domain = try #require(EmailDomain(text))
        #expect(domain.name == name)
        #expect(domain.description == name)
    }

    @Test(arguments: [
        "", " ", ".", "..", "example.com..", ".example.com", "exa..mple.com", "exa mple.com", "a@b.com",
        "example.com\u{0}", "exa\tmple.com", "example\u{7}.com", "ex＠ample.com",
        String(repeating: "a", count: EmailDomain.maximumLength + 1),
    ])
    func rejectsTextThatCannotBeADomain(text: String) {
        #expect(EmailDomain(text) == nil)
    }

    @Test(arguments: [
        String(repeating: "ｅ", count: 1_000_000) + ".test",
        String(repeating: " ", count: EmailDomain.maximumInputBytes) + "example.com",
        String(repeating: "é", count: 2_000),
    ])
    func refusesHugeTextWhateverItNormalizesTo(text: String) {
        #expect(EmailDomain(text) == nil)
        #expect(EmailDomain(ofEmail: "user@" + text) == nil)
    }

    @Test func acceptsTheLongestDomainDNSAllows() throws {
        let text = String(repeating: "a", count: EmailDomain.maximumLength)
        #expect(try #require(EmailDomain(text)).name == text)
    }

    @Test(arguments: [
        ("user@example.com", "example.com"),
        ("User@Example.COM.", "example.com"),
        ("  user@example.com  ", "example.com"),
        ("\"quoted@local\"@example.com", "example.com"),
        ("user@good.test@evil.test", "evil.test"),
        ("user+tag@sub.example.com", "sub.example.com"),
    ])
    func findsTheDomainAfterTheLastAt(email: String, name: String) throws {
        #expect(try #require(EmailDomain(ofEmail: email)).name == name)
    }

    @Test(arguments: [
        "", "user", "user@", "user@ ", "user@.", "user@a..b", "user@example.com\u{0}", "user＠example.com",
        "user@good.test＠evil.test", "user@" + String(repeating: "a.", count: 500_000) + "com",
    ])
    func addressesWithoutAReadableDomainHaveNone(email: String) {
        #expect(EmailDomain(ofEmail: email) == nil)
    }

    @Test(arguments: [
        "example.com.evil.test", "evil-example.com", "example.com-evil.test", "mail.example.com", "example.co",
    ])
    func lookAlikeDomainsAreDifferent(text: String) throws {
        let listed = try #require(EmailDomain("example.com"))
        #expect(try #require(EmailDomain(text)) != listed)
    }

    @Test(arguments: 0..<4)
    func theASCIIPathAndTheUnicodePathAgree(seed: UInt64) {
        // A full-width dot sends the same text through Unicode folding, which must land on the same domain.
        var random = SeededGenerator(seed: seed)
        let alphabet = Array("aZ9-_.. @\t\n\u{0B}\u{0}\u{7F}")
        for _ in 0..<2_000 {
            let length = Int(random.next() % 12)
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let unicode = text.replacingOccurrences(of: ".", with: "\u{FF0E}")
            #expect(EmailDomain(unicode) == EmailDomain(text), "\(text.debugDescription)")
        }
    }

    @Test(arguments: [
        ("bücher.example", "xn--bcher-kva.example"), ("BÜCHER.example.", "XN--BCHER-KVA.EXAMPLE"),
        ("mañana.com", "xn--maana-pta.com"), ("user@bücher.example", "user@xn--bcher-kva.example"),
    ])
    func unicodeAndPunycodeSpellingsAreOneDomain(unicode: String, punycode: String) throws {
        if unicode.contains("@") {
            #expect(try #require(EmailDomain(ofEmail: unicode)) == (try #require(EmailDomain(ofEmail: punycode))))
        } else {
            #expect(try #require(EmailDomain(unicode)) == (try #require(EmailDomain(punycode))))
        }
    }

    @Test(arguments: [
        "xn--.test", "xn--a.test", "xn--abc-.test", "xn--999999999999999999999999.test",
        "xn--tda-.test", "xn--BCHER-KVA-.test",
    ])
    func aLabelsThatNoUnicodeLabelEncodesToAreNotDomains(text: String) {
        // Accepting them would let one name be spelled two ways past a list (`xn--abc-` is the plain `abc`).
        #expect(EmailDomain(text) == nil)
    }

    @Test func anInternationalizedDomainLongerThanDNSAllowsInItsASCIIFormIsRefused() {
        // 100 different ideographs are 100 characters, but their A-label is 282 bytes.
        let label = String(String.UnicodeScalarView((0..<100).compactMap { Unicode.Scalar(0x4E00 + 37 * $0) }))
        #expect(EmailDomain(label + ".test") == nil)
        #expect(EmailDomain(String(label.prefix(40)) + ".test") != nil)
    }

    @Test func equalDomainsHashAlike() throws {
        let domains: Set<EmailDomain> = [
            try #require(EmailDomain("Example.com")), try #require(EmailDomain("example.com.")),
            try #require(EmailDomain(ofEmail: "a@EXAMPLE.COM")),
        ]
        #expect(domains.count == 1)
    }
}
