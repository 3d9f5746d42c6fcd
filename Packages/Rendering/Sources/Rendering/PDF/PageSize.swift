/// The paper a document is laid out on, in PDF points (1/72 inch).
public enum PageSize: Hashable, Sendable, CaseIterable {
    /// ISO A4, 210 × 297 mm.
    case a4
    /// US Letter, 8.5 × 11 in.
    case letter

    /// The page width in points.
    public var width: Double {
        switch self {
        case .a4: 595.28
        case .letter: 612
        }
    }

    /// The page height in points.
    public var height: Double {
        switch self {
        case .a4: 841.89
        case .letter: 792
        }
    }
}
