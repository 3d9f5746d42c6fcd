import EssentialsTesting
import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

@Suite("SectionsRegistry: envelope")
struct SectionsEnvelopeTests {
    private let builder = SectionPayloadBuilder()
    private let decoder = SectionsEnvelopeDecoder()

    private func decode(_ text: String) throws(SectionEnvelopeError) -> SectionsEnvelope {
        try decoder.decode(Data(text.utf8))
    }

    @Test func readsAListOfSectionsKeepingContentBytesExactly() throws {
        let text = #"""
            [ {"id": "b1", "type": "banner", "content": {"title":"Hi",  "big": 12345678901234567890123456789, "z":1, "a":2}},
              {"type": "quick_actions", "content": [1, 2.50, -0e+3], "id": "q1", "ignored": {"x": [true, false, null]}} ]
            """#
        let envelope = try decode(text)
        #expect(envelope.diagnostics.isEmpty)
        #expect(envelope.positions == [0, 1])
        #expect(
            envelope.payloads.map(\.reference) == [
                .init(id: "b1", type: "banner"), .init(id: "q1", type: "quick_actions"),
            ])
        #expect(
            String(decoding: envelope.payloads[0].content, as: UTF8.self)
                == #"{"title":"Hi",  "big": 12345678901234567890123456789, "z":1, "a":2}"#)
        #expect(String(decoding: envelope.payloads[1].content, as: UTF8.self) == "[1, 2.50, -0e+3]")
    }

    @Test func readsTheListUnderASectionsMember() throws {
        let text = #"{"version": 3, "sections": [{"id":"a","type":"banner","content":{}}], "next": null}"#
        let envelope = try decode(text)
        #expect(envelope.payloads.map(\.id) == ["a"])
    }

    @Test func anEmptyListIsFine() throws {
        #expect(try decode(" [ ] ").payloads.isEmpty)
        #expect(try decode(#"{"sections":[]}"#).payloads.isEmpty)
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data(#"[{"id":"a","type":"banner","content":{}}]"#.utf8))
        #expect(try decoder.decode(data).payloads.count == 1)
    }

    @Test(arguments: [
        (#"7"#, SectionEntryProblem.notAnObject),
        (#"["id","banner"]"#, .notAnObject),
        (#"null"#, .notAnObject),
        (#"{"type":"banner","content":{}}"#, .missingID),
        (#"{"id":7,"type":"banner","content":{}}"#, .invalidID),
        (#"{"id":"","type":"banner","content":{}}"#, .invalidID),
        (#"{"id":{"nested":"x"},"type":"banner","content":{}}"#, .invalidID),
        (#"{"id":"a","content":{}}"#, .missingType),
        (#"{"id":"a","type":null,"content":{}}"#, .invalidType),
        (#"{"id":"a","type":"ban ner","content":{}}"#, .invalidType),
        (#"{"id":"a","type":"banner"}"#, .missingContent),
        (#"{"id":"a","type":"banner","content":null}"#, .missingContent),
        (#"{"id":"a","id":"b","type":"banner","content":{}}"#, .repeatedMember(.id)),
        (#"{"id":"a","type":"banner","type":"promo","content":{}}"#, .repeatedMember(.type)),
        (#"{"id":"a","type":"banner","content":{},"content":[]}"#, .repeatedMember(.content)),
        (#"{}"#, .missingID),
    ])
    func aBrokenEntryBecomesADiagnosticAndTheOthersSurvive(entry: String, problem: SectionEntryProblem) throws {
        let good = builder.entry(Fixtures.goodPayload(0))
        let envelope = try decoder.decode(
            builder.envelope(entries: [good, entry, good.replacingOccurrences(of: "s0", with: "s2")]))
        #expect(envelope.payloads.map(\.id) == ["s0", "s2"])
        #expect(envelope.positions == [0, 2])
        #expect(envelope.diagnostics.count == 1)
        #expect(envelope.diagnostics.first?.position == 1)
        #expect(envelope.diagnostics.first?.problem == .invalidEntry(problem))
    }

    @Test func aDiagnosticKeepsTheValidIDAndTypeOfABrokenEntry() throws {
        let envelope = try decode(#"[{"id":"a","type":"banner"}]"#)
        #expect(
            envelope.diagnostics == [
                SectionDiagnostic(
                    position: 0, sectionID: "a", sectionType: "banner", problem: .invalidEntry(.missingContent))
            ])
    }

    @Test func escapedIDsAndTypesAreDecoded() throws {
        let envelope = try decode(#"[{"id":"caf\u00e9-\ud83d\ude00 \"q\" \\ \/","type":"ban\u006eer","content":{}}]"#)
        #expect(envelope.payloads.first?.id == "café-😀 \"q\" \\ /")
        #expect(envelope.payloads.first?.type == "banner")
    }

    /// Each broken string with the offset of its first bad byte: the backslash of a bad escape (8), the raw tab (9).
    @Test(arguments: [
        (#"[{"id":"\ud83d","type":"banner","content":{}}]"#, 8),  // lone high surrogate
        (#"[{"id":"\ude00","type":"banner","content":{}}]"#, 8),  // lone low surrogate
        (#"[{"id":"\u12","type":"banner","content":{}}]"#, 8),  // short escape
        (#"[{"id":"\x","type":"banner","content":{}}]"#, 8),  // unknown escape
        ("[{\"id\":\"a\tb\",\"type\":\"banner\",\"content\":{}}]", 9),  // raw control character
    ])
    func aBrokenStringBreaksTheWholeResponse(text: String, offset: Int) throws {
        #expect(throws: SectionEnvelopeError.malformedJSON(offset: offset)) { try decode(text) }
    }

    @Test(arguments: [
        "", " ", "[", "[{", #"[{"id":"a""#, #"[{"id":"a","type":"banner","content":{}}"#, "[1,]", "[1 2]", "]",
        #"{"sections":[]"#, "[{}] x", "[tru]", "[01]", "[1.]", "[.5]", "[1e]", "[-]", "['a']", "[\"a\"\"b\"]",
        "{\"sections\" []}", "[NaN]", "[{\"id\":\"a\",}]",
    ])
    func aResponseThatIsNotJSONFailsAsMalformed(text: String) throws {
        do {
            _ = try decode(text)
            Issue.record("accepted \(text)")
        } catch {
            guard case .malformedJSON = error else {
                Issue.record("\(text): unexpected \(error)")
                return
            }
        }
    }

    @Test(arguments: [
        #"{}"#, #"{"data":[]}"#, #"{"sections":{}}"#, #"{"sections":[],"sections":[]}"#, #""x""#, "3", "null",
    ])
    func validJSONOfTheWrongShapeFails(text: String) throws {
        #expect(throws: SectionEnvelopeError.unexpectedShape) { try decode(text) }
    }

    @Test func invalidUTF8FailsAsMalformed() throws {
        for bytes: [UInt8] in [
            [0xC3, 0x28], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xC3],
        ] {
            var data = Data(#"[{"id":""#.utf8)
            data.append(contentsOf: bytes)
            data.append(Data(#"","type":"banner","content":{}}]"#.utf8))
            #expect(throws: SectionEnvelopeError.malformedJSON(offset: 8)) { try decoder.decode(data) }
        }
    }

    @Test func hostileNestingFailsWithAnErrorNotACrash() throws {
        let depth = 1_000_000
        let inContent =
            #"[{"id":"a","type":"banner","content":"# + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "}]"
        #expect(throws: SectionEnvelopeError.nestingTooDeep(offset: 37 + 126)) { try decode(inContent) }
        let atTop = String(repeating: "[", count: depth)
        #expect(throws: SectionEnvelopeError.nestingTooDeep(offset: 128)) { try decode(atTop) }
        let wrapped = String(repeating: #"{"sections":"#, count: 10_000)  // 12 bytes a level
        #expect(throws: SectionEnvelopeError.nestingTooDeep(offset: 128 * 12)) { try decode(wrapped) }
    }

    @Test func nestingUpToTheLimitIsFine() throws {
        // The list (1) and the entry (2) count, so content may nest 126 levels under the default limit of 128.
        let content = String(repeating: "[", count: 126) + String(repeating: "]", count: 126)
        #expect(try decode(#"[{"id":"a","type":"banner","content":\#(content)}]"#).payloads.count == 1)
        let deeper = String(repeating: "[", count: 127) + String(repeating: "]", count: 127)
        #expect(throws: SectionEnvelopeError.nestingTooDeep(offset: 37 + 126)) {
            try decode(#"[{"id":"a","type":"banner","content":\#(deeper)}]"#)
        }
    }

    @Test func aResponseOverTheSizeLimitIsRefusedBeforeReading() throws {
        let decoder = SectionsEnvelopeDecoder(maximumBytes: 100)
        let data = Data(repeating: UInt8(ascii: " "), count: 101)
        #expect(throws: SectionEnvelopeError.tooLarge(bytes: 101, limit: 100)) { try decoder.decode(data) }
    }

    @Test func entriesOverTheLimitAreCountedInOneDiagnostic() throws {
        let decoder = SectionsEnvelopeDecoder(maximumSections: 3)
        let data = builder.envelope((0..<10).map(Fixtures.goodPayload))
        let envelope = try decoder.decode(data)
        #expect(envelope.payloads.count == 3)
        #expect(
            envelope.diagnostics == [
                SectionDiagnostic(
                    position: 3, sectionID: nil, sectionType: nil, problem: .tooManySections(limit: 3, dropped: 7))
            ])
    }

    @Test func theScannerAgreesWithJSONSerializationOnRandomMutations() throws {
        var generator = SeededGenerator(seed: 99)
        let base = Array(builder.envelope((0..<4).map(Fixtures.goodPayload)))
        let alphabet = Array(#"{}[]":,\ 0123456789-+.eEtrufalsn"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        var checked = 0
        for _ in 0..<3_000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = alphabet.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: position)
                }
            }
            let data = Data(bytes)
            let reference = (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
            let ours: Bool
            do {
                _ = try decoder.decode(data)
                ours = true
            } catch .unexpectedShape {
                ours = true
            } catch {
                ours = false
            }
            // Foundation accepts a few things RFC 8259 does not (it is lenient with some escapes); we never accept
            // anything Foundation rejects.
            if ours { #expect(reference, "accepted invalid JSON: \(String(decoding: bytes, as: UTF8.self))") }
            if ours == reference { checked += 1 }
        }
        #expect(checked > 2_900)
    }
}
