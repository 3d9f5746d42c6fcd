import EssentialsTesting
import Testing
import Validation

@Suite("Validation: email under hostile input")
struct EmailHostileInputTests {
    let strict = EmailValidator()
    let permissive = EmailValidator(options: .permissive)

    @Test func rejectsTheHundredThousandCharacterAddressWithEachReason() {
        let address = String(repeating: "a", count: 100_000) + "@"
        #expect(
            strict.validate(email: address).codes == [.emailAddressTooLong, .emailLocalPartTooLong, .emailEmptyDomain])
        #expect(
            permissive.validate(email: address).codes == [
                .emailAddressTooLong, .emailLocalPartTooLong, .emailEmptyDomain,
            ])
    }

    @Test func reportsAReasonFoundAMillionTimesOnce() {
        #expect(strict.validate(email: HostileText.oneMegabyte).codes == [.emailMissingAt, .emailAddressTooLong])
        #expect(
            strict.validate(email: HostileText.oneMegabyteOfSpaces).codes
                == [.emailMissingAt, .emailWhitespace, .emailAddressTooLong])
        let ats = String(repeating: "@", count: 1 << 20)
        #expect(
            strict.validate(email: ats).codes
                == [.emailMultipleAt, .emailAddressTooLong, .emailEmptyLocalPart, .emailEmptyDomain])
        let dots = "a@" + String(repeating: ".", count: 1 << 20)
        #expect(
            strict.validate(email: dots).codes == [.emailAddressTooLong, .emailDomainTooLong, .emailDomainEmptyLabel])
        let quotes = String(repeating: "\"", count: 1 << 20) + "@example.com"
        #expect(
            permissive.validate(email: quotes).codes
                == [.emailAddressTooLong, .emailLocalPartTooLong, .emailMisplacedQuote])
    }

    @Test func neverParsesAHugeAddressLiteral() {
        let address = "a@[" + String(repeating: "1", count: 1 << 20) + "]"
        #expect(permissive.validate(email: address).codes == [.emailAddressTooLong, .emailInvalidIPLiteral])
        let unclosed = "a@[" + String(repeating: ":", count: 1 << 20)
        #expect(permissive.validate(email: unclosed).codes == [.emailAddressTooLong, .emailInvalidIPLiteral])
    }

    @Test func treatsInvalidUTF8AsTheReplacementCharacterItBecame() {
        let address = decodedInvalidUTF8(Array("us".utf8) + [0xFF, 0xC0, 0x80] + Array("er@example.com".utf8))
        #expect(address.unicodeScalars.contains("\u{FFFD}"))
        #expect(strict.validate(email: address).codes == [.emailInternationalizedNotAllowed])
        #expect(permissive.validate(email: address).codes == [.emailInvalidCharacter])
        let domain = decodedInvalidUTF8(Array("user@exa".utf8) + [0xED, 0xA0, 0x80] + Array("mple.com".utf8))
        #expect(permissive.validate(email: domain).codes == [.emailDomainInvalidCharacter])
        #expect(
            strict.validate(email: HostileText.invalidUTF8).codes == [
                .emailMissingAt, .emailInternationalizedNotAllowed,
            ])
    }

    @Test func handlesEmojiAndCombiningMarks() {
        #expect(
            strict.validate(email: HostileText.emoji + "@example.com").codes == [.emailInternationalizedNotAllowed])
        // The family emoji is joined by U+200D, an invisible formatting character, which stays refused.
        #expect(permissive.validate(email: HostileText.emoji + "@example.com").codes.contains(.emailInvalidCharacter))
        #expect(permissive.validate(email: "👍@example.com").isEmpty)
        let zalgo = HostileText.zalgo + "@example.com"
        #expect(
            strict.validate(email: zalgo).codes == [
                .emailInternationalizedNotAllowed, .emailAddressTooLong, .emailLocalPartTooLong,
            ])
        #expect(permissive.validate(email: zalgo).codes == [.emailAddressTooLong, .emailLocalPartTooLong])
        #expect(permissive.validate(email: "user@" + HostileText.zalgo).codes.contains(.emailDomainLabelTooLong))
    }

    @Test func refusesDirectionOverridesThatDisguiseTheDomain() {
        // Displays as "user@moc.example" reversed: the override is invisible but changes what the reader sees.
        let spoof = "user@example.\u{202E}moc"
        #expect(strict.validate(email: spoof).codes == [.emailInternationalizedNotAllowed])
        #expect(permissive.validate(email: spoof).codes == [.emailDomainInvalidCharacter])
    }

    @Test func givesTheSameAnswersFromManyTasksAtOnce() async {
        var generator = SeededGenerator(seed: 7)
        let addresses = (0..<2_000).map { _ in RandomAddress.make(using: &generator) }
        let expected = addresses.map { strict.validate(email: $0) }
        let validator = strict
        let concurrent = await withTaskGroup(of: (Int, [ValidationFailure]).self) { group in
            for (index, address) in addresses.enumerated() {
                group.addTask { (index, validator.validate(email: address)) }
            }
            var results = [[ValidationFailure]](repeating: [], count: addresses.count)
            for await (index, failures) in group { results[index] = failures }
            return results
        }
        #expect(concurrent == expected)
    }

    /// Differential test: the scanner against a slow, obviously correct reference written with `split`,
    /// on 5,000 seeded random addresses built from the characters that matter to the grammar.
    @Test func agreesWithASplitBasedReferenceOnRandomAddresses() {
        var generator = SeededGenerator(seed: 0x5EED)
        var disagreements: [String] = []
        for _ in 0..<5_000 {
            let address = RandomAddress.make(using: &generator)
            let scanned = strict.validate(email: address).codes
            let reference = ReferenceEmailRules.codes(address)
            if Set(scanned) != reference || scanned.count != reference.count {
                disagreements.append("\(address.debugDescription): scanner \(scanned), reference \(reference)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}

/// Random addresses: either noise from a grammar-relevant alphabet, or a well-formed address with a few
/// mutations, so both deep and shallow failures are exercised.
enum RandomAddress {
    private static let alphabet: [String] = [
        "a", "b", "Z", "0", "9", ".", ".", "@", "-", "_", "+", "'", " ", "\t", "\u{0}", "\u{7F}", ",", "!", "é", "]",
        "(", "\u{A0}",
    ]

    static func make(using generator: inout SeededGenerator) -> String {
        if Bool.random(using: &generator) {
            let length = Int.random(in: 0...40, using: &generator)
            return (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined()
        }
        var characters = Array(wellFormed(using: &generator))
        for _ in 0..<Int.random(in: 0...3, using: &generator) where !characters.isEmpty {
            let position = Int.random(in: 0..<characters.count, using: &generator)
            let replacement = Character(alphabet.randomElement(using: &generator) ?? "a")
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: characters[position] = replacement
            case 1: characters.insert(replacement, at: position)
            default: characters.remove(at: position)
            }
        }
        return String(characters)
    }

    private static func wellFormed(using generator: inout SeededGenerator) -> String {
        func word(_ range: ClosedRange<Int>) -> String {
            String(repeating: "x", count: Int.random(in: range, using: &generator))
        }
        let local = (0..<Int.random(in: 1...3, using: &generator)).map { _ in word(1...30) }.joined(separator: ".")
        let labels = (0..<Int.random(in: 1...5, using: &generator)).map { _ in word(1...70) }
        let top = Bool.random(using: &generator) ? "123" : "com"
        return local + "@" + (labels + [top]).joined(separator: ".")
    }
}

/// The default email rules restated the slow way, for unquoted addresses without literals.
enum ReferenceEmailRules {
    private static let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    private static let atext = Set((letters + "!#$%&'*+-/=?^_`{|}~.").unicodeScalars)
    private static let ldh = Set((letters + "-.").unicodeScalars)

    static func codes(_ address: String) -> Set<ValidationCode> {
        var codes = Set<ValidationCode>()
        for scalar in address.unicodeScalars {
            if scalar.properties.isWhitespace {
                codes.insert(.emailWhitespace)
            } else if scalar.properties.generalCategory == .control {
                codes.insert(.emailControlCharacter)
            } else if !scalar.isASCII {
                codes.insert(.emailInternationalizedNotAllowed)
            }
        }
        if address.utf8.count > 254 { codes.insert(.emailAddressTooLong) }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count > 1, let local = parts.first, let domain = parts.last else {
            codes.insert(.emailMissingAt)
            return codes
        }
        if parts.count > 2 { codes.insert(.emailMultipleAt) }
        checkLocal(local, into: &codes)
        checkDomain(domain, into: &codes)
        return codes
    }

    private static func checkLocal(_ local: Substring, into codes: inout Set<ValidationCode>) {
        if local.isEmpty { codes.insert(.emailEmptyLocalPart) }
        if local.utf8.count > 64 { codes.insert(.emailLocalPartTooLong) }
        if local.hasPrefix(".") { codes.insert(.emailLocalPartLeadingDot) }
        if local.hasSuffix(".") { codes.insert(.emailLocalPartTrailingDot) }
        if local.contains("..") { codes.insert(.emailLocalPartConsecutiveDots) }
        let invalid = local.unicodeScalars.contains { scalar in
            scalar.isASCII && !atext.contains(scalar) && !isWhitespaceOrControl(scalar)
        }
        if invalid { codes.insert(.emailInvalidCharacter) }
    }

    private static func checkDomain(_ domain: Substring, into codes: inout Set<ValidationCode>) {
        guard !domain.isEmpty else {
            codes.insert(.emailEmptyDomain)
            return
        }
        if domain.utf8.count > 253 { codes.insert(.emailDomainTooLong) }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            if label.isEmpty { codes.insert(.emailDomainEmptyLabel) }
            if label.utf8.count > 63 { codes.insert(.emailDomainLabelTooLong) }
            if label.hasPrefix("-") { codes.insert(.emailDomainLabelLeadingHyphen) }
            if label.hasSuffix("-") { codes.insert(.emailDomainLabelTrailingHyphen) }
        }
        let invalid = domain.unicodeScalars.contains { scalar in
            scalar.isASCII && !ldh.contains(scalar) && !isWhitespaceOrControl(scalar)
        }
        if invalid { codes.insert(.emailDomainInvalidCharacter) }
        if let last = labels.last, !last.isEmpty, last.allSatisfy(\.isASCIIDigit) {
            codes.insert(.emailNumericTopLevelDomain)
        }
        if labels.count == 1 { codes.insert(.emailSingleLabelDomain) }
    }

    private static func isWhitespaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
