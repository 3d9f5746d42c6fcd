/// The VAT category of an invoice line, an allowance or a charge, as EN 16931 codes it (BT-151, BT-95, BT-102 and
/// BT-118; a subset of UNTDID 5305): the one vocabulary the invoice rules, the printed invoice and the e-invoice
/// share, so a category checked by one is the category printed and written by the others.
public enum VATCategory: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// `S`: the standard or a reduced rate, above zero.
    case standard = "S"
    /// `Z`: a rate of zero that is still a rate (zero-rated goods).
    case zeroRated = "Z"
    /// `E`: exempt from VAT; the invoice states why.
    case exempt = "E"
    /// `AE`: VAT reverse charge; the buyer accounts for the VAT.
    case reverseCharge = "AE"
    /// `K`: an intra-community supply of goods or services inside the EU (VAT-exempt for the seller).
    case intraCommunity = "K"
    /// `G`: an export outside the EU, free of VAT.
    case export = "G"
    /// `O`: outside the scope of VAT; no VAT identifier of the seller is needed.
    case outsideScope = "O"

    /// The code written in the e-invoice (`AE`).
    public var code: String { rawValue }

    /// The code.
    public var description: String { rawValue }

    /// The category a code names, accepting any letter case (`ae`), or `nil` for an unknown code.
    public init?(code: String) {
        self.init(rawValue: code.uppercased())
    }

    /// Whether VAT is charged at a rate above zero (only the standard category; every other category has a rate
    /// of zero, rules BR-Z-05, BR-E-05, BR-AE-05, BR-IC-05, BR-G-05 and BR-O-05).
    public var chargesVAT: Bool { self == .standard }

    /// Whether the VAT breakdown of this category must say why no VAT is charged, as text (BT-120) or as a code
    /// (BT-121): exempt, reverse charge, intra-community, export and outside scope (BR-E-10, BR-AE-10, BR-IC-10,
    /// BR-G-10, BR-O-10).
    public var needsExemptionReason: Bool {
        switch self {
        case .standard, .zeroRated: false
        case .exempt, .reverseCharge, .intraCommunity, .export, .outsideScope: true
        }
    }

    /// The VATEX code (the CEF list of exemption reason codes) that fits every invoice of this category, when one
    /// does: reverse charge `VATEX-EU-AE`, intra-community `VATEX-EU-IC`, export `VATEX-EU-G`, outside scope
    /// `VATEX-EU-O`. An exempt invoice must name its own article (`VATEX-EU-132-1I` and so on), so it has none.
    public var standardExemptionCode: String? {
        switch self {
        case .reverseCharge: "VATEX-EU-AE"
        case .intraCommunity: "VATEX-EU-IC"
        case .export: "VATEX-EU-G"
        case .outsideScope: "VATEX-EU-O"
        case .standard, .zeroRated, .exempt: nil
        }
    }
}
