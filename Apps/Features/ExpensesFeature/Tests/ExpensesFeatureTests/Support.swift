import CommandKit
import Essentials
import Foundation
import Rendering
import Storage
import StorageTesting
import Validation

@testable import ExpensesFeature

/// The expenses feature on an in-memory store, wired as the composition root wires it.
func makeExpenses(
    store: any ExpenseStore = FakeExpenseStore(), now: @escaping @Sendable () -> Date = { fixedNow },
    profiles: (any ImportProfileStoring)? = nil
)
    -> Expenses
{
    let recorder = ExpenseRecorder(validator: ExpenseValidator(), messages: .english, saver: store)
    var locale = RenderingLocale(identifier: "en_US")
    locale.dateStyle = .iso8601  // as the composition root prints reports: days as they are typed
    let reports = ExpenseReports(
        reader: ExpenseReportReader(source: store, calendar: utcCalendar, timeZone: utcCalendar.timeZone, now: now),
        calendar: utcCalendar, locale: locale, currency: currency)
    return Expenses(
        recorder: recorder,
        importer: CSVExpenseImporter(rules: recorder, saver: store, days: DayFormat(calendar: utcCalendar)),
        exporter: reports, reports: reports, corrections: ExpenseEditor(rules: recorder, store: store),
        display: display(now: now), profiles: profiles)
}

/// Days in UTC, money as `en_US` prints it, EUR by default.
func display(now: @escaping @Sendable () -> Date = { fixedNow }) -> DisplayContext {
    DisplayContext(
        days: DayFormat(calendar: utcCalendar),
        money: { amount, code in
            MoneyFormatter(locale: RenderingLocale(identifier: "en_US")).string(from: amount, currency: currency(code))
        },
        now: now, defaultCurrency: "EUR")
}

/// 2026-03-18 12:00 UTC, a Wednesday.
let fixedNow = Date(timeIntervalSince1970: 1_773_835_200)

var utcCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    calendar.firstWeekday = 2
    return calendar
}

/// Currencies as the composition root hands them over: minor units from the Validation package's ISO 4217 table.
@Sendable func currency(_ code: String) -> Currency {
    (try? Currency(code: code, minorUnits: ISO4217.minorUnits(for: code) ?? 2)) ?? .usd
}

/// Ids 00000000-0000-0000-0000-000000000001 upwards, so tests see which entry is which.
final class SequentialIDs: Sendable {
    private let next = Counter()

    var make: @Sendable () -> UUID {
        { [next] in
            let value = next.increment()
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", value)) ?? UUID()
        }
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
