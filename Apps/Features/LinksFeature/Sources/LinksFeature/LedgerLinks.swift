import Foundation
public import Navigation

/// The screens of the Ledger app that a link can open.
public enum LedgerDestination: Hashable, Sendable, CustomStringConvertible {
    /// The home screen.
    case home
    /// The expense list.
    case expenses
    /// The form for a new expense.
    case newExpense
    /// A report for one of the fixed ranges.
    case report(ReportPeriod)
    /// The invoice list.
    case invoices
    /// The form for a new invoice.
    case newInvoice
    /// One stored invoice.
    case invoice(number: String)
    /// The registration form.
    case register

    /// A readable name, as the command-line app prints it.
    public var description: String {
        switch self {
        case .home: "home"
        case .expenses: "expenses"
        case .newExpense: "new expense"
        case .report(let period): "\(period.longForm) report"
        case .invoices: "invoices"
        case .newInvoice: "new invoice"
        case .invoice(let number): "invoice \(number)"
        case .register: "registration"
        }
    }
}

/// The period of a report, one vocabulary for commands and links: `day`, `week`, `month`, `year`
/// (`ledger report week`, `ledger://reports/week`). The long forms (`daily`, `weekly`, `monthly`, `yearly`)
/// are read too, so older links keep working; links are always written in the short form.
public enum ReportPeriod: String, Hashable, Sendable, CaseIterable, LosslessStringConvertible {
    /// Today.
    case day
    /// This week.
    case week
    /// This month.
    case month
    /// This year.
    case year

    /// Reads a period in its short or long form, ignoring case.
    public init?(_ description: String) {
        let lowered = description.lowercased()
        guard let period = Self.allCases.first(where: { $0.rawValue == lowered || $0.longForm == lowered }) else {
            return nil
        }
        self = period
    }

    /// The short form, as commands and links write it.
    public var description: String { rawValue }

    /// `daily`, `weekly`, `monthly` or `yearly`.
    public var longForm: String {
        switch self {
        case .day: "daily"
        case .week: "weekly"
        case .month: "monthly"
        case .year: "yearly"
        }
    }
}

/// The app's links in both directions (every URL shape to its screen, every screen to its link) and which links
/// are trusted. The app supplies how a screen is shown and how an outside link is opened.
public enum LedgerLinks {
    /// The host of the app's universal links (`https://app.ledger.example/invoices/INV-0001`).
    public static let webHost = "app.ledger.example"
    /// Sites outside the app that links may open (`mailto:` needs no host).
    public static let externalHosts: Set<String> = ["ledger.example", "help.ledger.example"]

    /// The app's links, both directions: every URL shape to its screen, every screen to its link.
    public static func routes() throws(RouteTableError) -> RouteTable<LedgerDestination> {
        let number = ParameterType.custom("invoiceNumber") { $0.hasPrefix("INV-") && $0.count <= 64 }
        let invoice: @Sendable (RouteParameters) throws(RouteParameterError) -> LedgerDestination = { parameters in
            .invoice(number: try parameters.string("number"))
        }
        return try RouteTable([
            Route("ledger://home", to: .home),
            Route("ledger://expenses", to: .expenses),
            Route("ledger://expenses/new", to: .newExpense),
            Route(
                "ledger://reports/:period", types: ["period": .custom(ReportPeriod.self)],
                destination: { parameters throws(RouteParameterError) in
                    .report(try parameters.value("period", as: ReportPeriod.self))
                },
                parameters: { destination in
                    guard case .report(let period) = destination else { return nil }
                    return ["period": .string(period.rawValue)]
                }),
            Route("ledger://invoices", to: .invoices),
            Route("ledger://invoices/new", to: .newInvoice),
            Route(
                "ledger://invoices/:number", types: ["number": number], destination: invoice,
                parameters: { destination in
                    guard case .invoice(let value) = destination else { return nil }
                    return ["number": .string(value)]
                }),
            Route(
                "https://\(Self.webHost)/invoices/:number", types: ["number": number], destination: invoice,
                parameters: { _ in nil }),
            Route("ledger://register", to: .register),
        ])
    }

    /// Deep-link navigation: the app's own links (`ledger://` and its web host) are checked by the safety policy
    /// and routed to `presenter`; other links go through a stricter policy to `opener`. The app supplies both.
    public static func navigator(
        presenter: some ScreenPresenter<LedgerDestination>, opener: some URLOpener
    ) throws -> any Navigator {
        let appLinks = try AllowListLinkPolicy(
            schemes: ["ledger", "https"], hosts: ["home", "expenses", "reports", "invoices", "register", Self.webHost])
        let webLinks = try AllowListLinkPolicy(
            schemes: ["https", "mailto"], hosts: Self.externalHosts, hostlessSchemes: ["mailto"])
        return try SchemeRoutingNavigator(
            appSchemes: ["ledger"],
            appHosts: [Self.webHost],
            inside: PolicyCheckingNavigator(
                policy: appLinks, next: InternalNavigator(router: try routes(), presenter: presenter)),
            outside: ExternalNavigator(policy: webLinks, opener: opener)
        )
    }
}
