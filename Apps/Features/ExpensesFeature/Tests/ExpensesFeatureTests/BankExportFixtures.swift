import Foundation
import Testing

/// Small exports written to the column lists the banks publish for their CSV downloads (a few rows each, made-up
/// accounts and payees), in the encoding each bank writes.
struct BankExport: Sendable, CustomTestStringConvertible {
    let bank: String
    let country: String
    let bytes: Data
    /// The configured currency the command would pass (the file may name its own).
    let configuredCurrency: String
    /// The debits, as (day, title, amount, currency), in file order.
    let expenses: [(day: String, title: String, amount: Decimal, currency: String)]
    /// Credits the file holds, left out by default.
    let credits: Int

    var testDescription: String { "\(bank) (\(country))" }

    static func amount(_ text: String) -> Decimal { Decimal(string: text) ?? -1 }

    static func text(_ lines: [String], _ encoding: String.Encoding = .utf8, bom: Bool = false) -> Data {
        let text = lines.joined(separator: "\r\n") + "\r\n"
        let body = text.data(using: encoding) ?? Data()
        return bom ? Data([0xEF, 0xBB, 0xBF]) + body : body
    }

    static let all: [BankExport] = [
        // Deutsche Bank: Windows-1252, `;`, account lines before the header, Soll and Haben columns.
        BankExport(
            bank: "Deutsche Bank", country: "DE",
            bytes: text(
                [
                    "Umsätze Girokonto;Zeitraum: 01.03.2026 - 31.03.2026;;;;;;;;;;;;;;;;",
                    "Neuer Kontostand;;;;;;;;;;;;;;;1.234,56;EUR",
                    "",
                    "Buchungstag;Wert;Umsatzart;Begünstigter / Auftraggeber;Verwendungszweck;IBAN;BIC;Kundenreferenz;"
                        + "Mandatsreferenz ;Gläubiger ID;Fremde Gebühren;Betrag;Abweichender Empfänger;"
                        + "Anzahl der Aufträge;Anzahl der Schecks;Soll;Haben;Währung",
                    "02.03.2026;02.03.2026;Kartenzahlung;Bäckerei Müller;Brötchen;;;;;;;;;;;-4,80;;EUR",
                    "03.03.2026;03.03.2026;SEPA-Lastschrift;Stadtwerke München;Abschlag März;DE02700202700010108669;"
                        + "HYVEDEMMXXX;;M-1;DE00ZZZ00000000000;;;;;;-1.120,00;;EUR",
                    "05.03.2026;05.03.2026;Gutschrift;Arbeitgeber GmbH;Gehalt März;;;;;;;;;;;;2.500,00;EUR",
                ], .windowsCP1252),
            configuredCurrency: "EUR",
            expenses: [
                ("2026-03-02", "Bäckerei Müller", amount("4.80"), "EUR"),
                ("2026-03-03", "Stadtwerke München", Decimal(1_120), "EUR"),
            ], credits: 1),
        // DKB: UTF-8 with a byte order mark, quoted `;`, two-digit years, the currency in the amount's heading.
        BankExport(
            bank: "DKB", country: "DE",
            bytes: text(
                [
                    #""Girokonto";"DE12120300000000000000""#, #""""#,
                    #""Kontostand vom 31.03.2026:";"2.345,67 €""#, #""""#,
                    #""Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"#
                        + #""Verwendungszweck";"Umsatztyp";"IBAN";"Betrag (€)";"Gläubiger-ID";"Mandatsreferenz";"#
                        + #""Kundenreferenz""#,
                    #""02.03.26";"02.03.26";"Gebucht";"Erika Muster";"REWE Markt";"Einkauf";"Ausgang";"";"-23,45";"#
                        + #""";"";"""#,
                    #""04.03.26";"04.03.26";"Gebucht";"Erika Muster";"DB Fernverkehr";"Ticket Berlin";"Ausgang";"#
                        + #""DE02100100100006820101";"-89,90";"";"";"""#,
                    #""25.03.26";"25.03.26";"Gebucht";"Arbeitgeber GmbH";"Erika Muster";"Gehalt";"Eingang";"";"#
                        + #""2.500,00";"";"";"""#,
                ], bom: true),
            configuredCurrency: "USD",
            expenses: [
                ("2026-03-02", "REWE Markt", amount("23.45"), "EUR"),
                ("2026-03-04", "DB Fernverkehr", amount("89.90"), "EUR"),
            ], credits: 1),
        // ING Netherlands: comma-separated with quoted decimal commas, YYYYMMDD, the "Af Bij" column.
        BankExport(
            bank: "ING", country: "NL",
            bytes: text([
                #""Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","#
                    + #""Mutatiesoort","Mededelingen""#,
                #""20260302","Albert Heijn 1403","NL20INGB0001234567","","BA","Af","12,50","Betaalautomaat","#
                    + #""Pasvolgnr:001""#,
                #""20260310","NS Reizigers","NL20INGB0001234567","NL11RABO0123456789","IC","Af","1.045,00","#
                    + #""Incasso","Jaarabonnement""#,
                #""20260325","Werkgever BV","NL20INGB0001234567","NL11RABO0123456789","OV","Bij","2500,00","#
                    + #""Overschrijving","Salaris""#,
            ]),
            configuredCurrency: "USD",
            expenses: [
                ("2026-03-02", "Albert Heijn 1403", amount("12.50"), "EUR"),
                ("2026-03-10", "NS Reizigers", Decimal(1_045), "EUR"),
            ], credits: 1),
        // PKO BP: Windows-1250, comma-separated, ISO dates and decimal points, unnamed trailing columns.
        BankExport(
            bank: "PKO BP", country: "PL",
            bytes: text(
                [
                    #""Data operacji","Data waluty","Typ transakcji","Kwota","Waluta","Saldo po transakcji","#
                        + #""Opis transakcji","","""#,
                    #""2026-03-02","2026-03-02","Płatność kartą","-45.99","PLN","1954.01","Tytuł: Żabka Łódź","#
                        + #""Lokalizacja: Kraj: POLSKA Miasto: Łódź","""#,
                    #""2026-03-05","2026-03-05","Przelew z rachunku","-1200.00","PLN","754.01","Czynsz za marzec","#
                        + #""Nazwa odbiorcy: Spółdzielnia Mieszkaniowa","""#,
                    #""2026-03-10","2026-03-10","Przelew na rachunek","3000.00","PLN","3754.01","Wynagrodzenie","","""#,
                ], .windowsCP1250),
            configuredCurrency: "EUR",
            expenses: [
                ("2026-03-02", "Tytuł: Żabka Łódź", amount("45.99"), "PLN"),
                ("2026-03-05", "Czynsz za marzec", Decimal(1_200), "PLN"),
            ], credits: 1),
        // mBank: ISO-8859-2, `;`, `#`-prefixed headings after account lines, the currency in the amount's cell.
        BankExport(
            bank: "mBank", country: "PL",
            bytes: text(
                [
                    "mBank S.A. Bankowość Detaliczna;", "#Klient;", "JAN KOWALSKI;", ";",
                    "#Za okres:;", "01.03.2026;31.03.2026;", ";",
                    "#Data operacji;#Opis operacji;#Rachunek;#Kategoria;#Kwota;#Saldo po operacji;",
                    "2026-03-03;KSIĘGARNIA ŚWIAT KSIĄŻKI ZAKUP PRZY UŻYCIU KARTY;eKonto 1111;Zakupy;-59,90 PLN;"
                        + "1 940,10 PLN;",
                    "2026-03-04;OPŁATA ZA KARTĘ;eKonto 1111;Opłaty;-7,00 PLN;1 933,10 PLN;",
                    "2026-03-12;PRZELEW PRZYCHODZĄCY ŹRÓDŁO;eKonto 1111;Wpływy;1 500,00 PLN;3 433,10 PLN;",
                ], .isoLatin2),
            configuredCurrency: "EUR",
            expenses: [
                ("2026-03-03", "KSIĘGARNIA ŚWIAT KSIĄŻKI ZAKUP PRZY UŻYCIU KARTY", amount("59.90"), "PLN"),
                ("2026-03-04", "OPŁATA ZA KARTĘ", Decimal(7), "PLN"),
            ], credits: 1),
        // Crédit Agricole: Windows-1252, `;`, account lines, DD/MM/YYYY, Débit and Crédit columns in euros.
        BankExport(
            bank: "Crédit Agricole", country: "FR",
            bytes: text(
                [
                    "Téléchargement du 31/03/2026;", ";", "Compte de Dépôt carte n° 12345678901;",
                    "Solde au 31/03/2026 1 234,56 €;", ";",
                    "Liste des opérations du compte entre le 01/03/2026 et le 31/03/2026;", ";",
                    "Date;Libellé;Débit euros;Crédit euros;",
                    #"02/03/2026;"CARTE X1234 01/03 CARREFOUR CITY";23,45;;"#,
                    #"15/03/2026;"PRELEVEMENT EDF ÉLECTRICITÉ";78,90;;"#,
                    #"20/03/2026;"VIREMENT SALAIRE";;2 100,00;"#,
                ], .windowsCP1252),
            configuredCurrency: "USD",
            expenses: [
                ("2026-03-02", "CARTE X1234 01/03 CARREFOUR CITY", amount("23.45"), "EUR"),
                ("2026-03-15", "PRELEVEMENT EDF ÉLECTRICITÉ", amount("78.90"), "EUR"),
            ], credits: 1),
        // Santander España: `;`, a title line, DD/MM/YYYY, signed decimal commas, no currency column.
        BankExport(
            bank: "Santander", country: "ES",
            bytes: text([
                "Movimientos de la cuenta ES12 0049 0000 0000 0000 0000;;;;",
                "Fecha Operación;Fecha Valor;Concepto;Importe;Saldo",
                "02/03/2026;02/03/2026;COMPRA TARJ. MERCADONA VALENCIA;-34,56;1.965,44",
                "25/03/2026;25/03/2026;RECIBO IBERDROLA;-61,20;1.904,24",
                "28/03/2026;28/03/2026;TRANSFERENCIA NÓMINA;1.800,00;3.704,24",
            ]),
            configuredCurrency: "EUR",
            expenses: [
                ("2026-03-02", "COMPRA TARJ. MERCADONA VALENCIA", amount("34.56"), "EUR"),
                ("2026-03-25", "RECIBO IBERDROLA", amount("61.20"), "EUR"),
            ], credits: 1),
        // Chase credit card: `,`, MM/DD/YYYY, purchases negative, payments positive.
        BankExport(
            bank: "Chase", country: "US",
            bytes: text([
                "Transaction Date,Post Date,Description,Category,Type,Amount,Memo",
                "03/02/2026,03/03/2026,STARBUCKS STORE 00123,Food & Drink,Sale,-5.75,",
                "03/15/2026,03/16/2026,AMAZON MKTPL*AB12C3,Shopping,Sale,-1234.56,gift",
                "03/20/2026,03/20/2026,Payment Thank You-Mobile,,Payment,500.00,",
            ]),
            configuredCurrency: "USD",
            expenses: [
                ("2026-03-02", "STARBUCKS STORE 00123", amount("5.75"), "USD"),
                ("2026-03-15", "AMAZON MKTPL*AB12C3", amount("1234.56"), "USD"),
            ], credits: 1),
        // Bank of America checking: a summary block before the header, a balance line without an amount.
        BankExport(
            bank: "Bank of America", country: "US",
            bytes: text([
                "Description,,Summary Amt.",
                #"Beginning balance as of 03/01/2026,,"1,000.00""#,
                #"Total credits,,"2,500.00""#,
                #"Total debits,,"-125.75""#,
                #"Ending balance as of 03/31/2026,,"3,374.25""#,
                "",
                "Date,Description,Amount,Running Bal.",
                #"03/01/2026,Beginning balance as of 03/01/2026,,"1,000.00""#,
                #"03/02/2026,"STARBUCKS STORE 123",-5.75,"994.25""#,
                #"03/16/2026,"PG&E WEB ONLINE",-120.00,"874.25""#,
                #"03/20/2026,"ACME CORP DES:PAYROLL","2,500.00","3,374.25""#,
            ]),
            configuredCurrency: "USD",
            expenses: [
                ("2026-03-02", "STARBUCKS STORE 123", amount("5.75"), "USD"),
                ("2026-03-16", "PG&E WEB ONLINE", Decimal(120), "USD"),
            ], credits: 1),
    ]
}
