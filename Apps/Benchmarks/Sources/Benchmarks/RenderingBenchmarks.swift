import Essentials
import Foundation
import Rendering
import RenderingZlib

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Invoice rendering as the app configures it (DejaVu Sans embedded as a subset, streams compressed with the
/// system zlib): a 1,000-line invoice's time, CPU time and size, the standard 14 fonts without compression for
/// comparison, single-page throughput, growth to 10,000 lines, zlib levels, and the same table drawn by Python's
/// reportlab (`External/reportlab_table.py`).
enum RenderingBenchmarks {
    static let group = BenchmarkGroup(name: "rendering") {
        let fixed = Date(timeIntervalSince1970: 1_741_948_800)
        let zlib = ZlibFlateCompressor()
        let standard = StandardInvoiceTemplate(compressor: zlib, creationDate: { fixed })
        let creative = CreativeInvoiceTemplate(compressor: zlib, creationDate: { fixed })
        let smallest = StandardInvoiceTemplate(fonts: .standard14, creationDate: { fixed })
        let uncompressed = StandardInvoiceTemplate(creationDate: { fixed })
        let thousand = try invoice(lines: 1_000)
        let tenThousand = try invoice(lines: 10_000)
        let single = try invoice(lines: 3)
        let batch = 50
        // Parse the fonts before timing anything.
        _ = try standard.render(single)
        return [
            .measure(name: "render 1,000-line invoice (standard, DejaVu subset, zlib)", target: "< 10 ms") {
                _ = try standard.render(thousand)
            },
            .measure(name: "render 1,000-line invoice (creative, DejaVu subset, zlib)", target: "< 10 ms") {
                _ = try creative.render(thousand)
            },
            .compare(
                name: "1,000 lines: embedded subset + zlib vs standard 14 fonts uncompressed",
                baseline: .init(label: "standard 14") { _ = try smallest.render(thousand) },
                candidate: .init(label: "DejaVu + zlib") { _ = try standard.render(thousand) }),
            .measure(name: "single-page invoices (DejaVu subset, zlib)", operations: batch) {
                for _ in 0..<batch { _ = try standard.render(single) }
            },
            .note(name: "1,000-line invoice CPU time (thread, median of 15)", target: "< 10 ms") {
                let cpu = try medianCPUSeconds(runs: 15) { _ = try standard.render(thousand) }
                return String(format: "%.1f ms of CPU per render (wall clock suffers on a loaded machine)", cpu * 1_000)
            },
            .note(name: "growth 1k -> 10k lines (linear = 10x)", target: "~10x") {
                let small = try medianSeconds(runs: 7) { _ = try standard.render(thousand) }
                let large = try medianSeconds(runs: 3) { _ = try standard.render(tenThousand) }
                return String(
                    format: "%.1fx (%.1f ms -> %.1f ms)", large / small, small * 1_000, large * 1_000)
            },
            .note(name: "1,000-line invoice PDF size", target: "<= 60 KB embedded + zlib") {
                let sizes = try [standard, uncompressed, smallest].map { try $0.render(thousand).count }
                return String(
                    format: "%.1f KB DejaVu subset + zlib; %.0f KB uncompressed; %.0f KB standard 14 uncompressed",
                    Double(sizes[0]) / 1024, Double(sizes[1]) / 1024, Double(sizes[2]) / 1024)
            },
            .note(name: "zlib level: size and time of the 1,000-line invoice") {
                try [1, 3, 6, 9].map { level in
                    let template = StandardInvoiceTemplate(
                        compressor: ZlibFlateCompressor(level: level), creationDate: { fixed })
                    let size = try template.render(thousand).count
                    let time = try medianSeconds(runs: 7) { _ = try template.render(thousand) }
                    return String(format: "level %d: %.1f KB %.1f ms", level, Double(size) / 1024, time * 1_000)
                }.joined(separator: "; ")
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

    /// Median CPU time of the calling thread over `runs` runs after one warm-up: what the work costs, whatever
    /// else the machine is doing.
    static func medianCPUSeconds(runs: Int, _ body: () throws -> Void) throws -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        try body()
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = now()
            try body()
            samples.append(now() - start)
        }
        samples.sort()
        return samples[samples.count / 2]
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
