public import Essentials
public import Foundation

/// How one run shows and reads amounts and days, from the user's settings: days in their calendar and time zone,
/// money in their locale, their clock and their default currency. The composition root makes it; a feature hands
/// it to its commands with the feature itself.
public struct DisplayContext: Sendable {
    /// Days as typed and printed (`YYYY-MM-DD`) in the user's calendar.
    public let days: DayFormat
    /// An amount in a currency (ISO 4217 code) as people read money in the user's locale: `€3,996.84`.
    public let money: @Sendable (Decimal, String) -> String
    /// The current time.
    public let now: @Sendable () -> Date
    /// The currency amounts are in when a command does not name one.
    public let defaultCurrency: String

    /// Creates a context.
    public init(
        days: DayFormat, money: @escaping @Sendable (Decimal, String) -> String, now: @escaping @Sendable () -> Date,
        defaultCurrency: String
    ) {
        self.days = days
        self.money = money
        self.now = now
        self.defaultCurrency = defaultCurrency
    }

    /// The day `text` names, nil when absent, or a usage error naming `--option` and what is wrong with it.
    public func day(_ text: String?, option: String) throws(CommandError) -> Date? {
        guard let text else { return nil }
        do throws(DayFormat.Problem) {
            return try days.day(from: text)
        } catch {
            throw .usage("--\(option): \(error)", hint: nil)
        }
    }

    /// The amount `text` spells, or a usage error naming `--option`.
    public func amount(_ text: String, option: String) throws(CommandError) -> Decimal {
        guard let value = DecimalText.parse(text) else {
            throw .usage("--\(option) '\(text)' is not a number such as 12.50", hint: nil)
        }
        return value
    }
}
