public import ExpensesFeature
public import Foundation
import Rendering

extension LedgerFactory {
    /// How money and dates look on invoices and report tables, from the environment's locale.
    var renderingLocale: RenderingLocale {
        RenderingLocale(identifier: environment.locale.identifier)
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
