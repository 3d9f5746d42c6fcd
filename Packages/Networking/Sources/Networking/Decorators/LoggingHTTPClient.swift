public import Foundation

/// One attempt as the logging decorator saw it, with secrets already redacted.
public struct HTTPLogEntry: Hashable, Sendable {
    /// The attempt number (``RequestAttempt/number``): 1 unless a ``RetryingHTTPClient`` wraps the logger.
    public var attempt: Int
    /// The method.
    public var method: HTTPMethod
    /// The URL with its password and secret query values replaced by `redacted`.
    public var url: String
    /// The response status, or nil when the attempt failed.
    public var status: Int?
    /// The failure, or nil when a response arrived.
    public var error: HTTPClientError?
    /// How long the attempt took, on the monotonic clock.
    public var duration: Duration
    /// Request body bytes sent.
    public var requestBytes: Int
    /// Response body bytes received.
    public var responseBytes: Int
    /// The request's headers, secrets redacted.
    public var requestHeaders: HTTPHeaders
    /// The response's headers, secrets redacted (empty when the attempt failed).
    public var responseHeaders: HTTPHeaders

    /// Creates an entry.
    public init(
        attempt: Int,
        method: HTTPMethod,
        url: String,
        status: Int?,
        error: HTTPClientError?,
        duration: Duration,
        requestBytes: Int,
        responseBytes: Int,
        requestHeaders: HTTPHeaders,
        responseHeaders: HTTPHeaders
    ) {
        self.attempt = attempt
        self.method = method
        self.url = url
        self.status = status
        self.error = error
        self.duration = duration
        self.requestBytes = requestBytes
        self.responseBytes = responseBytes
        self.requestHeaders = requestHeaders
        self.responseHeaders = responseHeaders
    }

    /// One line for a text log: `GET https://host/path -> 200 in 12.3 ms (attempt 1, sent 0 B, received 512 B)`.
    public var line: String {
        let outcome = status.map(String.init) ?? error.map { "failed (\($0))" } ?? "failed"
        let milliseconds = Double(duration.clampedNanoseconds) / 1e6
        let time = String(format: "%.1f ms", milliseconds)
        return "\(method) \(url) -> \(outcome) in \(time) (attempt \(attempt), sent \(requestBytes) B, "
            + "received \(responseBytes) B)"
    }
}

/// Where log entries go. No global logger: the app passes the sink it wants.
public protocol HTTPLogSink: Sendable {
    /// Records one entry. Called on the request's task, so keep it quick.
    func record(_ entry: HTTPLogEntry)
}

/// A sink that hands each entry's `line` to a closure (print it, append it to a file, forward it to os_log).
public struct LineLogSink: HTTPLogSink {
    private let write: @Sendable (String) -> Void

    /// Creates a sink writing lines with `write`.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Writes the entry's line.
    public func record(_ entry: HTTPLogEntry) {
        write(entry.line)
    }
}

/// Which secrets the logger hides.
public struct Redaction: Hashable, Sendable {
    /// Header names whose values are replaced (compared case-insensitively).
    public var headerNames: Set<String> {
        didSet {
            headerNames = Set(headerNames.map { $0.lowercased() })
            secretHeaderNames = headerNames.sorted()
            secretHeaderLengths = Self.lengthMask(of: headerNames)
        }
    }
    /// `headerNames` as a sorted array (so equal redactions stay equal): every logged field is checked against
    /// each, and an array is the cheapest to walk.
    private var secretHeaderNames: [String]
    /// One bit per length of a secret header name (names of 63 bytes or more share the last): most fields are
    /// told apart by their length alone, without comparing names.
    private var secretHeaderLengths: UInt64
    /// Query item names whose values are replaced (compared case-insensitively).
    public var queryItemNames: Set<String> {
        didSet {
            queryItemNames = Set(queryItemNames.map { $0.lowercased() })
            secretQueryNames = queryItemNames.sorted().map { Array($0.utf8) }
        }
    }
    /// `queryItemNames` as sorted byte arrays, to find a secret name in a URL without parsing it.
    private var secretQueryNames: [[UInt8]]

    /// Creates a redaction; the defaults hide credentials and cookies in headers and common token parameters.
    public init(
        headerNames: Set<String> = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"],
        queryItemNames: Set<String> = ["access_token", "refresh_token", "token", "password", "api_key", "key"]
    ) {
        self.headerNames = Set(headerNames.map { $0.lowercased() })
        secretHeaderNames = self.headerNames.sorted()
        secretHeaderLengths = Self.lengthMask(of: self.headerNames)
        self.queryItemNames = Set(queryItemNames.map { $0.lowercased() })
        secretQueryNames = self.queryItemNames.sorted().map { Array($0.utf8) }
    }

    /// What replaces a secret.
    public static let placeholder = "redacted"

