import Foundation

/// How a text a user typed names a stored invoice, whatever pattern numbered it: the number in any case first,
/// then (for digits) the trailing counter, then a unique suffix. Two matches are never guessed between.
enum InvoiceLookup {
    /// The record `text` names among `records`.
    static func match(_ text: String, in records: [InvoiceRecord]) throws(InvoiceError) -> InvoiceRecord {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        guard InvoiceNumber.isWellFormed(wanted) else { throw .notFound(text) }
        let lowered = wanted.lowercased()
        var stages: [[InvoiceRecord]] = [records.filter { $0.number.lowercased() == lowered }]
        if wanted.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            let counter = wanted.drop { $0 == "0" }
            stages.append(records.filter { String(trailingDigits(of: $0.number).drop { $0 == "0" }) == counter })
        }
        stages.append(records.filter { $0.number.lowercased().hasSuffix(lowered) })
        for matches in stages where !matches.isEmpty {
            guard matches.count == 1 else { throw .ambiguous(wanted, candidates: matches.map(\.number)) }
            return matches[0]
        }
        throw .notFound(wanted)
    }

    /// The digits a number ends with (`0007` of `INV-2026-0007`).
    private static func trailingDigits(of number: String) -> Substring {
        var end = number[...]
        while let last = end.last, last.isASCII, last.isNumber { end = end.dropLast() }
        return number[end.endIndex...]
    }
}
