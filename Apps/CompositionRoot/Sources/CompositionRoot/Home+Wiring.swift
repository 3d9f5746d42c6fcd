import Foundation
public import HomeFeature
import Rendering
import SectionsRegistry
import Storage
import StorageSQLite

extension LedgerFactory {
    /// The server-driven home screen: fetched through the HTTP stack, assembled by the home feature's section
    /// registry, saved in the data folder's store for offline use; spending figures are the user's own.
    public func makeHomeScreen() async throws(HomeScreenSetupError) -> any HomeScreenLoading {
        let store: SQLiteStore
        do {
            store = try await self.store.open()
        } catch {
            throw .storage(error)
        }
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
            money: MoneyFormatter(locale: renderingLocale), currency: CurrencyTable.currency, now: environment.now,
            log: environment.log)
    }
}
