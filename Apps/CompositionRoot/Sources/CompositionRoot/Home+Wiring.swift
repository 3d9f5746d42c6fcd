public import CommandKit
import ExpensesFeature
import Foundation
public import HomeFeature
import InvoicesFeature
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
        let registry: SectionRegistry
        do {
            registry = try HomeSections.registry(caching: store)
        } catch {
            throw .sections(error)
        }
        return HomeScreenLoader(
            api: network.api, registry: registry, documents: store,
            ownExpenses: ExpenseReportReader(
                source: store, calendar: environment.calendar, timeZone: environment.calendar.timeZone,
                now: environment.now),
            periods: { ReportPeriod.named($0)?.range },
            money: MoneyFormatter(locale: environment.renderingLocale), currency: CurrencyTable.currency,
            now: environment.now, log: environment.log)
    }

    /// The home commands; the screen shows what clients owe, read from the invoices' summary (the figures of
    /// `ledger invoice summary`).
    public func homeCommands() -> any CommandGroup {
        HomeCommands(home: makeHomeScreen, outstanding: { await outstandingInvoices() })
    }

    /// What clients owe per currency, as the home screen shows it: the invoices' own accounts on the data folder's
    /// store (nothing is rendered or uploaded for it); nothing when they cannot be read (the screen still shows).
    func outstandingInvoices() async -> [HomeOutstanding] {
        let configured = await configured()
        let (now, calendar) = (configured.environment.now, configured.environment.calendar)
        guard let documents = try? await store.open(),
            let summary = try? await InvoiceAccounts(documents: documents, now: now, calendar: calendar).summary()
        else { return [] }
        let money = configured.display.money
        return summary.currencies.map {
            HomeOutstanding(currency: $0.currency, amount: $0.outstanding, text: money($0.outstanding, $0.currency))
        }
    }

    /// `links` (the link commands) with every link `open` followed handed to the home screen, which clears the
    /// badge of each section that shows it. Features never import each other, so the two meet here.
    func clearingHomeBadges(after links: any CommandGroup) -> any CommandGroup {
        FollowedLinks(links: links) { link in
            await HomeCommands(home: makeHomeScreen).linkFollowed(link, log: await configured().environment.log)
        }
    }
}

/// A command group whose `open` hands each link it followed (its status was success) to `followed`.
private struct FollowedLinks: CommandGroup {
    let links: any CommandGroup
    let followed: @Sendable (String) async -> Void

    var commands: [CommandSpec] {
        links.commands.map { command in
            guard command.path == ["open"] else { return command }
            return CommandSpec(
                path: command.path, arguments: command.arguments, summary: command.summary, options: command.options,
                details: command.details, argumentChoices: command.argumentChoices, completions: command.completions
            ) { [followed] invocation throws(CommandError) in
                let status = try await command.run(invocation)
                if status == .success, let link = invocation.arguments.positionals.first { await followed(link) }
                return status
            }
        }
    }

    var screens: [LinkScreen] { links.screens }

    var demo: DemoSection? { links.demo }
}
