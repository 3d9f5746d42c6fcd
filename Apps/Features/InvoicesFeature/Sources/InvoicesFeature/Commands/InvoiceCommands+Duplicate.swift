import CommandKit
import Foundation

extension InvoiceCommands {
    /// The changes `invoice duplicate` takes, read as `invoice new` reads them.
    static let duplicateOptions: [OptionSpec] = [
        .value(
            "client", "KEY|NAME", "bill another client: a client's key fills in their details, other text is a name"),
        .value("date", "YYYY-MM-DD", "the issue day (default: today)"),
        .value("due", "YYYY-MM-DD", "when payment is due (default: the original's payment terms from the issue day)"),
        .value(
            "item", "\"DESCRIPTION;QUANTITY;PRICE[;VAT]\"", "the lines of the copy instead of the original's",
            repeatable: true),
    ]

    static let duplicateDetails =
        "NUMBER may be written in any case (inv-0007), as its counter (7) or as the end of the number. Without "
        + "--due the copy keeps the original's payment terms: when the original was due 14 days after it was "
        + "issued, so is the copy."

    /// The changes the options name.
    static func duplicateChanges(
        _ arguments: Arguments, display: DisplayContext
    ) throws(CommandError)
        -> InvoiceChanges
    {
        let items = try arguments.all("item").map { text throws(CommandError) in try Self.item(text) }
        return InvoiceChanges(
            client: arguments.value("client"), issueDate: try display.day(arguments.value("date"), option: "date"),
            dueDate: try display.day(arguments.value("due"), option: "due"), items: items.isEmpty ? nil : items)
    }
}
