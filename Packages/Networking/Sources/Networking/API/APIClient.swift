public import Foundation

/// Sends typed endpoints through any ``HTTPClient`` and returns decoded values or a typed ``APIError``.
///
/// This is the only layer that treats statuses as errors: a status outside the endpoint's accepted range
/// becomes `APIError.http` with the server's error body.
public struct APIClient: Sendable {
    /// The URL every endpoint path is appended to (`http://127.0.0.1:8080`, `https://api.example.com/base`).
    public let baseURL: URL
    private let client: any HTTPClient

    /// Creates a client for the API at `baseURL`.
    public init(baseURL: URL, client: any HTTPClient) {
        self.baseURL = baseURL
        self.client = client
    }

    /// Sends `endpoint` and decodes its response.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws(APIError) -> Response {
        let request = try makeRequest(for: endpoint)
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch {
            throw .transport(error)
        }
        guard endpoint.acceptedStatuses.contains(response.status) else {
            throw .http(ServerErrorResponse(response))
        }
        do throws(APIError) {
            return try endpoint.decode(response)
        } catch .decoding(let failure) {
            var named = failure
            if named.request.isEmpty { named.request = "\(endpoint.method.rawValue) \(endpoint.path)" }
            throw .decoding(named)
        }
    }

    /// The HTTP request `endpoint` stands for; public so callers can inspect or log it.
    public func makeRequest<Response>(for endpoint: Endpoint<Response>) throws(APIError) -> HTTPRequest {
        guard Self.isPercentEncodedPath(endpoint.path),
            var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        else { throw .invalidEndpoint(path: endpoint.path) }
        let basePath =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = basePath + endpoint.path
        if !endpoint.query.isEmpty {
            components.queryItems = endpoint.query.map { URLQueryItem(name: $0.name, value: $0.value) }
        }
        guard let url = components.url else { throw .invalidEndpoint(path: endpoint.path) }
        var headers = endpoint.headers
        if headers["Accept"] == nil { headers["Accept"] = "application/json" }
        var body: Data?
        if let value = endpoint.body {
            body = try Self.encode(value)
            headers["Content-Type"] = "application/json"
        }
        return HTTPRequest(
            method: endpoint.method, url: url, headers: headers, body: body,
            maximumResponseBytes: endpoint.maximumResponseBytes)
    }

    /// Whether `path` starts with `/` and holds only path characters and well-formed `%XX` escapes: Foundation
    /// traps on a badly encoded path, so a hostile one must be refused before it gets there.
    static func isPercentEncodedPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
                continue
            }
            guard isPathCharacter(byte) else { return false }
            index += 1
        }
        return true
    }

    /// RFC 3986 `pchar` without `%`, plus `/`.
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
            true
        default: false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func encode(_ value: any Encodable & Sendable) throws(APIError) -> Data {
        do {
            return try JSONEncoder.api.encode(value)
        } catch let error as EncodingError {
            switch error {
            case .invalidValue(_, let context):
                throw .encoding(path: DecodingFailure.path(context.codingPath), description: context.debugDescription)
            @unknown default:
                throw .encoding(path: "", description: String(describing: error))
            }
        } catch {
            throw .encoding(path: "", description: String(describing: error))
        }
    }
}
