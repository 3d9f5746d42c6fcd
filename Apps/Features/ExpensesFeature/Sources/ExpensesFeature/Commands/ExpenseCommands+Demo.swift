public import CommandKit

extension ExpenseCommands {
    /// Recording, importing, listing and reporting expenses.
    public var demo: DemoSection? {
        DemoSection(
            title: "Expenses",
            steps: [
                DemoStep("Record expenses", ["expense", "add", "--title", "Coffee", "--price", "3.80"]),
                DemoStep(
                    "",
                    [
                        "expense", "add", "--title", "Train ticket", "--price", "42.50", "--date", "{yesterday}",
                        "--comment", "to the client",
                    ]),
                DemoStep(
                    "Import a CSV file with two broken rows", ["expense", "import", "{folder}/expenses.csv"],
                    files: [
                        "expenses.csv": """
                        date,title,amount,currency,comment
                        {today},Taxi to the airport,38.20,EUR,client visit
                        {yesterday},Hotel,129.00,EUR,
                        2026-13-01,Broken date,10.00,EUR,
                        {yesterday},Free lunch,-5,EUR,
                        {yesterday},Conference ticket,450,USD,early bird

                        """
                    ]),
                DemoStep("Every expense, newest first", ["expense", "list"]),
                DemoStep("This week's report, grouped by day", ["report", "week"]),
                DemoStep("This month as CSV", ["report", "month", "--format", "csv"]),
            ])
    }
}
