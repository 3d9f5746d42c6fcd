/// The reasons the URL scanner records; the declaration order is the reporting order.
enum URLFailureReason: Int, CaseIterable, FailureReason {
    case empty, tooLong, whitespace, controlCharacter, missingScheme, invalidScheme, schemeNotAllowed
    case dangerousScheme, missingHost, invalidHost, invalidPort, credentialsNotAllowed, invalidCharacter
    case invalidPercentEncoding

    var code: ValidationCode {
        switch self {
        case .empty: .urlEmpty
        case .tooLong: .urlTooLong
        case .whitespace: .urlWhitespace
        case .controlCharacter: .urlControlCharacter
        case .missingScheme: .urlMissingScheme
        case .invalidScheme: .urlInvalidScheme
        case .schemeNotAllowed: .urlSchemeNotAllowed
        case .dangerousScheme: .urlDangerousScheme
        case .missingHost: .urlMissingHost
        case .invalidHost: .urlInvalidHost
        case .invalidPort: .urlInvalidPort
        case .credentialsNotAllowed: .urlCredentialsNotAllowed
        case .invalidCharacter: .urlInvalidCharacter
        case .invalidPercentEncoding: .urlInvalidPercentEncoding
        }
    }
}

/// Reads a URL's UTF-8 bytes in three linear steps: a character pass over everything, the scheme as RFC 3986
/// and as a browser would read it, then the authority (user info, host, port).
struct URLScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let options: URLValidationOptions
    private var found = FailureSet<URLFailureReason>()

    init(bytes: UnsafeBufferPointer<UInt8>, options: URLValidationOptions) {
        self.bytes = bytes
        self.options = options
    }

    mutating func scan() -> FailureSet<URLFailureReason> {
        guard !bytes.isEmpty else {
            found.insert(.empty)
            return found
        }
        if bytes.count > options.maximumLength { found.insert(.tooLong) }
        checkCharacters()
        let scheme = readScheme()
        if let dangerous = browserScheme(), UrlSchemes.isDangerous(dangerous, allowed: options.allowedSchemes) {
            found.insert(.dangerousScheme)
        }
        guard let scheme else { return found }
        let name = scheme.name
        if !options.allowedSchemes.contains(name) && !UrlSchemes.isDangerous(name, allowed: options.allowedSchemes) {
            found.insert(.schemeNotAllowed)
        }
        checkAuthority(after: scheme.end, requiresHost: options.schemesRequiringHost.contains(name))
        return found
    }

    // MARK: Characters

    /// Whitespace, controls, characters RFC 3986 never allows unencoded, and broken percent escapes.
    private mutating func checkCharacters() {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x80 else {
                checkASCII(byte, at: index)
                index += 1
                continue
            }
            let (scalar, width) = UTF8Decoding.scalar(in: bytes, at: index)
            if scalar.properties.isWhitespace {
                found.insert(.whitespace)
            } else if scalar.properties.generalCategory == .control {
                found.insert(.controlCharacter)
            } else if !UnicodeText.isAllowedInText(scalar) {
                found.insert(.invalidCharacter)
            }
            index += width
        }
    }

    private mutating func checkASCII(_ byte: UInt8, at index: Int) {
        switch byte {
        case 0x20, 0x09...0x0D:
            found.insert(.whitespace)
        case 0x00...0x1F, 0x7F:
            found.insert(.controlCharacter)
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "^"),
            UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            found.insert(.invalidCharacter)
        case UInt8(ascii: "%"):
            let valid =
                index + 2 < bytes.count && Self.isHexDigit(bytes[index + 1]) && Self.isHexDigit(bytes[index + 2])
            if !valid { found.insert(.invalidPercentEncoding) }
        default:
            break
        }
    }

    // MARK: Scheme

    /// The RFC 3986 scheme: the text before the first `:`, when no `/`, `?` or `#` comes first. Reports a
    /// missing or malformed scheme and returns `nil` for both.
    private mutating func readScheme() -> (name: String, end: Int)? {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ":"):
                let scheme = UnsafeBufferPointer(rebasing: bytes[0..<index])
                guard let first = scheme.first, Self.isLetter(first), scheme.allSatisfy(Self.isSchemeCharacter) else {
                    found.insert(index == 0 ? .missingScheme : .invalidScheme)
                    return nil
                }
                return (String(decoding: scheme, as: UTF8.self).lowercased(), index + 1)
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                found.insert(.missingScheme)
                return nil
            default:
                index += 1
            }
        }
        found.insert(.missingScheme)
        return nil
    }

    /// The scheme as the WHATWG URL parser sees it: leading C0 controls and spaces dropped, tabs and line
    /// breaks removed anywhere, letters lower-cased. `java\nscript:` and ` javascript:` run script in a
    /// browser, so they must be named for what they are even though they are not valid RFC 3986 schemes.
    private func browserScheme() -> String? {
        var scheme: [UInt8] = []
        var started = false
        for byte in bytes {
            if !started && byte <= 0x20 { continue }
            started = true
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: ":") { break }
            guard Self.isSchemeCharacter(byte), scheme.count < 32 else { return nil }
            scheme.append(byte | (Self.isLetter(byte) ? 0x20 : 0))
        }
        guard let first = scheme.first, Self.isLetter(first) else { return nil }
        return String(decoding: scheme, as: UTF8.self)
    }

    // MARK: Authority

    /// Checks `//userinfo@host:port` right after the scheme's colon.
    private mutating func checkAuthority(after schemeEnd: Int, requiresHost: Bool) {
        let slash = UInt8(ascii: "/")
        guard schemeEnd + 1 < bytes.count, bytes[schemeEnd] == slash, bytes[schemeEnd + 1] == slash else {
            if requiresHost { found.insert(.missingHost) }
            return
        }
        let start = schemeEnd + 2
        var end = start
        while end < bytes.count, ![slash, UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[end]) { end += 1 }
        var hostStart = start
        if let at = (start..<end).last(where: { bytes[$0] == UInt8(ascii: "@") }) {
            if !options.allowsCredentials { found.insert(.credentialsNotAllowed) }
            hostStart = at + 1
        }
        let authority = UnsafeBufferPointer(rebasing: bytes[hostStart..<end])
        let (host, port) = Self.splitPort(authority)
        if host.isEmpty {
            if requiresHost { found.insert(.missingHost) }
        } else if !HostSyntax.isValid(host, allowsInternationalized: options.allowsInternationalizedHost) {
            found.insert(.invalidHost)
        }
        if let port, !Self.isValidPort(port) { found.insert(.invalidPort) }
    }

    /// Splits `host:port`; the colons inside a bracketed IPv6 host are not separators.
    private static func splitPort(
        _ authority: UnsafeBufferPointer<UInt8>
    ) -> (host: UnsafeBufferPointer<UInt8>, port: UnsafeBufferPointer<UInt8>?) {
        let searchFrom = authority.first == UInt8(ascii: "[") ? (authority.firstIndex(of: UInt8(ascii: "]")) ?? 0) : 0
        guard let colon = authority[searchFrom...].lastIndex(of: UInt8(ascii: ":")) else { return (authority, nil) }
        return (
            UnsafeBufferPointer(rebasing: authority[..<colon]),
            UnsafeBufferPointer(rebasing: authority[(colon + 1)...])
        )
    }

    /// RFC 3986 allows an empty port (`host:`); otherwise up to five digits, at most 65535.
    private static func isValidPort(_ port: UnsafeBufferPointer<UInt8>) -> Bool {
        guard port.count <= 5, port.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return false
        }
        return port.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 65_535
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}

