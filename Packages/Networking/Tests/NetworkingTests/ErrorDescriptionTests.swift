import Foundation
import Networking
import NetworkingTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every case of every public error type of the package, each described as a person reads it: a sentence, with
/// no Swift type name, no `case(...)` dump and no `Optional(`. The `exhaustive` switches fail to compile when a
/// case is added without a sample here.
@Suite("Networking: every error reads as a sentence")
struct ErrorDescriptionTests {
    static let invalidRequests: [InvalidRequestReason] = [
        .unsupportedScheme("ftp"), .unsupportedScheme(""), .invalidMethod("GET X"), .invalidHeader(name: "X-Evil"),
        .invalidHeader(name: ""),
    ]

    static let refusals: [RedirectRefusal] = [
        .tooManyRedirects(limit: 0), .tooManyRedirects(limit: 5), .insecureRedirect,
        .unsafeRequestToAnotherOrigin(method: .post, status: 307, origin: "http://127.0.0.1:8081"),
        .unsupportedLocation,
    ]

    static let clientErrors: [HTTPClientError] =
        [-1004, -1003, -1001, -1005, -1009, -1200, -1, 54].map { .transport(code: $0) }
        + [.timeout, .deadlineExceeded, .cancelled, .invalidResponse]
        + invalidRequests.map { .invalidRequest($0) }
        + [.refreshRejected(status: 401), .refreshRejected(status: 503), .excessiveRefresh]
        + [.responseTooLarge(limit: 16 << 20), .responseTooLarge(limit: 1), .responseTooLarge(limit: 1_500)]
        + refusals.map { .redirectRefused($0) }

    static let decodingFailures: [DecodingFailure] = [
        DecodingFailure.Kind.typeMismatch, .missingKey, .missingValue, .corrupted,
    ]
    .flatMap { kind in
        [
            DecodingFailure(kind: kind, path: "", detail: "Optional(CodingKeys(stringValue: \"x\"))"),
            DecodingFailure(
                kind: kind, path: "items[1].amount", detail: "Expected to decode Int but found a string",
                request: "GET /v1/items"),
        ]
    }

    static let apiErrors: [APIError] =
        clientErrors.map { .transport($0) }
        + [
            .http(ServerErrorResponse(status: 422, code: "validation_failed", message: "The email is taken.")),
            .http(ServerErrorResponse(status: 500)),
        ]
        + decodingFailures.map { .decoding($0) }
        + [
            .encoding(path: "", description: "Optional(Swift.Double.infinity)"),
            .encoding(path: "drafts[0].ratio", description: "Unable to encode Double.infinity directly in JSON."),
            .invalidEndpoint(path: "relative"),
        ]

    static let serverErrors: [ScriptedLoopbackServerError] = [.cannotListen(step: "bind", code: EADDRINUSE)]

    /// Fails to compile when a case is added, so the samples above stay complete.
    static func exhaustive(_ error: HTTPClientError, _ api: APIError, _ server: ScriptedLoopbackServerError) {
        switch error {
        case .transport, .timeout, .deadlineExceeded, .cancelled, .invalidResponse, .invalidRequest,
            .refreshRejected, .excessiveRefresh, .responseTooLarge, .redirectRefused:
            break
        }
        switch api {
        case .transport, .http, .decoding, .encoding, .invalidEndpoint: break
        }
        switch server {
        case .cannotListen: break
        }
    }

    static func exhaustive(_ reason: InvalidRequestReason, _ refusal: RedirectRefusal, _ kind: DecodingFailure.Kind) {
        switch reason {
        case .unsupportedScheme, .invalidMethod, .invalidHeader: break
        }
        switch refusal {
        case .tooManyRedirects, .insecureRedirect, .unsafeRequestToAnotherOrigin, .unsupportedLocation: break
        }
        switch kind {
        case .typeMismatch, .missingKey, .missingValue, .corrupted: break
        }
    }

    /// The public types of the package's modules: none may appear in a description.
    static let typeNames = [
        "APIClient", "APIError", "AuthToken", "AuthenticatingHTTPClient", "DeadlineHTTPClient", "DecodingFailure",
        "DeduplicatingHTTPClient", "Endpoint", "FieldError", "HTTPClient", "HTTPClientError", "HTTPHeaders",
        "HTTPLogEntry", "HTTPMethod", "HTTPRequest", "HTTPResponse", "HTTPStack", "InvalidRequestReason", "Kind",
        "LoggingHTTPClient", "RedirectPolicy", "RedirectRefusal", "RedirectingHTTPClient", "RetryPolicy",
        "ScriptedLoopbackServerError", "ServerErrorResponse", "TimeoutHTTPClient", "URLSessionHTTPClient",
        "CodingKeys", "DecodingError", "URLError", "NSError", "Error Domain", "Swift.", "Foundation.", "<root>",
    ]

