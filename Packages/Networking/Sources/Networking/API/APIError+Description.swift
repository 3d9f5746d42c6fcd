extension APIError: CustomStringConvertible {
    /// The failure as a phrase a message can carry, never a value dump: what the server answered, or why nothing
    /// usable came back.
    public var description: String {
        switch self {
        case .transport(let failure): "the server could not be reached: \(failure)"
        case .http(let response):
            "the server answered \(response.status)" + (response.code.map { " (\($0))" } ?? "")
                + (response.message.map { ": \($0)" } ?? "")
        case .decoding(let failure): "the server's answer could not be read (\(failure))"
        case .encoding(let path, _): "the request could not be written" + (path.isEmpty ? "" : " at \(path)")
        case .invalidEndpoint(let path): "'\(path)' is not a path the client can send"
        }
    }
}
