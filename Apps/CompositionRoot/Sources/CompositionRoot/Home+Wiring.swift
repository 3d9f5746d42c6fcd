public import CommandKit
import ExpensesFeature
import Foundation
public import HomeFeature
import Rendering
import SectionsRegistry
import Storage
import StorageSQLite

extension LedgerFactory {
    /// The server-driven home screen: fetched through the HTTP stack, assembled by the home feature's section
    /// registry, saved in the data folder's store for offline use; spending figures are the user's own, over the
    /// expenses feature's report periods.
    public func makeHomeScreen() async throws(HomeScreenSetupError) -> any HomeScreenFeature {
        let store: SQLiteStore
        do {
            store = try await self.store.open()
        } catch {
            throw .storage(error)
        }
        let environment = await configured().environment
        let documents: any DocumentStore = store
        let registry: SectionRegistry
        do {
            registry = try HomeSections.registry(caching: documents)
        } catch {
            throw .sections(error)
        }
        return HomeScreenLoader(
            api: network.api, registry: registry, documents: documents,
            ownExpenses: ExpenseReportReader(
                source: store, calendar: environment.calendar, timeZone: environment.calendar.timeZone,
                now: environment.now),
            periods: { ReportPeriod.named($0)?.range },
            money: MoneyFormatter(locale: environment.renderingLocale), currency: CurrencyTable.currency,
            now: environment.now, log: environment.log)
    }

    /// The home command.
    public func homeCommands() -> any CommandGroup {
        HomeCommands(home: makeHomeScreen)
    }
}