    static func problems(in sentence: String) -> [String] {
        var problems: [String] = []
        if sentence.first.map({ !$0.isUppercase }) ?? true { problems.append("does not start with a capital") }
        if !(sentence.hasSuffix(".") || sentence.hasSuffix("?")) { problems.append("does not end a sentence") }
        if sentence.contains("Optional(") { problems.append("dumps an optional") }
        for name in typeNames where sentence.contains(name) { problems.append("names \(name)") }
        // An identifier directly followed by a parenthesis is how Swift prints an enum case or a call.
        if sentence.range(of: #"[A-Za-z_][A-Za-z0-9_]*\("#, options: .regularExpression) != nil {
            problems.append("dumps a value")
        }
        return problems
    }

    @Test(arguments: clientErrors)
    func everyHTTPClientErrorIsASentence(error: HTTPClientError) {
        #expect(Self.problems(in: "\(error)") == [], "\(error)")
    }

    @Test(arguments: apiErrors)
    func everyAPIErrorIsASentence(error: APIError) {
        #expect(Self.problems(in: "\(error)") == [], "\(error)")
    }

    @Test(arguments: decodingFailures)
    func everyDecodingFailureIsASentenceThatSaysTheServerAnswered(failure: DecodingFailure) {
        #expect(Self.problems(in: "\(failure)") == [], "\(failure)")
        #expect("\(failure)".hasPrefix("The server answered"))
    }

    @Test(arguments: serverErrors)
    func everyLoopbackServerErrorIsASentence(error: ScriptedLoopbackServerError) {
        #expect(Self.problems(in: "\(error)") == [], "\(error)")
    }

    @Test func theCheckCatchesWhatItLooksFor() {
        #expect(Self.problems(in: "missingKey at token_version: No value") != [])
        #expect(Self.problems(in: "The server failed: transport(code: -1004).") == ["dumps a value"])
        #expect(Self.problems(in: "The value was Optional(1).").contains("dumps an optional"))
        #expect(Self.problems(in: "A HTTPClientError happened.") == ["names HTTPClient", "names HTTPClientError"])
        #expect(Self.problems(in: "The connection to the server failed (error 54).") == [])
    }

    @Test func sentencesSayWhatTheySay() {
        #expect(
            "\(HTTPClientError.responseTooLarge(limit: 16 << 20))"
                == "The server's answer was larger than the 16 MiB this request accepts, so it was not read.")
        #expect(
            "\(HTTPClientError.responseTooLarge(limit: 1_500))"
                == "The server's answer was larger than the 1.5 KiB this request accepts, so it was not read.")
        #expect(
            "\(HTTPClientError.redirectRefused(.unsafeRequestToAnotherOrigin(method: .post, status: 307, origin: "http://127.0.0.1:8081")))"
                == "The server answered 307, asking to send this POST request on to another server "
                + "(http://127.0.0.1:8081); it was not sent there.")
        #expect(
            "\(APIError.http(ServerErrorResponse(status: 422, code: "validation_failed", message: "The email is taken.")))"
                == "The server answered with HTTP 422 (validation_failed): The email is taken.")
        #expect(
            "\(APIError.transport(.transport(code: -1004)))"
                == "The server could not be reached: the connection was refused. Is it running?")
    }
}

@Suite("Networking: which failures mean the server was never heard from")
struct UnreachableTests {
    @Test(arguments: [
        (HTTPClientError.transport(code: -1004), true), (.timeout, true), (.deadlineExceeded, true),
        (.cancelled, false), (.invalidResponse, false), (.invalidRequest(.unsupportedScheme("ftp")), false),
        (.refreshRejected(status: 401), false), (.excessiveRefresh, false), (.responseTooLarge(limit: 16), false),
        (.redirectRefused(.insecureRedirect), false),
    ])
    func onlyNoConnectionAndNoAnswerInTimeAreUnreachable(error: HTTPClientError, unreachable: Bool) {
        #expect(error.isUnreachable == unreachable)
    }
}