    /// `headers` with secret values replaced.
    public func redact(_ headers: HTTPHeaders) -> HTTPHeaders {
        // Most requests carry one secret header at most: find the fields first, without lower-casing names, and
        // copy the headers only when one must change.
        guard headers.contains(where: isSecret) else { return headers }
        return HTTPHeaders(
            headers.map { field in
                isSecret(field) ? HTTPHeaders.Field(name: field.name, value: Self.placeholder) : field
            }
        )
    }

    private func isSecret(_ field: HTTPHeaders.Field) -> Bool {
        secretHeaderLengths & Self.lengthBit(field.name) != 0
            && secretHeaderNames.contains { HTTPHeaders.namesMatch($0, field.name) }
    }

    private static func lengthBit(_ name: String) -> UInt64 {
        1 << min(name.utf8.count, 63)
    }

    private static func lengthMask(of names: Set<String>) -> UInt64 {
        names.reduce(0) { $0 | lengthBit($1) }
    }

    /// `url` without its password, fragment and secret query values.
    public func redact(_ url: URL) -> String {
        let text = url.absoluteString
        // A URL with nothing to hide, the usual case, is logged as it is: URLComponents is the costly part of
        // logging.
        if !(text.utf8.withContiguousStorageIfAvailable(mayHoldSecrets) ?? true) { return text }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<unreadable URL>"
        }
        if components.password != nil { components.password = Self.placeholder }
        components.fragment = nil
        if let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.map { item in
                let name = (item.name.removingPercentEncoding ?? item.name).lowercased()
                guard queryItemNames.contains(name), item.value != nil else { return item }
                return URLQueryItem(name: item.name, value: Self.placeholder)
            }
        }
        return components.string ?? "<unreadable URL>"
    }
}

extension Redaction {
    /// Whether an absolute URL's bytes hold anything to hide: a fragment, a user part in the authority (which may
    /// carry a password), or a query item whose name is secret or percent-encoded (so it might be one). One scan,
    /// no allocation; anything unusual answers true and goes through URLComponents.
    fileprivate func mayHoldSecrets(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        // The authority follows "://" and ends at the first "/", "?" or "#".
        if let schemeEnd = Self.find([0x3A, 0x2F, 0x2F], in: bytes) {
            index = schemeEnd + 3
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                if byte == UInt8(ascii: "@") { return true }
                index += 1
            }
        }
        var nameStart: Int?
        var nameEnd: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") { return true }
            if nameStart == nil {
                if byte == UInt8(ascii: "?") { nameStart = index + 1 }
            } else if byte == UInt8(ascii: "&") {
                if let start = nameStart, isSecretName(bytes, from: start, to: nameEnd ?? index) { return true }
                (nameStart, nameEnd) = (index + 1, nil)
            } else if byte == UInt8(ascii: "=") {
                if nameEnd == nil { nameEnd = index }
            } else if (byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+")) && nameEnd == nil {
                return true  // an encoded name: let URLComponents decode it
            }
            index += 1
        }
        if let start = nameStart, isSecretName(bytes, from: start, to: nameEnd ?? bytes.count) { return true }
        return false
    }

    private func isSecretName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        secretQueryNames.contains { name in
            guard name.count == end - start else { return false }
            for (offset, expected) in name.enumerated() {
                let byte = bytes[start + offset]
                if ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) != expected { return false }
            }
            return true
        }
    }

    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count)
        where (0..<needle.count).allSatisfy({ bytes[start + $0] == needle[$0] }) {
            return start
        }
        return nil
    }
}

/// Reports every attempt to a sink: attempt number, method, URL, status or error, duration and byte counts.
///
/// Guarantees: `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` values, URL passwords and token
/// query parameters are redacted before the sink sees the entry, and bodies are never logged, so no token
/// reaches a log through this decorator. Place it inside ``RetryingHTTPClient`` to log each attempt.
public struct LoggingHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let sink: any HTTPLogSink
    private let clock: any MonotonicClock
    private let redaction: Redaction

    /// Wraps `base`; `clock` measures durations.
    public init(
        wrapping base: any HTTPClient,
        sink: any HTTPLogSink,
        clock: any MonotonicClock = SystemClock(),
        redaction: Redaction = Redaction()
    ) {
        self.base = base
        self.sink = sink
        self.clock = clock
        self.redaction = redaction
    }

    /// Sends `request` and records the attempt.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let start = clock.now()
        let outcome = await base.outcome(of: request)
        let duration = clock.now() - start
        let response = try? outcome.get()
        var failure: HTTPClientError?
        if case .failure(let error) = outcome { failure = error }
        sink.record(
            HTTPLogEntry(
                attempt: RequestAttempt.number,
                method: request.method,
                url: redaction.redact(request.url),
                status: response?.status,
                error: failure,
                duration: duration,
                requestBytes: request.body?.count ?? 0,
                responseBytes: response?.body.count ?? 0,
                requestHeaders: redaction.redact(request.headers),
                responseHeaders: response.map { redaction.redact($0.headers) } ?? HTTPHeaders()
            )
        )
        return try outcome.get()
    }
}

extension LoggingHTTPClient: HTTPClientChain {
    var limitsEveryAttempt: Bool { Networking.limitsEveryAttempt(base) }
}
