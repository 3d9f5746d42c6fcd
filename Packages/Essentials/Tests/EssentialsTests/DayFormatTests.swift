import Essentials
import Foundation
import Testing

@Suite("Essentials: days as YYYY-MM-DD")
struct DayFormatTests {
    private let days: DayFormat = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return DayFormat(calendar: calendar)
    }()

    @Test func aDayReadsAndPrintsBackUnchanged() throws {
        for text in ["2026-11-21", "2024-02-29", "1583-01-01", "9999-12-31", "2026-03-29"] {
            #expect(days.string(from: try days.day(from: text)) == text)
        }
    }

    @Test(arguments: [
        ("", DayFormat.Problem.notYYYYMMDD("")), ("2026-1-01", .notYYYYMMDD("2026-1-01")),
        ("2026-01-01 ", .notYYYYMMDD("2026-01-01 ")), ("+026-01-01", .notYYYYMMDD("+026-01-01")),
        ("0000-01-01", .notYYYYMMDD("0000-01-01")), ("2026-13-01", .noSuchMonth("2026-13-01", month: 13)),
        ("1582-10-10", .beforeGregorianCalendar("1582-10-10")), ("0001-01-01", .beforeGregorianCalendar("0001-01-01")),
        ("1582-13-01", .beforeGregorianCalendar("1582-13-01")), ("1500-02-30", .beforeGregorianCalendar("1500-02-30")),
        ("2025-02-29", .noSuchDay("2025-02-29", day: 29, daysInMonth: 28)),
        ("2026-04-31", .noSuchDay("2026-04-31", day: 31, daysInMonth: 30)),
        ("٢٠٢٦-٠١-٠١", .notYYYYMMDD("٢٠٢٦-٠١-٠١")),
    ])
    func aTextThatNamesNoDayIsRefusedWithItsReason(text: String, problem: DayFormat.Problem) {
        #expect(throws: problem) { try days.day(from: text) }
        #expect(days.date(from: text) == nil)
    }

    @Test func reasonsReadAsSentences() {
        let month: DayFormat.Problem = .noSuchMonth("2026-13-01", month: 13)
        let day: DayFormat.Problem = .noSuchDay("2025-02-29", day: 29, daysInMonth: 28)
        #expect(month.description == "'2026-13-01' has no month 13; months are 01 to 12")
        #expect(day.description == "2025-02-29 does not exist: that month has 28 days, not 29")
        let early: DayFormat.Problem = .beforeGregorianCalendar("1582-10-10")
        #expect(
            early.description
                == "1582-10-10 is before 1583, when the Gregorian calendar these days are counted in was not yet in use"
        )
        let form: DayFormat.Problem = .notYYYYMMDD("10/10/1582")
        #expect(form.description == "'10/10/1582' is not a day written as YYYY-MM-DD")
    }

    @Test func aTextThatIsNoDayHasNoEndOfDayAndNoDate() {
        #expect(days.endOfDay(from: "2026-02-30") == nil)
        #expect(days.date(from: "1582-10-10") == nil)
    }

    @Test func theEndOfADayIsItsLastMillisecondInTheCalendarsTimeZone() throws {
        // 2026-03-29 is 23 hours long in Berlin (the clocks go forward).
        let start = try days.day(from: "2026-03-29")
        let end = try #require(days.endOfDay(from: "2026-03-29"))
        let length: TimeInterval = 82_799.999  // 23 hours less a millisecond
        #expect(abs(end.timeIntervalSince(start) - length) < 0.000_01)
    }

    @Test func aMomentOnADayKeepsTheTimeOfDayOfNow() throws {
        let day = try days.day(from: "2026-01-15")
        let offset: TimeInterval = 37_800.25  // 10:30:00.25
        let now = try days.day(from: "2026-11-21").addingTimeInterval(offset)
        let moment = days.moment(on: day, atTimeOf: now)
        #expect(days.string(from: moment) == "2026-01-15")
        #expect(moment.timeIntervalSince(day) == offset)
    }
}

@Suite("Essentials: decimal numbers as typed")
struct DecimalTextTests {
    @Test(arguments: [("12.50", "12.5"), ("-3", "-3"), ("+0.5", "0.5"), ("7", "7"), (".5", "0.5")])
    func plainNumbersAreRead(text: String, value: String) {
        #expect(DecimalText.parse(text).map { "\($0)" } == value)
    }

    @Test(arguments: [
        "", "-", ".", "1,5", "1.2.3", "1e3", "12 ", "abc", "--1", "1-", "١٢", String(repeating: "9", count: 31),
    ])
    func anythingElseIsRefused(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }
}

@Suite("Essentials: the lock box and the repeatable random generator")
struct LockedValueTests {
    @Test func concurrentUpdatesAreNeverLost() async {
        let counter = LockedValue(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<1_000 { counter.withLock { $0 += 1 } } }
            }
        }
        #expect(counter.withLock { $0 } == 8_000)
    }

    @Test func aThrowingBodyLeavesTheStateAsItLeftIt() {
        struct Stop: Error, Equatable {}
        let box = LockedValue([1])
        #expect(throws: Stop()) {
            try box.withLock { (state: inout [Int]) throws(Stop) in
                state.append(2)
                throw Stop()
            }
        }
        #expect(box.withLock { $0 } == [1, 2])
    }
}
