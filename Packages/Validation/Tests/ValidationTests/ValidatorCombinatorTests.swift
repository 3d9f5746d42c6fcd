import Essentials
import Foundation
import Testing
import Validation

private extension ValidationCode {
    static let tooSmall = ValidationCode(rawValue: "test.tooSmall")
    static let tooBig = ValidationCode(rawValue: "test.tooBig")
    static let odd = ValidationCode(rawValue: "test.odd")
    static let missing = ValidationCode(rawValue: "test.missing")
    static let forbidden = ValidationCode(rawValue: "test.forbidden")
    static let blank = ValidationCode(rawValue: "test.blank")
}

private let atLeastTen = Validator<Int>.atLeast(10, .tooSmall)
private let atMostHundred = Validator<Int>.atMost(100, .tooBig)
private let even = Validator<Int>.rule(.odd) { $0.isMultiple(of: 2) }

@Suite("Validation: composing validators")
struct ValidatorCombinatorTests {
    @Test func allOfReportsEveryFailureNotJustTheFirst() {
        let both = atLeastTen && even
        #expect(both.validate(3).codes == [.tooSmall, .odd])
        #expect(both.validate(12).isEmpty)
        #expect(Validator.all([atLeastTen, atMostHundred, even]).validate(101).codes == [.tooBig, .odd])
        #expect(Validator<Int>.all([]).validate(.min).isEmpty)
    }

    @Test func anyOfPassesWhenOneAlternativePassesAndOtherwiseReportsThemAll() {
        let either = atLeastTen || even
        #expect(either.validate(4).isEmpty)
        #expect(either.validate(11).isEmpty)
        #expect(either.validate(3).codes == [.tooSmall, .odd])
        #expect(Validator.any(atMostHundred, atLeastTen, even).validate(101).isEmpty)
        #expect(Validator.any(atLeastTen).validate(1).codes == [.tooSmall])
    }

    @Test func anyOfStopsAtTheFirstPassingAlternative() {
        let counter = CallCounter()
        let counted = Validator<Int> { _ in
            counter.increment()
            return []
        }
        #expect((even || counted).validate(2).isEmpty)
        #expect(counter.count == 0)
        #expect((even || counted).validate(3).isEmpty)
        #expect(counter.count == 1)
    }

    @Test func notInvertsAndSaysWhy() {
        #expect((!even).validate(2).codes == [.unexpectedlyValid])
        #expect((!even).validate(3).isEmpty)
        #expect(even.not(.forbidden).validate(4).codes == [.forbidden])
        #expect((!(!even)).validate(3).codes == [.unexpectedlyValid])
    }

    @Test func optionalAndRequiredHandleNil() {
        #expect(atLeastTen.optional.validate(nil).isEmpty)
        #expect(atLeastTen.optional.validate(3).codes == [.tooSmall])
        #expect(atLeastTen.required(.missing).validate(nil).codes == [.missing])
        #expect(atLeastTen.required(.missing).validate(3).codes == [.tooSmall])
        #expect(atLeastTen.required(.missing).validate(30).isEmpty)
    }

