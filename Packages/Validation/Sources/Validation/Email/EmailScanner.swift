/// The single pass over an address's UTF-8 bytes behind `EmailValidator`.
///
/// Every byte is visited once: by the fast lane (`scanCommonShape`) while the address has the common shape,
/// then by a state machine that knows which part of the address it is in. Failures go into bit sets, so
/// reporting a reason a million times costs a million ORs and yields one failure:
/// - `global` holds reasons about the whole address (whitespace, `@` structure, lengths);
/// - `local` holds local-part reasons, kept only once an `@` proves there is a local part;
/// - `domain` holds domain reasons, restarted at every further `@` so that only the text after the last `@`
///   is judged as the domain (a second `@` is reported as `multipleAt`, not as a broken domain).
/// An address literal (`[…]`) is the one part read twice: its bytes, at most 64 of them, are parsed after the
/// closing `]`, which keeps the whole scan linear.
struct EmailScanner {
    static let maximumAddressBytes = 254
    static let maximumLocalPartBytes = 64
    static let maximumDomainBytes = 253
    static let maximumLabelBytes = 63
    static let maximumLiteralBytes = 64

    /// Where the scanner is in the address.
    private enum Part {
        /// Nothing read yet.
        case localStart
        /// Inside an unquoted local part.
        case localAtom
        /// Inside a quoted string.
        case quoted
        /// Right after a backslash inside a quoted string.
        case quotedEscape
        /// Right after the closing quote of a quoted string.
        case afterQuote
        /// After an `@`, in a domain name.
        case domain
        /// After `@[`, before `]`.
        case literal
        /// After the `]` that closes an address literal.
        case afterLiteral
    }

    private let options: EmailValidationOptions
    private var global = EmailFailureSet()
    private var local = EmailFailureSet()
    private var domain = EmailFailureSet()
    private var part = Part.localStart

    // Local part.
    private var previousWasDot = false
    private var startsWithQuote = false
    private var quotedContentBytes = 0

    // Domain.
    private var domainStart = 0
    private var labelBytes = 0
    private var labelCount = 0
    private var labelIsNumeric = true
    private var lastLabelIsNumeric = false
    private var labelStartsWithHyphen = false
    private var previousWasHyphen = false
    private var literalStart = 0
    private var literalEnd = 0

    private init(options: EmailValidationOptions) {
        self.options = options
    }

    /// Every reason `address` fails under `options`; empty when it is valid.
    static func scan(_ address: String, options: EmailValidationOptions) -> EmailFailureSet {
        let scanned = address.utf8.withContiguousStorageIfAvailable { bytes in
            scanCommonShape(bytes, options: options)
        }
        if let scanned { return scanned }
        // Only strings bridged from non-contiguous storage get here; a contiguous copy makes them scannable.
        var copy = address
        return copy.withUTF8 { bytes in scanCommonShape(bytes, options: options) }
    }

    /// The fast lane for the shape nearly every real address has: dot-separated atoms, `@`, and
    /// letter-digit-hyphen labels. It keeps its state in local variables and answers "valid" on its own;
    /// at the first byte outside that shape (or a limit crossed) it hands its state to the full state
    /// machine, which continues from that byte. Either way each byte is read once.
    private static func scanCommonShape(
        _ bytes: UnsafeBufferPointer<UInt8>,
        options: EmailValidationOptions
    ) -> EmailFailureSet {
        ByteClass.table.withUnsafeBufferPointer { table in
            scanCommonShape(bytes, table: table, options: options)
        }
    }

