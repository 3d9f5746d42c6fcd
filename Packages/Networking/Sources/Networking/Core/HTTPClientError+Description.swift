extension HTTPClientError: CustomStringConvertible {
    /// The failure as a sentence a person can read (with a hint where one helps), never a value dump, so an app
    /// can show it as it is. Code branches on the case, never on this text.
    public var description: String {
        switch self {
        case .transport(let code): Self.transportSentence(code)
        case .timeout: "The server did not answer in time."
        case .deadlineExceeded: "The request took longer than it was allowed to, retries included."
        case .cancelled: "The request was cancelled."
        case .invalidResponse: "The server's answer was not a valid HTTP response."
        case .invalidRequest(.unsupportedScheme(let scheme)) where scheme.isEmpty:
            "The address has no scheme or no host; only http and https addresses can be used."
        case .invalidRequest(.unsupportedScheme(let scheme)):
            "Only http and https addresses can be used, not '\(scheme)'."
        case .invalidRequest(.invalidMethod(let method)): "The method '\(method)' is not an HTTP method."
        case .invalidRequest(.invalidHeader(let name)) where name.isEmpty:
            "A header without a name cannot be sent."
        case .invalidRequest(.invalidHeader(let name)):
            "The header '\(name)' cannot be sent: its name or its value holds characters HTTP does not allow."
        case .refreshRejected(let status) where status < 500:
            "The session is over and could not be renewed; sign in again."
        case .refreshRejected(let status):
            "The server failed to renew the session (HTTP \(status)); try again later."
        case .excessiveRefresh:
            "The server keeps refusing renewed sessions, so no more renewals were tried; sign in again."
        case .responseTooLarge(let limit):
            "The server's answer was larger than the \(Self.size(limit)) this request accepts, so it was not read."
        case .redirectRefused(let refusal): refusal.sentence
        }
    }

    /// `URLError` codes as sentences; other codes keep their number for support.
    private static func transportSentence(_ code: Int) -> String {
        switch code {
        case -1004: "The server could not be reached: the connection was refused. Is it running?"
        case -1003: "The server could not be reached: its name could not be found."
        case -1001: "The server did not answer in time."
        case -1005: "The connection to the server was lost."
        case -1009: "The server could not be reached: this device is not connected to a network."
        case -1200, -1201, -1202, -1203, -1204, -1205, -1206:
            "The server could not be reached: a secure connection could not be made."
        default: "The connection to the server failed (error \(code))."
        }
    }

    /// `512 bytes`, `64 KiB`, `16 MiB`, `1.5 GiB`.
    static func size(_ bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(max(0, bytes))
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return bytes == 1 ? "1 byte" : "\(max(0, bytes)) bytes" }
        let rounded = (value * 10).rounded() / 10
        let number = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(number) \(units[unit])"
    }
}

extension RedirectRefusal {
    /// Why the redirect was not followed, as a sentence.
    var sentence: String {
        switch self {
        case .tooManyRedirects(0):
            "The server redirected the request, and redirects are not followed here; nothing was sent to the new address."
        case .tooManyRedirects(let limit):
            "The server redirected the request more than \(limit) times, so it was stopped."
        case .insecureRedirect:
            "The server redirected a secure (https) request to an insecure (http) address, so it was not followed."
        case .unsafeRequestToAnotherOrigin(let method, let status, let origin):
            "The server answered \(status), asking to send this \(method.rawValue) request on to another server "
                + "(\(origin)); it was not sent there."
        case .unsupportedLocation:
            "The server redirected the request to an address that is not an http or https address, so it was not followed."
        }
    }
}
