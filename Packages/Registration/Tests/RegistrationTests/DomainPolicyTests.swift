import Registration
import RegistrationTesting
import Testing

@Suite("Registration: domain lists")
struct DomainListTests {
    @Test func parsesAndNormalizesEntries() throws {
        let list = try DomainList(parsing: ["Example.COM.", "partner.test", "example.com"])
        #expect(list.domains.map(\.name).sorted() == ["example.com", "partner.test"])
    }

    @Test func everyInvalidEntryIsReportedInOrder() {
        #expect(throws: DomainPolicyError.invalidDomains(["", "a@b.test", "x..y"])) {
            try DomainList(parsing: ["ok.test", "", "a@b.test", "x..y"])
        }
    }

    @Test func anEmptyListIncludesNothing() throws {
        let list = try DomainList(parsing: [String]())
        #expect(!list.includes(try #require(EmailDomain("example.com"))))
    }

    @Test(arguments: [
        ("EXAMPLE.com", true), ("example.com.", true), ("ｅｘａｍｐｌｅ.com", true), ("example.com.evil.test", false),
        ("sub.example.com", false), ("example.co", false), ("evilexample.com", false),
    ])
    func includesExactlyTheListedDomains(text: String, included: Bool) throws {
        let list = try DomainList(parsing: ["example.com"])
        #expect(list.includes(try #require(EmailDomain(text))) == included)
    }

    @Test(arguments: [
        ("mailinator.com", true), ("eu.mailinator.com", true), ("a.b.c.MAILINATOR.com.", true),
        ("notmailinator.com", false), ("mailinator.com.evil.test", false), ("mailinator.co", false),
        ("com", false), ("xmailinator.com", false), ("mailinator-com.test", false),
    ])
    func aListMatchingSubdomainsIncludesDomainsBelowItsEntriesOnly(text: String, included: Bool) throws {
        let list = try DomainList(parsing: ["mailinator.com"], matching: .domainAndSubdomains)
        #expect(list.includes(try #require(EmailDomain(text))) == included)
    }

    @Test func subdomainsMatchInTheNormalizedForm() throws {
        let list = try DomainList(parsing: ["bücher.example"], matching: .domainAndSubdomains)
        #expect(list.includes(try #require(EmailDomain("mail.xn--bcher-kva.example"))))
        #expect(list.includes(try #require(EmailDomain("Mail.BÜCHER.example"))))
        #expect(!list.includes(try #require(EmailDomain("xn--bcher-kva.example.test"))))
    }

    @Test func anExactListIgnoresSubdomains() throws {
        let list = try DomainList(parsing: ["mailinator.com"])
        #expect(list.matching == .exactDomain)
        #expect(!list.includes(try #require(EmailDomain("eu.mailinator.com"))))
    }

    @Test func aHugeListStillAnswersExactly() throws {
        let list = try DomainList(parsing: (0..<20_000).map { "host\($0).test" })
        #expect(list.includes(try #require(EmailDomain("HOST19999.test"))))
        #expect(!list.includes(try #require(EmailDomain("host20000.test"))))
    }
}

@Suite("Registration: blocked domains check")
struct BlockedDomainsRegistrationServiceTests {
    let check: BlockedDomainsRegistrationService

    init() throws {
        check = BlockedDomainsRegistrationService(blocked: try DomainList(parsing: ["spam.test", "throwaway.test"]))
    }

    @Test(arguments: [
        "a@spam.test", "a@SPAM.test", "a@spam.test.", " a@spam.test ", "a@ｓｐａｍ．ｔｅｓｔ", "a@spam。test",
        "\"x@y\"@throwaway.test", "a@ok.test@spam.test",
    ])
    func blockedDomainsAreRejectedWhateverTheSpelling(email: String) async {
        let error = await failure(of: check, email: email)
        #expect(error?.kind == .domainNotAllowed)
        #expect(error == .domainNotAllowed(domain: "spam.test") || error == .domainNotAllowed(domain: "throwaway.test"))
    }

    @Test(arguments: ["a@ok.test", "a@spam.test.ok.test", "a@sub.spam.test", "spam.test@ok.test", "a@notspam.test"])
    func otherDomainsPass(email: String) async {
        #expect(await failure(of: check, email: email) == nil)
    }

    @Test(arguments: [
        ("a@eu.mailinator.com", "eu.mailinator.com"), ("a@MAILINATOR.com", "mailinator.com"),
        ("a@xn--bcher-kva.example", "xn--bcher-kva.example"), ("a@Bücher.example", "xn--bcher-kva.example"),
        ("a@mail.bücher.example", "mail.xn--bcher-kva.example"),
    ])
    func aBlockListWithSubdomainsBlocksEverySpellingBelowIt(email: String, domain: String) async throws {
        let blocked = try DomainList(
            parsing: ["mailinator.com", "xn--bcher-kva.example"], matching: .domainAndSubdomains)
        let check = BlockedDomainsRegistrationService(blocked: blocked)
        #expect(await failure(of: check, email: email) == .domainNotAllowed(domain: domain))
    }

    @Test(arguments: ["a@notmailinator.com", "a@mailinator.com.evil.test", "a@bucher.example"])
    func aBlockListWithSubdomainsLetsLookAlikesThrough(email: String) async throws {
        let blocked = try DomainList(
            parsing: ["mailinator.com", "xn--bcher-kva.example"], matching: .domainAndSubdomains)
        #expect(await failure(of: BlockedDomainsRegistrationService(blocked: blocked), email: email) == nil)
    }

    @Test(arguments: [
        "", "no-at", "a@", "a@spam..test", "a@spam.test\u{0}", "a@spam＠test", "a@" + String(repeating: "x", count: 300),
    ])
    func unreadableDomainsFailClosed(email: String) async {
        #expect(
            await failure(of: check, email: email) == .invalidEmail(codes: [RegistrationError.unreadableDomainCode]))
    }
}
