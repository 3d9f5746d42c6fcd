import Essentials
import Foundation
import Testing

@Suite("Essentials: calendar days")
struct CalendarDayTests {
    @Test func onlyDaysThatExistAreMade() {
        #expect(CalendarDay(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 1, month: 1, day: 1) != nil)
        #expect(CalendarDay(year: 9999, month: 12, day: 31) != nil)
        #expect(CalendarDay(year: 2023, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2100, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2026, month: 6, day: 31) == nil)
        #expect(CalendarDay(year: 2026, month: 13, day: 1) == nil)
        #expect(CalendarDay(year: 2026, month: 1, day: 0) == nil)
        #expect(CalendarDay(year: 0, month: 1, day: 1) == nil)
        #expect(CalendarDay(year: 10_000, month: 1, day: 1) == nil)
        #expect(CalendarDay(year: Int.max, month: Int.min, day: -1) == nil)
    }

    @Test func aDayIsWrittenAsYYYYMMDDAndReadBack() throws {
        let day = try #require(CalendarDay(year: 7, month: 3, day: 4))
        #expect(day.iso8601 == "0007-03-04")
        #expect("\(day)" == "0007-03-04")
        #expect(try CalendarDay(parsing: "0007-03-04") == day)
        let parsed = try CalendarDay(parsing: "2026-11-21")
        #expect((parsed.year, parsed.month, parsed.day) == (2026, 11, 21))
    }

    @Test(arguments: [
        ("", CalendarDay.Problem.notYYYYMMDD), ("2026-1-21", .notYYYYMMDD), ("2026/11/21", .notYYYYMMDD),
        (" 2026-11-21", .notYYYYMMDD), ("2026-11-21T10:00", .notYYYYMMDD), ("-026-11-21", .notYYYYMMDD),
        ("２０２６-11-21", .notYYYYMMDD), ("2026-1a-21", .notYYYYMMDD),
        ("0000-11-21", .noSuchYear),
        ("2026-00-21", .noSuchMonth(year: 2026, month: 0)), ("1200-13-01", .noSuchMonth(year: 1200, month: 13)),
        ("2026-02-29", .noSuchDay(year: 2026, month: 2, day: 29, daysInMonth: 28)),
        ("1900-02-29", .noSuchDay(year: 1900, month: 2, day: 29, daysInMonth: 28)),
        ("2026-09-31", .noSuchDay(year: 2026, month: 9, day: 31, daysInMonth: 30)),
        ("2026-11-00", .noSuchDay(year: 2026, month: 11, day: 0, daysInMonth: 30)),
    ])
    func aTextThatNamesNoDayIsRefusedWithItsReason(text: String, problem: CalendarDay.Problem) {
        #expect(throws: problem) { try CalendarDay(parsing: text) }
    }

    @Test func reasonsReadAsSentences() {
        #expect(CalendarDay.Problem.notYYYYMMDD.description == "The text is not a day written as YYYY-MM-DD.")
        #expect(CalendarDay.Problem.noSuchYear.description == "There is no year 0000: years start at 0001.")
        #expect(
            CalendarDay.Problem.noSuchMonth(year: 2026, month: 13).description
                == "There is no month 13: months run from 01 to 12.")
        #expect(
            CalendarDay.Problem.noSuchDay(year: 2026, month: 2, day: 30, daysInMonth: 28).description
                == "That month has 28 days, so it has no day 30.")
    }

    @Test func daysAreOrderedByDate() throws {
        let days = try ["2026-01-02", "2025-12-31", "2026-01-01", "0999-06-30"].map { try CalendarDay(parsing: $0) }
        #expect(days.sorted().map(\.iso8601) == ["0999-06-30", "2025-12-31", "2026-01-01", "2026-01-02"])
    }

    @Test func theDayOfAnInstantDependsOnTheTimeZone() throws {
        let instant = Date(timeIntervalSince1970: 1_741_996_800)  // 2025-03-15 00:00 UTC
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(CalendarDay(instant, in: .gmt).iso8601 == "2025-03-15")
        #expect(CalendarDay(instant, in: newYork).iso8601 == "2025-03-14")
        #expect(CalendarDay(.distantPast, in: .gmt).iso8601 == "0001-01-01")
    }

    @Test func instantsBeyondTheYearsOneToNineThousandNineHundredNinetyNineAreClamped() {
        #expect(CalendarDay(Date(timeIntervalSince1970: 1e13), in: .gmt).iso8601 == "9999-12-31")
        #expect(CalendarDay(Date(timeIntervalSince1970: -1e12), in: .gmt).iso8601 == "0001-01-01")
    }

    @Test func aDayStartsAtMidnightInTheCalendarsTimeZone() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let start = try #require(try CalendarDay(parsing: "2025-03-15").start(in: calendar))
        #expect(start == Date(timeIntervalSince1970: 1_741_993_200))  // 2025-03-14 23:00 UTC
    }

    @Test func monthLengthsFollowTheGregorianLeapYears() {
        #expect(CalendarDay.daysIn(month: 2, year: 2024) == 29)
        #expect(CalendarDay.daysIn(month: 2, year: 1900) == 28)
        #expect(CalendarDay.daysIn(month: 2, year: 2000) == 29)
        #expect(CalendarDay.daysIn(month: 4, year: 2026) == 30)
        #expect(CalendarDay.daysIn(month: 12, year: 2026) == 31)
        #expect(CalendarDay.isLeapYear(2400))
        #expect(!CalendarDay.isLeapYear(2100))
    }
}