    @Test func eachElementPrefixesThePositionAndTheIdentifier() {
        let evens: Validator<[Int]> = even.forEachElement()
        #expect(
            evens.validate([2, 3, 4, 5])
                == [ValidationFailure(code: .odd, path: "[1]"), ValidationFailure(code: .odd, path: "[3]")])
        #expect(evens.validate([]).isEmpty)
        let identified: Validator<[Int]> = even.forEachElement(identifiedBy: { "n\($0)" })
        #expect(identified.validate([1]) == [ValidationFailure(code: .odd, path: "[0]", elementID: "n1")])
        let slice: Validator<ArraySlice<Int>> = even.forEachElement()
        #expect(slice.validate([1, 2, 3][1...]).map(\.path) == ["[1]"])
    }

    @Test func keyedFieldsBuildDottedPaths() {
        struct Line {
            var quantity: Int
        }
        struct Order {
            var lines: [Line]
            var note: String?
        }
        let line: Validator<Line> = .field("quantity", \.quantity, atLeastTen)
        let order: Validator<Order> =
            .field("lines", \.lines, line.forEachElement())
            && .field("note", \.note, Validator<String>.notBlank(.blank).optional)
        let failures = order.validate(Order(lines: [Line(quantity: 20), Line(quantity: 1)], note: "  "))
        #expect(
            failures == [
                ValidationFailure(code: .tooSmall, path: "lines[1].quantity"),
                ValidationFailure(code: .blank, path: "note"),
            ])
        #expect(atLeastTen.at("outer").at("root").validate(1).map(\.path) == ["root.outer"])
    }

    @Test func thenSkipsChecksThatMakeNoSenseOnABrokenValue() {
        let price = Validator<Decimal>.notNaN(.missing).then(.atLeast(0, .tooSmall))
        #expect(price.validate(.nan).codes == [.missing])
        #expect(price.validate(-1).codes == [.tooSmall])
        #expect(price.validate(1).isEmpty)
        // Without `then`, Foundation's ordering puts NaN below zero and both would be reported.
        #expect((Validator<Decimal>.notNaN(.missing) && .atLeast(0, .tooSmall)).validate(.nan).count == 2)
    }

    @Test func whenRunsOnlyForMatchingValues() {
        let evenIfLarge = even.when { $0 > 100 }
        #expect(evenIfLarge.validate(3).isEmpty)
        #expect(evenIfLarge.validate(101).codes == [.odd])
    }

    @Test func validatedReturnsTheValueOrThrowsEveryFailure() throws {
        #expect(try (atLeastTen && even).validated(12) == 12)
        #expect(throws: ValidationError(failures: [ValidationFailure(code: .tooSmall), ValidationFailure(code: .odd)]))
        {
            try (atLeastTen && even).validated(3)
        }
        do {
            _ = try atLeastTen.validated(1)
            Issue.record("expected a throw")
        } catch {
            // Typed throws: `error` is a ValidationError here without a cast.
            #expect(error.failures == [ValidationFailure(code: .tooSmall)])
        }
    }

    @Test(arguments: [
        ("", false), ("   ", false), ("\t\n\r", false), ("\u{200B}\u{FEFF}", false), ("\u{3000}", false),
        ("\u{0}", false), ("a", true), (" a ", true), ("é", true), ("😀", true),
    ])
    func notBlankLooksPastInvisibleCharacters(text: String, visible: Bool) {
        #expect(Validator<String>.notBlank(.blank).isValid(text) == visible)
    }

    @Test func maximumLengthCountsScalarsSoCombiningFloodsCannotHide() {
        let limit = Validator<String>.maximumLength(5, .tooBig)
        #expect(limit.isValid("abcde"))
        #expect(!limit.isValid("abcdef"))
        #expect(limit.isValid("ééééé"))  // 5 scalars, 10 bytes
        #expect(!limit.isValid(HostileText.zalgo))  // one Character, 30,001 scalars
        #expect(HostileText.zalgo.count == 1)
        #expect(!limit.isValid(HostileText.oneMegabyte))
        #expect(limit.isValid(""))
    }

    @Test(arguments: [
        ("Plain text, with punctuation!", true, true), ("עברית\u{200F} text", true, true), ("line\nbreak", false, true),
        ("tab\there", false, true), ("nul\u{0}", false, false), ("esc\u{1B}[0m", false, false),
        ("bell\u{7}", false, false), ("c1\u{85}", false, false), ("bad\u{FFFD}utf8", false, false),
        ("evil\u{202E}txt.exe", false, false), ("isolate\u{2066}x\u{2069}", false, false),
        ("separator\u{2028}", false, true),
    ])
    func plainTextRefusesInvisibleTroublemakers(text: String, singleLine: Bool, multiLine: Bool) {
        #expect(Validator<String>.plainText(.forbidden).isValid(text) == singleLine)
        #expect(Validator<String>.plainText(.forbidden, allowsLineBreaks: true).isValid(text) == multiLine)
    }

    @Test func numericAndCollectionRules() {
        #expect(Validator<Int>.greaterThan(0, .tooSmall).validate(0).codes == [.tooSmall])
        #expect(Validator<Int>.greaterThan(0, .tooSmall).validate(Int.min).codes == [.tooSmall])
        #expect(Validator<Decimal>.magnitudeAtMost(10, .tooBig).validate(-11).codes == [.tooBig])
        #expect(Validator<Decimal>.magnitudeAtMost(10, .tooBig).validate(-10).isEmpty)
        #expect(Validator<[Int]>.notEmpty(.missing).validate([]).codes == [.missing])
        #expect(Validator<[Int]>.maximumCount(2, .tooBig).validate([1, 2, 3]).codes == [.tooBig])
        #expect(Validator<Int>.valid.validate(.max).isEmpty)
    }

    @Test func failuresNestAndDescribeThemselves() {
        let failure = ValidationFailure(code: .odd, path: "[2].quantity", elementID: "A")
        #expect(failure.nested(under: "lines").path == "lines[2].quantity")
        #expect(ValidationFailure(code: .odd).nested(under: "x").path == "x")
        #expect(ValidationFailure(code: .odd, path: "y").nested(under: "").path == "y")
        #expect(failure.identified(by: "B").elementID == "A")
        #expect(ValidationFailure(code: .odd).identified(by: "B").elementID == "B")
        #expect(failure.description == "test.odd at [2].quantity (element A)")
        #expect(ValidationFailure(code: .odd).description == "test.odd")
    }

    @Test func validatorsAreSendableAcrossTasks() async {
        let validator = atLeastTen && even
        let results = await withTaskGroup(of: Int.self) { group in
            for value in 0..<500 { group.addTask { validator.validate(value).count } }
            return await group.reduce(0, +)
        }
        let expected = (0..<500).reduce(0) { $0 + validator.validate($1).count }
        #expect(results == expected)
        #expect(expected > 0)
    }
}

/// Counts calls from any thread; used to prove short-circuiting.
private final class CallCounter: Sendable {
    private let value = LockedValue(0)

    var count: Int {
        value.withLock { $0 }
    }

    func increment() {
        value.withLock { $0 += 1 }
    }
}
