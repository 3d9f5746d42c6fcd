import Foundation
public import Storage
public import Validation

/// Finds a client by key: what the invoice form needs to fill in a client's details.
public protocol ClientLooking: Sendable {
    /// The client `key` (any case), or nil when there is none (or the text cannot be a key).
    func client(_ key: String) async throws(ClientError) -> ClientRecord?
}

/// Keeps the client directory: what the client commands need.
public protocol ClientDirectoring: ClientLooking {
    /// Checks `client` and saves it; `replacing` false refuses a key that is taken.
    func save(_ client: ClientRecord, replacing: Bool) async throws(ClientError) -> ClientRecord
    /// Every client, ordered by key.
    func list() async throws(ClientError) -> [ClientRecord]
    /// Deletes the client `key`; refused while a stored invoice or a saved draft names it.
    func delete(_ key: String) async throws(ClientError)
}

/// The client directory as `client.<key>.json` documents, each checked with the Validation package's rules before
/// it is kept (the same validators the seller's settings use: country code, VAT identifier with its check digits,
/// e-mail address, ISO 4217 currency, printable name and address lines).
public struct ClientDirectory: ClientDirectoring {
    private let documents: any DocumentSaving & DocumentLoading & DocumentListing & DocumentDeleting
    private let messages: ValidationMessages

    /// The directory in `documents`, wording problems with `messages`.
    public init(
        documents: any DocumentSaving & DocumentLoading & DocumentListing & DocumentDeleting,
        messages: ValidationMessages = .english
    ) {
        self.documents = documents
        self.messages = messages
    }

    /// What every client document's id starts with.
    static let prefix = "client."

    /// See the protocol.
    public func client(_ key: String) async throws(ClientError) -> ClientRecord? {
        let key = key.lowercased()
        guard ClientRecord.isValidKey(key) else { return nil }
        let document: Document?
        do {
            document = try await documents.load(try Self.id(key))
        } catch {
            throw .storage(error)
        }
        return try document.map { document throws(ClientError) in try Self.decoded(document) }
    }

    /// See the protocol.
    public func save(_ client: ClientRecord, replacing: Bool) async throws(ClientError) -> ClientRecord {
        var client = client
        client.key = client.key.lowercased()
        guard ClientRecord.isValidKey(client.key) else { throw .invalidKey(client.key) }
        client = Self.normalized(client)
        var problems = messages.problems(for: Self.validator.validate(client))
        if let days = client.paymentTermsDays, !(0...3_650).contains(days) {
            problems.append(
                ValidationProblem(
                    code: Self.termsCode, path: "paymentTermsDays", message: "Give payment terms of 0 to 3650 days."))
        }
        guard problems.isEmpty else { throw .invalid(problems) }
        if !replacing, try await self.client(client.key) != nil { throw .alreadyExists(client.key) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let bytes = try encoder.encode(client)
            _ = try await documents.save(
                DocumentDraft(
                    id: try Self.id(client.key), contentType: DocumentContentType.json,
                    attributes: ["kind": "client", "key": client.key], bytes: bytes))
        } catch let error as StorageError {
            throw .storage(error)
        } catch {
            throw .storage(.coding(CodingFailure(direction: .encoding, typeName: "ClientRecord", message: "\(error)")))
        }
        return client
    }

    /// See the protocol.
    public func list() async throws(ClientError) -> [ClientRecord] {
        let listed: [DocumentMetadata]
        do {
            listed = try await documents.list()
        } catch {
            throw .storage(error)
        }
        var clients: [ClientRecord] = []
        for metadata in listed
        where metadata.id.rawValue.hasPrefix(Self.prefix) && metadata.contentType == DocumentContentType.json {
            let document: Document?
            do {
                document = try await documents.load(metadata.id)
            } catch {
                throw .storage(error)
            }
            if let document { clients.append(try Self.decoded(document)) }
        }
        return clients.sorted { $0.key < $1.key }
    }

