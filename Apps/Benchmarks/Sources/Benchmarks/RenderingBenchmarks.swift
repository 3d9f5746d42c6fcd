import Foundation
import Rendering

/// Invoice rendering: a 1,000-line invoice, single-page throughput, growth to 10,000 lines, and the same table
/// drawn by Python's reportlab (`External/reportlab_table.py`) for comparison.
enum RenderingBenchmarks {
    static let group = BenchmarkGroup(name: "rendering") {
        let fixed = Date(timeIntervalSince1970: 1_741_948_800)
        let standard = StandardInvoiceTemplate(creationDate: { fixed })
        let thousand = try invoice(lines: 1_000)
        let tenThousand = try invoice(lines: 10_000)
        let single = try invoice(lines: 3)
        let batch = 50
        return [
            .measure(name: "render 1,000-line invoice (standard)", target: "< 50 ms") {
                _ = try standard.render(thousand)
            },
            .measure(name: "render 1,000-line invoice (creative)", target: "< 50 ms") {
                _ = try CreativeInvoiceTemplate(creationDate: { fixed }).render(thousand)
            },
            .measure(name: "single-page invoices", operations: batch) {
                for _ in 0..<batch { _ = try standard.render(single) }
            },
            .note(name: "growth 1k -> 10k lines (linear = 10x)", target: "~10x") {
                let small = try medianSeconds(runs: 7) { _ = try standard.render(thousand) }
                let large = try medianSeconds(runs: 3) { _ = try standard.render(tenThousand) }
                return String(
                    format: "%.1fx (%.1f ms -> %.1f ms)", large / small, small * 1_000, large * 1_000)
            },
            .note(name: "1,000-line invoice PDF size") {
                let bytes = try standard.render(thousand).count
                return String(format: "%.0f KB (%d bytes, uncompressed streams)", Double(bytes) / 1024, bytes)
            },
            .note(name: "1,000-line table vs reportlab", target: "ratio > 1 = faster") {
                let ours = try medianSeconds(runs: 7) { _ = try standard.render(thousand) }
                let theirs: Double
                switch reportlabSeconds(lines: 1_000) {
                case .success(let seconds): theirs = seconds
                case .failure(let problem): return "reportlab unavailable: \(problem.message)"
                }
                return String(
                    format: "%.1fx faster (reportlab %.1f ms, Rendering %.1f ms)", theirs / ours, theirs * 1_000,
                    ours * 1_000)
            },
        ]
    }

    /// The benchmark invoice: the same rows the reportlab script draws.
    static func invoice(lines: Int) throws -> InvoiceDocument {
        let rates = [TaxRate.zero, TaxRate(percent: 7), TaxRate(percent: 19)]
        var items: [InvoiceLineItem] = []
        items.reserveCapacity(lines)
        for index in 0..<lines {
            let cents: Int = 1000 + 50 * (index % 20)
            let price: Decimal = Decimal(cents) / 100
            let quantity = Decimal(index % 5 + 1)
            items.append(
                InvoiceLineItem(
                    description: "Item \(index + 1)", quantity: quantity, unitPrice: price, taxRate: rates[index % 3]))
        }
        guard let issued = CalendarDay(year: 2025, month: 3, day: 14) else { throw BenchmarkSetupError.badDate }
        return InvoiceDocument(
            number: "BENCH-1", issueDate: issued, seller: InvoiceParty(name: "Acme Tools Ltd", lines: ["Bristol"]),
            client: InvoiceParty(name: "Globex Corporation", lines: ["Springfield"]), currency: .usd,
            lineItems: items, notes: "Payment within 30 days.")
    }

    enum BenchmarkSetupError: Error {
        case badDate
    }

    /// Median wall time of `runs` runs after one warm-up.
    static func medianSeconds(runs: Int, _ body: () throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        try body()
        var samples: [Double] = []
        for _ in 0..<runs { samples.append(try clock.measure(body).seconds) }
        samples.sort()
        return samples[samples.count / 2]
    }

    struct ReportlabProblem: Error {
        let message: String
    }

    /// Runs the reportlab script three times and returns the median of the times it reports.
    static func reportlabSeconds(lines: Int) -> Result<Double, ReportlabProblem> {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("External/reportlab_table.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            return .failure(ReportlabProblem(message: "script not found at \(script.path)"))
        }
        var samples: [Double] = []
        for _ in 0..<3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, "\(lines)"]
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            do {
                try process.run()
            } catch {
                return .failure(ReportlabProblem(message: "python3 could not start (\(error))"))
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            let problem = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                let reason = String(decoding: problem, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                return .failure(
                    ReportlabProblem(message: reason.isEmpty ? "exit \(process.terminationStatus)" : reason))
            }
            let lastLine = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            guard let seconds = Double(lastLine.trimmingCharacters(in: .whitespaces)) else {
                return .failure(ReportlabProblem(message: "unexpected output '\(lastLine)'"))
            }
            samples.append(seconds)
        }
        samples.sort()
        return .success(samples[1])
    }
}
