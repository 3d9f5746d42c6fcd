import EssentialsTesting
import Testing

@testable import Validation

@Suite("Validation: the email scanner's bit-mask lane for short ASCII addresses")
struct EmailShortLaneTests {
    private static let optionSets: [EmailValidationOptions] = (0..<16).map {
        EmailValidationOptions(
            allowsQuotedLocalPart: $0 & 1 != 0, allowsInternationalized: $0 & 2 != 0, allowsIPLiteral: $0 & 4 != 0,
            allowsSingleLabelDomain: $0 & 8 != 0)
    }

    /// Every ASCII byte and a few UTF-8 lead bytes in every position of addresses of the lengths where the lane
    /// changes how many words it reads (8, 16, 24, 32, 64 bytes) and just past them, under every option set.
    @Test func agreesWithTheStateMachineForEveryByteInEveryPosition() {
        let shapes = [
            "ab.c@d-e.fg", "a@b.c", "x.y+z@mail.example-name.io", "q@1.23", "a@b@c.de",
        ]
        var disagreements: [String] = []
        for length in [8, 9, 16, 17, 24, 25, 32, 33, 63, 64] {
            for shape in shapes {
                var base = Array(shape.utf8)
                while base.count < length { base.insert(UInt8(ascii: "k"), at: base.count / 2) }
                base = Array(base.prefix(length))
                for position in 0..<length {
                    for value in Array(UInt8(0)...UInt8(127)) + [0xC3] {
                        var bytes = base
                        bytes[position] = value
                        if value == 0xC3 { bytes.insert(0xA9, at: position + 1) }
                        let address = String(decoding: bytes, as: UTF8.self)
                        for options in Self.optionSets.prefix(value == 0xC3 ? 16 : 4) {
                            let lane = EmailScanner.scan(address, options: options)
                            if lane != EmailScanner.scanWithStateMachine(address, options: options) {
                                disagreements.append(address.debugDescription)
                            }
                        }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// Addresses whose special bytes fall on every offset of an eight-byte word.
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

@Suite("Validation: the email scanner's bit-mask lane against its state machine")
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

    /// Every length from 1 to 80 bytes in several shapes, across the lane's 8...64 bytes and both sides.
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
