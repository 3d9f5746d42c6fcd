import CommandKit
import Essentials
import Foundation
import Rendering
import SettingsFeature

extension LedgerFactory.Environment {
    /// How money and dates look on invoices, from the locale.
    var renderingLocale: RenderingLocale {
        RenderingLocale(identifier: locale.identifier)
    }

    /// How report tables look: money in the locale, days as `YYYY-MM-DD`, the form commands read them in, so
    /// every date the app prints can be typed back.
    var reportLocale: RenderingLocale {
        var locale = renderingLocale
        locale.dateStyle = .iso8601
        return locale
    }

    /// Days as the app reads and prints them, in the calendar.
    var days: DayFormat { DayFormat(calendar: calendar) }

    /// How invoices are printed in this environment.
    var printing: InvoicePrinting {
        InvoicePrinting(fallbackFont: invoiceFallbackFont)
    }
}

extension Configured {
    /// The words invoices are printed with: the `invoice.language` setting, or by default the locale's language
    /// when the Rendering package has labels for it, English otherwise.
    var invoiceLabels: InvoiceLabels {
        let language =
            settings?.invoiceLanguage(available: InvoiceLabels.available, systemLocale: environment.locale)
            ?? environment.locale.language.languageCode?.identifier ?? "en"
        return InvoiceLabels(languageCode: language)
    }

    /// Amounts and days as the app shows and reads them in this run: money in the locale (`€3,996.84`, `¥1,235`)
    /// with the currency's minor units, the one money format of the app.
    var display: DisplayContext {
        let money = MoneyFormatter(locale: environment.renderingLocale)
        return DisplayContext(
            days: environment.days,
            money: { amount, code in money.string(from: amount, currency: CurrencyTable.currency(code.uppercased())) },
            now: environment.now, defaultCurrency: settings?.currency ?? "EUR")
    }
}
