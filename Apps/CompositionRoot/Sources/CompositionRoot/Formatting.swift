public import ExpensesFeature
public import Foundation
import Rendering

extension LedgerFactory {
    /// How money and dates look on invoices, from the environment's locale.
    var renderingLocale: RenderingLocale {
        RenderingLocale(identifier: environment.locale.identifier)
    }

    /// How report tables look: money in the environment's locale, days as `YYYY-MM-DD`, the form commands read
    /// them in, so every date the app prints can be typed back.
    var reportLocale: RenderingLocale {
        var locale = renderingLocale
        locale.dateStyle = .iso8601
        return locale
    }

    /// `amount` as people read money in the environment's locale (`€3,996.84`, `¥1,235`), with the currency's
    /// minor units; the one money format of the app.
    public func formatted(_ amount: Decimal, currencyCode: String) -> String {
        MoneyFormatter(locale: renderingLocale).string(
            from: amount, currency: CurrencyTable.currency(currencyCode.uppercased()))
    }

    /// Days as the app reads and prints them, in the environment's calendar.
    public var days: DayFormat { DayFormat(calendar: environment.calendar) }
}
