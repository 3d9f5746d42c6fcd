import Essentials

extension ValidationCode {
    /// The code of an EN 16931 business rule, its identifier after the domain `en16931`:
    /// `.en16931("BR-S-02")` is `en16931.BR-S-02`. The rule identifiers are the standard's own, so a failure
    /// can be looked up in EN 16931-1 and compared with what a validating receiver reports; the intra-community
    /// category `K` has the rules `BR-IC-*`, as in the standard.
    public static func en16931(_ ruleID: String) -> ValidationCode {
        ValidationCode(rawValue: "en16931." + ruleID)
    }

    /// The code of an XRechnung 3.0 rule (the German CIUS): `.xrechnung("BR-DE-15")` is `xrechnung.BR-DE-15`.
    public static func xrechnung(_ ruleID: String) -> ValidationCode {
        ValidationCode(rawValue: "xrechnung." + ruleID)
    }

    /// The categories' rule prefixes, as the standard names them.
    static func rulePrefix(_ category: VATCategory) -> String {
        category == .intraCommunity ? "BR-IC" : "BR-" + category.code
    }

    /// The EN 16931 rules the invoice validator checks, each once: see the README's table for which apply to
    /// every invoice and which only to an e-invoice, and the rules that hold by construction.
    public static let en16931Codes: [ValidationCode] =
        [
            "BR-06", "BR-08", "BR-09", "BR-10", "BR-11", "BR-29", "BR-33", "BR-38", "BR-42", "BR-44", "BR-61",
            "BR-CO-26", "BR-DEC",
        ]
        .map(en16931)
        + VATCategory.allCases.flatMap { category in
            let prefix = rulePrefix(category)
            var rules = ["02", "03", "04", "05", "06", "07", "10"]
            if category == .intraCommunity { rules += ["11", "12"] }
            if category == .outsideScope { rules += ["12", "13", "14"] }
            return rules.map { en16931(prefix + "-" + $0) }
        }

    /// The XRechnung rules the invoice validator checks with the ``InvoiceProfile/xrechnung`` profile.
    public static let xrechnungCodes: [ValidationCode] =
        [
            "BR-DE-1", "BR-DE-2", "BR-DE-3", "BR-DE-4", "BR-DE-5", "BR-DE-6", "BR-DE-7", "BR-DE-8", "BR-DE-9",
            "BR-DE-15", "BR-DE-23",
        ]
        .map(xrechnung)
}
