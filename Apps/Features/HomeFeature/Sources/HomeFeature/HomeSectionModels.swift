import Foundation
import SectionsRegistry

/// A section type's model: what the server sent, decoded, and how it reads on the screen. A new section type is a
/// model here that conforms, and one line in `HomeSections.swift`.
protocol HomeSectionModel: Sendable {
    /// The section as the screen shows it.
    func section(kind: String, in context: HomeSectionContext) async -> HomeSection
}

/// What a section needs to read itself: money in the user's locale and the user's own spending.
struct HomeSectionContext: Sendable {
    /// `cents` of `currency` as people read money.
    let money: @Sendable (_ cents: Int, _ currency: String) -> String
    /// The user's own total per currency in the period the server names, or nil when it cannot be read.
    let ownSpending: @Sendable (_ period: String) async -> [String]?
}

/// A message with an optional link.
struct BannerModel: Decodable, Sendable, Equatable, HomeSectionModel {
    let title: String
    let message: String
    let link: String?

    func section(kind: String, in context: HomeSectionContext) async -> HomeSection {
        HomeSection(
            kind: kind, lines: [[.text("▌ \(title): \(message)")] + (link.map { [.text("  → "), .link($0)] } ?? [])])
    }
}

/// What was spent in a period: the user's own expenses from this device's store, or, when they cannot be read,
/// the figures the server sent, in total and per category (and saying whose they are).
struct ExpensesSummaryModel: Decodable, Sendable, Equatable, HomeSectionModel {
    struct Category: Decodable, Sendable, Equatable {
        let name: String
        let totalCents: Int
    }
    let period: String
    let currency: String
    let totalCents: Int
    let categories: [Category]

    func section(kind: String, in context: HomeSectionContext) async -> HomeSection {
        let period = period.lowercased()
        if let own = await context.ownSpending(period) {
            let total = own.isEmpty ? "nothing yet" : own.joined(separator: " · ")
            return HomeSection(kind: kind, lines: [[.text("Spent this \(period): \(total)")]])
        }
        let money = { (cents: Int) in context.money(cents, currency) }
        return HomeSection(
            kind: kind,
            lines: [
                [.text("Spent this \(period): \(money(totalCents)) (the server's figures: yours could not be read)")]
            ]
                + categories.map { [.text("    \($0.name): \(money($0.totalCents))")] })
    }
}

/// Shortcuts, each a title and a link.
struct QuickActionsModel: Decodable, Sendable, Equatable, HomeSectionModel {
    struct Action: Decodable, Sendable, Equatable {
        let title: String
        let link: String
    }
    let actions: [Action]

    func section(kind: String, in context: HomeSectionContext) async -> HomeSection {
        var line: [HomeText] = [.text("Shortcuts:")]
        for action in actions { line += [.text(" [\(action.title)] "), .link(action.link), .text(" ")] }
        return HomeSection(kind: kind, lines: [line])
    }
}

/// Summaries must add up: a category total above the whole is a server bug worth skipping the section for.
final class ExpensesSummaryMapper: JSONSectionMapper<ExpensesSummaryModel>, @unchecked Sendable {
    override func refine(_ model: ExpensesSummaryModel) throws(SectionContentViolation) -> ExpensesSummaryModel {
        guard model.totalCents >= 0, model.categories.allSatisfy({ (0...model.totalCents).contains($0.totalCents) })
        else { throw SectionContentViolation(path: "categories") }
        return model
    }
}
