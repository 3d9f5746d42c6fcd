import Foundation

/// What a column of a bank export holds, as `--columns` names it.
public enum ImportField: String, Hashable, Sendable, CaseIterable, Codable, CodingKeyRepresentable {
    /// The day of the booking.
    case date
    /// Who was paid, or what for: the expense's title.
    case title
    /// A signed amount (debits negative), or an unsigned one with a `direction` column.
    case amount
    /// The amount of a debit, in a column of its own.
    case debit
    /// The amount of a credit, in a column of its own.
    case credit
    /// Says whether a row is a debit or a credit (`Af`/`Bij`, `Debit`/`Credit`, `S`/`H`).
    case direction
    /// The currency's ISO 4217 code.
    case currency
    /// A note: the purpose of the transfer when the title is the payee.
    case comment
}

/// The headings banks give their columns, in English, German, French, Polish, Spanish and Dutch, written as
/// `BankHeadings.key` reads a heading (lower case, no accents, words separated by one space). Where a file has two
/// columns for one field, the one listed first wins (the payee before the description).
public enum BankHeadings {
    /// The built-in headings of each field, most specific first.
    public static let builtIn: [(field: ImportField, headings: [String])] = [
        (
            .date,
            [
                "booking date", "posting date", "transaction date", "trans date", "date", "posted date",
                "buchungstag", "buchungsdatum", "datum", "date operation", "date de l operation", "date comptable",
                "data operacji", "data ksiegowania", "data transakcji", "fecha operacion", "fecha", "boekdatum",
                "transactiedatum",
            ]
        ),
        (
            .title,
            [
                "payee", "merchant", "name", "title", "description", "transaction description", "zahlungsempfanger in",
                "begunstigter auftraggeber", "beguenstigter zahlungspflichtiger", "auftraggeber empfanger",
                "empfanger", "beschreibung", "libelle", "libelle operation", "libelle court", "nadawca odbiorca",
                "odbiorca", "opis operacji", "opis transakcji", "tytul", "concepto", "descripcion",
                "naam omschrijving", "name description", "omschrijving", "naam tegenpartij", "verwendungszweck",
            ]
        ),
        (
            .amount,
            [
                "amount", "transaction amount", "betrag", "umsatz", "montant", "montant operation", "kwota",
                "kwota operacji", "importe", "bedrag", "transactiebedrag",
            ]
        ),
        (.debit, ["debit", "debit amount", "withdrawals", "money out", "soll", "debit euros", "obciazenia", "cargo"]),
        (.credit, ["credit", "credit amount", "deposits", "money in", "haben", "credit euros", "uznania", "abono"]),
        (.direction, ["af bij", "debit credit", "credit debit", "soll haben", "debit credit indicator"]),
        (.currency, ["currency", "wahrung", "waehrung", "devise", "waluta", "moneda", "divisa", "munt"]),
        (.comment, ["verwendungszweck", "memo", "mededelingen", "tytul", "libelle operation", "reference"]),
    ]

    /// `heading` as the table is written: lower case, accents and `ß` folded (`ä` to `a`), every run of other
    /// characters one space, a trailing currency code (`Bedrag (EUR)`) or symbol (`Betrag (€)`) dropped.
    public static func key(_ heading: String) -> String {
        let folded = heading.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "ß", with: "ss").replacingOccurrences(of: "ł", with: "l")
        var words = folded.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        if words.count > 1, let last = words.last, currencyCode(in: last) != nil { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// The currency a heading names (`Bedrag (EUR)`, `Betrag (€)`), or nil.
    static func currency(inHeading heading: String) -> String? {
        if heading.contains("€") || heading.lowercased().contains("euro") { return "EUR" }
        let words = heading.split { !$0.isLetter }.map(String.init)
        return words.count > 1 ? words.last.flatMap(currencyCode(in:)) : nil
    }

    static func currencyCode(in word: String) -> String? {
        let known: Set<String> = ["EUR", "USD", "GBP", "PLN", "CHF", "CZK", "HUF", "SEK", "NOK", "DKK"]
        return known.contains(word.uppercased()) ? word.uppercased() : nil
    }
}

/// Which column of a bank export holds what.
struct BankColumns: Hashable, Sendable {
    var date: Int
    /// Title columns in order of preference (the payee, then the description): a row takes the first that is not
    /// empty, and the other becomes its comment.
    var titles: [Int]
    var amount: Int?
    var debit: Int?
    var credit: Int?
    var direction: Int?
    var currency: Int?
    var comment: Int?
    /// The currency a heading names (`Betrag (€)`), for files without a currency column.
    var headingCurrency: String?

    /// The columns of `header`: each field from `explicit` (`--columns`, a heading as written, any case) or else
    /// from the built-in headings; nil when the date, a title, or an amount (or debit and credit) is missing.
    static func map(_ header: [String], explicit: [ImportField: String]) -> BankColumns? {
        let keys = header.map(BankHeadings.key)
        var used = Set<Int>()
        func find(_ field: ImportField) -> [Int] {
            if let name = explicit[field] {
                let wanted = BankHeadings.key(name)
                let raw = name.trimmingCharacters(in: .whitespaces).lowercased()
                return header.indices.filter {
                    header[$0].trimmingCharacters(in: .whitespaces).lowercased() == raw || keys[$0] == wanted
                }.prefix(1).map { $0 }
            }
            let headings = BankHeadings.builtIn.first { $0.field == field }?.headings ?? []
            return headings.compactMap { heading in keys.firstIndex(of: heading) }.filter { !used.contains($0) }
        }
        func take(_ field: ImportField) -> Int? {
            guard let index = find(field).first else { return nil }
            used.insert(index)
            return index
        }
        guard let date = take(.date) else { return nil }
        let amount = take(.amount)
        let debit = take(.debit)
        let credit = take(.credit)
        guard amount != nil || debit != nil || credit != nil else { return nil }
        let direction = take(.direction)
        let currency = take(.currency)
        let titles = Array(find(.title).filter { !used.contains($0) }.prefix(2))
        guard !titles.isEmpty else { return nil }
        used.formUnion(titles)
        let comment = explicit[.comment] != nil || titles.count == 1 ? take(.comment) : nil
        let amountHeading = [amount, debit, credit].compactMap { $0 }.first.map { header[$0] } ?? ""
        return BankColumns(
            date: date, titles: titles, amount: amount, debit: debit, credit: credit, direction: direction,
            currency: currency, comment: comment, headingCurrency: BankHeadings.currency(inHeading: amountHeading))
    }

    /// Whether a direction cell says debit (true), credit (false), or neither (nil).
    static func isDebit(_ cell: String) -> Bool? {
        switch BankHeadings.key(cell) {
        case "af", "debit", "d", "db", "dr", "s", "soll", "debet", "obciazenie", "cargo", "withdrawal": true
        case "bij", "credit", "c", "cr", "h", "haben", "uznanie", "abono", "deposit": false
        default: nil
        }
    }
}
