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
        // Offsets are found on the raw bytes (contiguous for native strings), then turned into substrings once;
        // UTF-8 offsets map to string indices in constant time.
        let bounds =
            text.utf8.withContiguousStorageIfAvailable(Bounds.init)
            ?? Array(text.utf8).withUnsafeBufferPointer(Bounds.init)
        func slice(_ range: Range<Int>) -> Substring {
            let utf8 = text.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(lower, offsetBy: range.count)
            return text[lower..<upper]
        }
        scheme = bounds.scheme.map(slice)
        authority = bounds.authority.map(slice)
        path = slice(bounds.path)
        query = bounds.query.map(slice)
        fragment = bounds.fragment.map(slice)
    }

    /// Byte ranges of the components.
    private struct Bounds {
        var scheme: Range<Int>?
        var authority: Range<Int>?
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            let count = bytes.count
            var start = 0
            scheme = nil
            if count > 0, LinkComponents.isLetter(bytes[0]) {
                var index = 1
                while index < count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ":") {
                        scheme = 0..<index
                        start = index + 1
                        break
                    }
                    guard LinkComponents.isSchemeCharacter(byte) else { break }
                    index += 1
                }
            }
            authority = nil
            if start + 1 < count, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
                var end = start + 2
                while end < count, !LinkComponents.endsAuthority(bytes[end]) { end += 1 }
                authority = (start + 2)..<end
                start = end
            }
            var pathEnd = start
            while pathEnd < count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") {
                pathEnd += 1
            }
            path = start..<pathEnd
            query = nil
            fragment = nil
            var cursor = pathEnd
            if cursor < count, bytes[cursor] == UInt8(ascii: "?") {
                var queryEnd = cursor + 1
                while queryEnd < count, bytes[queryEnd] != UInt8(ascii: "#") { queryEnd += 1 }
                query = (cursor + 1)..<queryEnd
                cursor = queryEnd
            }
            if cursor < count, bytes[cursor] == UInt8(ascii: "#") {
                fragment = (cursor + 1)..<count
            }
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

    fileprivate static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    fileprivate static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    fileprivate static func isSchemeCharacter(_ byte: UInt8) -> Bool {
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
