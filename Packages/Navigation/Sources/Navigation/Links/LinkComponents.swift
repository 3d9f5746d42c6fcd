/// The parts of a URI reference (RFC 3986, section 3), split by one strict parser.
///
/// Routing and the safety policy both read URLs through this parser instead of Foundation's `URL` accessors,
/// whose answers differ between platforms and OS versions (for example on `\` and on user information); one
/// parser means the policy checks exactly what the router routes.
struct LinkComponents {
    /// The scheme as written (not lower-cased), when the reference is absolute.
    var scheme: Substring?
    /// Everything between `//` and the path, when present.
    var authority: Substring?
    /// The path, possibly empty, still percent-encoded.
    var path: Substring
    /// The query without `?`, still percent-encoded.
    var query: Substring?
    /// The fragment without `#`.
    var fragment: Substring?

    init(_ text: Substring) {
        let utf8 = text.utf8
        var start = utf8.startIndex
        scheme = nil
        if let first = utf8.first, Self.isLetter(first) {
            var index = utf8.index(after: start)
            while index < utf8.endIndex {
                let byte = utf8[index]
                if byte == UInt8(ascii: ":") {
                    scheme = text[start..<index]
                    start = utf8.index(after: index)
                    break
                }
                guard Self.isSchemeCharacter(byte) else { break }
                index = utf8.index(after: index)
            }
        }

        authority = nil
        let rest = utf8[start...]
        if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let authorityStart = utf8.index(start, offsetBy: 2)
            var end = authorityStart
            while end < utf8.endIndex, !Self.endsAuthority(utf8[end]) { end = utf8.index(after: end) }
            authority = text[authorityStart..<end]
            start = end
        }

        var pathEnd = start
        while pathEnd < utf8.endIndex, utf8[pathEnd] != UInt8(ascii: "?"), utf8[pathEnd] != UInt8(ascii: "#") {
            pathEnd = utf8.index(after: pathEnd)
        }
        path = text[start..<pathEnd]

        query = nil
        fragment = nil
        var cursor = pathEnd
        if cursor < utf8.endIndex, utf8[cursor] == UInt8(ascii: "?") {
            let queryStart = utf8.index(after: cursor)
            var queryEnd = queryStart
            while queryEnd < utf8.endIndex, utf8[queryEnd] != UInt8(ascii: "#") {
                queryEnd = utf8.index(after: queryEnd)
            }
            query = text[queryStart..<queryEnd]
            cursor = queryEnd
        }
        if cursor < utf8.endIndex, utf8[cursor] == UInt8(ascii: "#") {
            fragment = text[utf8.index(after: cursor)...]
        }
    }

    /// User information, host and port of an authority.
    struct Authority {
        /// Whether `user@` (or `user:password@`) precedes the host.
        var hasUserInfo: Bool
        /// The host as written: a name, maybe percent-encoded or Unicode, or a bracketed IP literal.
        var host: Substring
        /// The port, when one is written.
        var port: Int?
    }

    /// Why an authority cannot be split.
    enum AuthorityFailure: Error, Equatable {
        /// The port is not a number from 0 to 65535.
        case invalidPort
        /// A bracketed IP literal is not closed.
        case unclosedIPLiteral
    }

    /// Splits `authority` into user information, host and port.
    static func split(authority: Substring) throws(AuthorityFailure) -> Authority {
        var hostAndPort = authority
        var hasUserInfo = false
        if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
            hasUserInfo = true
            hostAndPort = authority[authority.utf8.index(after: at)...]
        }
        let utf8 = hostAndPort.utf8
        var hostEnd = utf8.endIndex
        if utf8.first == UInt8(ascii: "[") {
            guard let close = utf8.firstIndex(of: UInt8(ascii: "]")) else { throw .unclosedIPLiteral }
            hostEnd = utf8.index(after: close)
            guard hostEnd == utf8.endIndex || utf8[hostEnd] == UInt8(ascii: ":") else { throw .invalidPort }
        } else if let colon = utf8.firstIndex(of: UInt8(ascii: ":")) {
            hostEnd = colon
        }
        let host = hostAndPort[..<hostEnd]
        var port: Int?
        if hostEnd < utf8.endIndex {
            let digits = hostAndPort[utf8.index(after: hostEnd)...]
            if !digits.isEmpty {
                guard digits.utf8.count <= 5, digits.utf8.allSatisfy(isDigit), let value = Int(digits), value <= 65_535
                else { throw .invalidPort }
                port = value
            }
        }
        return Authority(hasUserInfo: hasUserInfo, host: host, port: port)
    }

    /// The port a scheme uses when none is written, so `https://a:443/` and `https://a/` compare equal.
    static func defaultPort(forScheme scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        case "ftp": 21
        default: nil
        }
    }

    /// Lower-cases an ASCII scheme; schemes are case-insensitive (RFC 3986, section 3.1).
    static func canonicalScheme(_ scheme: Substring) -> String {
        scheme.lowercased()
    }

    static func isValidScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy(isSchemeCharacter)
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }
}

/// One `name=value` pair of a query, still percent-encoded.
struct RawQueryItem {
    var name: Substring
    var value: Substring

    /// Splits a query on `&` (and the legacy `;`), then each pair on its first `=`; empty pairs are skipped.
    /// Works on bytes, not characters, so a combining mark after `&` cannot hide a separator.
    static func parse(_ query: Substring) -> [RawQueryItem] {
        var items: [RawQueryItem] = []
        let utf8 = query.utf8
        var pairStart = utf8.startIndex
        var index = utf8.startIndex
        while true {
            let atEnd = index == utf8.endIndex
            if atEnd || utf8[index] == UInt8(ascii: "&") || utf8[index] == UInt8(ascii: ";") {
                if pairStart < index { items.append(item(query[pairStart..<index])) }
                if atEnd { break }
                pairStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        return items
    }

    private static func item(_ pair: Substring) -> RawQueryItem {
        guard let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else {
            return RawQueryItem(name: pair, value: pair[pair.endIndex...])
        }
        return RawQueryItem(name: pair[..<equals], value: pair[pair.utf8.index(after: equals)...])
    }
}
