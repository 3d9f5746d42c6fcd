import Foundation
import Networking
import Testing

@Suite("Networking: request and response values")
struct HTTPValueTests {
    @Test func headerNamesAreCaseInsensitive() {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers.contains("Content-type"))
        headers["content-TYPE"] = "text/plain"
        #expect(headers.count == 1)
        #expect(headers["Content-Type"] == "text/plain")
        headers["Content-Type"] = nil
        #expect(headers.isEmpty)
    }

    @Test func repeatedFieldsKeepTheirOrderAndAssignmentCollapsesThem() {
        var headers = HTTPHeaders()
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "X-Other", value: "x")
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers["Set-Cookie"] = "c=3"
        #expect(headers.values(for: "set-cookie") == ["c=3"])
        #expect(headers.map(\.name) == ["Set-Cookie", "X-Other"])
        headers.remove("x-other")
        #expect(headers.count == 1)
    }

    @Test func equalityAndHashingIgnoreTheCaseOfNamesButNotValuesOrOrder() {
        let lower: HTTPHeaders = ["accept": "a", "x-id": "1"]
        let upper: HTTPHeaders = ["ACCEPT": "a", "X-ID": "1"]
        #expect(lower == upper)
        #expect(Set([lower, upper]).count == 1)
        #expect(lower != ["accept": "A", "x-id": "1"])
        #expect(lower != ["x-id": "1", "accept": "a"])
        #expect(HTTPHeaders.namesMatch("Ä", "ä") == false)
        #expect(HTTPHeaders.namesMatch("", ""))
        #expect(HTTPHeaders.namesMatch("abc", "abcd") == false)
        #expect(HTTPHeaders.namesMatch("Content-TYPE", "content-type"))
        #expect(HTTPHeaders.namesMatch("X-Token-A", "x-token-b") == false)
        // Only ASCII letters fold: bytes 0x20 apart that are not letters stay different.
        #expect(HTTPHeaders.namesMatch("X-@", "x-`") == false)
        #expect(HTTPHeaders.namesMatch("[", "{") == false)
        #expect(HTTPHeaders.namesMatch("é", "É") == false)
    }

    @Test func aHugeHeaderListStaysUsable() {
        var headers = HTTPHeaders()
        for index in 0..<10_000 { headers.add(name: "X-\(index)", value: String(index)) }
        #expect(headers["x-9999"] == "9999")
        headers["X-5000"] = "changed"
        #expect(headers.count == 10_000)
        #expect(headers["x-5000"] == "changed")
    }

    @Test(arguments: [
        (HTTPMethod.get, true), (.head, true), (.options, true), (.put, true), (.delete, true), (.trace, true),
        (.post, false), (.patch, false), ("PROPFIND", false), ("get", false),
    ])
    func idempotentMethodsFollowRFC9110(method: HTTPMethod, idempotent: Bool) {
        #expect(method.isIdempotent == idempotent)
    }

    @Test func responsesKnowWhetherTheySucceeded() {
        #expect(HTTPResponse(status: 204).isSuccess)
        #expect(!HTTPResponse(status: 304).isSuccess)
        #expect(!HTTPResponse(status: 199).isSuccess)
    }

    @Test func tokensNeverPrintTheirSecrets() {
        let token = AuthToken(accessToken: "v7.secret-access", refreshToken: "rt.secret-refresh", version: "7")
        let unversioned = AuthToken(accessToken: "opaque-secret")
        for text in [
            String(describing: token), String(reflecting: token), String(describing: unversioned),
            String(reflecting: [token]), dumped(token), dumped(unversioned),
        ] {
            #expect(!text.contains("secret"), "\(text)")
        }
        #expect(unversioned.version == "opaque-secret")
    }

    private func dumped(_ value: some Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }
}

@Suite("Networking: request validation")
struct RequestValidationTests {
    @Test(arguments: [
        (
            HTTPRequest(url: URL(fileURLWithPath: "/etc/passwd")),
            HTTPClientError.invalidRequest(.unsupportedScheme("file"))
        ),
        (HTTPRequest(method: "GET X", url: exampleURL), .invalidRequest(.invalidMethod("GET X"))),
        (HTTPRequest(method: "", url: exampleURL), .invalidRequest(.invalidMethod(""))),
        (
            HTTPRequest(url: exampleURL, headers: ["X-Evil": "a\r\nInjected: yes"]),
            .invalidRequest(.invalidHeader(name: "X-Evil"))
        ),
        (HTTPRequest(url: exampleURL, headers: ["": "v"]), .invalidRequest(.invalidHeader(name: ""))),
    ])
    func unsendableRequestsAreRefused(request: HTTPRequest, error: HTTPClientError) {
        #expect(throws: error) { try request.validate() }
    }

    @Test func aWellFormedRequestPasses() throws {
        var headers = HTTPHeaders()
        for index in 0..<1_000 { headers.add(name: "X-\(index)", value: String(repeating: "v", count: 100)) }
        try HTTPRequest(method: "PROPFIND", url: exampleURL, headers: headers, body: Data(count: 1 << 20)).validate()
        try HTTPRequest(url: try #require(URL(string: "HTTP://EXAMPLE.com"))).validate()
    }
}
