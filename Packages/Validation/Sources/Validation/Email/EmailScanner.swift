/// The single pass over an address's UTF-8 bytes behind `EmailValidator`.
///
/// Two ways through, with the same results. An unquoted ASCII address of 8 to 64 bytes (nearly every address)
/// becomes 64-bit masks, one bit per byte, and every reason is bit arithmetic on them (`ShortAddress`).
/// Everything else (a quote, a `[`, a non-ASCII byte, fewer than 8 or more than 64 bytes) goes through a state
/// machine that knows which part of the address it is in. Failures go into bit sets, so reporting a reason a
/// million times costs a million ORs and yields one failure:
/// - `global` holds reasons about the whole address (whitespace, `@` structure, lengths);
/// - `local` holds local-part reasons, kept only once an `@` proves there is a local part;
/// - `domain` holds domain reasons, restarted at every further `@` so that only the text after the last `@`
///   is judged as the domain (a second `@` is reported as `multipleAt`, not as a broken domain).
/// Labels are judged from their first and last byte when they end; the last label is read again for digits
/// and an address literal (`[…]`, at most 64 bytes) is parsed after its `]`, so the scan stays linear.
struct EmailScanner {
    static let maximumAddressBytes = 254
    static let maximumLocalPartBytes = 64
    static let maximumDomainBytes = 253
    static let maximumLabelBytes = 63
    static let maximumLiteralBytes = 64

    /// Where the state machine is in the address.
    private enum Part {
        case local, quoted, quotedEscape, afterQuote  // unquoted, in quotes, after `\` in quotes, after them
        case domain, literal, afterLiteral  // after an `@`; after `@[`; after the `]` that closes it
    }

