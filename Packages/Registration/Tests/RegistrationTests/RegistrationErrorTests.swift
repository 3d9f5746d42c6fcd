import Registration
import Testing

@Suite("Registration: errors")
struct RegistrationErrorTests {
    @Test(arguments: zip(everyRegistrationError, RegistrationError.Kind.allCases))
    func everyCaseHasItsOwnKind(error: RegistrationError, kind: RegistrationError.Kind) {
        #expect(error.kind == kind)
    }

    @Test func kindsAreDistinctAndCoverEveryCase() {
        #expect(Set(everyRegistrationError.map(\.kind)) == Set(RegistrationError.Kind.allCases))
    }

    @Test func associatedValuesTakePartInEquality() {
        #expect(RegistrationError.rateLimited(retryAfter: .seconds(1)) != .rateLimited(retryAfter: .seconds(2)))
        #expect(RegistrationError.rateLimited(retryAfter: nil) != .rateLimited(retryAfter: .zero))
        #expect(RegistrationError.invalidEmail(codes: ["a"]) != .invalidEmail(codes: ["a", "b"]))
    }

    @Test func mappingKeepsARegistrationError() {
        for error in everyRegistrationError {
            #expect(RegistrationError(error as any Error) == error)
        }
    }

    @Test func mappingTurnsCancellationIntoCancelled() {
        #expect(RegistrationError(CancellationError()) == .cancelled)
    }

    @Test func mappingTurnsAnyOtherErrorIntoAServerFailureThatNamesIt() throws {
        let mapped = RegistrationError(TransportFailure())
        guard case .server(let failure) = mapped else {
            Issue.record("expected a server failure, got \(mapped)")
            return
        }
        #expect(failure.statusCode == nil)
        #expect(failure.reason == "TransportFailure: connection reset")
        #expect(failure.description == "TransportFailure: connection reset")
    }

    @Test func serverFailureDescriptionNamesTheStatus() {
        let failure = RegistrationError.ServerFailure(statusCode: 503, reason: "unavailable")
        #expect(failure.description == "HTTP 503: unavailable")
    }

    @Test func serverFailureSurvivesHugeAndHostileReasons() {
        let reason = String(repeating: "\u{0}\u{202E}é", count: 100_000)
        let failure = RegistrationError.ServerFailure(reason: reason)
        #expect(failure.reason == reason)
        #expect(RegistrationError.server(underlying: failure).kind == .server)
    }

    @Test func checkCancellationPassesInALiveTask() {
        #expect(throws: Never.self) { try RegistrationError.checkCancellation() }
    }

    @Test func checkCancellationThrowsCancelledInACancelledTask() async {
        let task = Task { () -> RegistrationError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(RegistrationError) {
                try RegistrationError.checkCancellation()
                return nil
            } catch {
                return error
            }
        }
        #expect(await task.value == .cancelled)
    }
}
