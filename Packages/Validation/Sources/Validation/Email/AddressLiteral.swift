/// Parsers for the IP addresses that may stand in for a host name: in a mail address literal
/// (`[192.0.2.1]`, `[IPv6:2001:db8::1]`, RFC 5321 section 4.1.3) and in a URL host (`[2001:db8::1]`,
/// RFC 3986). Inputs are short (the callers cap them), so these work on small byte arrays.
enum AddressLiteral {
    /// The content between `[` and `]` of a mail address literal: dotted IPv4, or `IPv6:` (any case) and an
    /// IPv6 address. General address literals (`tag:content`) name no standard and are refused.
    static func isValidMailLiteral(_ bytes: [UInt8]) -> Bool {
        let prefix = Array("ipv6:".utf8)
        if bytes.count > prefix.count, zip(bytes, prefix).allSatisfy({ lowercased($0) == $1 }) {
            return isIPv6(bytes[prefix.count...], compressionMayStandForOneGroup: false)
        }
        return isIPv4(bytes[...])
    }

    /// Four decimal numbers 0–255 separated by dots; each one to three digits (RFC 5321 `Snum`). URL hosts
    /// refuse leading zeros (`010.0.0.1`), which some resolvers read as octal (RFC 3986 `dec-octet`).
    static func isIPv4(_ bytes: ArraySlice<UInt8>, allowsLeadingZeros: Bool = true) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                guard (1...3).contains(part.count), part.allSatisfy(isDigit) else { return false }
                if !allowsLeadingZeros && part.count > 1 && part.first == UInt8(ascii: "0") { return false }
                return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
            }
    }

    /// Eight groups of one to four hex digits, or fewer around one `::`, optionally ending in an IPv4
    /// address that takes the place of two groups.
    ///
    /// RFC 5321 says `::` stands for at least two groups, so at most six explicit groups may surround it;
    /// RFC 3986 (URLs) lets it stand for one, so seven may. `compressionMayStandForOneGroup` picks the rule.
    static func isIPv6(_ bytes: ArraySlice<UInt8>, compressionMayStandForOneGroup: Bool) -> Bool {
        let colon = UInt8(ascii: ":")
        var compression: Int?
        var index = bytes.startIndex
        while index < bytes.endIndex - 1 {
            if bytes[index] == colon && bytes[index + 1] == colon {
                guard compression == nil else { return false }
                compression = index
                index += 2
            } else {
                index += 1
            }
        }
        guard let compression else {
            return groups(bytes).map { $0.hex == 8 && !$0.endsWithIPv4 || $0.hex == 6 && $0.endsWithIPv4 } ?? false
        }
        let head = bytes[bytes.startIndex..<compression]
        let tail = bytes[(compression + 2)...]
        guard let before = head.isEmpty ? (hex: 0, endsWithIPv4: false) : groups(head), !before.endsWithIPv4,
            let after = tail.isEmpty ? (hex: 0, endsWithIPv4: false) : groups(tail)
        else { return false }
        let explicit = before.hex + after.hex + (after.endsWithIPv4 ? 2 : 0)
        return explicit <= (compressionMayStandForOneGroup ? 7 : 6)
    }

    /// Counts the colon-separated hex groups of `bytes`; the last group may be an IPv4 address. `nil` when a
    /// group is empty or not one to four hex digits.
    private static func groups(_ bytes: ArraySlice<UInt8>) -> (hex: Int, endsWithIPv4: Bool)? {
        let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var hex = 0
        for (offset, part) in parts.enumerated() {
            if offset == parts.count - 1, part.contains(UInt8(ascii: ".")) {
                return isIPv4(part) ? (hex, true) : nil
            }
            guard (1...4).contains(part.count), part.allSatisfy(isHexDigit) else { return nil }
            hex += 1
        }
        return (hex, false)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(lowercased(byte))
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
