public import CommandKit

extension InvoiceCommands {
    /// An invoice validated, rendered, stored and uploaded; one refused; a duplicate; a credit note and a payment; the
    /// list with what is due, and the summary.
    public var demo: DemoSection? {
        DemoSection(
            title: "Invoices",
            steps: [
                DemoStep(
                    "Validate, render, store and upload an invoice",
                    [
                        "invoice", "new", "--client", "ACME Corporation", "--item", "Consulting (days);5;650", "--item",
                        "Travel expenses;1;80.70", "--tax", "20", "--template", "creative", "--out",
                        "{folder}/INV-0001.pdf",
                    ]),
                DemoStep(
                    "An invoice with problems is refused, with every problem listed",
                    ["invoice", "new", "--client", " ", "--item", "Nothing;0;-1"], expected: .dataError),
                DemoStep("Duplicate it for next month", ["invoice", "duplicate", "INV-0001"]),
                DemoStep(
                    "Correct the first with a credit note for its travel line",
                    ["invoice", "credit", "INV-0001", "--lines", "2"]),
                DemoStep("A first payment", ["invoice", "paid", "INV-0001", "--amount", "1000"]),
                DemoStep("Stored invoices with what is still due", ["invoice", "list"]),
                DemoStep("What is outstanding", ["invoice", "summary"]),
            ])
    }
}
