public import LinksFeature
public import Storage

extension ReportPeriod {
    /// The Storage package's range for a period the links and the commands name.
    public var range: ReportRange {
        switch self {
        case .day: .today
        case .week: .thisWeek
        case .month: .thisMonth
        case .year: .thisYear
        }
    }

    /// The period of a fixed range; nil for a custom one.
    public init?(_ range: ReportRange) {
        switch range {
        case .today: self = .day
        case .thisWeek: self = .week
        case .thisMonth: self = .month
        case .thisYear: self = .year
        case .custom: return nil
        }
    }
}
