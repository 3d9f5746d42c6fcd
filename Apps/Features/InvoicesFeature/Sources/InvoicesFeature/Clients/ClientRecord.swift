import Foundation
public import Storage
public import Validation

/// A client in the directory: the details an invoice copies when it names the client by its key, so they are typed
/// once. Stored as `client.<key>.json`.
public struct ClientRecord: Hashable, Sendable, Codable {
    /// The short name the client is found by (`acme`): lower case, `[a-z0-9][a-z0-9._-]{0,47}`.
    public var key: String
    /// The name printed on invoices.
    public var name: String
    /// Street and further address lines.
    public var address: [String]
    /// The post code.
    public var postcode: String?
    /// The city.
    public var city: String?
    /// The ISO 3166-1 alpha-2 country code, upper case (`FR`).
    public var countryCode: String
    /// The VAT identifier, normalised with its country prefix (`FR40303265045`).
    public var vatID: String?
    /// The address invoices are sent to (XRechnung's electronic address of the buyer).
    public var email: String?
    /// The ISO 4217 code the client is invoiced in when an invoice names none.
    public var currency: String?
    /// Days from the issue day to the due day when an invoice names no due day.
    public var paymentTermsDays: Int?
    /// The language the client reads invoices in (`fr`): an invoice that names the client by its key prints in it
    /// unless `--language` says otherwise; nil prints in the setting `invoice.language`.
    public var language: String?
    /// The reference the client asked to be quoted (the Leitweg-ID of a German public buyer).
    public var buyerReference: String?

    /// Creates a record; everything after the country is optional.
    public init(
        key: String, name: String, address: [String] = [], postcode: String? = nil, city: String? = nil,
        countryCode: String, vatID: String? = nil, email: String? = nil, currency: String? = nil,
        paymentTermsDays: Int? = nil, language: String? = nil, buyerReference: String? = nil
    ) {
        self.key = key
        self.name = name
        self.address = address
        self.postcode = postcode
        self.city = city
        self.countryCode = countryCode
        self.vatID = vatID
        self.email = email
        self.currency = currency
        self.paymentTermsDays = paymentTermsDays
        self.language = language
        self.buyerReference = buyerReference
    }

    /// Reads a stored record; fields added later take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        name = try container.decode(String.self, forKey: .name)
        address = try container.decodeIfPresent([String].self, forKey: .address) ?? []
        postcode = try container.decodeIfPresent(String.self, forKey: .postcode)
        city = try container.decodeIfPresent(String.self, forKey: .city)
        countryCode = try container.decode(String.self, forKey: .countryCode)
        vatID = try container.decodeIfPresent(String.self, forKey: .vatID)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        currency = try container.decodeIfPresent(String.self, forKey: .currency)
        paymentTermsDays = try container.decodeIfPresent(Int.self, forKey: .paymentTermsDays)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        buyerReference = try container.decodeIfPresent(String.self, forKey: .buyerReference)
    }

    private enum CodingKeys: String, CodingKey {
        case key, name, address, postcode, city, countryCode, vatID, email, currency, paymentTermsDays, language
        case buyerReference
    }

    /// Whether `text` can be a client's key: 1 to 48 characters of `a-z 0-9 . _ -`, starting with a letter or
    /// digit. Keys are compared in lower case, so `ACME` names the client `acme`.
    public static func isValidKey(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard (1...maximumKeyLength).contains(scalars.count), let first = scalars.first,
            isKeyStart(first)
        else { return false }
        return scalars.allSatisfy { isKeyStart($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    /// The longest key.
    public static let maximumKeyLength = 48

    private static func isKeyStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// `request` with this client's details copied in where the request leaves them open (an option the user
    /// typed wins), so a later edit of the directory never changes what was issued.
    func filling(_ request: InvoiceRequest) -> InvoiceRequest {
        var request = request
        request.client = name
        request.clientKey = key
        if request.clientAddress.isEmpty { request.clientAddress = address }
        request.clientPostcode = request.clientPostcode ?? postcode
        request.clientCity = request.clientCity ?? city
        request.clientCountry = request.clientCountry ?? countryCode
        request.clientVATID = request.clientVATID ?? vatID
        request.clientEmail = request.clientEmail ?? email
        request.buyerReference = request.buyerReference ?? buyerReference
        request.language = request.language ?? language
        return request
    }
}

/// Why the client directory refused or failed.
public enum ClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key is not 1 to 48 characters of `a-z 0-9 . _ -` starting with a letter or digit.
    case invalidKey(String)
    /// The details break the rules; every problem is listed. Nothing was saved.
    case invalid([ValidationProblem])
    /// No client has this key.
    case notFound(String)
    /// `add` was asked for a key that is taken.
    case alreadyExists(String)
    /// The client cannot be deleted while stored invoices name it; `invoices` are their numbers.
    case inUse(String, invoices: [String])
    /// The client cannot be deleted while saved drafts bill it; `drafts` are their ids (`D-3`).
    case inUseByDrafts(String, drafts: [String])
    /// The store failed.
    case storage(StorageError)

    /// The failure as a sentence.
    public var description: String {
        switch self {
        case .invalidKey(let key):
            "'\(key)' cannot be a client key: use 1 to 48 lower-case letters, digits, '.', '_' or '-', starting "
                + "with a letter or digit"
        case .invalid(let problems): "the client is not valid: " + problems.map(\.message).joined(separator: " ")
        case .notFound(let key): "there is no client '\(key)'"
        case .alreadyExists(let key): "there is already a client '\(key)'"
        case .inUse(let key, let invoices):
            "client '\(key)' cannot be deleted: \(invoices.count == 1 ? "invoice" : "invoices") "
                + "\(invoices.joined(separator: ", ")) \(invoices.count == 1 ? "names" : "name") it"
        case .inUseByDrafts(let key, let drafts):
            "client '\(key)' cannot be deleted: \(drafts.count == 1 ? "draft" : "drafts") "
                + "\(drafts.joined(separator: ", ")) \(drafts.count == 1 ? "bills" : "bill") it"
        case .storage(let error): "the client directory could not be read or changed: \(error.message)"
        }
    }
}
