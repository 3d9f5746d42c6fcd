import Foundation
import Networking
import NetworkingTesting
import Testing

/// The README's examples, verbatim between the markers, so they compile and run against the real dev-server.
@Suite("Networking: README examples")
struct ReadmeExampleTests {
    @Test func composingTheStackAndCallingTheAPI() async throws {
        let server = try await DevServer.shared()
        let baseURL = server.baseURL
        let email = "ada-\(UUID().uuidString.prefix(8))@example.com"
        let pdf = Data("%PDF-1.4\n%%EOF\n".utf8)
        let lines = LockedLines()
        let printLine: @Sendable (String) -> Void = { lines.append($0) }

        // README: compose
        let store = InMemoryTokenStore()
        let client = HTTPStack(attemptTimeout: .seconds(10), deadline: .seconds(30)).build(
            on: URLSessionHTTPClient(),
            store: store,
            refresher: LedgerTokenRefresher(baseURL: baseURL),
            logSink: LineLogSink(printLine)
        )
        let api = APIClient(baseURL: baseURL, client: client)

        _ = try await api.send(LedgerAPI.registerUser(email: email))
        await store.save(try await api.send(LedgerAPI.issueToken(email: email)).authToken)

        let uploader: any InvoiceUploading = APIInvoiceUploader(api: api)
        let stored = try await uploader.upload(InvoiceUpload(number: "INV-1", currency: "EUR", pdf: pdf))
        print("stored \(stored.id), \(stored.pdfBytes) PDF bytes")
        // README: end

        // README: errors
        do {
            _ = try await api.send(LedgerAPI.registerUser(email: email))
        } catch {
            switch error {
            case .http(let response) where response.code == "email_taken":
                print("already registered")
            case .http(let response):
                print("rejected: \(response.status) \(response.fields.map(\.code))")
            case .transport(.deadlineExceeded), .transport(.timeout):
                print("the server is slow; try again later")
            case .transport(.refreshRejected):
                print("the session ended; sign in again")
            default:
                print("failed: \(error)")
            }
        }
        // README: end

        #expect(stored.pdfBytes == pdf.count)
        #expect(lines.all.count == 4)
        #expect(lines.all.allSatisfy { !$0.contains("Bearer") })
    }

    @Test func composingByHand() async throws {
        let transport = ScriptedHTTPClient([.status(503, headers: ["Retry-After": "0"])], whenExhausted: .status(200))
        let sink = RecordingLogSink()
        let itemsURL = exampleURL

        // README: by hand
        let client =
            transport
            .timingOut(after: .seconds(5))  // each attempt
            .logging(to: sink)  // sees every attempt, numbered
            .retrying(policy: RetryPolicy(maximumAttempts: 3))
            .deduplicating()
            .withDeadline(.seconds(20))  // everything, backoff included
        let answer = try await client.send(HTTPRequest(url: itemsURL))
        // README: end

        #expect(answer.status == 200)
        #expect(sink.entries.map(\.attempt) == [1, 2])
    }

    @Test func everyReadmeSnippetIsTheCompiledCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let readme = try String(
            contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let normalized = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let snippets = readme.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        #expect(snippets.count == 3)
        for snippet in snippets {
            #expect(normalized(source).contains(normalized(snippet)), "README snippet not in the test:\n\(snippet)")
        }
    }
}
