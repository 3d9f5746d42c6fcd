import Foundation
import SectionsRegistry

/// The section types the app knows, each a model the generic JSON mapper fills (snake_case keys) and a module of
/// the registry. A new section type is a model here and one line in `SectionsRegistry+Wiring.swift`.
struct BannerModel: Decodable, Sendable, Equatable {
    let title: String
    let message: String
    let link: String?
}

struct ExpensesSummaryModel: Decodable, Sendable, Equatable {
    struct Category: Decodable, Sendable, Equatable {
        let name: String
        let totalCents: Int
    }
    let period: String
    let currency: String
    let totalCents: Int
    let categories: [Category]
}

struct QuickActionsModel: Decodable, Sendable, Equatable {
    struct Action: Decodable, Sendable, Equatable {
        let title: String
        let link: String
    }
    let actions: [Action]
}

/// Summaries must add up: a category total above the whole is a server bug worth skipping the section for.
final class ExpensesSummaryMapper: JSONSectionMapper<ExpensesSummaryModel>, @unchecked Sendable {
    override func refine(_ model: ExpensesSummaryModel) throws(SectionContentViolation) -> ExpensesSummaryModel {
        guard model.totalCents >= 0, model.categories.allSatisfy({ (0...model.totalCents).contains($0.totalCents) })
        else { throw SectionContentViolation(path: "categories") }
        return model
    }
}
