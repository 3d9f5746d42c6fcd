/// The single pass over an address's UTF-8 bytes behind `EmailValidator`.
///
/// Every byte is visited once: by an ASCII lane (`scanShort` for 8 to 64 bytes, `scanCommonShape` otherwise)
/// that applies the rules for unquoted ASCII with its state in local variables, then, from a quote, an
/// address literal or a non-ASCII byte on, by a state machine that knows which part of the address it is in
/// and continues with the lane's state. Failures go into bit sets, so
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
    @inline(__always)
    static func scan(_ address: String, options: EmailValidationOptions) -> EmailFailureSet {
        let scanned = address.utf8.withContiguousStorageIfAvailable { bytes in
            scanASCII(bytes, options: options)
        }
        if let scanned { return scanned }
        // Only strings bridged from non-contiguous storage get here; a contiguous copy makes them scannable.
        var copy = address
        return copy.withUTF8 { bytes in scanASCII(bytes, options: options) }
    }

    /// Picks the lane by length here, before either lane's function is entered, so the common short address
    /// does not pay for setting up the general lane.
    @inline(__always)
    private static func scanASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, options: EmailValidationOptions
    ) -> EmailFailureSet {
        if bytes.count >= 8 && bytes.count <= 64, let base = bytes.baseAddress {
            return scanShort(bytes, base: base, options: options)
        }
        return scanCommonShape(bytes, options: options)
    }

    /// The ASCII lane: the whole state machine for unquoted ASCII addresses, with its state in local variables
    /// (registers) instead of the scanner's fields, and runs of letters and digits read eight bytes at a time.
    /// It reports every ASCII reason the state machine reports (whitespace, stray characters, dots, hyphens,
    /// empty and long labels, a second `@`), so common mistakes never leave it. At a quote, an address literal
    /// or a non-ASCII byte it hands its state to the state machine, which continues from that byte; either way
    /// each byte is read once.
    private static func scanCommonShape(
        _ bytes: UnsafeBufferPointer<UInt8>,
        options: EmailValidationOptions
    ) -> EmailFailureSet {
        let count = bytes.count
        // Addresses of eight bytes or more (nearly all) read their runs of letters and digits eight bytes at a
        // time; the byte that ends a run is looked at on its own.
        let base = count >= 8 ? bytes.baseAddress : nil
        var global = EmailFailureSet()
        var local = EmailFailureSet()
        var index = 0
        var previousWasDot = false
        // Local part: a dot first or after a dot is reported, anything but atom text too.
        while index < count {
            if let base {
                // Whole words of letters and digits first: the step is a constant, so the next load is issued
                // before this word is judged (a step taken from the word would make every load wait).
                let start = index
                while index &+ 8 <= count && WordScan.alphanumerics(in: WordScan.load(base + index)).length == 8 {
                    index &+= 8
                }
                let run =
                    index < count
                    ? WordScan.alphanumerics(in: WordScan.load(base, at: index, count: count))
                    : (length: 0, sawLetter: false)
                if index > start || run.length > 0 {
                    index &+= run.length
                    previousWasDot = false
                    if index == count { break }
                }
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "@") { break }
            if byte == UInt8(ascii: ".") {
                if index == 0 {
                    local.insert(.localPartLeadingDot)
                } else if previousWasDot {
                    local.insert(.localPartConsecutiveDots)
                }
                previousWasDot = true
            } else if byte < 0x80 && byte != UInt8(ascii: "\"") {
                if !ASCIISet.atomText.contains(byte) {
                    if !recordIfWhitespaceOrControl(byte, in: &global) { local.insert(.invalidCharacter) }
                }
                previousWasDot = false
            } else {
                // A quote or a non-ASCII byte: the state machine knows quoted strings and UTF-8.
                return resumeLocalPart(
                    bytes, from: index, previousWasDot: previousWasDot, local: local, global: global, options: options)
            }
            index &+= 1
        }
        guard index < count else {
            // No `@`: without a local part there is nothing else to judge.
            global.insert(.missingAt)
            if count > maximumAddressBytes { global.insert(.addressTooLong) }
            return global
        }
        // One test for the usual case: a local part of 1...64 bytes that does not end with a dot.
        if UInt(bitPattern: index &- 1) >= UInt(maximumLocalPartBytes) || previousWasDot {
            if index == 0 { local.insert(.emptyLocalPart) }
            if previousWasDot && index > 0 { local.insert(.localPartTrailingDot) }
            if index > maximumLocalPartBytes { local.insert(.localPartTooLong) }
        }
        global.formUnion(local)
        // Domain: labels of letters, digits and inner hyphens, at most 63 bytes each; a further `@` starts the
        // domain again, so only the text after the last one is judged as the domain.
        var domainStart = index &+ 1
        var domain = EmailFailureSet()
        var label = LabelState()
        var labelCount = 0
        index = domainStart
        while index < count {
            if let base {
                let start = index
                var sawLetter = false
                while index &+ 8 <= count {
                    let whole = WordScan.alphanumerics(in: WordScan.load(base + index))
                    guard whole.length == 8 else { break }
                    sawLetter = sawLetter || whole.sawLetter
                    index &+= 8
                }
                let run =
                    index < count
                    ? WordScan.alphanumerics(in: WordScan.load(base, at: index, count: count))
                    : (length: 0, sawLetter: false)
                if index > start || run.length > 0 {
                    index &+= run.length
                    label.bytes &+= index &- start
                    if sawLetter || run.sawLetter { label.isNumeric = false }
                    label.endsWithHyphen = false
                    if index == count { break }
                }
            }
            let byte = bytes[index]
            // The common bytes first, as plain comparisons: a branch per case predicts better than a jump table.
            if byte == UInt8(ascii: ".") {
                label.finish(into: &domain)
                labelCount &+= 1
                label = LabelState()
                index &+= 1
                continue
            }
            if byte == UInt8(ascii: "-") {
                if label.bytes == 0 { label.startsWithHyphen = true }
                label.isNumeric = false
                label.endsWithHyphen = true
            } else if byte == UInt8(ascii: "@") {
                global.insert(.multipleAt)
                domainStart = index &+ 1
                domain = EmailFailureSet()
                label = LabelState()
                labelCount = 0
                index &+= 1
                continue
            } else if byte >= 0x80 || (byte == UInt8(ascii: "[") && index == domainStart) {
                // UTF-8 or an address literal: the state machine takes over with the domain so far.
                return resumeDomain(
                    bytes, from: index, domainStart: domainStart, label: label, labelCount: labelCount,
                    domain: domain, global: global, options: options)
            } else if ASCIISet.digits.contains(byte) {
                label.endsWithHyphen = false
            } else {
                if !ASCIISet.letters.contains(byte) && !recordIfWhitespaceOrControl(byte, in: &global) {
                    domain.insert(.domainInvalidCharacter)
                }
                label.isNumeric = false
                label.endsWithHyphen = false
            }
            label.bytes &+= 1
            index &+= 1
        }
        let length = count &- domainStart
        // One test for the usual case: a sound last label after at least one dot, and no limit crossed.
        if label.isSound && !label.isNumeric && labelCount > 0 && count <= maximumAddressBytes {
            global.formUnion(domain)
            return global
        }
        if length == 0 {
            domain.insert(.emptyDomain)
        } else {
            let lastIsNumeric = label.isNumeric && label.bytes > 0
            label.finish(into: &domain)
            if lastIsNumeric { domain.insert(.numericTopLevelDomain) }
            if labelCount == 0 && !options.allowsSingleLabelDomain { domain.insert(.singleLabelDomain) }
            if length > maximumDomainBytes { domain.insert(.domainTooLong) }
        }
        global.formUnion(domain)
        if count > maximumAddressBytes { global.insert(.addressTooLong) }
        return global
    }

    /// The ASCII lane for addresses of 8 to 64 bytes, nearly all of them, with the same rules and results as
    /// the lane above. It first marks every byte that is not a letter or digit in one 64-bit mask, reading the
    /// address in eight-byte words at fixed offsets (the loads do not wait for each other, unlike loads that
    /// follow the end of a run), then visits only the marked bytes, lowest first. Runs of letters and digits
    /// are the gaps between marks.
    private static func scanShort(
        _ bytes: UnsafeBufferPointer<UInt8>,
        base: UnsafePointer<UInt8>,
        options: EmailValidationOptions
    ) -> EmailFailureSet {
        let count = bytes.count
        var marks = WordScan.nonAlphanumerics(base, count: count)
        var global = EmailFailureSet()
        var local = EmailFailureSet()
        // Local part: marks up to the first `@`.
        var lastDot = -2
        var at = -1
        while marks != 0 {
            let index = marks.trailingZeroBitCount
            marks &= marks &- 1
            let byte = bytes[index]
            if byte == UInt8(ascii: "@") {
                at = index
                break
            }
            if byte == UInt8(ascii: ".") {
                if index == 0 {
                    local.insert(.localPartLeadingDot)
                } else if lastDot == index &- 1 {
                    local.insert(.localPartConsecutiveDots)
                }
                lastDot = index
            } else if byte < 0x80 && byte != UInt8(ascii: "\"") {
                if !ASCIISet.atomText.contains(byte) && !recordIfWhitespaceOrControl(byte, in: &global) {
                    local.insert(.invalidCharacter)
                }
            } else {
                return resumeLocalPart(
                    bytes, from: index, previousWasDot: lastDot == index &- 1, local: local, global: global,
                    options: options)
            }
        }
        guard at >= 0 else {
            // No `@`: without a local part there is nothing else to judge (64 bytes are not too long).
            global.insert(.missingAt)
            return global
        }
        // A local part of at most 63 bytes here, so never too long.
        if at == 0 { local.insert(.emptyLocalPart) }
        if at > 0 && lastDot == at &- 1 { local.insert(.localPartTrailingDot) }
        global.formUnion(local)
        // Domain: the marks after the `@` end labels (dots), restart the domain (a further `@`), or are
        // hyphens and stray characters inside a label.
        var domainStart = at &+ 1
        var labelStart = domainStart
        var labelCount = 0
        var domain = EmailFailureSet()
        while marks != 0 {
            let index = marks.trailingZeroBitCount
            marks &= marks &- 1
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                label(from: labelStart, to: index, in: bytes).finish(into: &domain)
                labelCount &+= 1
                labelStart = index &+ 1
            } else if byte == UInt8(ascii: "-") {
                continue
            } else if byte == UInt8(ascii: "@") {
                global.insert(.multipleAt)
                domainStart = index &+ 1
                labelStart = domainStart
                labelCount = 0
                domain = EmailFailureSet()
            } else if byte >= 0x80 || (byte == UInt8(ascii: "[") && index == domainStart) {
                return resumeDomain(
                    bytes, from: index, domainStart: domainStart, label: label(from: labelStart, to: index, in: bytes),
                    labelCount: labelCount, domain: domain, global: global, options: options)
            } else if !recordIfWhitespaceOrControl(byte, in: &global) {
                domain.insert(.domainInvalidCharacter)
            }
        }
        // The last label; a domain of at most 62 bytes is never too long, nor a label.
        let last = label(from: labelStart, to: count, in: bytes)
        if last.isSound && !last.isNumeric && labelCount > 0 {
            global.formUnion(domain)
            return global
        }
        if count == domainStart {
            domain.insert(.emptyDomain)
        } else {
            last.finish(into: &domain)
            if last.isNumeric && last.bytes > 0 { domain.insert(.numericTopLevelDomain) }
            if labelCount == 0 && !options.allowsSingleLabelDomain { domain.insert(.singleLabelDomain) }
        }
        global.formUnion(domain)
        return global
    }

    /// The label of the bytes `start..<end`, read back from them: its length, its hyphens at either end, and
    /// whether it is all digits. A short loop over the label for the last, only when it is not clearly a name.
    @inline(__always)
    private static func label(from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> LabelState {
        var label = LabelState()
        label.bytes = end &- start
        guard end > start else { return label }
        label.startsWithHyphen = bytes[start] == UInt8(ascii: "-")
        label.endsWithHyphen = bytes[end &- 1] == UInt8(ascii: "-")
        var index = start
        while index < end && ASCIISet.digits.contains(bytes[index]) { index &+= 1 }
        label.isNumeric = index == end
        return label
    }

    /// The label the ASCII lane is in, in local variables.
    private struct LabelState {
        var bytes = 0
        var isNumeric = true
        var startsWithHyphen = false
        var endsWithHyphen = false

        /// 1...63 bytes, no hyphen at either end: a label with nothing to report.
        @inline(__always)
        var isSound: Bool {
            UInt(bitPattern: bytes &- 1) < UInt(EmailScanner.maximumLabelBytes) && !startsWithHyphen && !endsWithHyphen
        }

        /// The reasons of a finished label, as the state machine's `finishLabel` reports them.
        @inline(__always)
        func finish(into domain: inout EmailFailureSet) {
            guard !isSound else { return }
            if bytes == 0 { domain.insert(.domainEmptyLabel) }
            if bytes > EmailScanner.maximumLabelBytes { domain.insert(.domainLabelTooLong) }
            if startsWithHyphen { domain.insert(.domainLabelLeadingHyphen) }
            if endsWithHyphen { domain.insert(.domainLabelTrailingHyphen) }
        }
    }

    /// Records whitespace (space, tab, line breaks) or a control character in `set`; returns whether `byte`
    /// was one. The same rule as `reportIfWhitespaceOrControl(_:)`, for the ASCII lane's local set.
    @inline(__always)
    private static func recordIfWhitespaceOrControl(_ byte: UInt8, in set: inout EmailFailureSet) -> Bool {
        switch byte {
        case 0x20, 0x09...0x0D:
            set.insert(.whitespace)
            return true
        case 0x00...0x1F, 0x7F:
            set.insert(.controlCharacter)
            return true
        default:
            return false
        }
    }

    /// Hands an address that left the ASCII lane in its local part to the state machine, which continues from
    /// `index`. Kept out of line so the lane stays small (no scanner on its stack).
    @inline(never)
    private static func resumeLocalPart(
        _ bytes: UnsafeBufferPointer<UInt8>,
        from index: Int,
        previousWasDot: Bool,
        local: EmailFailureSet,
        global: EmailFailureSet,
        options: EmailValidationOptions
    ) -> EmailFailureSet {
        var scanner = EmailScanner(options: options)
        scanner.part = index == 0 ? .localStart : .localAtom
        scanner.previousWasDot = previousWasDot
        scanner.local = local
        scanner.global = global
        return scanner.run(bytes, from: index)
    }

    /// Hands an address that left the ASCII lane in its domain to the state machine, with the label in
    /// progress. The previous label's numeric state is not needed: only the last label's counts, and the state
    /// machine judges that one when it finishes.
    @inline(never)
    private static func resumeDomain(
        _ bytes: UnsafeBufferPointer<UInt8>,
        from index: Int,
        domainStart: Int,
        label: LabelState,
        labelCount: Int,
        domain: EmailFailureSet,
        global: EmailFailureSet,
        options: EmailValidationOptions
    ) -> EmailFailureSet {
        var scanner = EmailScanner(options: options)
        scanner.global = global
        scanner.startDomain(at: domainStart)
        scanner.domain = domain
        scanner.labelBytes = label.bytes
        scanner.labelCount = labelCount
        scanner.labelIsNumeric = label.isNumeric
        scanner.labelStartsWithHyphen = label.startsWithHyphen
        scanner.previousWasHyphen = label.endsWithHyphen
        return scanner.run(bytes, from: index)
    }

    /// Every reason `address` fails under `options`, found by the state machine alone: the reference the ASCII
    /// lane is tested against.
    static func scanWithStateMachine(_ address: String, options: EmailValidationOptions) -> EmailFailureSet {
        var copy = address
        return copy.withUTF8 { bytes in
            var scanner = EmailScanner(options: options)
            return scanner.run(bytes, from: 0)
        }
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

/// Eight bytes at a time: how many letters and digits an address continues with, by arithmetic on one 64-bit
/// word (SWAR) instead of a branch per byte. Every byte keeps its high bit clear before the additions, so no
/// carry crosses from one byte into the next; bytes that had it set (non-ASCII) count as not alphanumeric.
enum WordScan {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Every byte set to `byte`.
    @inline(__always)
    private static func repeated(_ byte: UInt8) -> UInt64 {
        0x0101_0101_0101_0101 &* UInt64(byte)
    }

    /// The eight bytes at `pointer`, first byte lowest, whatever the platform's byte order.
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The bytes from `index` on, at most eight, first byte lowest; past the end of the `count` bytes at `base`
    /// the word holds zero bytes, which are not alphanumeric, so a run stops at the end. Near the end it loads
    /// the last eight bytes and shifts out those before `index`, so it never reads outside the buffer; `count`
    /// must be at least 8 and `index` below `count`. A branch, not a `min`: the load can then start before the
    /// comparison is decided, which measured faster than the branch-free form.
    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> UInt64 {
        if index &+ 8 <= count { return load(base + index) }
        // The shift is 8...56 bits here; `&>>` says so, so no check for 64 or more is compiled in.
        return load(base + (count &- 8)) &>> UInt64(truncatingIfNeeded: (index &+ 8 &- count) &* 8)
    }

    /// The high bit of each byte of `word` that lies in `lower...upper`, among other bits; every byte must be
    /// below 0x80. Callers keep only the high bits.
    @inline(__always)
    private static func inRange(_ word: UInt64, _ lower: UInt8, _ upper: UInt8) -> UInt64 {
        (word &+ repeated(0x80 &- lower)) & ~(word &+ repeated(0x7F &- upper))
    }

    /// One bit for each of the `count` bytes at `base` (8...64 of them) that is not an ASCII letter or digit,
    /// the first byte lowest. The words are loaded at fixed offsets, the last one overlapping its predecessor.
    @inline(__always)
    static func nonAlphanumerics(_ base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var marks: UInt64 = 0
        var offset = 0
        while offset &+ 8 < count {
            marks |= UInt64(gather(others(in: load(base + offset)))) &<< UInt64(truncatingIfNeeded: offset)
            offset &+= 8
        }
        // The last eight bytes, overlapping the words before; bits already set stay set.
        let last = count &- 8
        return marks | UInt64(gather(others(in: load(base + last)))) &<< UInt64(truncatingIfNeeded: last)
    }

    /// The high bit of each byte of `word` that is not an ASCII letter or digit.
    @inline(__always)
    private static func others(in word: UInt64) -> UInt64 {
        let ascii = word & ~highBits
        let letters = inRange(ascii | repeated(0x20), UInt8(ascii: "a"), UInt8(ascii: "z"))
        let digits = inRange(ascii, UInt8(ascii: "0"), UInt8(ascii: "9"))
        return (~(letters | digits) | word) & highBits
    }

    /// The high bits of the eight bytes of `mask` as eight bits, first byte lowest: one multiplication moves
    /// each byte's bit into the top byte without carries.
    @inline(__always)
    private static func gather(_ mask: UInt64) -> UInt8 {
        UInt8(truncatingIfNeeded: ((mask &>> 7) &* 0x0102_0408_1020_4080) &>> 56)
    }

    /// How many of the eight bytes of `word`, from the first, are ASCII letters or digits (8 when all are),
    /// and whether a letter is among them.
    @inline(__always)
    static func alphanumerics(in word: UInt64) -> (length: Int, sawLetter: Bool) {
        let ascii = word & ~highBits
        // Setting bit 5 turns upper-case letters into lower-case ones and moves nothing else into a...z.
        let letters = inRange(ascii | repeated(0x20), UInt8(ascii: "a"), UInt8(ascii: "z"))
        let digits = inRange(ascii, UInt8(ascii: "0"), UInt8(ascii: "9"))
        // A byte that is neither, or that had its high bit set (not ASCII).
        let others = (~(letters | digits) | word) & highBits
        // With no other byte the count of trailing zeros is 64: eight bytes, all before any other byte.
        let before = ~others & (others &- 1)
        return (others.trailingZeroBitCount &>> 3, letters & before & highBits != 0)
    }
}
