import Registration
import RegistrationTesting
import Testing

/// Which steps ran for which address, in order: a registration's own sequence, even under concurrency.
actor StepLog {
    private(set) var runs: [String: [String]] = [:]

    func append(_ step: String, for email: String) {
        runs[email, default: []].append(step)
    }

    /// A step named `name` that writes itself to this log, then answers like `answer`.
    nonisolated func step(
        _ name: String, phase: RegistrationPhase, order: Int = 0,
        answer: @escaping @Sendable (String) -> RegistrationError? = { _ in nil }
    ) -> RegistrationStep {
        RegistrationStep(
            name, phase: phase, order: order,
            service: AnyRegistrationService { email throws(RegistrationError) in
                await self.append(name, for: email)
                if let error = answer(email) { throw error }
            })
    }
}

/// Every ordering of `items`, for showing that a list's order never matters.
func permutations<Element>(_ items: [Element]) -> [[Element]] {
    guard let first = items.first else { return [[]] }
    return permutations(Array(items.dropFirst())).flatMap { rest in
        (0...rest.count).map { index in
            var permutation = rest
            permutation.insert(first, at: index)
            return permutation
        }
    }
}

@Suite("Registration: pipeline of steps")
struct RegistrationPipelineTests {
    @Test func stepsRunByPhaseWhateverTheOrderOfTheList() async throws {
        let log = StepLog()
        let steps = [
            log.step("sign-in", phase: .session), log.step("create-account", phase: .account),
            log.step("blocked-domains", phase: .policy), log.step("email-check", phase: .validation),
        ]
        for (index, list) in permutations(steps).enumerated() {
            let pipeline = try RegistrationPipeline(steps: list)
            #expect(pipeline.stepNames == ["email-check", "blocked-domains", "create-account", "sign-in"])
            #expect(await failure(of: pipeline, email: "\(index)@example.com") == nil)
            #expect(
                await log.runs["\(index)@example.com"] == [
                    "email-check", "blocked-domains", "create-account", "sign-in",
                ])
        }
    }

    @Test func orderPlacesStepsWithinTheirPhase() throws {
        let log = StepLog()
        let pipeline = try RegistrationPipeline(steps: [
            log.step("late", phase: .policy, order: 10), log.step("early", phase: .policy, order: -10),
            log.step("default", phase: .policy), log.step("account", phase: .account, order: -1_000),
            log.step("check", phase: .validation, order: Int.max),
        ])
        #expect(pipeline.stepNames == ["check", "early", "default", "late", "account"])
    }

    @Test func tiesAreBrokenByNameSoTheListOrderNeverMatters() throws {
        let log = StepLog()
        let steps = ["fraud", "blocked-domains", "captcha", "age"].map { log.step($0, phase: .policy) }
        for list in permutations(steps) {
            #expect(try RegistrationPipeline(steps: list).stepNames == ["age", "blocked-domains", "captcha", "fraud"])
        }
    }

    @Test func twoTeamsAddingStepsAnywhereInTheListGetTheSameFlow() throws {
        let log = StepLog()
        let base = [log.step("email-check", phase: .validation), log.step("create-account", phase: .account)]
        let teamA = log.step("fraud-check", phase: .policy, order: 5)
        let teamB = log.step("welcome-mail", phase: .session)
        var flows: Set<[String]> = []
        for positionA in 0...base.count {
            for positionB in 0...(base.count + 1) {
                var list = base
                list.insert(teamA, at: positionA)
                list.insert(teamB, at: positionB)
                flows.insert(try RegistrationPipeline(steps: list).stepNames)
            }
        }
        #expect(flows == [["email-check", "fraud-check", "create-account", "welcome-mail"]])
    }

    @Test func duplicateNamesAreRefusedAllOfThemSorted() {
        let log = StepLog()
        #expect(throws: RegistrationPipelineError.duplicateStepNames(["api", "check"])) {
            try RegistrationPipeline(steps: [
                log.step("check", phase: .validation), log.step("api", phase: .account),
                log.step("check", phase: .policy), log.step("api", phase: .account), log.step("api", phase: .session),
                log.step("other", phase: .session),
            ])
        }
    }

    @Test func anEmptyPipelineIsRefused() {
        #expect(throws: RegistrationPipelineError.noSteps) { try RegistrationPipeline(steps: []) }
    }

    @Test func blankNamesAreRefused() {
        let log = StepLog()
        #expect(throws: RegistrationPipelineError.invalidStepNames(["", " \n"])) {
            try RegistrationPipeline(steps: [
                log.step("", phase: .validation), log.step("ok", phase: .account), log.step(" \n", phase: .session),
            ])
        }
    }

    @Test(arguments: everyRegistrationError)
    func theFirstFailureEndsTheRegistrationAndLaterStepsNeverRun(error: RegistrationError) async throws {
        let log = StepLog()
        let pipeline = try RegistrationPipeline(steps: [
            log.step("session", phase: .session), log.step("policy", phase: .policy, answer: { _ in error }),
            log.step("validation", phase: .validation),
        ])
        #expect(await failure(of: pipeline, email: "a@example.com") == error)
        #expect(await log.runs["a@example.com"] == ["validation", "policy"])
    }

    @Test func aCancelledTaskRunsNoStep() async throws {
        let log = StepLog()
        let pipeline = try RegistrationPipeline(steps: [log.step("only", phase: .account)])
        let task = Task { () -> RegistrationError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await failure(of: pipeline, email: "a@example.com")
        }
        #expect(await task.value == .cancelled)
        #expect(await log.runs.isEmpty)
    }

    @Test func cancellingDuringAStepThatIgnoresItStopsBeforeTheNextStep() async throws {
        let wire = SpySuspendingRegistrationService(honoursCancellation: false)
        let next = SpyRegistrationService("next")
        let sink = SpyRegistrationEventSink()
        let pipeline = try RegistrationPipeline(
            steps: [
                RegistrationStep("sign-in", phase: .session, service: next),
                RegistrationStep("create-account", phase: .account, service: wire),
            ],
            observers: [sink])
        let task = Task { await failure(of: pipeline, email: "a@example.com") }
        await wire.waitForCalls(1)
        task.cancel()
        await wire.waitForCancellations(1)
        await wire.answerNext()
        #expect(await task.value == .cancelled)
        #expect(await next.callCount == 0)
        #expect(await sink.events.map(\.outcome) == [.started, .failed(.cancelled)])
    }

    @Test func everyObserverSeesEveryRegistrationWithTheDomainOnly() async throws {
        let first = SpyRegistrationEventSink()
        let second = SpyRegistrationEventSink()
        let log = StepLog()
        let pipeline = try RegistrationPipeline(
            name: "sign-up",
            steps: [log.step("api", phase: .account, answer: { $0.hasPrefix("taken") ? .alreadyRegistered : nil })],
            observers: [first]
        )
        .observed(by: second)
        #expect(await failure(of: pipeline, email: "new@Bücher.example") == nil)
        #expect(await failure(of: pipeline, email: "taken@example.com") == .alreadyRegistered)
        let domain = EmailDomain("xn--bcher-kva.example")
        let expected = [
            RegistrationEvent(name: "sign-up", outcome: .started, domain: domain),
            RegistrationEvent(name: "sign-up", outcome: .succeeded, domain: domain),
            RegistrationEvent(name: "sign-up", outcome: .started, domain: EmailDomain("example.com")),
            RegistrationEvent(
                name: "sign-up", outcome: .failed(.alreadyRegistered), domain: EmailDomain("example.com")),
        ]
        #expect(await first.events == expected)
        #expect(await second.events == expected)
        #expect(pipeline.observers.count == 2)
    }

    @Test func stepsKeepTheCombinators() async throws {
        let backup = SpyRegistrationService("backup")
        let skipped = SpyRegistrationService("skipped")
        let after = SpyRegistrationService("after")
        let primary = AnyRegistrationService { _ throws(RegistrationError) in
            throw .server(underlying: .init(statusCode: 503, reason: "down"))
        }
        let pipeline = try RegistrationPipeline(steps: [
            RegistrationStep("api", phase: .account, service: primary.fallback(backup, on: [.server])),
            RegistrationStep("beta", phase: .session, service: skipped.when { $0.hasPrefix("beta") }),
        ])
        .appending(after)
        #expect(await failure(of: pipeline, email: "a@example.com") == nil)
        #expect(await backup.emails == ["a@example.com"])
        #expect(await skipped.callCount == 0)
        #expect(await after.emails == ["a@example.com"])
    }

    @Test func concurrentRegistrationsEachRunTheirOwnStepsInOrder() async throws {
        let log = StepLog()
        let sink = SpyRegistrationEventSink()
        let pipeline = try RegistrationPipeline(
            steps: [
                log.step("account", phase: .account), log.step("session", phase: .session),
                log.step(
                    "blocked", phase: .policy,
                    answer: { $0.hasSuffix("spam.test") ? .domainNotAllowed(domain: "spam.test") : nil }),
                log.step("check", phase: .validation),
            ],
            observers: [sink])
        let count = 400
        let outcomes = await withTaskGroup(of: (Int, RegistrationError?).self) { group in
            for index in 0..<count {
                group.addTask {
                    (index, await failure(of: pipeline, email: "user\(index)@\(index % 4 == 0 ? "spam" : "ok").test"))
                }
            }
            var outcomes: [Int: RegistrationError?] = [:]
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
        let runs = await log.runs
        for index in 0..<count {
            let email = "user\(index)@\(index % 4 == 0 ? "spam" : "ok").test"
            if index % 4 == 0 {
                #expect(outcomes[index] == .some(.domainNotAllowed(domain: "spam.test")))
                #expect(runs[email] == ["check", "blocked"])
            } else {
                #expect(outcomes[index] == .some(nil))
                #expect(runs[email] == ["check", "blocked", "account", "session"])
            }
        }
        #expect(await sink.waitForEvents(2 * count).count == 2 * count)
    }

    @Test func pipelinesBuiltConcurrentlyFromOneListAgree() async throws {
        let log = StepLog()
        let steps = (0..<50).map { log.step("step\($0)", phase: RegistrationPhase.allCases[$0 % 4], order: $0 % 3) }
        let expected = try RegistrationPipeline(steps: steps).stepNames
        let orders = await withTaskGroup(of: [String]?.self) { group in
            for shift in 0..<64 {
                group.addTask {
                    let rotated = Array(steps[(shift % steps.count)...] + steps[..<(shift % steps.count)])
                    return try? RegistrationPipeline(steps: rotated.reversed()).stepNames
                }
            }
            var orders: Set<[String]?> = []
            for await order in group { orders.insert(order) }
            return orders
        }
        #expect(orders == [expected])
    }

    @Test func aHugeListIsOrderedAndHostileAddressesPassUnchanged() async throws {
        let spy = SpyRegistrationService("api")
        var steps = (0..<10_000).map {
            RegistrationStep(
                "noop\($0)", phase: .policy, order: -$0,
                service: AnyRegistrationService { _ throws(RegistrationError) in })
        }
        steps.append(RegistrationStep("api", phase: .account, service: spy))
        let pipeline = try RegistrationPipeline(steps: steps)
        #expect(pipeline.stepNames.first == "noop9999")
        #expect(pipeline.stepNames.last == "api")
        let hostile = String(repeating: "\u{202E}@\u{0}", count: 10_000)
        #expect(await failure(of: pipeline, email: hostile) == nil)
        #expect(await spy.emails == [hostile])
    }

    @Test func phasesRunInTheirDeclaredOrder() {
        #expect(RegistrationPhase.allCases == [.validation, .policy, .account, .session])
        #expect(RegistrationPhase.allCases.sorted() == RegistrationPhase.allCases)
    }
}
