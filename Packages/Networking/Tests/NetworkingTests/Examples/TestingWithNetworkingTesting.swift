import Foundation
import Networking
import NetworkingTesting
import Testing

/// The code under test, as it would be in your app's module: a profile screen's model that loads the signed-in
/// user's name through the `APIClient` it is given, and says what went wrong in a sentence.
struct ProfileLoader {
    struct Profile: Decodable, Sendable {
        var name: String
    }

    let api: APIClient

    func greeting() async -> String {
        do {
            let profile = try await api.send(Endpoint<Profile>(method: .get, path: "/v1/profile"))
            return "Hello, \(profile.name)."
        } catch .http(let response) where response.status == 401 {
            return "Please sign in again."
        } catch {
            return "\(error)"
        }
    }
}

@Suite struct ProfileLoaderTests {
    private let baseURL = URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/")

    @Test func greetsWithTheNameTheServerSent() async {
        let server = ScriptedHTTPClient([.status(200, body: #"{"name": "Ada"}"#)])
        let loader = ProfileLoader(api: APIClient(baseURL: baseURL, client: server))

        #expect(await loader.greeting() == "Hello, Ada.")
        #expect(server.requests.map(\.url.path) == ["/v1/profile"])
        #expect(server.requests.first?.headers["Accept"] == "application/json")
    }

    @Test func aRejectedSessionAsksToSignInAgain() async {
        let server = ScriptedHTTPClient([.status(401)])
        let loader = ProfileLoader(api: APIClient(baseURL: baseURL, client: server))

        #expect(await loader.greeting() == "Please sign in again.")
    }

    @Test func anAnswerWithoutTheNameSaysWhichFieldWasMissing() async {
        let server = ScriptedHTTPClient([.status(200, body: #"{"nickname": "Ada"}"#)])
        let loader = ProfileLoader(api: APIClient(baseURL: baseURL, client: server))

        #expect(
            await loader.greeting() == "The server answered GET /v1/profile, but its answer has no field 'name'.")
    }

    @Test func aServerErrorIsRetriedWithoutWaitingForRealTime() async {
        let server = ScriptedHTTPClient([.status(503), .status(200, body: #"{"name": "Ada"}"#)])
        // The clock records every wait and moves by itself; the jitter is half of each backoff's ceiling.
        let clock = ManualClock(advancesOnSleep: true)
        let client = server.retrying(sleeper: clock, random: ScriptedRandomSource(fractions: [0.5]))
        let loader = ProfileLoader(api: APIClient(baseURL: baseURL, client: client))

        #expect(await loader.greeting() == "Hello, Ada.")
        #expect(clock.sleeps == [.milliseconds(50)])
        #expect(server.requests.count == 2)
    }

    @Test func aServerThatNeverAnswersTimesOutWhenTheTestSaysSo() async {
        let server = ScriptedHTTPClient([.hang])
        let clock = ManualClock()  // moves only when the test advances it
        let client = server.timingOut(after: .seconds(10), sleeper: clock)
        let loader = ProfileLoader(api: APIClient(baseURL: baseURL, client: client))

        async let greeting = loader.greeting()
        await clock.waitForSleeps(1)  // the attempt's time limit is waiting
        clock.advance(by: .seconds(10))

        #expect(await greeting == "The server did not answer in time.")
        await server.waitForCancellations(1)  // the hanging request was cancelled, not left behind
    }

    @Test func everyAttemptIsLoggedWithoutTheToken() async {
        let server = ScriptedHTTPClient([.status(200, body: #"{"name": "Ada"}"#)])
        let sink = SpyLogSink()
        let client = server.logging(to: sink, clock: ManualClock())
        let request = HTTPRequest(url: baseURL, headers: ["Authorization": "Bearer secret"])

        _ = try? await client.send(request)

        #expect(sink.entries.map(\.status) == [200])
        #expect(sink.entries.first?.requestHeaders["Authorization"] == "redacted")
    }
}
