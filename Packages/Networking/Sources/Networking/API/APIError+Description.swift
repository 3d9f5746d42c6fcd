extension APIError: CustomStringConvertible {
    /// The failure as a sentence a person can read, never a value dump: what the server answered, or why
    /// nothing usable came back. Code branches on the case, never on this text.
    public var description: String {
        switch self {
        case .transport(let failure): failure.description
        case .http(let response):
            "The server answered with HTTP \(response.status)" + (response.code.map { " (\($0))" } ?? "")
                + (response.message.map { ": " + Self.trimmingFinalPeriod($0) } ?? "") + "."
        case .decoding(let failure): failure.description
        case .encoding(let path, _) where path.isEmpty:
            "The request's body could not be written as JSON."
        case .encoding(let path, _):
            "The request's body could not be written as JSON: the field '\(path)' holds a value JSON cannot represent."
        case .invalidEndpoint(let path):
            "The path '\(path)' cannot be sent: a path starts with '/' and is percent-encoded."
        }
    }

    private static func trimmingFinalPeriod(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
