import Registration
import RegistrationTesting
import Testing

@Suite("Registration: closure adapters")
struct AnyRegistrationServiceTests {
    @Test func closureReceivesTheEmailAndSucceeds() async {
        let spy = SpyRegistrationService()
        let service = AnyRegistrationService { email throws(RegistrationError) in try await spy.register(email: email) }
        #expect(await failure(of: service, email: "a@example.com") == nil)
        #expect(await spy.emails == ["a@example.com"])
    }

    @Test(arguments: everyRegistrationError)
    func closureErrorsPassThroughUnchanged(error: RegistrationError) async {
        let service = AnyRegistrationService { _ throws(RegistrationError) in throw error }
        #expect(await failure(of: service, email: "a@example.com") == error)
    }

    @Test func catchingKeepsRegistrationErrors() async {
        let service = AnyRegistrationService(catching: { _ in throw RegistrationError.alreadyRegistered })
        #expect(await failure(of: service, email: "a@example.com") == .alreadyRegistered)
    }

    @Test func catchingMapsCancellationErrors() async {
        let service = AnyRegistrationService(catching: { _ in throw CancellationError() })
        #expect(await failure(of: service, email: "a@example.com") == .cancelled)
    }

    @Test func catchingMapsOtherErrorsToServerFailures() async {
        let service = AnyRegistrationService(catching: { _ in throw TransportFailure() })
        let error = await failure(of: service, email: "a@example.com")
        #expect(error == .server(underlying: .init(reason: "TransportFailure: connection reset")))
    }

    @Test func catchingSucceedsWhenTheBodyDoes() async {
        let service = AnyRegistrationService(catching: { _ in })
        #expect(await failure(of: service, email: "a@example.com") == nil)
    }
}

@Suite("Registration: email check step")
struct EmailCheckRegistrationServiceTests {
    @Test func noCodesMeansValid() async {
        let step = EmailCheckRegistrationService(failureCodes: { _ in [] })
        #expect(await failure(of: step, email: "a@example.com") == nil)
    }

    @Test func everyCodeIsReportedInOrder() async {
        let step = EmailCheckRegistrationService(failureCodes: { _ in ["email.emptyLocalPart", "email.emptyDomain"] })
        #expect(
            await failure(of: step, email: "@") == .invalidEmail(codes: ["email.emptyLocalPart", "email.emptyDomain"]))
    }

    @Test(arguments: ["", "no-at-sign", String(repeating: "@", count: 100_000), "a@b\u{0}c", "💥@💥"])
    func theCheckSeesTheAddressExactlyAsGiven(address: String) async {
        let step = EmailCheckRegistrationService(failureCodes: { email in
            email.contains("@") && email.count < 100 ? [] : ["bad"]
        })
        let expected: RegistrationError? =
            address.contains("@") && address.count < 100 ? nil : .invalidEmail(codes: ["bad"])
        #expect(await failure(of: step, email: address) == expected)
    }
}
