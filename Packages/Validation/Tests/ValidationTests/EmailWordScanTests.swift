import EssentialsTesting
import Testing

@testable import Validation

@Suite("Validation: the email scanner's eight-bytes-at-a-time lane")
struct EmailWordScanTests {
    /// The per-byte statement of what `WordScan.alphanumerics(in:)` computes.
    private static func reference(_ bytes: [UInt8]) -> (length: Int, sawLetter: Bool) {
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        let length = bytes.prefix { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
        return (length, bytes.prefix(length).contains(where: isLetter))
    }

    private static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    @Test func agreesWithAPerByteReferenceForEveryByteInEveryPosition() {
        for position in 0..<8 {
            for value in 0...255 {
                var bytes = Array("aZ09mQ7x".utf8)
                bytes[position] = UInt8(value)
                let scanned = WordScan.alphanumerics(in: Self.word(bytes))
                let expected = Self.reference(bytes)
                #expect(scanned.length == expected.length && scanned.sawLetter == expected.sawLetter, "\(bytes)")
            }
        }
    }

    @Test func agreesWithAPerByteReferenceOnRandomWords() {
        var generator = SeededGenerator(seed: 64)
        let interesting: [UInt8] = Array("09azAZ@[`{/:.-_+".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xE1, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in
                Bool.random(using: &generator)
                    ? interesting.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
            }
            let scanned = WordScan.alphanumerics(in: Self.word(bytes))
            let expected = Self.reference(bytes)
            #expect(scanned.length == expected.length && scanned.sawLetter == expected.sawLetter, "\(bytes)")
        }
    }

    @Test func marksEveryByteThatIsNotALetterOrDigit() throws {
        var generator = SeededGenerator(seed: 0x3A5C)
        let interesting: [UInt8] = Array("09azAZ@[`{/:.-_+ ".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xE1, 0xFF]
        for count in 8...64 {
            for _ in 0..<200 {
                let bytes = (0..<count).map { _ in
                    Bool.random(using: &generator)
                        ? interesting.randomElement(using: &generator) ?? 0
                        : UInt8.random(in: 0...255, using: &generator)
                }
                let expected = bytes.enumerated().reduce(UInt64(0)) { marks, element in
                    Self.reference([element.element]).length == 1 ? marks : marks | 1 << UInt64(element.offset)
                }
                try bytes.withUnsafeBufferPointer { buffer in
                    let base = try #require(buffer.baseAddress, "a buffer of \(count) bytes has an address")
                    #expect(WordScan.nonAlphanumerics(base, count: count) == expected, "\(bytes)")
                }
            }
        }
    }

    @Test func loadsTheFirstByteAsTheLowest() throws {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
        try bytes.withUnsafeBufferPointer { buffer in
            let base = try #require(buffer.baseAddress, "a buffer of nine bytes has an address")
            #expect(WordScan.load(base) == 0x0807_0605_0403_0201)
            #expect(WordScan.load(base + 1) == 0x0908_0706_0504_0302)
        }
    }

    /// Addresses whose special bytes fall on every offset of an eight-byte block, checked against the state
    /// machine alone (which the lane hands over to) through the split-based reference.
    @Test func findsTheSpecialByteWhereverItFallsInABlock() {
        let validator = EmailValidator()
        for localLength in 1...20 {
            for labelLength in 1...20 {
                let local = String(repeating: "a", count: localLength)
                let label = String(repeating: "b", count: labelLength)
                #expect(validator.validate(email: "\(local)@\(label).example").isEmpty)
                #expect(validator.validate(email: "\(local).\(local)@\(label).\(label).com").isEmpty)
                #expect(
                    validator.validate(email: "\(local)..x@\(label).example").map(\.code) == [
                        .emailLocalPartConsecutiveDots
                    ])
                #expect(
                    validator.validate(email: "\(local)@\(label)..example").map(\.code) == [.emailDomainEmptyLabel])
                #expect(
                    validator.validate(email: "\(local)@\(label)-.example").map(\.code) == [
                        .emailDomainLabelTrailingHyphen
                    ])
                #expect(
                    validator.validate(email: "\(local)@\(label)é.example").map(\.code) == [
                        .emailInternationalizedNotAllowed
                    ])
                #expect(
                    validator.validate(email: "\(local)@1\(String(repeating: "2", count: labelLength))").map(\.code)
                        == [
                            .emailNumericTopLevelDomain, .emailSingleLabelDomain,
                        ])
                #expect(
                    validator.validate(email: "\(local)@x.1\(String(repeating: "2", count: labelLength))").map(\.code)
                        == [
                            .emailNumericTopLevelDomain
                        ])
                #expect(validator.validate(email: "\(local)@x.1\(String(repeating: "2", count: labelLength))z").isEmpty)
            }
        }
    }
}

