import Registration
import RegistrationTesting
import Testing

@Suite("Registration: a full chain under concurrent load")
struct ConcurrencyTests {
    /// Validation, allow-list, block list, primary API with a backup, analytics: every combinator at once.
    private static func chain(
        primary: any RegistrationService,
        backup: any RegistrationService,
        sink: any RegistrationEventSink
    ) throws -> any RegistrationService {
        EmailCheckRegistrationService(check: { email in
            EmailCheckResult(
                codes: email.contains("+") ? ["email.plus"] : [], policyCodes: ["email.plus"],
                isStructurallySound: true, domain: EmailDomain(ofEmail: email)?.name)
        })
        .allowingFailures(forDomainsIn: try DomainList(parsing: ["corp.test"]), forgiving: .everyPolicyFailure)
        .appending(BlockedDomainsRegistrationService(blocked: try DomainList(parsing: ["spam.test"])))
        .appending(primary.fallback(backup, on: [.server]).when { !$0.hasPrefix("skip") })
        .recording(to: sink, as: "flow")
    }

    /// What each kind of address must end with.
    private static func expectation(for index: Int) -> (email: String, error: RegistrationError?) {
        switch index % 6 {
        case 0: ("user\(index)@example.test", nil)
        case 1: ("qa+\(index)@CORP.test", nil)
        case 2: ("qa+\(index)@example.test", .invalidEmail(codes: ["email.plus"]))
        case 3: ("bot\(index)@spam.test.", .domainNotAllowed(domain: "spam.test"))
        case 4: ("down\(index)@example.test", nil)
        default: ("skip\(index)@example.test", nil)
        }
    }

    @Test func everyRegistrationGetsItsOwnOutcome() async throws {
        let sink = SpyRegistrationEventSink()
        let primary = AnyRegistrationService { email throws(RegistrationError) in
            if email.hasPrefix("down") { throw .server(underlying: .init(statusCode: 503, reason: "down")) }
        }
        let backup = SpyRegistrationService("backup")
        let service = try Self.chain(primary: primary, backup: backup, sink: sink)
        let count = 600
        let mismatches = await withTaskGroup(of: String?.self) { group in
            for index in 0..<count {
                group.addTask {
                    let (email, expected) = Self.expectation(for: index)
                    let actual = await failure(of: service, email: email)
                    return actual == expected ? nil : "\(email): \(String(describing: actual))"
                }
            }
            var mismatches: [String] = []
            for await mismatch in group { if let mismatch { mismatches.append(mismatch) } }
            return mismatches
        }
        #expect(mismatches.isEmpty)
        #expect(await backup.callCount == count / 6)
        let outcomes = await sink.events.map(\.outcome)
        #expect(outcomes.count == 2 * count)
        #expect(outcomes.filter { $0 == .succeeded }.count == 4 * count / 6)
    }

    @Test func cancellingHalfTheRegistrationsStopsExactlyThose() async throws {
        let sink = SpyRegistrationEventSink()
        let gate = SpySuspendingRegistrationService()
        let backup = SpyRegistrationService("backup")
        let service = try Self.chain(primary: gate, backup: backup, sink: sink)
        let tasks = (0..<40).map { index in
            Task { await failure(of: service, email: "user\(index)@example.test") }
        }
        await gate.waitForCalls(tasks.count)
        for task in tasks.indices where task.isMultiple(of: 2) { tasks[task].cancel() }
        await gate.waitForCancellations(tasks.count / 2)
        #expect(await gate.pendingCount == tasks.count / 2)
        for _ in 0..<tasks.count / 2 { #expect(await gate.answerNext()) }
        for (index, task) in tasks.enumerated() {
            #expect(await task.value == (index.isMultiple(of: 2) ? .cancelled : nil))
        }
        #expect(await backup.callCount == 0)
    }
}
