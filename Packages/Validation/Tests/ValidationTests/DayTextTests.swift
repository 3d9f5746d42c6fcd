import Essentials
import Foundation
import Testing
import Validation

@Suite("Validation: days written as YYYY-MM-DD")
struct DayTextTests {
    @Test(arguments: [
        ("2025-02-28", 2025, 2, 28), ("2024-02-29", 2024, 2, 29), ("2000-02-29", 2000, 2, 29),
        ("0001-01-01", 1, 1, 1), ("9999-12-31", 9999, 12, 31), ("2025-04-30", 2025, 4, 30),
    ])
    func readsDaysThatExist(text: String, year: Int, month: Int, day: Int) throws {
        let date = try DayText.parse(text)
        #expect((date.year, date.month, date.day) == (year, month, day))
        #expect(date.description == text)
        #expect(Validator.dayText.validate(text).isEmpty)
    }

    @Test(arguments: [
        "", "2025-2-28", "25-02-28", "2025/02/28", "2025-02-28 ", " 2025-02-28", "2025-02-28T00:00", "20250228",
        "２０２５-02-28", "2025-0a-28", "+025-02-28", "2025--2-28", "2025-02-2\u{0}", "yesterday",
        String(repeating: "2", count: 1 << 20),
    ])
    func saysWhenATextIsNotWrittenAsYYYYMMDD(text: String) {
        #expect(throws: DayTextError.notWrittenAsYYYYMMDD) { try DayText.parse(text) }
        #expect(Validator.dayText.validate(text) == [ValidationFailure(code: .dayNotYYYYMMDD)])
    }

    @Test func saysWhichDayDoesNotExistAndWhy() {
        // The app used to answer "not written as YYYY-MM-DD" for this one.
        let failures = Validator.dayText.validate("2025-02-30")
        #expect(
            failures == [
                ValidationFailure(
                    code: .dayNoSuchDay,
                    parameters: [
                        ValidationParameter.text: "2025-02-30", ValidationParameter.year: "2025",
                        ValidationParameter.month: "2", ValidationParameter.monthName: "February",
                        ValidationParameter.day: "30", ValidationParameter.daysInMonth: "28",
                    ])
            ])
        #expect(
            ValidationMessages.english.messages(for: failures) == [
                "2025-02-30 does not exist: February 2025 has 28 days."
            ])
        #expect(throws: DayTextError.noSuchDay(text: "2025-02-30", year: 2025, month: 2, day: 30, daysInMonth: 28)) {
            try DayText.parse("2025-02-30")
        }
    }

    @Test(arguments: [
        ("2025-13-01", DayTextError.noSuchMonth(text: "2025-13-01", month: 13)),
        ("2025-00-10", .noSuchMonth(text: "2025-00-10", month: 0)),
        ("0000-06-15", .noSuchYear(text: "0000-06-15")),
        ("2025-02-29", .noSuchDay(text: "2025-02-29", year: 2025, month: 2, day: 29, daysInMonth: 28)),
        ("1900-02-29", .noSuchDay(text: "1900-02-29", year: 1900, month: 2, day: 29, daysInMonth: 28)),
        ("2025-04-31", .noSuchDay(text: "2025-04-31", year: 2025, month: 4, day: 31, daysInMonth: 30)),
        ("2025-01-00", .noSuchDay(text: "2025-01-00", year: 2025, month: 1, day: 0, daysInMonth: 31)),
        ("2025-12-99", .noSuchDay(text: "2025-12-99", year: 2025, month: 12, day: 99, daysInMonth: 31)),
    ])
    func tellsNoSuchMonthYearAndDayApart(text: String, error: DayTextError) {
        #expect(throws: error) { try DayText.parse(text) }
        #expect(Validator.dayText.validate(text).map(\.code) == [error.code])
    }

    @Test func explainsAMonthThatDoesNotExist() {
        #expect(
            ValidationMessages.english.messages(for: Validator.dayText.validate("2025-13-01")) == [
                "2025-13-01 does not exist: there is no month 13, months run from 01 to 12."
            ])
    }

    /// A reason made by hand, not by the parser, may name a month that does not exist: its failure leaves the
    /// month's name out (the catalog then uses its plain wording) instead of trapping on the list of names.
    @Test(arguments: [0, 13, -1, Int.max, Int.min])
    func aReasonWithAMonthOutsideTheYearGivesAFailureWithoutAMonthName(month: Int) {
        let error = DayTextError.noSuchDay(text: "2025-13-40", year: 2025, month: month, day: 40, daysInMonth: 31)
        let failure = error.failure
        #expect(failure.code == .dayNoSuchDay)
        #expect(failure.parameters[ValidationParameter.monthName] == nil)
        #expect(ValidationMessages.english.message(for: failure) == "This day does not exist in its month.")
    }

    @Test func aCalendarDateIsOnlyMadeFromADayThatExists() throws {
        #expect(CalendarDate(year: 2025, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 0, month: 1, day: 1) == nil)
        #expect(CalendarDate(year: 2025, month: 13, day: 1) == nil)
        #expect(CalendarDate(year: 10_000, month: 1, day: 1) == nil)
        let first = try #require(CalendarDate(year: 2025, month: 2, day: 28))
        let second = try #require(CalendarDate(year: 2025, month: 3, day: 1))
        #expect(first < second)
        let start = try #require(second.start(in: MoneyLimits.utcCalendar))
        #expect(start == Date(timeIntervalSince1970: 1_740_787_200))
    }

    @Test func knowsTheLeapYears() {
        #expect([1600, 2000, 2024, 2400].allSatisfy(DayText.isLeapYear))
        #expect(![1700, 1800, 1900, 2025, 2100].contains(where: DayText.isLeapYear))
        #expect(DayText.daysIn(month: 2, year: 2024) == 29)
    }
}
