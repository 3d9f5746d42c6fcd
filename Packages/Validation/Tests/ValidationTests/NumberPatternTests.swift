import Testing
import Validation

@Suite("Number patterns")
struct NumberPatternTests {
    @Test func theDefaultPatternGivesTodaysNumbers() throws {
        let pattern = try NumberPattern(parsing: "INV-{seq:4}")
        #expect(pattern.format(counter: 7, year: 2026, month: 11) == "INV-0007")
        #expect(pattern.format(counter: 12_345, year: 2026, month: 11) == "INV-12345")
        #expect(pattern.resetPeriod == .never)
        #expect(pattern.sequenceSuffix(year: 2026, month: 11) == nil)
        #expect(pattern.counter(in: "INV-0007") == 7)
        #expect(pattern.counter(in: "CN-0007") == nil)
    }

    @Test func aYearlyPattern() throws {
        let pattern = try NumberPattern(parsing: "INV-{yyyy}-{seq:4}")
        #expect(pattern.format(counter: 7, year: 2026, month: 11) == "INV-2026-0007")
        #expect(pattern.resetPeriod == .yearly)
        #expect(pattern.sequenceSuffix(year: 2026, month: 11) == "2026")
        #expect(pattern.counter(in: "INV-2026-0007") == 7)
    }

    @Test func aMonthlyPatternWithSlashes() throws {
        let pattern = try NumberPattern(parsing: "FV/{yyyy}/{mm}/{seq:3}")
        #expect(pattern.format(counter: 7, year: 2026, month: 3) == "FV/2026/03/007")
        #expect(pattern.resetPeriod == .monthly)
        #expect(pattern.sequenceSuffix(year: 2026, month: 3) == "2026-03")
        #expect(pattern.counter(in: "FV/2026/03/1234") == 1234)
    }

    @Test func theMonthAloneStillResetsMonthlyAndTheShortYearYearly() throws {
        #expect(try NumberPattern(parsing: "{mm}-{seq}").resetPeriod == .monthly)
        #expect(try NumberPattern(parsing: "{yy}{seq:2}").format(counter: 3, year: 2009, month: 1) == "0903")
        #expect(try NumberPattern(parsing: "{yy}{seq:2}").resetPeriod == .yearly)
        #expect(try NumberPattern(parsing: "{seq}{yyyy}").counter(in: "422026") == 42)
    }

    @Test(arguments: [
        ("INV-{yyyy}", NumberPatternProblem.missingCounter),
        ("", .missingCounter),
        ("{seq}{seq:2}", .twoCounters),
        ("{year}-{seq}", .unknownToken("year")),
        ("{seq:0}", .unknownToken("seq:0")),
        ("{seq:10}", .unknownToken("seq:10")),
        ("{seq:٣}", .unknownToken("seq:٣")),
        ("{SEQ}", .unknownToken("SEQ")),
        ("{}", .unknownToken("")),
        ("INV-}{seq}", .unknownToken("}")),
        ("INV-{seq", .unclosedBrace),
        ("{{seq}}", .unclosedBrace),
        (String(repeating: "A", count: 41) + "{seq}", .tooLong(maximum: 40)),
        ("INV-\n{seq}", .controlCharacter),
        ("INV-\u{202E}{seq}", .controlCharacter),
        ("INV-\u{0}{seq}", .controlCharacter),
    ])
    func hostilePatternsAreRefusedWithTheirProblem(text: String, problem: NumberPatternProblem) {
        #expect(throws: problem) { try NumberPattern(parsing: text) }
    }

    @Test func problemsAreSentencesWithStableCodes() {
        #expect(NumberPatternProblem.missingCounter.description.contains("needs a counter"))
        #expect(NumberPatternProblem.missingCounter.code.rawValue == "numberPattern.missingCounter")
        let long = NumberPatternProblem.unknownToken(String(repeating: "x", count: 200)).description
        #expect(long.count < 160 && !long.contains("unknownToken"))
    }

    @Test func literalsMayHoldAnyPrintableText() throws {
        let pattern = try NumberPattern(parsing: "Rechnung Nr. {seq:5} ü")
        #expect(pattern.format(counter: 1, year: 2026, month: 1) == "Rechnung Nr. 00001 ü")
        #expect(pattern.counter(in: "Rechnung Nr. 00001 ü") == 1)
        #expect(pattern.counter(in: "Rechnung Nr.  ü") == nil)
    }
}
