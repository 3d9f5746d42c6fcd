import Navigation
import NavigationTesting
import Testing

@Suite("Navigation: badge cleaning")
struct BadgeCleaningTests {
    @Test("clears when the app becomes active and when a screen appears, and ignores the rest")
    func clears() async throws {
        let (events, feed) = AsyncStream.makeStream(of: AppEvent.self)
        let cleaner = SpyBadgeCleaner()
        let behavior = BadgeCleaningBehavior(events: events, cleaner: cleaner)
        for event in [
            AppEvent.becameActive, .screenAppeared("invoices"), .resignedActive, .enteredBackground,
            .becameActive,
        ] {
            feed.yield(event)
        }
        feed.finish()
        let summary = try await behavior.run()
        #expect(summary == BadgeCleaningSummary(cleared: 3, failures: [], ignored: 2))
        #expect(await cleaner.calls == 3)
    }

    @Test("only the chosen screens clear the badge")
    func chosenScreens() async throws {
        let (events, feed) = AsyncStream.makeStream(of: AppEvent.self)
        let cleaner = SpyBadgeCleaner()
        let behavior = BadgeCleaningBehavior(events: events, cleaner: cleaner) { $0 == "inbox" }
        feed.yield(.screenAppeared("settings"))
        feed.yield(.screenAppeared("inbox"))
        feed.yield(.screenAppeared(""))
        feed.finish()
        #expect(try await behavior.run() == BadgeCleaningSummary(cleared: 1, ignored: 2))
        #expect(await cleaner.calls == 1)
    }

    @Test("a failing cleaner is reported and the behaviour keeps going")
    func failures() async throws {
        let (events, feed) = AsyncStream.makeStream(of: AppEvent.self)
        let cleaner = SpyBadgeCleaner(results: [.notAuthorized, nil, .systemFailure])
        let behavior = BadgeCleaningBehavior(events: events, cleaner: cleaner)
        for _ in 0..<4 { feed.yield(.becameActive) }
        feed.finish()
        let summary = try await behavior.run()
        #expect(summary == BadgeCleaningSummary(cleared: 2, failures: [.notAuthorized, .systemFailure]))
        #expect(await cleaner.calls == 4)
    }

    @Test("an empty stream does nothing")
    func empty() async throws {
        let (events, feed) = AsyncStream.makeStream(of: AppEvent.self)
        feed.finish()
        let cleaner = SpyBadgeCleaner()
        #expect(try await BadgeCleaningBehavior(events: events, cleaner: cleaner).run() == BadgeCleaningSummary())
        #expect(await cleaner.calls == 0)
    }

    @Test("a second run is refused instead of competing for the same events")
    func runsOnce() async throws {
        let (events, feed) = AsyncStream.makeStream(of: AppEvent.self)
        let behavior = BadgeCleaningBehavior(events: events, cleaner: SpyBadgeCleaner())
        feed.yield(.becameActive)
        feed.finish()
        #expect(try await behavior.run().cleared == 1)
        await #expect(throws: BadgeCleaningBehavior.RunError.alreadyStarted) { try await behavior.run() }
    }

    @Test("of several concurrent runs exactly one consumes the events")
    func concurrentRuns() async throws {
        let (events, feed) = AsyncStream.makeStream(of: AppEvent.self)
        let behavior = BadgeCleaningBehavior(events: events, cleaner: SpyBadgeCleaner())
        feed.yield(.becameActive)
        feed.finish()
        let results = await withTaskGroup(of: BadgeCleaningSummary?.self) { group in
            for _ in 0..<8 { group.addTask { try? await behavior.run() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.compactMap { $0 } == [BadgeCleaningSummary(cleared: 1)])
        #expect(results.filter { $0 == nil }.count == 7)
    }

    @Test("cancelling the task ends the run with what was done so far")
    func cancellation() async throws {
        let (events, feed) = AsyncStream.makeStream(of: AppEvent.self)
        let cleaner = SpyBadgeCleaner()
        let behavior = BadgeCleaningBehavior(events: events, cleaner: cleaner)
        feed.yield(.becameActive)
        let task = Task { try await behavior.run() }
        // The stream stays open; only cancellation can end this run.
        task.cancel()
        let summary = try await task.value
        #expect(summary.cleared <= 1)
        #expect(summary.failures.isEmpty)
        #expect(await cleaner.calls == summary.cleared)
    }

    @Test("a burst of ten thousand events from many producers is fully consumed")
    func burst() async throws {
        let (events, feed) = AsyncStream.makeStream(of: AppEvent.self)
        let cleaner = SpyBadgeCleaner()
        let behavior = BadgeCleaningBehavior(events: events, cleaner: cleaner)
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<10 {
                group.addTask {
                    for index in 0..<1_000 {
                        feed.yield(index.isMultiple(of: 2) ? .screenAppeared("s\(producer)") : .enteredBackground)
                    }
                }
            }
        }
        feed.finish()
        let summary = try await behavior.run()
        #expect(summary.cleared == 5_000)
        #expect(summary.ignored == 5_000)
        #expect(await cleaner.calls == 5_000)
    }
}
