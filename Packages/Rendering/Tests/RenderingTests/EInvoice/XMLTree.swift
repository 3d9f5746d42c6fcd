import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of a parsed XML document, for assertions on e-invoices: qualified names as written (`ram:ID`), the
/// attributes, the text and the child elements in order.
final class XMLTree {
    let name: String
    let attributes: [String: String]
    var text = ""
    var children: [XMLTree] = []

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The first child named `name`.
    func child(_ name: String) -> XMLTree? {
        children.first { $0.name == name }
    }

    /// Every child named `name`.
    func all(_ name: String) -> [XMLTree] {
        children.filter { $0.name == name }
    }

    /// The element at a `/`-separated path of child names below this one.
    func at(_ path: String) -> XMLTree? {
        path.split(separator: "/").reduce(Optional(self)) { $0?.child(String($1)) }
    }

    /// The text of the element at `path`.
    func text(_ path: String) -> String? {
        at(path)?.text
    }

    /// The names of the children, in order.
    var childNames: [String] { children.map(\.name) }

    /// This element and every element below it, depth first.
    var descendants: [XMLTree] {
        [self] + children.flatMap(\.descendants)
    }

    /// Parses `data` with Foundation's XML parser; a document it rejects fails the test.
    static func parse(_ data: Data) throws -> XMLTree {
        let delegate = Builder()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        let parsed = parser.parse()
        #expect(parsed, "the parser rejected the document: \(String(describing: parser.parserError))")
        return try #require(delegate.root)
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        var stack: [XMLTree] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let element = XMLTree(name: elementName, attributes: attributeDict)
            stack.last?.children.append(element)
            if root == nil { root = element }
            stack.append(element)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}

/// The order of the child elements the CII D16B schema (as Factur-X EN 16931 profiles it) allows, for every
/// element with children that the writer uses: each element's children must appear in this order.
enum CrossIndustryInvoiceSchemaOrder {
    static let sequences: [String: [String]] = [
        "rsm:CrossIndustryInvoice": [
            "rsm:ExchangedDocumentContext", "rsm:ExchangedDocument", "rsm:SupplyChainTradeTransaction",
        ],
        "rsm:ExchangedDocumentContext": [
            "ram:BusinessProcessSpecifiedDocumentContextParameter", "ram:GuidelineSpecifiedDocumentContextParameter",
        ],
        "ram:BusinessProcessSpecifiedDocumentContextParameter": ["ram:ID"],
        "ram:GuidelineSpecifiedDocumentContextParameter": ["ram:ID"],
        "rsm:ExchangedDocument": ["ram:ID", "ram:TypeCode", "ram:IssueDateTime", "ram:IncludedNote"],
        "ram:IncludedNote": ["ram:Content", "ram:SubjectCode"],
        "rsm:SupplyChainTradeTransaction": [
            "ram:IncludedSupplyChainTradeLineItem", "ram:ApplicableHeaderTradeAgreement",
            "ram:ApplicableHeaderTradeDelivery", "ram:ApplicableHeaderTradeSettlement",
        ],
        "ram:IncludedSupplyChainTradeLineItem": [
            "ram:AssociatedDocumentLineDocument", "ram:SpecifiedTradeProduct", "ram:SpecifiedLineTradeAgreement",
            "ram:SpecifiedLineTradeDelivery", "ram:SpecifiedLineTradeSettlement",
        ],
        "ram:AssociatedDocumentLineDocument": ["ram:LineID", "ram:IncludedNote"],
        "ram:SpecifiedTradeProduct": [
            "ram:GlobalID", "ram:SellerAssignedID", "ram:BuyerAssignedID", "ram:Name", "ram:Description",
        ],
        "ram:SpecifiedLineTradeAgreement": [
            "ram:BuyerOrderReferencedDocument", "ram:GrossPriceProductTradePrice", "ram:NetPriceProductTradePrice",
        ],
        "ram:NetPriceProductTradePrice": ["ram:ChargeAmount", "ram:BasisQuantity"],
        "ram:SpecifiedLineTradeDelivery": ["ram:BilledQuantity"],
        "ram:SpecifiedLineTradeSettlement": [
            "ram:ApplicableTradeTax", "ram:BillingSpecifiedPeriod", "ram:SpecifiedTradeAllowanceCharge",
            "ram:SpecifiedTradeSettlementLineMonetarySummation",
        ],
        "ram:ApplicableTradeTax": [
            "ram:CalculatedAmount", "ram:TypeCode", "ram:ExemptionReason", "ram:BasisAmount", "ram:CategoryCode",
            "ram:ExemptionReasonCode", "ram:TaxPointDate", "ram:DueDateTypeCode", "ram:RateApplicablePercent",
        ],
        "ram:CategoryTradeTax": [
            "ram:CalculatedAmount", "ram:TypeCode", "ram:ExemptionReason", "ram:BasisAmount", "ram:CategoryCode",
            "ram:ExemptionReasonCode", "ram:TaxPointDate", "ram:DueDateTypeCode", "ram:RateApplicablePercent",
        ],
        "ram:SpecifiedTradeAllowanceCharge": [
            "ram:ChargeIndicator", "ram:CalculationPercent", "ram:BasisAmount", "ram:ActualAmount", "ram:ReasonCode",
            "ram:Reason", "ram:CategoryTradeTax",
        ],
        "ram:ChargeIndicator": ["udt:Indicator"],
        "ram:SpecifiedTradeSettlementLineMonetarySummation": ["ram:LineTotalAmount"],
        "ram:ApplicableHeaderTradeAgreement": [
            "ram:BuyerReference", "ram:SellerTradeParty", "ram:BuyerTradeParty",
            "ram:SellerTaxRepresentativeTradeParty", "ram:SellerOrderReferencedDocument",
            "ram:BuyerOrderReferencedDocument", "ram:ContractReferencedDocument",
        ],
        "ram:SellerTradeParty": tradeParty,
        "ram:BuyerTradeParty": tradeParty,
        "ram:ShipToTradeParty": tradeParty,
        "ram:DefinedTradeContact": [
            "ram:PersonName", "ram:DepartmentName", "ram:TelephoneUniversalCommunication",
            "ram:EmailURIUniversalCommunication",
        ],
        "ram:TelephoneUniversalCommunication": ["ram:URIID", "ram:CompleteNumber"],
        "ram:EmailURIUniversalCommunication": ["ram:URIID", "ram:CompleteNumber"],
        "ram:URIUniversalCommunication": ["ram:URIID", "ram:CompleteNumber"],
        "ram:PostalTradeAddress": [
            "ram:PostcodeCode", "ram:LineOne", "ram:LineTwo", "ram:LineThree", "ram:CityName", "ram:CountryID",
            "ram:CountrySubDivisionName",
        ],
        "ram:SpecifiedTaxRegistration": ["ram:ID"],
        "ram:BuyerOrderReferencedDocument": ["ram:IssuerAssignedID"],
        "ram:ApplicableHeaderTradeDelivery": [
            "ram:ShipToTradeParty", "ram:ActualDeliverySupplyChainEvent", "ram:DespatchAdviceReferencedDocument",
        ],
        "ram:ActualDeliverySupplyChainEvent": ["ram:OccurrenceDateTime"],
        "ram:ApplicableHeaderTradeSettlement": [
            "ram:CreditorReferenceID", "ram:PaymentReference", "ram:TaxCurrencyCode", "ram:InvoiceCurrencyCode",
            "ram:PayeeTradeParty", "ram:SpecifiedTradeSettlementPaymentMeans", "ram:ApplicableTradeTax",
            "ram:BillingSpecifiedPeriod", "ram:SpecifiedTradeAllowanceCharge", "ram:SpecifiedTradePaymentTerms",
            "ram:SpecifiedTradeSettlementHeaderMonetarySummation", "ram:InvoiceReferencedDocument",
        ],
        "ram:SpecifiedTradeSettlementPaymentMeans": [
            "ram:TypeCode", "ram:Information", "ram:PayerPartyDebtorFinancialAccount",
            "ram:PayeePartyCreditorFinancialAccount", "ram:PayeeSpecifiedCreditorFinancialInstitution",
        ],
        "ram:PayeePartyCreditorFinancialAccount": ["ram:IBANID", "ram:AccountName", "ram:ProprietaryID"],
        "ram:PayeeSpecifiedCreditorFinancialInstitution": ["ram:BICID"],
        "ram:BillingSpecifiedPeriod": ["ram:StartDateTime", "ram:EndDateTime"],
        "ram:SpecifiedTradePaymentTerms": ["ram:Description", "ram:DueDateDateTime", "ram:DirectDebitMandateID"],
        "ram:SpecifiedTradeSettlementHeaderMonetarySummation": [
            "ram:LineTotalAmount", "ram:ChargeTotalAmount", "ram:AllowanceTotalAmount", "ram:TaxBasisTotalAmount",
            "ram:TaxTotalAmount", "ram:RoundingAmount", "ram:GrandTotalAmount", "ram:TotalPrepaidAmount",
            "ram:DuePayableAmount",
        ],
        "ram:InvoiceReferencedDocument": ["ram:IssuerAssignedID", "ram:FormattedIssueDateTime"],
        "ram:FormattedIssueDateTime": ["qdt:DateTimeString"],
        "ram:IssueDateTime": ["udt:DateTimeString"],
        "ram:OccurrenceDateTime": ["udt:DateTimeString"],
        "ram:StartDateTime": ["udt:DateTimeString"],
        "ram:EndDateTime": ["udt:DateTimeString"],
        "ram:DueDateDateTime": ["udt:DateTimeString"],
    ]

    static let tradeParty = [
        "ram:ID", "ram:GlobalID", "ram:Name", "ram:Description", "ram:SpecifiedLegalOrganization",
        "ram:DefinedTradeContact", "ram:PostalTradeAddress", "ram:URIUniversalCommunication",
        "ram:SpecifiedTaxRegistration",
    ]

    /// The elements whose children break the schema's order, or are unknown to it, each with its children.
    static func violations(in root: XMLTree) -> [String] {
        root.descendants.compactMap { element in
            guard !element.children.isEmpty else { return nil }
            guard let sequence = sequences[element.name] else { return "\(element.name): not in the table" }
            let positions = element.childNames.map { sequence.firstIndex(of: $0) }
            guard positions.allSatisfy({ $0 != nil }), positions == positions.sorted(by: { ($0 ?? 0) < ($1 ?? 0) })
            else { return "\(element.name): \(element.childNames)" }
            return nil
        }
    }
}
