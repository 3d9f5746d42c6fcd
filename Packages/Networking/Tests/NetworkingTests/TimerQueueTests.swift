import NetworkingTesting
import Synchronization
import Testing

@testable import Networking

/// The timer queue behind the system clock's sleeps and the time-limit decorators, driven by hand: no test here
/// waits for real time to pass.
private typealias HTTPOutcome = Result<HTTPResponse, HTTPClientError>

@Suite("Networking: timer queue")
struct TimerQueueTests {
    /// Records which timers fired, in order.
    private final class Log: Sendable {
        private let entries = Mutex<[Int]>([])
        var fired: [Int] { entries.withLock { $0 } }
        func append(_ entry: Int) { entries.withLock { $0.append(entry) } }
    }

    @Test func timersFireEarliestFirstAndInSchedulingOrderAtTheSameInstant() {
        let queue = TimerQueue(driver: .manual)
        let log = Log()
        for (label, deadline) in [(1, 30), (2, 10), (3, 20), (4, 10), (5, 40)] {
            _ = queue.schedule(at: UInt64(deadline)) { log.append(label) }
        }
        queue.fire(now: 9)
        #expect(log.fired.isEmpty)
        queue.fire(now: 20)
        #expect(log.fired == [2, 4, 3])
        queue.fire(now: 1_000)
        #expect(log.fired == [2, 4, 3, 1, 5])
        #expect(queue.statistics.live == 0)
        #expect(queue.statistics.fired == 5)
    }