    private static func scanCommonShape(
        _ bytes: UnsafeBufferPointer<UInt8>,
        table: UnsafeBufferPointer<UInt8>,
        options: EmailValidationOptions
    ) -> EmailFailureSet {
        let count = bytes.count
        var index = 0
        var lastDot = -2
        // Local part: atoms and single dots, not first.
        while index < count {
            let byteClass = table[Int(bytes[index])]
            if byteClass & ByteClass.atomText == 0 {
                guard byteClass & ByteClass.dot != 0, index > 0, lastDot != index &- 1 else { break }
                lastDot = index
            }
            index &+= 1
        }
        let trailingDot = lastDot == index &- 1
        guard index < count, bytes[index] == UInt8(ascii: "@"), index > 0, !trailingDot,
            index <= maximumLocalPartBytes
        else {
            var scanner = EmailScanner(options: options)
            scanner.part = index == 0 ? .localStart : .localAtom
            scanner.previousWasDot = trailingDot
            return scanner.run(bytes, from: index)
        }
        // Domain: labels of letters, digits and inner hyphens, at most 63 bytes each.
        let domainStart = index &+ 1
        index = domainStart
        var labelStart = index
        var labelCount = 0
        var numeric = ByteClass.digit  // Stays set only while every byte of the label is a digit.
        var lastLabelIsNumeric = false
        while index < count {
            let byteClass = table[Int(bytes[index])]
            if byteClass & ByteClass.labelCharacter != 0 {
                numeric &= byteClass
            } else {
                let length = index &- labelStart
                let sound =
                    byteClass & ByteClass.dot != 0 && length > 0 && length <= maximumLabelBytes
                    && bytes[labelStart] != UInt8(ascii: "-") && bytes[index &- 1] != UInt8(ascii: "-")
                guard sound else { break }
                labelCount &+= 1
                lastLabelIsNumeric = numeric != 0
                numeric = ByteClass.digit
                labelStart = index &+ 1
            }
            index &+= 1
        }
        let length = index &- labelStart
        let startsWithHyphen = length > 0 && bytes[labelStart] == UInt8(ascii: "-")
        let endsWithHyphen = length > 0 && bytes[index &- 1] == UInt8(ascii: "-")
        if index == count && length > 0 && length <= maximumLabelBytes && !startsWithHyphen && !endsWithHyphen
            && numeric == 0 && (labelCount > 0 || options.allowsSingleLabelDomain)
            && count &- domainStart <= maximumDomainBytes && count <= maximumAddressBytes
        {
            return EmailFailureSet()
        }
        var scanner = EmailScanner(options: options)
        scanner.startDomain(at: domainStart)
        scanner.labelBytes = length
        scanner.labelCount = labelCount
        scanner.labelIsNumeric = numeric != 0
        scanner.lastLabelIsNumeric = lastLabelIsNumeric
        scanner.labelStartsWithHyphen = startsWithHyphen
        scanner.previousWasHyphen = endsWithHyphen
        return scanner.run(bytes, from: index)
    }

    /// Runs the state machine from `start` to the end and returns every reason found.
    private mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> EmailFailureSet {
        let count = bytes.count
        var index = start
        while index < count {
            // Runs of ordinary characters make up most of every address; tight loops skip them without
            // going through the state machine byte by byte.
            switch part {
            case .localAtom:
                let start = index
                while index < count && ASCIISet.atomText.contains(bytes[index]) { index += 1 }
                if index > start { previousWasDot = false }
            case .domain:
                let start = index
                var numeric = labelIsNumeric
                while index < count {
                    let byte = bytes[index]
                    if ASCIISet.digits.contains(byte) {
                        index += 1
                    } else if ASCIISet.letters.contains(byte) {
                        numeric = false
                        index += 1
                    } else {
                        break
                    }
                }
                if index > start {
                    labelBytes += index - start
                    labelIsNumeric = numeric
                    previousWasHyphen = false
                }
            default:
                break
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte < 0x80 {
                consumeASCII(byte, at: index)
                index += 1
            } else {
                let (scalar, width) = UTF8Decoding.scalar(in: bytes, at: index)
                consumeNonASCII(scalar, width: width)
                index += width
            }
        }
        finish(bytes)
        return global
    }

    // MARK: ASCII

    @inline(__always)
    private mutating func consumeASCII(_ byte: UInt8, at index: Int) {
        switch part {
        case .localStart, .localAtom, .afterQuote:
            consumeLocal(byte, at: index)
        case .quoted:
            switch byte {
            case UInt8(ascii: "\""):
                part = .afterQuote
            case UInt8(ascii: "\\"):
                quotedContentBytes += 1
                part = .quotedEscape
            case 0x20:  // A space is content inside quotes.
                quotedContentBytes += 1
            default:
                reportIfWhitespaceOrControl(byte)
                quotedContentBytes += 1
            }
        case .quotedEscape:
            // A quoted pair escapes any printable ASCII character or a space (RFC 5321 quoted-pairSMTP).
            if byte != 0x20 { reportIfWhitespaceOrControl(byte) }
            quotedContentBytes += 1
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
                startAnotherDomain(at: index)
            } else if !reportIfWhitespaceOrControl(byte) {
                domain.insert(.invalidIPLiteral)
            }
        }
    }