    private let options: EmailValidationOptions
    private let bytes: UnsafeBufferPointer<UInt8>
    private var global = EmailFailureSet()
    private var local = EmailFailureSet()
    private var domain = EmailFailureSet()
    private var part = Part.local
    private var domainStart = 0
    private var labelStart = 0
    private var domainHasDot = false
    private var literalEnd = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>, options: EmailValidationOptions) {
        self.bytes = bytes
        self.options = options
    }

    /// Every reason `address` fails under `options`; empty when it is valid.
    @inline(__always)
    static func scan(_ address: String, options: EmailValidationOptions) -> EmailFailureSet {
        let scanned = address.utf8.withContiguousStorageIfAvailable { bytes in
            scan(bytes, options: options)
        }
        if let scanned { return scanned }
        // Only strings bridged from non-contiguous storage get here; a contiguous copy makes them scannable.
        var copy = address
        return copy.withUTF8 { bytes in scan(bytes, options: options) }
    }

    @inline(__always)
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, options: EmailValidationOptions) -> EmailFailureSet {
        if bytes.count >= 8 && bytes.count <= 64, let base = bytes.baseAddress,
            let found = ShortAddress(base, count: bytes.count)?.failures(options: options)
        {
            return found
        }
        var scanner = EmailScanner(bytes, options: options)
        return scanner.run()
    }

    /// Every reason `address` fails under `options`, found by the state machine alone: the reference the
    /// mask lane is tested against.
    static func scanWithStateMachine(_ address: String, options: EmailValidationOptions) -> EmailFailureSet {
        var copy = address
        return copy.withUTF8 { bytes in
            var scanner = EmailScanner(bytes, options: options)
            return scanner.run()
        }
    }

    private mutating func run() -> EmailFailureSet {
        let count = bytes.count
        var index = 0
        while index < count {
            // Runs of ordinary characters change no state; tight loops skip them, letters and digits eight at a
            // time (long addresses are mostly hostile ones).
            if part == .local || part == .domain, let base = bytes.baseAddress {
                while index + 8 <= count && ShortAddress.areAlphanumeric(base + index) { index += 8 }
            }
            if part == .local {
                while index < count && ASCIISet.atomText.contains(bytes[index]) { index += 1 }
            } else if part == .domain {
                while index < count && ASCIISet.alphanumerics.contains(bytes[index]) { index += 1 }
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte < 0x80 {
                consumeASCII(byte, at: index)
                index += 1
            } else {
                let (scalar, width) = UTF8Decoding.scalar(in: bytes, at: index)
                consumeNonASCII(scalar, at: index)
                index += width
            }
        }
        finish()
        return global
    }

    private mutating func consumeASCII(_ byte: UInt8, at index: Int) {
        switch part {
        case .local, .afterQuote:
            consumeLocal(byte, at: index)
        case .quoted:
            if byte == UInt8(ascii: "\"") {
                part = .afterQuote
            } else if byte == UInt8(ascii: "\\") {
                part = .quotedEscape
            } else if byte != 0x20 {  // A space is content inside quotes.
                reportIfWhitespaceOrControl(byte)
            }
        case .quotedEscape:
            // A quoted pair escapes any printable ASCII character or a space (RFC 5321 quoted-pairSMTP).
            if byte != 0x20 { reportIfWhitespaceOrControl(byte) }
            part = .quoted
        case .domain:
            consumeDomain(byte, at: index)
        case .literal:
            if byte == UInt8(ascii: "]") {
                literalEnd = index
                part = .afterLiteral
            } else {
                reportIfWhitespaceOrControl(byte)
            }
        case .afterLiteral:
            if byte == UInt8(ascii: "@") {
                startDomain(at: index + 1, another: true)
            } else if !reportIfWhitespaceOrControl(byte) {
                domain.insert(.invalidIPLiteral)
            }
        }
    }

    private mutating func consumeLocal(_ byte: UInt8, at index: Int) {
        let afterDot = index > 0 && bytes[index - 1] == UInt8(ascii: ".")
        switch byte {
        case UInt8(ascii: "@"):
            // `""` is an empty local part too.
            if index == 0 || (index == 2 && part == .afterQuote) { local.insert(.emptyLocalPart) }
            if part == .local && afterDot { local.insert(.localPartTrailingDot) }
            if index > Self.maximumLocalPartBytes { local.insert(.localPartTooLong) }
            global.formUnion(local)
            startDomain(at: index + 1, another: false)
            return
        case UInt8(ascii: "."):
            if index == 0 {
                local.insert(.localPartLeadingDot)
            } else if part == .afterQuote {
                local.insert(.misplacedQuote)
            } else if afterDot {
                local.insert(.localPartConsecutiveDots)
            }
        case UInt8(ascii: "\""):
            if !options.allowsQuotedLocalPart { local.insert(.quotedLocalPartNotAllowed) }
            if index > 0 { local.insert(.misplacedQuote) }
            part = .quoted
            return
        default:
            if part == .afterQuote { local.insert(.misplacedQuote) }
            if !reportIfWhitespaceOrControl(byte), !ASCIISet.atomText.contains(byte) {
                local.insert(.invalidCharacter)
            }
        }
        part = .local
    }

    private mutating func startDomain(at start: Int, another: Bool) {
        if another { global.insert(.multipleAt) }
        part = .domain
        domain = EmailFailureSet()
        domainStart = start
        labelStart = start
        domainHasDot = false
    }

    private mutating func consumeDomain(_ byte: UInt8, at index: Int) {
        switch byte {
        case UInt8(ascii: "@"):
            startDomain(at: index + 1, another: true)
        case UInt8(ascii: "."):
            finishLabel(at: index)
            labelStart = index + 1
            domainHasDot = true
        case UInt8(ascii: "["):
            if index == domainStart {
                part = .literal
            } else {
                domain.insert(.domainInvalidCharacter)
            }
        case UInt8(ascii: "-"):
            break
        default:
            if !ASCIISet.alphanumerics.contains(byte) && !reportIfWhitespaceOrControl(byte) {
                domain.insert(.domainInvalidCharacter)
            }
        }
    }

    /// Judges the label from `labelStart` to `end` by its length and its first and last byte.
    private mutating func finishLabel(at end: Int) {
        let length = end - labelStart
        if length == 0 { domain.insert(.domainEmptyLabel) }
        if length > Self.maximumLabelBytes { domain.insert(.domainLabelTooLong) }
        if length > 0 && bytes[labelStart] == UInt8(ascii: "-") { domain.insert(.domainLabelLeadingHyphen) }
        if length > 0 && bytes[end - 1] == UInt8(ascii: "-") { domain.insert(.domainLabelTrailingHyphen) }
    }

    /// Records whitespace (space, tab, line breaks) or a control character; returns whether `byte` was one.
    @discardableResult
    private mutating func reportIfWhitespaceOrControl(_ byte: UInt8) -> Bool {
        global.formUnion(EmailFailureSet(whitespaceOrControl: byte))
        return byte < 0x21 || byte == 0x7F
    }

    private mutating func consumeNonASCII(_ scalar: Unicode.Scalar, at index: Int) {
        let properties = scalar.properties
        if properties.isWhitespace {
            global.insert(.whitespace)
        } else if properties.generalCategory == .control {
            global.insert(.controlCharacter)
        } else if !options.allowsInternationalized {
            global.insert(.internationalizedNotAllowed)
        } else {
            switch part {
            case .local, .afterQuote, .quoted, .quotedEscape:
                if !UnicodeText.isAllowedInText(scalar) { local.insert(.invalidCharacter) }
            case .domain:
                if !UnicodeText.isAllowedInLabel(scalar, atLabelStart: index == labelStart) {
                    domain.insert(.domainInvalidCharacter)
                }
            case .literal, .afterLiteral:
                break
            }
        }
        switch part {
        case .local, .afterQuote:
            if part == .afterQuote { local.insert(.misplacedQuote) }
            part = .local
        case .quoted, .quotedEscape:
            part = .quoted
        case .afterLiteral:
            domain.insert(.invalidIPLiteral)
        case .domain, .literal:
            break  // The literal parser rejects a non-ASCII byte.
        }
    }

    private mutating func finish() {
        let count = bytes.count
        switch part {
        case .local, .afterQuote:
            global.insert(.missingAt)
        case .quoted, .quotedEscape:
            global.insert(.missingAt)
            global.insert(.unterminatedQuote)
        case .domain:
            if count == domainStart {
                domain.insert(.emptyDomain)
            } else {
                finishLabel(at: count)
                let lastLabel = bytes[labelStart..<count]
                if !lastLabel.isEmpty && lastLabel.allSatisfy(ASCIISet.digits.contains) {
                    domain.insert(.numericTopLevelDomain)
                }
                if !domainHasDot && !options.allowsSingleLabelDomain { domain.insert(.singleLabelDomain) }
                if count - domainStart > Self.maximumDomainBytes { domain.insert(.domainTooLong) }
            }
        case .literal, .afterLiteral:
            let literal = part == .literal ? [] : Array(bytes[(domainStart + 1)..<literalEnd])
            let valid =
                part == .afterLiteral && literal.count <= Self.maximumLiteralBytes
                && AddressLiteral.isValidMailLiteral(literal)
            if !options.allowsIPLiteral { domain.insert(.ipLiteralNotAllowed) }
            if !valid { domain.insert(.invalidIPLiteral) }
        }
        global.formUnion(domain)
        if count > Self.maximumAddressBytes { global.insert(.addressTooLong) }
    }
}