    /// See the protocol. The invoices are read first, then the drafts: one that names the client keeps it. An issued
    /// or deleted draft (a tombstone) names no one.
    public func delete(_ key: String) async throws(ClientError) {
        let key = key.lowercased()
        guard try await client(key) != nil else { throw .notFound(key) }
        let records: [InvoiceRecord]
        do throws(InvoiceError) {
            records = try await InvoiceFiles.records(in: documents)
        } catch {
            if case .storage(let failure) = error { throw .storage(failure) }
            throw .storage(.coding(CodingFailure(direction: .decoding, typeName: "InvoiceRecord", message: "\(error)")))
        }
        let naming = records.filter { $0.request.clientKey == key }.map(\.number)
        guard naming.isEmpty else { throw .inUse(key, invoices: naming) }
        let drafts: [(id: DraftID, request: InvoiceRequest)]
        do throws(DraftError) {
            drafts = try await DraftFiles.openDrafts(in: documents)
        } catch {
            if case .storage(let failure) = error { throw .storage(failure) }
            throw .storage(.coding(CodingFailure(direction: .decoding, typeName: "draft", message: "\(error)")))
        }
        let draftsNaming = drafts.filter { $0.request.clientKey == key }.map(\.id.description)
        guard draftsNaming.isEmpty else { throw .inUseByDrafts(key, drafts: draftsNaming) }
        do {
            _ = try await documents.delete(try Self.id(key))
        } catch {
            throw .storage(error)
        }
    }

    private static func id(_ key: String) throws(StorageError) -> DocumentID {
        try DocumentID("\(prefix)\(key).json")
    }

    private static func decoded(_ document: Document) throws(ClientError) -> ClientRecord {
        do {
            return try JSONDecoder().decode(ClientRecord.self, from: document.bytes)
        } catch {
            throw .storage(
                .coding(
                    CodingFailure(
                        direction: .decoding, typeName: "ClientRecord",
                        message: "\(document.metadata.id.rawValue): \(error)")))
        }
    }

    /// The forms every client is kept in: codes upper case, the VAT identifier compact with its prefix, text
    /// trimmed.
    static func normalized(_ client: ClientRecord) -> ClientRecord {
        var client = client
        let trim = { (text: String) in text.trimmingCharacters(in: .whitespaces) }
        client.name = trim(client.name)
        client.address = client.address.map(trim)
        client.countryCode = trim(client.countryCode).uppercased()
        client.currency = client.currency.map { trim($0).uppercased() }
        client.vatID = client.vatID.map { VATIdentifier.normalized($0, countryCode: client.countryCode) ?? $0 }
        client.email = client.email.map(trim)
        client.language = client.language.map { trim($0).lowercased() }
        return client
    }

    /// The rules, each from the Validation package: the validators the seller's settings are checked with, under
    /// the client's field names.
    static let validator: Validator<ClientRecord> =
        .field(
            "name", \.name,
            .notBlank(.invoiceClientNameMissing) && .maximumLength(200, .invoiceClientNameTooLong)
                && .plainText(.invoiceClientNameInvalidCharacter))
        && .field("address", \.address, .addressLines())
        && .field("postcode", \.postcode, line.optional)
        && .field("city", \.city, line.optional)
        && .field("buyerReference", \.buyerReference, line.optional)
        && .field("countryCode", \.countryCode, .rule(.sellerCountryCodeUnknown, CountryCode.exists))
        && Validator { client in
            client.vatID.map {
                Validator.vatIdentifier(countryCode: client.countryCode).validate($0).map { $0.nested(under: "vatID") }
            } ?? []
        }
        && .field("email", \.email, Validator<String>.email(EmailValidator()).optional)
        && .field("currency", \.currency, Validator.currencyCode().optional)

    /// One line of plain text (a post code, a city, a reference).
    private static let line: Validator<String> =
        .notBlank(.sellerAddressLineBlank) && .maximumLength(100, .sellerAddressLineTooLong)
        && .plainText(.sellerAddressLineInvalidCharacter)

    /// Payment terms outside 0 to 3650 days.
    static let termsCode = ValidationCode(rawValue: "client.paymentTermsOutOfRange")
}
