public import CommandKit

extension InvoiceCommands {
    /// An invoice validated, rendered, stored and uploaded; one refused; a duplicate; the list.
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
                DemoStep("Stored invoices", ["invoice", "list"]),
            ])
    }
}
