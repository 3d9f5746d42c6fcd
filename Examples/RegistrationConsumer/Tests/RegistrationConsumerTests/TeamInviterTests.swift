import Registration
import RegistrationTesting
import Testing

@Suite("Inviting a team")
struct TeamInviterTests {
    @Test func everyAddressIsRegisteredOnceInTheOrderTyped() async {
        let spy = SpyRegistrationService()
        let inviter = TeamInviter(registration: spy)

        let lines = await inviter.invite(["ann@example.com", "bob@example.com", "ANN@example.com"])

        #expect(lines == ["ann@example.com: invited", "bob@example.com: invited"])
        #expect(await spy.emails == ["ann@example.com", "bob@example.com"])
        #expect(await spy.outcomes == [.succeeded, .succeeded])
    }

    @Test func anAddressThatHasAnAccountIsExplainedInWords() async {
        let accounts = FakeRegistrationService(existing: ["bob@example.com"])
        let inviter = TeamInviter(registration: accounts)

        let lines = await inviter.invite(["ann@example.com", "bob@example.com"])

        #expect(
            lines == [
                "ann@example.com: invited",
                "bob@example.com: This email address already has an account. Sign in instead.",
            ])
        #expect(await accounts.accounts == ["bob@example.com", "ann@example.com"])
    }

    @Test func oneRefusalDoesNotStopTheOthers() async {
        let scripted = ScriptedRegistrationService(script: [.domainNotAllowed(domain: "throwaway.example"), nil])
        let inviter = TeamInviter(registration: scripted)

        let lines = await inviter.invite(["x@throwaway.example", "ann@example.com"])

        #expect(
            lines == [
                "x@throwaway.example: Addresses at “throwaway.example” cannot register.",
                "ann@example.com: invited",
            ])
        #expect(await scripted.registeredEmails == ["x@throwaway.example", "ann@example.com"])
    }

    /// "In flight" without sleeping: the suspending spy holds each call until the test answers or cancels it.
    @Test func closingTheSheetStopsAtTheAddressInFlight() async {
        let service = SpySuspendingRegistrationService()
        let inviter = TeamInviter(registration: service)
        let sheet = Task { await inviter.invite(["ann@example.com", "bob@example.com"]) }

        await service.waitForCalls(1)  // the first request is on the wire
        sheet.cancel()

        #expect(await sheet.value == ["ann@example.com: The registration was cancelled before an answer arrived."])
        #expect(await service.emails == ["ann@example.com"])
    }

    /// Analytics see every registration the sheet makes: the sink records what the app's analytics would get.
    @Test func analyticsHearOfEachRegistration() async {
        let analytics = SpyRegistrationEventSink()
        let inviter = TeamInviter(registration: SpyRegistrationService().recording(to: analytics, as: "invite"))

        _ = await inviter.invite(["ann@example.com"])

        #expect(await analytics.events.map(\.outcome) == [.started, .succeeded])
        #expect(await analytics.events.map(\.name) == ["invite", "invite"])
    }
}
