import Foundation

/// Punycode (RFC 3492): Unicode text as the letters, digits and hyphens a DNS label may hold. IDNA writes a
/// Unicode label as `xn--` followed by its punycode (`bücher` is `xn--bcher-kva`).
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// The punycode of `scalars`, or `nil` when a counter would overflow (which takes input far longer than
    /// any DNS label). The work is quadratic in the number of non-ASCII scalars, so callers keep labels short.
    static func encode(_ scalars: [Unicode.Scalar]) -> String? {
        var output: [UInt8] = scalars.filter(\.isASCII).map { UInt8($0.value) }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        var handled = basicCount
        let values = scalars.map { Int($0.value) }
        while handled < values.count {
            guard let next = values.filter({ $0 >= n }).min() else { return nil }
            let (step, stepOverflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !stepOverflow, let advanced = add(delta, step) else { return nil }
            delta = advanced
            n = next
            for value in values {
                if value < n {
                    guard let incremented = add(delta, 1) else { return nil }
                    delta = incremented
                }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func add(_ lhs: Int, _ rhs: Int) -> Int? {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? nil : sum
    }

    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}

/// Domain names in one form for comparison: lower-case ASCII, with every Unicode label written as its IDNA
/// A-label, so `Bücher.example`, `bücher.example` and `xn--bcher-kva.example` are the same string.
enum IDNA {
    /// The longest domain converted, in UTF-8 bytes; longer ones are no valid domain and are not converted.
    static let maximumDomainBytes = 253

    /// `domain` with ASCII labels lower-cased and Unicode labels normalised (NFC, then lower-cased, the
    /// parts of UTS 46 mapping that matter for typed addresses) and written as `xn--` plus punycode. An
    /// address literal (`[192.0.2.1]`) is only lower-cased. `nil` when the domain is too long to be valid.
    static func asciiDomain(_ domain: String) -> String? {
        guard domain.utf8.count <= maximumDomainBytes else { return nil }
        if domain.utf8.allSatisfy({ $0 < 0x80 }) { return asciiLowercased(domain) }
        var labels: [String] = []
        for label in domain.split(separator: ".", omittingEmptySubsequences: false) {
            if label.utf8.allSatisfy({ $0 < 0x80 }) {
                labels.append(asciiLowercased(String(label)))
                continue
            }
            let mapped = String(label).precomposedStringWithCanonicalMapping.lowercased()
            guard let encoded = Punycode.encode(Array(mapped.unicodeScalars)) else { return nil }
            labels.append("xn--" + encoded)
        }
        return labels.joined(separator: ".")
    }

    private static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
