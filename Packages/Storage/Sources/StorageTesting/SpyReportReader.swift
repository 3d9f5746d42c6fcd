public import Storage

/// Records the ranges a report screen asks for and answers with canned reports, so a screen's test needs neither
/// a store nor a calendar.
public actor SpyReportReader: ReportReading {
    /// Every range asked for, in order.
    public private(set) var requestedRanges: [ReportRange] = []
    private var reports: [ReportRange: ExpenseReport]
    private let fallback: StorageError

    /// Answers each range with its report in `reports`; a range without one throws `missing`.
    public init(reports: [ReportRange: ExpenseReport], missing: StorageError = .closed) {
        self.reports = reports
        self.fallback = missing
    }

    /// Replaces the report returned for `range`.
    public func setReport(_ report: ExpenseReport, for range: ReportRange) {
        reports[range] = report
    }

    /// Records the range and returns its canned report.
    public func report(for range: ReportRange) throws(StorageError) -> ExpenseReport {
        requestedRanges.append(range)
        guard let report = reports[range] else { throw fallback }
        return report
    }
}