    @inline(__always)
    private mutating func consumeLocal(_ byte: UInt8, at index: Int) {
        switch byte {
        case UInt8(ascii: "@"):
            endLocalPart(at: index)
        case UInt8(ascii: "."):
            switch part {
            case .localStart: local.insert(.localPartLeadingDot)
            case .afterQuote: local.insert(.misplacedQuote)
            default: if previousWasDot { local.insert(.localPartConsecutiveDots) }
            }
            previousWasDot = true
            part = .localAtom
        case UInt8(ascii: "\""):
            if !options.allowsQuotedLocalPart { local.insert(.quotedLocalPartNotAllowed) }
            if part == .localStart {
                startsWithQuote = true
            } else {
                local.insert(.misplacedQuote)
            }
            previousWasDot = false
            part = .quoted
        default:
            if part == .afterQuote { local.insert(.misplacedQuote) }
            if !reportIfWhitespaceOrControl(byte), !Self.isAtomText(byte) {
                local.insert(.invalidCharacter)
            }
            previousWasDot = false
            part = .localAtom
        }
    }

    @inline(__always)
    private mutating func endLocalPart(at index: Int) {
        if index == 0 || (startsWithQuote && part == .afterQuote && quotedContentBytes == 0 && index == 2) {
            local.insert(.emptyLocalPart)
        }
        if part == .localAtom && previousWasDot { local.insert(.localPartTrailingDot) }
        if index > Self.maximumLocalPartBytes { local.insert(.localPartTooLong) }
        global.formUnion(local)
        startDomain(at: index + 1)
    }

    @inline(__always)
    private mutating func startAnotherDomain(at index: Int) {
        global.insert(.multipleAt)
        startDomain(at: index + 1)
    }

    @inline(__always)
    private mutating func startDomain(at start: Int) {
        part = .domain
        domain = EmailFailureSet()
        domainStart = start
        labelCount = 0
        startLabel()
    }

    @inline(__always)
    private mutating func startLabel() {
        labelBytes = 0
        labelIsNumeric = true
        labelStartsWithHyphen = false
        previousWasHyphen = false
    }

    @inline(__always)
    private mutating func consumeDomain(_ byte: UInt8, at index: Int) {
        switch byte {
        case UInt8(ascii: "["):
            if index == domainStart {
                literalStart = index + 1
                part = .literal
                return
            }
            domain.insert(.domainInvalidCharacter)
            labelIsNumeric = false
        case UInt8(ascii: "@"):
            startAnotherDomain(at: index)
            return
        case UInt8(ascii: "."):
            finishLabel()
            return
        case UInt8(ascii: "-"):
            if labelBytes == 0 { labelStartsWithHyphen = true }
            labelIsNumeric = false
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            break  // Usually consumed by the fast loop in `run`; kept so this method stands on its own.
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            labelIsNumeric = false
        default:
            if !reportIfWhitespaceOrControl(byte) { domain.insert(.domainInvalidCharacter) }
            labelIsNumeric = false
        }
        previousWasHyphen = byte == UInt8(ascii: "-")
        labelBytes += 1
    }

    @inline(__always)
    private mutating func finishLabel() {
        if labelBytes == 0 { domain.insert(.domainEmptyLabel) }
        if labelBytes > Self.maximumLabelBytes { domain.insert(.domainLabelTooLong) }
        if labelStartsWithHyphen { domain.insert(.domainLabelLeadingHyphen) }
        if previousWasHyphen { domain.insert(.domainLabelTrailingHyphen) }
        lastLabelIsNumeric = labelIsNumeric && labelBytes > 0
        labelCount += 1
        startLabel()
    }

