/// Punycode (RFC 3492), the encoding of a Unicode domain label as the ASCII A-label DNS stores (`bücher` is
/// `bcher-kva`, written `xn--bcher-kva`).
///
/// It lives here, small, because domain rules must compare one form of a domain and this package may not share
/// code with another; only what IDNA needs is implemented: no mixed-case annotation (labels are lower-cased
/// first). Arithmetic is checked, so hostile input fails instead of trapping.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128
    private static let delimiter = UInt8(ascii: "-")

    /// The Punycode of `scalars` (without the `xn--` prefix), or `nil` when the arithmetic would overflow.
    static func encode(_ scalars: [Unicode.Scalar]) -> String? {
        let codes = scalars.map { Int($0.value) }
        var output = codes.filter { $0 < initialN }.map { UInt8($0) }
        let basicCount = output.count
        if basicCount > 0 { output.append(delimiter) }
        var handled = basicCount
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < codes.count {
            guard let next = codes.filter({ $0 >= n }).min(),
                let step = checked((next - n).multipliedReportingOverflow(by: handled + 1)),
                let sum = checked(delta.addingReportingOverflow(step))
            else { return nil }
            delta = sum
            n = next
            for code in codes {
                if code < n {
                    guard let increased = checked(delta.addingReportingOverflow(1)) else { return nil }
                    delta = increased
                }
                guard code == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias: bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The scalars whose Punycode is `text` (without the `xn--` prefix), or `nil` when `text` is not Punycode.
    static func decode(_ text: Substring) -> [Unicode.Scalar]? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var output: [Unicode.Scalar] = []
        var index = 0
        if let last = bytes.lastIndex(of: delimiter), last > 0 {
            output = bytes[..<last].map { Unicode.Scalar($0) }
            index = last + 1
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        while index < bytes.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard index < bytes.count, let digit = value(of: bytes[index]) else { return nil }
                index += 1
                guard let product = checked(digit.multipliedReportingOverflow(by: weight)),
                    let sum = checked(i.addingReportingOverflow(product))
                else { return nil }
                i = sum
                let t = threshold(k, bias: bias)
                if digit < t { break }
                guard let nextWeight = checked(weight.multipliedReportingOverflow(by: base - t)) else { return nil }
                weight = nextWeight
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count: count, first: oldI == 0)
            guard let code = checked(n.addingReportingOverflow(i / count)), let value = UInt32(exactly: code),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            n = code
            i %= count
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    private static func checked(_ result: (partialValue: Int, overflow: Bool)) -> Int? {
        result.overflow ? nil : result.partialValue
    }

    private static func threshold(_ k: Int, bias: Int) -> Int {
        if k <= bias { return tMin }
        if k >= bias + tMax { return tMax }
        return k - bias
    }

    private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// `a`...`z` for 0...25, `0`...`9` for 26...35.
    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func value(of byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        default: nil
        }
    }
}
