import Registration
import RegistrationTesting
import Testing

/// A stand-in for the Validation package's parse: exactly one unquoted `@` and no white space or control
/// characters make an address sound; `+` in the local part breaks a product rule; `<`, `>` and a second `@`
/// break the address itself. Its domain is the text after the one unquoted `@`, as the validator reads it.
let strictCheck = EmailCheckRegistrationService(check: { email in
    var unquotedAts: [String.Index] = []
    var quoted = false
    for index in email.indices {
        if email[index] == "\"" { quoted.toggle() }
        if email[index] == "@", !quoted { unquotedAts.append(index) }
    }
    let hasSpaceOrControl = email.unicodeScalars.contains {
        $0.properties.isWhitespace || $0.properties.generalCategory == .control
    }
    let sound = unquotedAts.count == 1 && !hasSpaceOrControl
    var failures: [EmailCheckResult.Failure] = []
    if unquotedAts.isEmpty { failures.append(.structural("email.missingAt")) }
    if unquotedAts.count > 1 { failures.append(.structural("email.multipleAt")) }
    if hasSpaceOrControl { failures.append(.structural("email.whitespace")) }
    if email.contains("<") || email.contains(">") { failures.append(.structural("email.invalidCharacter")) }
    if let at = unquotedAts.first, email[..<at].isEmpty { failures.append(.structural("email.emptyLocalPart")) }
    if let at = unquotedAts.last, email[email.index(after: at)...].isEmpty {
        failures.append(.structural("email.emptyDomain"))
    }
    if let at = unquotedAts.first, email[..<at].contains("+") { failures.append(.policy("email.plusNotAllowed")) }
    let domain = sound ? unquotedAts.first.map { String(email[email.index(after: $0)...]) } : nil
    return EmailCheckResult(failures: failures, isStructurallySound: sound, domain: domain)
})

@Suite("Registration: allow-list never lets malformed addresses through")
struct AllowListSecurityTests {
    let staff: DomainList

    init() throws {
        staff = try DomainList(parsing: ["corp.ledger.example"])
    }

