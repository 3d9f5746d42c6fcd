import Foundation
import Networking
import NetworkingURLSession
import OnboardingFeature
import Storage
import StorageFileSystem

/// The HTTP stack and the session every network feature shares.
struct Network: Sendable {
    /// The JSON API client on the full stack.
    let api: APIClient
    /// Where the signed-in session lives (a file in the data folder).
    let session: SessionFile

    /// The Networking package's `HTTPStack` (its decorators and their order are that package's, see its README) on
    /// the URLSession transport, with limits that suit a command-line app: an answer within 10 s per attempt, 30 s
    /// for a whole call.
    init(environment: LedgerFactory.Environment) {
        let session = SessionFile(record: Self.sessionRecord(in: environment), log: environment.log)
        let client = HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30)).build(
            on: URLSessionHTTPClient(),
            store: session,
            refresher: SessionRefresher(baseURL: environment.apiBaseURL),
            logSink: LineLogSink(environment.log)
        )
        self.api = APIClient(baseURL: environment.apiBaseURL, client: client)
        self.session = session
    }

    /// `session.json` in the data folder; a data folder path that cannot name a file keeps the session in memory.
    private static func sessionRecord(
        in environment: LedgerFactory.Environment
    ) -> (any RecordStoring & ExclusiveRecordUpdating)? {
        let url = environment.dataDirectory.appendingPathComponent("session.json")
        do {
            return try DurableRecordFile(at: url)
        } catch {
            environment.log("session: \(url.path) cannot hold the session (\(error)); it is kept in memory")
            return nil
        }
    }
}
