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

    @Test func aHugeListStillAnswersExactly() throws {
        let list = try DomainList(parsing: (0..<20_000).map { "host\($0).test" })
        #expect(list.includes(try #require(EmailDomain("HOST19999.test"))))
        #expect(!list.includes(try #require(EmailDomain("host20000.test"))))
    }
}

@Suite("Registration: allow-listed domains adapter")
struct AllowListedDomainsRegistrationAdapterTests {
    let partners: DomainList

    init() throws {
        partners = try DomainList(parsing: ["partner.test"])
    }

    @Test(arguments: everyRegistrationError.filter { $0 != .cancelled })
    func anAllowListedDomainSkipsAFailedStep(error: RegistrationError) async {
        let step = SpyRegistrationService(failingWith: error)
        let adapter = step.allowingFailures(forDomainsIn: partners)
        #expect(await failure(of: adapter, email: "someone@Partner.TEST") == nil)
        #expect(await step.outcomes == [.failed(error)])
    }

    @Test(arguments: [
        "someone@other.test", "someone@partner.test.evil.test", "someone@sub.partner.test", "partner.test",
    ])
    func otherDomainsStillFail(email: String) async {
        let adapter = SpyRegistrationService(failingWith: .alreadyRegistered).allowingFailures(forDomainsIn: partners)
        #expect(await failure(of: adapter, email: email) == .alreadyRegistered)
    }

    @Test func theStepStillRunsForAllowListedDomains() async {
        let step = SpyRegistrationService()
        #expect(await failure(of: step.allowingFailures(forDomainsIn: partners), email: "a@partner.test") == nil)
        #expect(await step.emails == ["a@partner.test"])
    }

    @Test func onlyTheChosenKindsAreForgiven() async {
        let invalid = SpyRegistrationService(failingWith: .invalidEmail(codes: ["x"]))
            .allowingFailures(forDomainsIn: partners, forgiving: [.invalidEmail])
        let taken = SpyRegistrationService(failingWith: .alreadyRegistered)
            .allowingFailures(forDomainsIn: partners, forgiving: [.invalidEmail])
        #expect(await failure(of: invalid, email: "a@partner.test") == nil)
        #expect(await failure(of: taken, email: "a@partner.test") == .alreadyRegistered)
    }

    @Test func cancellationIsNeverForgiven() async {
        let adapter = SpyRegistrationService(failingWith: .cancelled)
            .allowingFailures(forDomainsIn: partners, forgiving: Set(RegistrationError.Kind.allCases))
        #expect(adapter.forgiven.contains(.cancelled) == false)
        #expect(await failure(of: adapter, email: "a@partner.test") == .cancelled)
    }

    @Test func aCancelledTaskDoesNotRunTheStep() async {
        let step = SpyRegistrationService()
        let adapter = step.allowingFailures(forDomainsIn: partners)
        let task = Task { () -> RegistrationError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await failure(of: adapter, email: "a@partner.test")
        }
        #expect(await task.value == .cancelled)
        #expect(await step.callCount == 0)
    }

    @Test(arguments: ["", "partner.test", "@partner.test@", "a@partner..test", "a@partner.test\u{0}"])
    func addressesWithoutAReadableDomainAreNeverAllowListed(email: String) async {
        let adapter = SpyRegistrationService(failingWith: .invalidEmail(codes: ["bad"]))
            .allowingFailures(forDomainsIn: partners)
        #expect(await failure(of: adapter, email: email) == .invalidEmail(codes: ["bad"]))
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
        "", "no-at", "a@", "a@spam..test", "a@spam.test\u{0}", "a@spam＠test", "a@" + String(repeating: "x", count: 300),
    ])
    func unreadableDomainsFailClosed(email: String) async {
        #expect(
            await failure(of: check, email: email) == .invalidEmail(codes: [RegistrationError.unreadableDomainCode]))
    }
}