    @Test(arguments: [
        "victim@gmail.com@corp.ledger.example",
        "victim+1@gmail.com@corp.ledger.example",
        "a@x.test\r\nBcc: all@corp.ledger.example",
        "qa+1@corp.ledger.example\r\nBcc: all@corp.ledger.example",
        "<script>@corp.ledger.example",
        "<script>+1@corp.ledger.example",
        "qa+1 @corp.ledger.example",
        "qa+1@corp.ledger.example\u{0}",
    ])
    func malformedAddressesOnStaffDomainsNeverReachTheAPI(email: String) async {
        let api = SpyRegistrationService("api")
        let flow = strictCheck.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure).appending(api)
        #expect(await failure(of: flow, email: email)?.kind == .invalidEmail)
        #expect(await api.callCount == 0)
    }

    @Test(arguments: ["qa+1@corp.ledger.example", "qa+1@CORP.Ledger.example.", "Qa+1@corp.ledger.example"])
    func policyFailuresOfSoundStaffAddressesAreForgiven(email: String) async {
        let api = SpyRegistrationService("api")
        let flow = strictCheck.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure).appending(api)
        #expect(await failure(of: flow, email: email) == nil)
        #expect(await api.emails == [email])
    }

    @Test(arguments: ["qa+1@other.example", "qa+1@sub.corp.ledger.example", "qa+1@corp.ledger.example.evil.test"])
    func policyFailuresOnOtherDomainsAreNotForgiven(email: String) async {
        let adapter = strictCheck.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
        #expect(await failure(of: adapter, email: email) == .invalidEmail(codes: ["email.plusNotAllowed"]))
    }

    @Test func theDomainComesFromTheValidatorsParseOnly() async throws {
        // The parse names another domain than the text after the last `@`: the parse decides, both ways.
        let parsedElsewhere = EmailCheckRegistrationService(check: { _ in
            EmailCheckResult(failures: [.policy("p")], isStructurallySound: true, domain: "other.example")
        })
        let parsedStaff = EmailCheckRegistrationService(check: { _ in
            EmailCheckResult(failures: [.policy("p")], isStructurallySound: true, domain: "Corp.Ledger.Example")
        })
        let elsewhere = parsedElsewhere.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
        let staffParse = parsedStaff.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
        #expect(await failure(of: elsewhere, email: "a@corp.ledger.example") == .invalidEmail(codes: ["p"]))
        #expect(await failure(of: staffParse, email: "a@other.example") == nil)
    }

    @Test(arguments: [
        EmailCheckResult(failures: [.policy("p")], isStructurallySound: false, domain: "corp.ledger.example"),
        EmailCheckResult(failures: [.policy("p")], isStructurallySound: true, domain: nil),
        EmailCheckResult(failures: [.policy("p")], isStructurallySound: true, domain: "corp..ledger.example"),
        EmailCheckResult(
            failures: [.policy("p"), .structural("s")], isStructurallySound: true, domain: "corp.ledger.example"),
    ])
    func onlyPolicyFailuresOfASoundAddressWithAParsedDomainAreForgiven(result: EmailCheckResult) async {
        let check = EmailCheckRegistrationService(check: { _ in result })
        let adapter = check.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
        #expect(!adapter.forgives(result))
        #expect(await failure(of: adapter, email: "a@corp.ledger.example") == .invalidEmail(codes: result.codes))
    }

    @Test func onlyTheChosenPolicyCodesAreForgiven() async {
        let check = EmailCheckRegistrationService(check: { email in
            EmailCheckResult(
                codes: [email.hasPrefix("tag") ? "email.plusNotAllowed" : "email.quotedLocalPartNotAllowed"],
                policyCodes: ["email.plusNotAllowed", "email.quotedLocalPartNotAllowed"],
                isStructurallySound: true, domain: "corp.ledger.example")
        })
        let adapter = check.allowingFailures(forDomainsIn: staff, forgiving: .only(["email.plusNotAllowed"]))
        #expect(await failure(of: adapter, email: "tag@corp.ledger.example") == nil)
        #expect(
            await failure(of: adapter, email: "quoted@corp.ledger.example")
                == .invalidEmail(codes: ["email.quotedLocalPartNotAllowed"]))
    }

    @Test func aCodeChosenForForgivenessStaysUnforgivenWhenTheCheckMarksItStructural() {
        let result = EmailCheckResult(
            failures: [.structural("email.multipleAt")], isStructurallySound: true, domain: "corp.ledger.example")
        let adapter = strictCheck.allowingFailures(forDomainsIn: staff, forgiving: .only(["email.multipleAt"]))
        #expect(!adapter.forgives(result))
        #expect(!ForgivenEmailFailures.everyPolicyFailure.forgives(.structural("x")))
        #expect(ForgivenEmailFailures.everyPolicyFailure.forgives(.policy("x")))
    }

    @Test func aCheckWithoutAParseIsNeverForgiven() async {
        let codesOnly = EmailCheckRegistrationService(failureCodes: { _ in ["email.plusNotAllowed"] })
        #expect(codesOnly.check(email: "qa+1@corp.ledger.example").isStructurallySound == false)
        let adapter = codesOnly.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
        #expect(await failure(of: adapter, email: "qa+1@corp.ledger.example")?.kind == .invalidEmail)
    }

    @Test(arguments: ["a@corp.ledger.example", "someone@other.example"])
    func validAddressesPassWhateverTheirDomain(email: String) async {
        let adapter = strictCheck.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
        #expect(await failure(of: adapter, email: email) == nil)
    }

    @Test func theCheckRunsForAllowListedDomainsToo() async {
        let calls = CallCounter()
        let check = EmailCheckRegistrationService(check: { _ in
            calls.increment()
            return EmailCheckResult(failures: [.policy("p")], isStructurallySound: true, domain: "corp.ledger.example")
        })
        let adapter = check.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
        #expect(await failure(of: adapter, email: "a@corp.ledger.example") == nil)
        #expect(calls.count == 1)
    }

    @Test func aCancelledTaskIsNeverForgivenAndDoesNotRunTheCheck() async {
        let calls = CallCounter()
        let check = EmailCheckRegistrationService(check: { _ in
            calls.increment()
            return EmailCheckResult(failures: [.policy("p")], isStructurallySound: true, domain: "corp.ledger.example")
        })
        let adapter = check.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
        let task = Task { () -> RegistrationError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await failure(of: adapter, email: "qa+1@corp.ledger.example")
        }
        #expect(await task.value == .cancelled)
        #expect(calls.count == 0)
    }

    @Test(arguments: [
        "", "@", "@@", String(repeating: "@", count: 100_000), "qa+1@" + String(repeating: "a", count: 1_000_000),
        String(repeating: "\"", count: 3) + "@corp.ledger.example",
    ])
    func hostileInputIsRejectedWithoutACrash(email: String) async {
        let adapter = strictCheck.allowingFailures(forDomainsIn: staff, forgiving: .everyPolicyFailure)
        #expect(await failure(of: adapter, email: email)?.kind == .invalidEmail)
    }
}

@Suite("Registration: email check results")
struct EmailCheckResultTests {
    @Test func policyCodesAreMarkedAndEveryOtherCodeIsStructural() {
        let result = EmailCheckResult(
            codes: ["email.plusNotAllowed", "email.unknownCode"], policyCodes: ["email.plusNotAllowed"],
            isStructurallySound: true, domain: "Example.COM")
        #expect(result.failures == [.policy("email.plusNotAllowed"), .structural("email.unknownCode")])
        #expect(result.codes == ["email.plusNotAllowed", "email.unknownCode"])
        #expect(result.domain?.name == "example.com")
        #expect(result.parsedDomain == "Example.COM")
        #expect(!result.isValid)
        #expect(!result.failedOnlyPolicy)
    }

    @Test func aValidResultIsNotAPolicyFailure() {
        let result = EmailCheckResult(failures: [], isStructurallySound: true, domain: "example.com")
        #expect(result.isValid)
        #expect(!result.failedOnlyPolicy)
    }

    @Test(arguments: ["", "a..b", "a b.test", String(repeating: "x", count: 10_000)])
    func anUnreadableParsedDomainIsNone(domain: String) {
        let result = EmailCheckResult(failures: [.policy("p")], isStructurallySound: true, domain: domain)
        #expect(result.domain == nil)
        #expect(!result.failedOnlyPolicy)
    }

    @Test func theCheckStepThrowsEveryCodeInOrder() async {
        let check = EmailCheckRegistrationService(check: { _ in
            EmailCheckResult(failures: [.structural("b"), .policy("a")], isStructurallySound: false, domain: nil)
        })
        #expect(await failure(of: check, email: "x") == .invalidEmail(codes: ["b", "a"]))
    }
}
