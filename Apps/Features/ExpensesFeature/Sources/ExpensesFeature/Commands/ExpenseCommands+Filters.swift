import CommandKit
import Essentials
import Foundation
import Storage

/// Categories, tags and the filters of `expense list`: the options `expense add`, `expense edit` and
/// `expense list` share, and how their values are read.
extension ExpenseCommands {
    /// `expense add`'s label options.
    static let labelOptions: [OptionSpec] = [
        .value("category", "NAME", "what kind of spending it was, such as Food"),
        .value("tag", "TAG", "a label to find it by, such as work", repeatable: true),
    ]

    /// `expense edit`'s label options.
    static let editLabelOptions: [OptionSpec] = [
        .value("category", "NAME", "a new category"),
        .flag("no-category", "remove the category"),
        .value("tag", "TAG", "add a tag", repeatable: true),
        .value("untag", "TAG", "remove a tag (ignoring case)", repeatable: true),
    ]

    /// `expense list`'s filters.
    static let listOptions: [OptionSpec] = [
        .value("category", "NAME", "only this category (ignoring case)"),
        .value("tag", "TAG", "only expenses with this tag (ignoring case)"),
        .value("text", "TEXT", "only titles containing TEXT (ignoring case)"),
        .value("min", "AMOUNT", "only amounts of at least AMOUNT, in any currency"),
        .value("max", "AMOUNT", "only amounts of at most AMOUNT, in any currency"),
        .value("from", "YYYY-MM-DD", "only from this day on"),
        .value("to", "YYYY-MM-DD", "only up to this day, included"),
    ]

    static let listDetails =
        "Filters combine: 'expense list --category food --from 2026-03-01 --min 10' lists food of 10 or more "
        + "since March 1. The totals are those of the expenses listed."

    /// The category and tags of `expense add`, normalised, or a usage error naming the option.
    static func labels(_ invocation: Invocation) throws(CommandError) -> (String?, [String]) {
        let arguments = invocation.arguments
        let category = try arguments.value("category").map { text throws(CommandError) in
            try Self.category(text, invocation: invocation)
        }
        return (category, try tags(arguments.all("tag"), option: "tag", invocation: invocation))
    }

    /// Adds `expense edit`'s label options to `correction`.
    static func addLabelChanges(_ invocation: Invocation, to correction: inout ExpenseCorrection) throws(CommandError) {
        let arguments = invocation.arguments
        if arguments.has("no-category"), arguments.value("category") != nil {
            throw invocation.command.usageError("give --category NAME or --no-category, not both")
        }
        correction.removesCategory = arguments.has("no-category")
        correction.category = try arguments.value("category").map { text throws(CommandError) in
            try Self.category(text, invocation: invocation)
        }
        correction.addedTags = try tags(arguments.all("tag"), option: "tag", invocation: invocation)
        correction.removedTags = try tags(arguments.all("untag"), option: "untag", invocation: invocation)
    }

    /// What `expense list` reads: the period its `--from` and `--to` give (the store reads only that range), and the
    /// filters applied to it.
    static func listRequest(
        _ invocation: Invocation, display: DisplayContext
    ) throws(CommandError) -> (ReportPeriod, ReportOptions) {
        let arguments = invocation.arguments
        var filter = ExpenseFilter()
        if let text = arguments.value("category") { filter.category = try category(text, invocation: invocation) }
        if let text = arguments.value("tag") {
            filter.tag = try tags([text], option: "tag", invocation: invocation).first
        }
        if let text = arguments.value("text") {
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw invocation.command.usageError("--text needs some text to look for in the titles")
            }
            filter.text = text.trimmingCharacters(in: .whitespaces)
        }
        filter.minimum = try arguments.value("min").map { text throws(CommandError) in
            try display.amount(text, option: "min")
        }
        filter.maximum = try arguments.value("max").map { text throws(CommandError) in
            try display.amount(text, option: "max")
        }
        if let minimum = filter.minimum, let maximum = filter.maximum, minimum > maximum {
            throw invocation.command.usageError(
                "--min \(arguments.value("min") ?? "") is more than --max \(arguments.value("max") ?? "")")
        }
        let from = try display.day(arguments.value("from"), option: "from")
        let to = try display.day(arguments.value("to"), option: "to")
        var period = ReportPeriod.allTime
        if from != nil || to != nil {
            let lower = from ?? ExpenseLimits.dates.lowerBound
            let upper =
                try arguments.value("to").map { text throws(CommandError) -> Date in
                    guard let end = display.days.endOfDay(from: text) else {
                        throw invocation.command.usageError("--to '\(text)' is not a day written as YYYY-MM-DD")
                    }
                    return end
                } ?? ExpenseLimits.dates.upperBound
            if let from, let to, from > to {
                throw invocation.command.usageError(
                    "--from \(arguments.value("from") ?? "") is after --to \(arguments.value("to") ?? "")")
            }
            period = .custom(lower...upper)
        }
        return (period, ReportOptions(filter: filter))
    }

    private static func category(_ text: String, invocation: Invocation) throws(CommandError) -> String {
        do throws(EntryProblem) {
            return try ExpenseLabels.category(text)
        } catch {
            throw invocation.command.usageError("--category '\(text)' was refused because \(error)")
        }
    }

    private static func tags(
        _ texts: [String], option: String, invocation: Invocation
    ) throws(CommandError) -> [String] {
        do throws(EntryProblem) {
            return try ExpenseLabels.tags(texts)
        } catch {
            let shown = texts.count == 1 ? "'\(texts[0])'" : texts.map { "'\($0)'" }.joined(separator: ", ")
            throw invocation.command.usageError("--\(option) \(shown) was refused because \(error)")
        }
    }
}