    @Test func aCancelledTimerNeverFiresAndLeavesTheQueueAtOnce() {
        let queue = TimerQueue(driver: .manual)
        let log = Log()
        let timers = (0..<100).map { index in queue.schedule(at: UInt64(index)) { log.append(index) } }
        for (index, timer) in timers.enumerated() where index % 2 == 1 { #expect(queue.cancel(timer)) }
        #expect(queue.statistics.live == 50)
        queue.fire(now: .max)
        #expect(log.fired == Array(stride(from: 0, to: 100, by: 2)))
        #expect(queue.statistics.live == 0)
    }

    @Test func cancellingAFiredOrCancelledTimerReportsFalse() {
        let queue = TimerQueue(driver: .manual)
        let fired = queue.schedule(at: 1) {}
        let cancelled = queue.schedule(at: 2) {}
        #expect(queue.cancel(cancelled))
        #expect(!queue.cancel(cancelled))
        queue.fire(now: 5)
        #expect(!queue.cancel(fired))
    }

    @Test func laterDeadlinesDoNotReArmTheWakeUp() {
        let queue = TimerQueue(driver: .manual)
        // A client whose requests all get the same limit: each deadline is later than the previous one, and each
        // request finishes (cancels its timer) before the next starts.
        for deadline in 1...1_000 {
            let timer = queue.schedule(at: UInt64(1_000 + deadline)) {}
            queue.cancel(timer)
        }
        #expect(queue.statistics.armings == 1)
        #expect(queue.statistics.armedDeadline == 1_001)
        #expect(queue.statistics.live == 0)
        // When the stale wake-up fires there is nothing left to run and nothing to re-arm for.
        queue.fire(now: 1_001)
        #expect(queue.statistics.armedDeadline == nil)
        #expect(queue.statistics.fired == 0)
    }

    @Test func anEarlierDeadlineReArmsAndFiringReArmsForTheNextOne() {
        let queue = TimerQueue(driver: .manual)
        _ = queue.schedule(at: 50) {}
        _ = queue.schedule(at: 10) {}
        #expect(queue.statistics.armings == 2)
        #expect(queue.statistics.armedDeadline == 10)
        queue.fire(now: 10)
        #expect(queue.statistics.armedDeadline == 50)
        #expect(queue.statistics.live == 1)
    }

    @Test func aHeapOfThousandsStaysOrderedUnderRandomCancellation() {
        let queue = TimerQueue(driver: .manual)
        let log = Log()
        var kept: [(deadline: UInt64, label: Int)] = []
        var timers: [(TimerQueue.Timer, UInt64, Int)] = []
        for label in 0..<5_000 {
            let deadline = UInt64(label * 7_919 % 1_000)  // scattered, with many equal deadlines
            timers.append((queue.schedule(at: deadline) { log.append(label) }, deadline, label))
        }
        for (timer, deadline, label) in timers {
            if label * 31 % 7 < 3 {
                queue.cancel(timer)
            } else {
                kept.append((deadline, label))
            }
        }
        queue.fire(now: .max)
        let expected = kept.sorted { ($0.deadline, $0.label) < ($1.deadline, $1.label) }.map(\.label)
        #expect(log.fired == expected)
    }

    @Test func timersScheduledAndCancelledFromManyTasksAllSettle() async {
        let queue = TimerQueue(driver: .manual)
        let log = Log()
        // Every timer either fires once or is cancelled before it fires, never both, never neither: a timer that
        // another task's `fire` ran first reports `false` from `cancel`.
        let cancelled = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var cancelled = 0
                    for index in 0..<500 {
                        let timer = queue.schedule(at: UInt64(index)) { log.append(task) }
                        if index % 2 == 0 && queue.cancel(timer) { cancelled += 1 }
                        if index % 100 == 0 { queue.fire(now: UInt64(index / 2)) }
                    }
                    return cancelled
                }
            }
            return await group.reduce(0, +)
        }
        queue.fire(now: .max)
        // Only a timer caught between its schedule and its cancel by one of the 40 `fire` calls escapes: at most one
        // per task per call.
        #expect(cancelled >= 8 * 250 - 40 * 8)
        #expect(log.fired.count == 8 * 500 - cancelled)
        #expect(queue.statistics.fired == 8 * 500 - cancelled)
        #expect(queue.statistics.live == 0)
        #expect(queue.statistics.scheduled == 8 * 500)
    }

    /// Sends one request through `client` in a task of its own, for tests that cancel it or fire its timer.
    private func sendInBackground(through client: some HTTPClient) -> Task<HTTPOutcome, Never> {
        Task {
            await outcome { () async throws(HTTPClientError) in try await client.send(HTTPRequest(url: exampleURL)) }
        }
    }

    @Test func aTimeoutOnTheQueueFiresOnlyWhenTheQueueSaysSo() async {
        let queue = TimerQueue(driver: .manual)
        let base = ScriptedHTTPClient([.hang])
        let client = TimeoutHTTPClient(wrapping: base, timeout: .seconds(1), timers: queue)
        let running = sendInBackground(through: client)
        await base.waitForRequests(1)
        await eventually("the timeout's timer is scheduled", within: 1_000_000) { queue.statistics.live == 1 }
        queue.fire(now: .max)
        #expect(await running.value.failure == .timeout)
        await base.waitForCancellations(1)
    }

    @Test func aCallerCancellationOnTheQueueIsCancelledNotATimeout() async {
        let queue = TimerQueue(driver: .manual)
        let base = ScriptedHTTPClient([.hang])
        let client = DeadlineHTTPClient(wrapping: base, budget: .seconds(1), timers: queue)
        let running = sendInBackground(through: client)
        await base.waitForRequests(1)
        running.cancel()
        #expect(await running.value.failure == .cancelled)
        #expect(queue.statistics.live == 0)  // the request's timer left with it
    }

    @Test func aTimeoutUnderADeadlineArmsOneTimerForBoth() async {
        let queue = TimerQueue(driver: .manual)
        let base = ScriptedHTTPClient([.hang])
        let client = DeadlineHTTPClient(
            wrapping: TimeoutHTTPClient(wrapping: base, timeout: .seconds(10), timers: queue), budget: .seconds(1))
        let running = sendInBackground(through: client)
        await base.waitForRequests(1)
        await eventually("the attempt's timer is scheduled", within: 1_000_000) { queue.statistics.live == 1 }
        #expect(queue.statistics.scheduled == 1)  // one timer, at the deadline: the earlier of the two limits
        queue.fire(now: .max)
        #expect(await running.value.failure == .deadlineExceeded)
        await base.waitForCancellations(1)
    }

    @Test func anAnswerBeforeTheLimitRemovesItsTimer() async throws {
        let queue = TimerQueue(driver: .manual)
        let client = DeadlineHTTPClient(
            wrapping: ScriptedHTTPClient([.status(200), .status(201)]), budget: .seconds(1), timers: queue)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 201)
        #expect(queue.statistics.live == 0)
        #expect(queue.statistics.scheduled == 2)
        #expect(queue.statistics.fired == 0)
    }

    @Test func aLimitOfAHundredYearsOrMoreIsNoLimitAtAll() async throws {
        let queue = TimerQueue(driver: .manual)
        let client = TimeoutHTTPClient(
            wrapping: ScriptedHTTPClient([.status(200)]), timeout: .seconds(Int64.max), timers: queue)
        #expect(try await client.send(HTTPRequest(url: exampleURL)).status == 200)
        #expect(queue.statistics.scheduled == 0)
    }

    @Test func hugeDurationsSaturateInsteadOfOverflowing() {
        #expect(TimerQueue.deadline(after: .seconds(Int64.max)) >= UInt64(Int64.max))  // ~292 years away, no trap
        let before = TimerQueue.now()
        let deadline = TimerQueue.deadline(after: .seconds(-5))
        #expect(deadline >= before && deadline <= TimerQueue.now())
    }
}