/// An unquoted ASCII address of 8 to 64 bytes as bit masks, one bit per byte with the first byte lowest, and
/// every reason the state machine would report for it as arithmetic on those masks.
///
/// The bytes are read as eight-byte words at fixed offsets (the last one overlapping its predecessor), so no
/// load waits for another, and each word is classified by arithmetic on all eight bytes at once (SWAR: with
/// every high bit cleared first, no carry crosses from one byte into the next).
private struct ShortAddress {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    /// Bits below `count`.
    private let all: UInt64
    private var at: UInt64 = 0
    private var dot: UInt64 = 0
    private var hyphen: UInt64 = 0
    /// `+`, the one atom-text character common in addresses (plus addressing), kept out of `other`.
    private var plus: UInt64 = 0
    /// Neither a letter, a digit, `@`, `.`, `-` nor `+`.
    private var other: UInt64 = 0
    /// Bytes that are stray in a domain (not whitespace or control characters, reported for the whole address)
    /// and, among them, those also stray in a local part (not RFC 5322 atom text).
    private var strayInDomain: UInt64 = 0
    private var strayInLocalPart: UInt64 = 0
    /// Whitespace and control characters found.
    private var global = EmailFailureSet()

    /// Classifies the `count` bytes at `base`; `nil` when the state machine must read them instead (a quote,
    /// a `[` or a non-ASCII byte).
    @inline(__always)
    init?(_ base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        all = UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- count)
        // Three words cover up to 24 bytes, four up to 32, eight up to 64; offsets past the end fold onto the
        // last word.
        let last = count &- 8
        classify(base, at: 0)
        classify(base, at: min(8, last))
        classify(base, at: min(16, last))
        if count > 24 { classify(base, at: min(24, last)) }
        if count > 32 {
            classify(base, at: min(32, last))
            classify(base, at: min(40, last))
            classify(base, at: min(48, last))
            classify(base, at: min(56, last))
        }
        other = at & dot
        plus = dot & hyphen & ~at
        at &= ~other
        dot &= ~(other | plus)
        hyphen &= ~(other | plus)
        // The few other bytes (an underscore, a space) are looked at one by one.
        var rest = other
        while rest != 0 {
            let index = rest.trailingZeroBitCount
            let bit = rest & (0 &- rest)
            rest &= rest &- 1
            let byte = base[index]
            if byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "[") { return nil }
            let found = EmailFailureSet(whitespaceOrControl: byte)
            global.formUnion(found)
            if found.isEmpty {
                strayInDomain |= bit
                if !ASCIISet.atomText.contains(byte) { strayInLocalPart |= bit }
            }
        }
        strayInDomain |= plus
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    private static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The high bit of each byte of `ascii` (every byte below 0x80) that lies in `lower...upper`.
    @inline(__always)
    private static func inRange(_ ascii: UInt64, _ lower: UInt8, _ upper: UInt8) -> UInt64 {
        (ascii &+ repeated(0x80 &- lower)) & ~(ascii &+ repeated(0x7F &- upper)) & highBits
    }

    /// The high bit of each byte of `ascii` (every byte below 0x80) that equals `byte`.
    @inline(__always)
    private static func equal(_ ascii: UInt64, _ byte: UInt8) -> UInt64 {
        ~((ascii ^ repeated(byte)) &+ repeated(0x7F)) & highBits
    }

    /// The high bits of the eight bytes (no other bit may be set) as eight bits, first byte lowest, placed at
    /// `offset`: one multiplication moves byte k's bit to bit 56 + k, and no two partial products meet, so
    /// nothing carries.
    @inline(__always)
    private static func gather(_ highs: UInt64, to offset: Int) -> UInt64 {
        ((highs &* 0x0002_0408_1020_4081) &>> 56) &<< UInt64(truncatingIfNeeded: offset)
    }

    /// The eight bytes at `pointer`, the first one lowest.
    @inline(__always)
    private static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte of `ascii` (every byte below 0x80) that is a letter or digit.
    @inline(__always)
    private static func alphanumerics(_ ascii: UInt64) -> UInt64 {
        // Setting bit 5 turns upper-case letters into lower-case ones and moves nothing else into a...z.
        inRange(ascii | repeated(0x20), UInt8(ascii: "a"), UInt8(ascii: "z"))
            | inRange(ascii, UInt8(ascii: "0"), UInt8(ascii: "9"))
    }

    /// Whether the eight bytes at `pointer` are all ASCII letters or digits.
    @inline(__always)
    static func areAlphanumeric(_ pointer: UnsafePointer<UInt8>) -> Bool {
        let word = load(pointer)
        return alphanumerics(word & ~highBits) & ~word == highBits
    }

    @inline(__always)
    private mutating func classify(_ base: UnsafePointer<UInt8>, at offset: Int) {
        let word = Self.load(base + offset)
        let ascii = word & ~Self.highBits
        let ats = Self.equal(ascii, UInt8(ascii: "@"))
        // `+`, `,`, `-`, `.` are 0x2B...0x2E; their two low bits, moved up to the high bit, tell them apart.
        let punctuation = Self.inRange(ascii, UInt8(ascii: "+"), UInt8(ascii: "."))
        let bit0 = punctuation & (ascii &<< 7)
        let bit1 = punctuation & (ascii &<< 6)
        // Three planes for five classes, sorted out in `init`: `@` in the first plane, `.` (bit 1) in the
        // second, `-` (bit 0) in the third, `+` (both) in the last two, any other byte in all three.
        let others = (~(ats | bit0 | bit1 | Self.alphanumerics(ascii)) | word) & Self.highBits
        at |= Self.gather(ats | others, to: offset)
        dot |= Self.gather(bit1 | others, to: offset)
        hyphen |= Self.gather(bit0 | others, to: offset)
    }

    /// What the state machine reports for these bytes, without visiting them again.
    @inline(__always)
    func failures(options: EmailValidationOptions) -> EmailFailureSet {
        var found = global
        guard at != 0 else {
            // No `@`: without a local part there is nothing else to judge (64 bytes are not too long).
            found.insert(.missingAt)
            return found
        }
        // The local part is the bits below the first `@`, at most 63 of them, so never too long.
        let firstAt = at & (0 &- at)
        let local = firstAt &- 1
        found.insert(.multipleAt, if: at != firstAt)
        found.insert(.emptyLocalPart, if: firstAt == 1)
        found.insert(.localPartLeadingDot, if: dot & 1 != 0)
        found.insert(.localPartTrailingDot, if: (dot &<< 1) & firstAt != 0)
        found.insert(.localPartConsecutiveDots, if: dot & (dot &<< 1) & local != 0)
        found.insert(.invalidCharacter, if: strayInLocalPart & local != 0)
        // The domain is the bits above the last `@`, at most 63 of them, so neither it nor a label is too long.
        let lastAt = 1 &<< UInt64(truncatingIfNeeded: 63 &- at.leadingZeroBitCount)
        let domain = all & ~(lastAt | (lastAt &- 1))
        guard domain != 0 else {
            found.insert(.emptyDomain)
            return found
        }
        let dots = dot & domain
        let end = 1 &<< UInt64(truncatingIfNeeded: count &- 1)
        // A label starts after the last `@` or after a dot, and ends before a dot or at the end.
        let starts = (dots | lastAt) &<< 1
        found.insert(.domainInvalidCharacter, if: strayInDomain & domain != 0)
        found.insert(.domainEmptyLabel, if: dots & (starts | end) != 0)
        found.insert(.domainLabelLeadingHyphen, if: hyphen & starts != 0)
        found.insert(.domainLabelTrailingHyphen, if: hyphen & (dots &>> 1 | end) & domain != 0)
        found.insert(.singleLabelDomain, if: dots == 0 && !options.allowsSingleLabelDomain)
        // The last label, the bits above the last dot (two shifts: the dot may be the 64th byte), is all digits
        // only if its first byte is one, so its bytes are rarely read beyond that.
        let lastLabel = dots == 0 ? domain : (UInt64.max &<< UInt64(63 &- dots.leadingZeroBitCount)) &<< 1 & domain
        let start = lastLabel.trailingZeroBitCount
        found.insert(
            .numericTopLevelDomain,
            if: lastLabel != 0
                && UnsafeBufferPointer(start: base + start, count: count &- start).allSatisfy(ASCIISet.digits.contains))
        return found
    }
}