    /// Records whitespace (space, tab, line breaks) or a control character; returns whether `byte` was one.
    @inline(__always)
    @discardableResult
    private mutating func reportIfWhitespaceOrControl(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09...0x0D:
            global.insert(.whitespace)
            return true
        case 0x00...0x1F, 0x7F:
            global.insert(.controlCharacter)
            return true
        default:
            return false
        }
    }

    private static func isAtomText(_ byte: UInt8) -> Bool {
        ASCIISet.atomText.contains(byte)
    }

    // MARK: Non-ASCII

    private mutating func consumeNonASCII(_ scalar: Unicode.Scalar, width: Int) {
        let properties = scalar.properties
        let reported: Bool
        if properties.isWhitespace {
            global.insert(.whitespace)
            reported = true
        } else if properties.generalCategory == .control {
            global.insert(.controlCharacter)
            reported = true
        } else if !options.allowsInternationalized {
            global.insert(.internationalizedNotAllowed)
            reported = true
        } else {
            reported = false
        }
        switch part {
        case .localStart, .localAtom, .afterQuote:
            if part == .afterQuote { local.insert(.misplacedQuote) }
            if !reported && !UnicodeText.isAllowedInText(scalar) { local.insert(.invalidCharacter) }
            previousWasDot = false
            part = .localAtom
        case .quoted, .quotedEscape:
            if !reported && !UnicodeText.isAllowedInText(scalar) { local.insert(.invalidCharacter) }
            quotedContentBytes += width
            part = .quoted
        case .domain:
            if !reported && !UnicodeText.isAllowedInLabel(scalar, atLabelStart: labelBytes == 0) {
                domain.insert(.domainInvalidCharacter)
            }
            labelIsNumeric = false
            previousWasHyphen = false
            labelBytes += width
        case .literal:
            break  // The literal parser rejects it.
        case .afterLiteral:
            domain.insert(.invalidIPLiteral)
        }
    }

    // MARK: End of input

    private mutating func finish(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch part {
        case .localStart, .localAtom, .afterQuote:
            global.insert(.missingAt)
        case .quoted, .quotedEscape:
            global.insert(.missingAt)
            global.insert(.unterminatedQuote)
        case .domain:
            finishDomain(length: bytes.count - domainStart)
        case .literal:
            finishLiteral(valid: false)
        case .afterLiteral:
            let literal = UnsafeBufferPointer(rebasing: bytes[literalStart..<literalEnd])
            let valid = literal.count <= Self.maximumLiteralBytes && AddressLiteral.isValidMailLiteral(Array(literal))
            finishLiteral(valid: valid)
        }
        if bytes.count > Self.maximumAddressBytes { global.insert(.addressTooLong) }
    }

    private mutating func finishDomain(length: Int) {
        if length == 0 {
            domain.insert(.emptyDomain)
        } else {
            finishLabel()
            if lastLabelIsNumeric { domain.insert(.numericTopLevelDomain) }
            if labelCount == 1 && !options.allowsSingleLabelDomain { domain.insert(.singleLabelDomain) }
            if length > Self.maximumDomainBytes { domain.insert(.domainTooLong) }
        }
        global.formUnion(domain)
    }

    private mutating func finishLiteral(valid: Bool) {
        if !options.allowsIPLiteral { domain.insert(.ipLiteralNotAllowed) }
        if !valid { domain.insert(.invalidIPLiteral) }
        global.formUnion(domain)
    }
}

/// Which non-ASCII characters may appear where, when internationalized addresses are allowed.
enum UnicodeText {
    /// RFC 6531 allows any UTF-8 in a local part; this refuses what only hides or corrupts text: invisible
    /// formatting characters (bidirectional overrides, zero-width joiners), private-use and unassigned code
    /// points, noncharacters and U+FFFD, the trace of invalid UTF-8.
    static func isAllowedInText(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .privateUse, .unassigned, .surrogate, .control: return false
        default: return !properties.isNoncharacterCodePoint && scalar != UTF8Decoding.replacement
        }
    }

    /// IDNA labels are made of letters, combining marks and digits (RFC 5892, simplified), and a label may
    /// not start with a combining mark.
    static func isAllowedInLabel(_ scalar: Unicode.Scalar, atLabelStart: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            return true
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return !atLabelStart
        default:
            return false
        }
    }
}

/// Decodes one scalar from UTF-8 without trusting the bytes: a String's storage is valid UTF-8, but this code
/// must not trap if it ever is not, so anything malformed decodes as U+FFFD over one byte.
enum UTF8Decoding {
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let width: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            width = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            width = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            width = 4
            value = UInt32(lead & 0x07)
        default:
            return (Self.replacement, 1)
        }
        guard index + width <= bytes.count else { return (Self.replacement, 1) }
        for offset in 1..<width {
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { return (Self.replacement, 1) }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return (Self.replacement, 1) }
        return (scalar, width)
    }

    static let replacement: Unicode.Scalar = "\u{FFFD}"
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
    /// `A`–`Z` and `a`–`z`.
    static let letters = ASCIISet(low: 0, high: 0x07FF_FFFE_07FF_FFFE)
}

/// What each byte can be in the common shape of an address, one bit per role, for one table load per byte.
enum ByteClass {
    static let atomText: UInt8 = 1 << 0
    static let digit: UInt8 = 1 << 1
    static let dot: UInt8 = 1 << 2
    /// Letters, digits and `-`: what a domain label is made of.
    static let labelCharacter: UInt8 = 1 << 3

    /// 256 entries, so any byte indexes it; non-ASCII bytes have no role and leave the fast lane.
    static let table: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        var roles: UInt8 = 0
        if ASCIISet.atomText.contains(byte) { roles |= atomText }
        if ASCIISet.digits.contains(byte) { roles |= digit }
        if byte == UInt8(ascii: ".") { roles |= dot }
        if ASCIISet.letters.contains(byte) || ASCIISet.digits.contains(byte) || byte == UInt8(ascii: "-") {
            roles |= labelCharacter
        }
        return roles
    }
}
