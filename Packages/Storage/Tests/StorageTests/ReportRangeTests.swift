import Foundation
import Storage
import StorageTesting
import Testing

@Suite("Storage: report ranges")
struct ReportRangeTests {
    private func calendar(_ zone: String, firstWeekday: Int = 2) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        calendar.firstWeekday = firstWeekday
        return calendar
    }

    /// A date from its ISO 8601 text with an offset, so the instant is unambiguous.
    private func date(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        return try #require(formatter.date(from: text))
    }

    private func period(_ range: ReportRange, at now: String, in calendar: Calendar) throws -> Range<Date> {
        try range.period(containing: try date(now), in: calendar)
    }

    @Test func aQuarterIsThreeCalendarMonths() throws {
        let quarter = try period(.current(.quarter), at: "2026-11-21T10:00:00Z", in: try calendar("UTC"))
        #expect(quarter == (try date("2026-10-01T00:00:00Z"))..<(try date("2027-01-01T00:00:00Z")))
    }

    @Test func anOffsetMovesByWholeCalendarPeriods() throws {
        let utc = try calendar("UTC")
        let lastMonth = try period(.thisMonth.offset(by: -1), at: "2026-03-31T10:00:00Z", in: utc)
        #expect(lastMonth == (try date("2026-02-01T00:00:00Z"))..<(try date("2026-03-01T00:00:00Z")))
        let nextYear = try period(.thisYear.offset(by: 1), at: "2026-06-01T00:00:00Z", in: utc)
        #expect(nextYear == (try date("2027-01-01T00:00:00Z"))..<(try date("2028-01-01T00:00:00Z")))
        #expect(ReportRange.thisWeek.offset(by: -1).offset(by: 1) == .thisWeek)
        #expect(ReportRange.thisWeek.offset(by: -1) != .thisWeek)
    }

    @Test func rangesAreEqualByWhatTheyCover() throws {
        #expect(ReportRange.current(.month) == .thisMonth)
        #expect(ReportRange.thisMonth.component == .month)
        let day = try date("2026-01-01T00:00:00Z")
        #expect(ReportRange.custom(day...day) == .custom(day...day))
        #expect(ReportRange.custom(day...day).component == nil)
        #expect(ReportRange.custom(day...day).offset(by: 3) == .custom(day...day))
    }

    @Test func todayFollowsTheCalendarsTimeZone() throws {
        let berlin = try calendar("Europe/Berlin")
        let today = try period(.today, at: "2024-06-15T23:30:00+02:00", in: berlin)
        #expect(today == (try date("2024-06-15T00:00:00+02:00"))..<(try date("2024-06-16T00:00:00+02:00")))
        let tokyo = try calendar("Asia/Tokyo")
        let sameInstantInTokyo = try period(.today, at: "2024-06-15T23:30:00+02:00", in: tokyo)
        #expect(sameInstantInTokyo.lowerBound == (try date("2024-06-16T00:00:00+09:00")))
    }

    @Test func daysAcrossDaylightSavingChangesAreTwentyThreeAndTwentyFiveHoursLong() throws {
        let berlin = try calendar("Europe/Berlin")
        let spring = try period(.today, at: "2024-03-31T12:00:00+02:00", in: berlin)
        #expect(spring.upperBound.timeIntervalSince(spring.lowerBound) == 23 * 3_600)
        #expect(spring.lowerBound == (try date("2024-03-31T00:00:00+01:00")))
        let autumn = try period(.today, at: "2024-10-27T12:00:00+01:00", in: berlin)
        #expect(autumn.upperBound.timeIntervalSince(autumn.lowerBound) == 25 * 3_600)
        let newYork = try calendar("America/New_York")
        let usSpring = try period(.today, at: "2024-03-10T01:59:59-05:00", in: newYork)
        #expect(usSpring.upperBound.timeIntervalSince(usSpring.lowerBound) == 23 * 3_600)
    }

    @Test func aDayWithoutMidnightStartsWhenTheClockDoes() throws {
        // Brazil moved its clocks from 00:00 to 01:00 on 2018-11-04: that day began at 01:00.
        let saoPaulo = try calendar("America/Sao_Paulo")
        let day = try period(.today, at: "2018-11-04T12:00:00-02:00", in: saoPaulo)
        #expect(day.lowerBound == (try date("2018-11-04T01:00:00-02:00")))
        #expect(day.upperBound.timeIntervalSince(day.lowerBound) == 23 * 3_600)
    }

    @Test func weeksStartOnTheCalendarsFirstWeekday() throws {
        // Wednesday 2025-01-01: the week reaches back into 2024.
        let monday = try period(.thisWeek, at: "2025-01-01T10:00:00Z", in: try calendar("UTC", firstWeekday: 2))
        #expect(monday == (try date("2024-12-30T00:00:00Z"))..<(try date("2025-01-06T00:00:00Z")))
        let sunday = try period(.thisWeek, at: "2025-01-01T10:00:00Z", in: try calendar("UTC", firstWeekday: 1))
        #expect(sunday == (try date("2024-12-29T00:00:00Z"))..<(try date("2025-01-05T00:00:00Z")))
        let berlinWeek = try period(.thisWeek, at: "2024-03-31T12:00:00+02:00", in: try calendar("Europe/Berlin"))
        #expect(berlinWeek.upperBound.timeIntervalSince(berlinWeek.lowerBound) == 7 * 86_400 - 3_600)
    }

    @Test(
        arguments: [
            ("2024-01-31T23:59:59Z", "2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z"),
            ("2024-02-29T12:00:00Z", "2024-02-01T00:00:00Z", "2024-03-01T00:00:00Z"),
            ("2023-02-28T23:59:59Z", "2023-02-01T00:00:00Z", "2023-03-01T00:00:00Z"),
            ("2024-12-31T23:59:59Z", "2024-12-01T00:00:00Z", "2025-01-01T00:00:00Z"),
            ("2024-03-01T00:00:00Z", "2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"),
        ])
    func monthsEndOnTheirOwnLastDay(now: String, start: String, end: String) throws {
        let month = try period(.thisMonth, at: now, in: try calendar("UTC"))
        #expect(month == (try date(start))..<(try date(end)))
    }

    @Test func yearsIncludeLeapDays() throws {
        let year = try period(.thisYear, at: "2024-07-01T00:00:00Z", in: try calendar("UTC"))
        #expect(year.upperBound.timeIntervalSince(year.lowerBound) == 366 * 86_400)
        let berlinMonth = try period(.thisMonth, at: "2024-10-15T00:00:00+02:00", in: try calendar("Europe/Berlin"))
        #expect(berlinMonth.upperBound.timeIntervalSince(berlinMonth.lowerBound) == 31 * 86_400 + 3_600)
    }

    @Test func customRangesIncludeTheirUpperBound() throws {
        let start = try date("2024-01-01T00:00:00Z")
        let end = try date("2024-01-31T23:59:59Z")
        let period = try ReportRange.custom(start...end).period(containing: referenceDate, in: try calendar("UTC"))
        #expect(period.contains(start))
        #expect(period.contains(end))
        #expect(!period.contains(end.addingTimeInterval(0.001)))
        let instant = try ReportRange.custom(start...start).period(containing: referenceDate, in: try calendar("UTC"))
        #expect(instant.contains(start))
        #expect(!instant.isEmpty)
    }

    @Test func unplaceableDatesAreTypedErrors() async throws {
        let utc = try calendar("UTC")
        let infinite = Date(timeIntervalSinceReferenceDate: .infinity)
        let today = await storageError { _ = try ReportRange.today.period(containing: infinite, in: utc) }
        let custom = await storageError {
            _ = try ReportRange.custom(referenceDate...infinite).period(containing: referenceDate, in: utc)
        }
        #expect(today == .invalidRange(.dateNotFinite))
        #expect(custom == .invalidRange(.dateNotFinite))
    }

    @Test func theReaderReportsTheRangeAroundItsInjectedNow() async throws {
        let store = try FakeExpenseStore(entries: [
            ExpenseEntry(
                id: uuid(1), title: "yesterday", price: 1, currencyCode: "EUR",
                date: try date("2024-03-30T23:30:00+01:00")),
            ExpenseEntry(
                id: uuid(2), title: "early", price: 2, currencyCode: "EUR", date: try date("2024-03-31T00:30:00+01:00")),
            ExpenseEntry(
                id: uuid(3), title: "late", price: 3, currencyCode: "USD", date: try date("2024-03-31T23:30:00+02:00")),
            ExpenseEntry(
                id: uuid(4), title: "tomorrow", price: 4, currencyCode: "EUR",
                date: try date("2024-04-01T00:00:00+02:00")),
        ])
        let now = try date("2024-03-31T12:00:00+02:00")
        let reader = ExpenseReportReader(
            source: store, calendar: Calendar(identifier: .gregorian),
            timeZone: try #require(TimeZone(identifier: "Europe/Berlin")),
            now: { now })
        let today = try await reader.report(for: .today)
        #expect(today.entries.map(\.title) == ["late", "early"])
        #expect(today.totals.map(\.currencyCode) == ["EUR", "USD"])
        let month = try await reader.report(for: .thisMonth)
        #expect(month.entries.map(\.title) == ["late", "early", "yesterday"])
        let from = try date("2024-03-30T23:30:00+01:00")
        let through = try date("2024-04-01T00:00:00+02:00")
        let custom = try await reader.report(for: .custom(from...through))
        #expect(custom.entries.count == 4)
    }

    @Test func reportsGroupByDayWeekAndMonthNewestFirst() throws {
        let berlin = try calendar("Europe/Berlin")
        let dates = [
            "2024-04-01T00:00:00+02:00", "2024-03-31T23:59:00+02:00", "2024-03-31T00:00:00+01:00",
            "2024-03-25T08:00:00+01:00", "2024-03-24T08:00:00+01:00",
        ]
        let entries = try dates.enumerated().map { index, text in
            ExpenseEntry(
                id: uuid(index), title: text, price: Decimal(index + 1), currencyCode: "EUR", date: try date(text))
        }
        let report = ExpenseReport(period: allTime, entries: entries)
        let days = try report.grouped(by: .day, in: berlin)
        #expect(days.map(\.entries.count) == [1, 2, 1, 1])
        #expect(days[1].period.upperBound.timeIntervalSince(days[1].period.lowerBound) == 23 * 3_600)
        #expect(days[1].totals == [CurrencyTotal(currencyCode: "EUR", amount: 5, entryCount: 2)])
        let weeks = try report.grouped(by: .week, in: berlin)
        #expect(weeks.map(\.entries.count) == [1, 3, 1])
        let months = try report.grouped(by: .month, in: berlin)
        #expect(months.map(\.entries.count) == [1, 4])
        #expect(
            months.map(\.period.lowerBound) == [
                try date("2024-04-01T00:00:00+02:00"), try date("2024-03-01T00:00:00+01:00"),
            ])
        #expect(try ExpenseReport(period: allTime, entries: []).grouped(by: .month, in: berlin).isEmpty)
    }

    @Test func handBuiltReportsTotalPricesTheStoreWouldRefuse() throws {
        let entries = [
            ExpenseEntry(title: "a", price: try decimal("0.00000001"), currencyCode: "BTC", date: referenceDate),
            ExpenseEntry(title: "b", price: try decimal("1.5"), currencyCode: "BTC", date: referenceDate),
        ]
        let report = ExpenseReport(period: allTime, entries: entries)
        #expect(report.totals == [CurrencyTotal(currencyCode: "BTC", amount: try decimal("1.50000001"), entryCount: 2)])
    }
}