extension EmailFailureSet {
    /// `.whitespace` for a space, tab or line break, `.controlCharacter` for another control character,
    /// otherwise empty.
    @inline(__always)
    init(whitespaceOrControl byte: UInt8) {
        self.init()
        switch byte {
        case 0x20, 0x09...0x0D: insert(.whitespace)
        case 0x00...0x1F, 0x7F: insert(.controlCharacter)
        default: break
        }
    }
}

/// A set of ASCII bytes as two 64-bit masks: membership is a shift and an AND, with no table in memory.
struct ASCIISet {
    let low: UInt64
    let high: UInt64

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return (low >> UInt64(byte)) & 1 != 0 }
        return byte < 128 && (high >> UInt64(byte &- 64)) & 1 != 0
    }

    /// RFC 5322 `atext`: letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    static let atomText = ASCIISet(low: 0xA3FF_ACFA_0000_0000, high: 0x7FFF_FFFF_C7FF_FFFE)
    /// `0`–`9`.
    static let digits = ASCIISet(low: 0x03FF_0000_0000_0000, high: 0)
    /// `0`–`9`, `A`–`Z` and `a`–`z`.
    static let alphanumerics = ASCIISet(low: 0x03FF_0000_0000_0000, high: 0x07FF_FFFE_07FF_FFFE)
}