/// The scheme rules that do not depend on parsing.
enum UrlSchemes {
    /// A dangerous scheme is refused unless the caller allow-listed it on purpose.
    static func isDangerous(_ scheme: String, allowed: Set<String>) -> Bool {
        URLValidationOptions.dangerousSchemes.contains(scheme) && !allowed.contains(scheme)
    }
}

/// The host of a URL: a bracketed IPv6 address, a dotted-quad IPv4 address, or a domain name of
/// letter-digit-hyphen labels (one trailing dot, the fully qualified form, is allowed).
enum HostSyntax {
    static func isValid(_ host: UnsafeBufferPointer<UInt8>, allowsInternationalized: Bool) -> Bool {
        if host.first == UInt8(ascii: "[") {
            guard host.count >= 2, host.count <= 64, host.last == UInt8(ascii: "]") else { return false }
            return AddressLiteral.isIPv6(Array(host.dropFirst().dropLast())[...], compressionMayStandForOneGroup: true)
        }
        var name = host[...]
        if name.last == UInt8(ascii: ".") { name = name.dropLast() }
        guard !name.isEmpty, name.count <= 253 else { return false }
        let labels = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard let last = labels.last else { return false }
        // Browsers read an all-numeric (or hex) last label as part of an IPv4 address, in forms like
        // `2130706433` or `0x7f.1`; only the unambiguous dotted quad without leading zeros is accepted.
        if last.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) || isHexNumber(last) {
            return AddressLiteral.isIPv4(Array(name)[...], allowsLeadingZeros: false)
        }
        return labels.allSatisfy { isValidLabel($0, allowsInternationalized: allowsInternationalized) }
    }

    private static func isHexNumber(_ label: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        label.count > 2 && label.first == UInt8(ascii: "0")
            && label.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x")
    }

    private static func isValidLabel(_ label: Slice<UnsafeBufferPointer<UInt8>>, allowsInternationalized: Bool) -> Bool
    {
        guard !label.isEmpty, label.count <= 63, label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
        else { return false }
        let buffer = UnsafeBufferPointer(rebasing: label)
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            if byte < 0x80 {
                let isLDH =
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                guard isLDH else { return false }
                index += 1
            } else {
                let (scalar, width) = UTF8Decoding.scalar(in: buffer, at: index)
                guard allowsInternationalized, UnicodeText.isAllowedInLabel(scalar, atLabelStart: index == 0) else {
                    return false
                }
                index += width
            }
        }
        return true
    }
}
