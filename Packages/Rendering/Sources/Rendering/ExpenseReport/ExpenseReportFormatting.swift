/// Turns an expense report into text of one format. Never fails: every report has a textual form.
public protocol ExpenseReportFormatting: Sendable {
    /// The report as text.
    func format(_ report: ExpenseReport) -> String
}
