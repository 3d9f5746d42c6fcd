import Foundation
import Networking
import NetworkingTesting
import Testing

private struct Page: Decodable, Equatable, Sendable {
    struct Item: Decodable, Equatable, Sendable {
        var name: String
        var amount: Int
    }
    var items: [Item]
}

private struct Draft: Encodable, Sendable {
    var name: String
    var ratio: Double
}

@Suite("Networking: JSON API client")
struct APIClientTests {
    private let base = URL(string: "https://api.example.com/base/") ?? exampleURL

    private func api(_ steps: [ScriptedHTTPClient.Step]) -> (APIClient, ScriptedHTTPClient) {
        let client = ScriptedHTTPClient(steps)
        return (APIClient(baseURL: base, client: client), client)
    }

    @Test func buildsTheRequestFromTheEndpoint() async throws {
        let (api, client) = api([.status(200, body: #"{"items": []}"#)])
        let endpoint = Endpoint<Page>(
            method: .post, path: "/v1/items/a%2Fb",
            query: [(name: "q", value: "a b&c=d"), (name: "ü", value: "€")], headers: ["X-Trace": "1"],
            body: Draft(name: "x/y", ratio: 0.5))
        #expect(try await api.send(endpoint) == Page(items: []))
        let request = try #require(client.requests.first)
        #expect(request.method == .post)
        #expect(
            request.url.absoluteString == "https://api.example.com/base/v1/items/a%2Fb?q=a%20b%26c%3Dd&%C3%BC=%E2%82%AC"
        )
        #expect(request.headers["accept"] == "application/json")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["x-trace"] == "1")
        #expect(request.body == Data(#"{"name":"x/y","ratio":0.5}"#.utf8))
    }

    @Test(arguments: [
        (
            #"{"items": [{"name": "a", "amount": 1}, {"name": "b", "amount": "2"}]}"#,
            DecodingFailure.Kind.typeMismatch,
            "items[1].amount",
            "The server answered GET /page, but the field 'items[1].amount' of its answer holds a value of the wrong type."
        ),
        (
            #"{"items": [{"name": "a"}]}"#, .missingKey, "items[0].amount",
            "The server answered GET /page, but its answer has no field 'items[0].amount'."
        ),
        (
            #"{"items": [{"name": null, "amount": 1}]}"#, .missingValue, "items[0].name",
            "The server answered GET /page, but the field 'items[0].name' of its answer is null where a value is needed."
        ),
        (#"{"items": "#, .corrupted, "", "The server answered GET /page, but its answer could not be read as JSON."),
        ("", .corrupted, "", "The server answered GET /page, but its answer could not be read as JSON."),
        ("<html>", .corrupted, "", "The server answered GET /page, but its answer could not be read as JSON."),
        (
            "[1, 2, 3]", .typeMismatch, "",
            "The server answered GET /page, but its answer has another shape than expected."
        ),
    ])
    func decodingErrorsNameTheFieldAndTheAnswer(
        body: String, kind: DecodingFailure.Kind, path: String, sentence: String
    )
        async
    {
        let (api, _) = api([.status(200, body: body)])
        await #expect {
            try await api.send(Endpoint<Page>(method: .get, path: "/page"))
        } throws: { error in
            guard case .decoding(let failure) = error as? APIError else { return false }
            return failure.kind == kind && failure.path == path && failure.request == "GET /page"
                && "\(failure)" == sentence && "\(error)" == sentence
        }
    }

    /// The answer of a sign-in without the field the app needs: the sentence says which field of which answer,
    /// and that the server did answer, instead of `missingKey at token_version: No value associated with key
    /// CodingKeys(...)`.
    @Test func aMissingFieldOfASessionAnswerReadsAsASentence() async {
        struct Session: Decodable, Sendable {
            var tokenVersion: Int
            enum CodingKeys: String, CodingKey { case tokenVersion = "token_version" }
        }
        let (api, _) = api([.status(201, body: #"{"access_token": "a"}"#)])
        await #expect {
            try await api.send(Endpoint<Session>(method: .post, path: "/v1/sessions"))
        } throws: { error in
            guard case .decoding(let failure) = error as? APIError else { return false }
            return failure.kind == .missingKey && failure.path == "token_version"
                && failure.request == "POST /v1/sessions"
                && "\(error)" == "The server answered POST /v1/sessions, but its answer has no field 'token_version'."
        }
    }

    @Test func errorStatusesCarryTheServersErrorBody() async throws {
        let validation =
            #"{"error": {"code": "validation_failed", "message": "bad", "fields": [{"field": "email", "code": "missing_at"}]}}"#
        let (api, _) = api([
            .status(422, headers: ["Content-Type": "application/json"], body: validation),
            .status(503, headers: ["Retry-After": "3"], body: "<html>down</html>"),
        ])
        await #expect(
            throws: APIError.http(
                ServerErrorResponse(
                    status: 422, code: "validation_failed", message: "bad",
                    fields: [.init(field: "email", code: "missing_at")],
                    headers: ["Content-Type": "application/json"], body: Data(validation.utf8)))
        ) {
            try await api.send(Endpoint<Page>(method: .get, path: "/page"))
        }
        do {
            _ = try await api.send(Endpoint<Page>(method: .get, path: "/page"))
        } catch {
            guard case .http(let response) = error else { throw error }
            #expect(response.status == 503)
            #expect(response.code == nil)
            #expect(response.headers["retry-after"] == "3")
            #expect(response.body == Data("<html>down</html>".utf8))
        }
    }

    @Test func acceptedStatusesAreConfigurable() async throws {
        let (api, _) = api([.status(304, body: "cached")])
        let endpoint = Endpoint<Data>(method: .get, path: "/x", acceptedStatuses: 200..<400) { response in response.body
        }
        #expect(try await api.send(endpoint) == Data("cached".utf8))
    }

    @Test func transportErrorsAreWrapped() async {
        let (api, _) = api([.fail(.deadlineExceeded)])
        await #expect(throws: APIError.transport(.deadlineExceeded)) {
            try await api.send(Endpoint<Page>(method: .get, path: "/page"))
        }
    }

    @Test(arguments: [
        "", "relative", "/a b", "/%zz", "/%4", "/a?b=c", "/a#frag", "/ünicode", "/a\nb", "/a\"b", "/a<b>",
    ])
    func invalidPathsAreRefusedBeforeSending(path: String) async {
        let (api, client) = api([.status(200)])
        await #expect(throws: APIError.invalidEndpoint(path: path)) {
            try await api.send(Endpoint<Data>.raw(method: .get, path: path))
        }
        #expect(client.requests.isEmpty)
    }

    @Test func unencodableBodiesAreAnEncodingErrorWithThePath() async {
        let (api, client) = api([.status(200)])
        await #expect {
            try await api.send(
                Endpoint<Data>.raw(method: .post, path: "/x", body: ["drafts": [Draft(name: "a", ratio: .infinity)]]))
        } throws: { error in
            guard case .encoding(let path, _) = error as? APIError else { return false }
            return path == "drafts[0].ratio"
        }
        #expect(client.requests.isEmpty)
    }

    @Test(arguments: [
        ("inv_1", "inv_1"), ("../admin", "..%2Fadmin"), ("..", "%2E%2E"), (".", "%2E"), ("a b", "a%20b"),
        ("a?b#c", "a%3Fb%23c"), ("100%", "100%25"), ("ü", "%C3%BC"), ("", ""),
    ])
    func pathSegmentsAreEscaped(segment: String, escaped: String) {
        #expect(Endpoint<Data>.escape(segment) == escaped)
    }

    @Test func hugeResponsesDecode() async throws {
        let items = (0..<50_000).map { #"{"name": "item \#($0)", "amount": \#($0)}"# }.joined(separator: ",")
        let (api, _) = api([.status(200, body: #"{"items": [\#(items)]}"#)])
        let page = try await api.send(Endpoint<Page>(method: .get, path: "/page"))
        #expect(page.items.count == 50_000)
        #expect(page.items.last == .init(name: "item 49999", amount: 49_999))
    }
}