@Suite("Validation: the email scanner's ASCII lane against its state machine")
struct EmailLaneTests {
    private static let optionSets: [EmailValidationOptions] = [
        EmailValidationOptions(), .permissive, EmailValidationOptions(allowsSingleLabelDomain: true),
        EmailValidationOptions(allowsQuotedLocalPart: true, allowsIPLiteral: true),
    ]

    /// Addresses built from the bytes every rule of the grammar turns on, in runs long enough to cross the
    /// eight-byte blocks and the length limits.
    private static func randomAddress(using generator: inout SeededGenerator) -> String {
        let pieces = [
            "a", "Z", "0", "9", "abcdefgh", "12345678", ".", "..", "@", "-", "_", "+", " ", "\t", "\r\n", "\u{0}",
            "\u{7F}", "\"", "\\", "[", "]", "(", ",", "é", "ü", "1.2.3.4", "IPv6:", String(repeating: "x", count: 60),
        ]
        let count = Int.random(in: 0...12, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
    }

    @Test func reportsExactlyWhatTheStateMachineReports() {
        var generator = SeededGenerator(seed: 0xA5C11)
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let address = Self.randomAddress(using: &generator)
            for options in Self.optionSets {
                let lane = EmailScanner.scan(address, options: options)
                let machine = EmailScanner.scanWithStateMachine(address, options: options)
                if lane != machine {
                    disagreements.append(
                        "\(address.debugDescription): lane \(lane.reasons), machine \(machine.reasons)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// Every length from 1 to 80 bytes in several shapes, across the short lane's 8...64 bytes and both sides.
    @Test func agreesAtEveryLength() {
        for length in 1...80 {
            let shapes = [
                "a@" + String(repeating: "b", count: max(0, length - 6)) + ".com",
                String(repeating: "x", count: max(1, length - 6)) + "@a.bc",
                String(repeating: "x.", count: length / 2),
                "@" + String(repeating: "-", count: length),
                String(repeating: "ab@", count: length / 3 + 1),
                String(repeating: "a", count: length / 2) + "@" + String(repeating: "1", count: length / 2),
                String(repeating: "é", count: length / 2) + "@x.y",
                "\"" + String(repeating: "q", count: length) + "\"@x.y",
            ]
            for address in shapes {
                for options in Self.optionSets {
                    #expect(
                        EmailScanner.scan(address, options: options)
                            == EmailScanner.scanWithStateMachine(address, options: options),
                        "\(address.debugDescription)")
                }
            }
        }
    }

    @Test func agreesOnTheCaseTableAndTheRandomMix() {
        var generator = SeededGenerator(seed: 0x5EED)
        let addresses =
            EmailCaseTable.all.map(\.address) + (0..<5_000).map { _ in RandomAddress.make(using: &generator) }
        for address in addresses {
            for options in Self.optionSets {
                #expect(
                    EmailScanner.scan(address, options: options)
                        == EmailScanner.scanWithStateMachine(address, options: options), "\(address.debugDescription)")
            }
        }
    }
}
