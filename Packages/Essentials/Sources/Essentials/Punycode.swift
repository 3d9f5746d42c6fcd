/// Punycode (RFC 3492): the Bootstring encoding that IDNA uses to spell a Unicode label in the letters, digits and
/// hyphens a DNS label may hold (`bücher` is `bcher-kva`, written `xn--bcher-kva`).
///
/// Written from the RFC's algorithm and parameters. Foundation has no IDNA conversion on Linux, and the packages
/// that compare domains need one form of them. Only what IDNA needs is implemented: the encoder writes no
/// mixed-case annotation (IDNA lower-cases labels first); the decoder reads it and keeps the case of basic code
/// points. Every arithmetic step checks for overflow, so hostile input fails with a reason instead of trapping;
/// the work is quadratic in the number of non-ASCII code points, so callers keep labels short.
public enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80
    private static let delimiter: Unicode.Scalar = "-"

    /// Why a text could not be encoded or decoded.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// A value grew beyond what the algorithm allows: input far longer than any DNS label, or digits that
        /// name a code point past U+10FFFF.
        case overflow
        /// A character that is not a base-36 digit, a non-ASCII character before the last delimiter, input that
        /// ends inside a number, or a number that names no Unicode scalar (a surrogate).
        case badInput

        /// The reason as a sentence.
        public var description: String {
            switch self {
            case .overflow: "The text is too long for Punycode, or its digits name no Unicode character."
            case .badInput: "The text is not Punycode: it holds a character Punycode does not use, or ends early."
            }
        }
    }

    /// The Punycode of `scalars` (the whole label, basic and non-basic code points), without the `xn--` prefix.
    public static func encode(_ scalars: [Unicode.Scalar]) throws(Failure) -> String {
        var output = String.UnicodeScalarView()
        for scalar in scalars where scalar.value < 0x80 { output.append(scalar) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(delimiter) }

        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < scalars.count {
            // The smallest code point not handled yet; it exists because handled < count.
            var m = Int.max
            for scalar in scalars where Int(scalar.value) >= n && Int(scalar.value) < m { m = Int(scalar.value) }
            let (step, stepOverflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            let (sum, sumOverflow) = delta.addingReportingOverflow(step)
            guard !stepOverflow, !sumOverflow else { throw .overflow }
            delta = sum
            n = m
            for scalar in scalars {
                let value = Int(scalar.value)
                if value < n {
                    let (next, overflow) = delta.addingReportingOverflow(1)
                    guard !overflow else { throw .overflow }
                    delta = next
                }
                guard value == n else { continue }
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
            let (next, overflow) = delta.addingReportingOverflow(1)
            guard !overflow else { throw .overflow }
            delta = next
            n += 1
        }
        return String(output)
    }

    /// The code points whose Punycode is `text` (without the `xn--` prefix). Digits may be upper or lower case.
    public static func decode(_ text: some StringProtocol) throws(Failure) -> [Unicode.Scalar] {
        let input = Array(text.unicodeScalars)
        var output: [Unicode.Scalar] = []
        var position = 0
        // The basic code points are those before the last delimiter; a delimiter in the first place has none
        // before it and is read as a digit, which it is not (RFC 3492, section 6.2).
        if let lastDelimiter = input.lastIndex(of: delimiter), lastDelimiter > 0 {
            for scalar in input[..<lastDelimiter] {
                guard scalar.value < 0x80 else { throw .badInput }
                output.append(scalar)
            }
            position = lastDelimiter + 1
        }

        var n = initialN
        var i = 0
        var bias = initialBias
        while position < input.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < input.count, let value = digitValue(input[position]) else { throw .badInput }
                position += 1
                let (scaled, scaleOverflow) = value.multipliedReportingOverflow(by: weight)
                let (sum, sumOverflow) = i.addingReportingOverflow(scaled)
                guard !scaleOverflow, !sumOverflow else { throw .overflow }
                i = sum
                let t = threshold(k, bias: bias)
                if value < t { break }
                let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow else { throw .overflow }
                weight = nextWeight
                k += base
            }
            let length = output.count + 1
            bias = adapt(i - oldI, count: length, first: oldI == 0)
            let (nextN, overflow) = n.addingReportingOverflow(i / length)
            guard !overflow, nextN <= 0x10FFFF else { throw .overflow }
            n = nextN
            i %= length
            guard n >= 0x80, let scalar = Unicode.Scalar(UInt32(n)) else { throw .badInput }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
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

    private static func digit(_ value: Int) -> Unicode.Scalar {
        // 0...25 are a...z, 26...35 are 0...9; callers only pass values below 36.
        let code = value < 26 ? 0x61 + value : 0x30 + value - 26
        return Unicode.Scalar(UInt8(truncatingIfNeeded: code))
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value) - 0x30 + 26
        case 0x41...0x5A: Int(scalar.value) - 0x41
        case 0x61...0x7A: Int(scalar.value) - 0x61
        default: nil
        }
    }
}
