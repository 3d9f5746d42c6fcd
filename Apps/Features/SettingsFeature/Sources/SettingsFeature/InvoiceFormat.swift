public import Validation

/// The format new invoices are written in (`invoice.format`). The invoices feature decides how each is written;
/// the settings only keep the choice and the default (``LedgerSettings/invoiceFormat``).
public enum InvoiceFormat: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// A printed PDF, as invoices were before e-invoices.
    case pdf
    /// A PDF/A-3 with the EN 16931 XML inside (Factur-X, ZUGFeRD): people read it, software reads its XML.
    case facturX = "facturx"
    /// The German XRechnung XML, which German public buyers ask for.
    case xrechnung

    /// The name the setting takes and prints.
    public var description: String { rawValue }

    /// Reads a format name in any case (`FacturX`, `factur-x`); nil for anything else.
    public init?(parsing text: String) {
        guard text.utf8.count <= 16 else { return nil }
        let name = text.lowercased()
        self.init(rawValue: name == "factur-x" ? "facturx" : name)
    }

    /// The EU member states by ISO 3166-1 alpha-2 code (Greece is `GR` here; its VAT prefix is `EL`): where a
    /// seller with a VAT identifier or registration gets Factur-X by default.
    public static let euMemberStates: Set<String> = [
        "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT", "LT", "LU",
        "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
    ]

    /// The formats as help and refusals list them.
    static let accepted = allCases.map(\.rawValue).joined(separator: ", ")

    /// The VAT categories with what each means, for help and refusals.
    static let vatCategoryList =
        "S (standard rate), Z (zero rated), E (exempt), AE (reverse charge), K (intra-community supply), "
        + "G (export outside the EU) or O (outside the scope of VAT)"

    /// The refusal of a text that names no format.
    static let formatProblem = ValidationProblem(
        code: .invoiceFormatUnknown, message: "An invoice format is one of \(accepted).")

    /// The refusal of a text that names no VAT category.
    static let vatCategoryProblem = ValidationProblem(
        code: .invoiceVATCategoryUnknown, message: "A VAT category is one of \(vatCategoryList).")
}

extension ValidationCode {
    /// `invoice.format` names no ``InvoiceFormat``.
    public static let invoiceFormatUnknown = ValidationCode(rawValue: "settings.invoiceFormatUnknown")
    /// `invoice.vat-category` names no VAT category of EN 16931.
    public static let invoiceVATCategoryUnknown = ValidationCode(rawValue: "settings.vatCategoryUnknown")
    /// The post code is empty, too long, or has characters other than letters, digits, spaces and dashes.
    public static let sellerPostcodeInvalid = ValidationCode(rawValue: "settings.postcodeInvalid")
    /// The tax registration is blank.
    public static let sellerRegistrationBlank = ValidationCode(rawValue: "settings.registrationBlank")
    /// The city is blank, too long, or not one line of printable text.
    public static let sellerCityInvalid = ValidationCode(rawValue: "settings.cityInvalid")
    /// The telephone number has no digits, too many characters, or characters no telephone number has.
    public static let sellerPhoneInvalid = ValidationCode(rawValue: "settings.phoneInvalid")
    /// The contact person's name is blank, too long, or not one line of printable text.
    public static let sellerContactInvalid = ValidationCode(rawValue: "settings.contactInvalid")
}
