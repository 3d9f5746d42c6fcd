import Foundation

/// Prints results as an aligned table for people or as JSON for machines.
enum Report {
    static func header() -> String {
        row(["group", "benchmark", "median", "spread", "ops/s", "peak mem", "target"])
    }

    static func line(_ result: BenchmarkResult) -> String {
        let memory = formatBytes(result.peakMemoryBytes)
        if let error = result.error {
            return row([result.group, result.name, "error: \(error)", "", "", memory, result.target ?? ""])
        }
        if let note = result.note {
            return row([result.group, result.name, note, "", "", memory, result.target ?? ""])
        }
        guard let sample = result.sample else { return row([result.group, result.name]) }
        var lines = [
            row([
                result.group, result.name, formatSeconds(sample.medianSeconds),
                String(format: "±%.1f%%", sample.spread * 100), formatRate(sample.operationsPerSecond), memory,
                result.target ?? "",
            ])
        ]
        if let ratio = result.ratio, let baseline = result.baseline, let base = result.baselineLabel,
            let cand = result.candidateLabel
        {
            lines[0] = row([
                result.group, "\(result.name) [\(cand)]", formatSeconds(sample.medianSeconds),
                String(format: "±%.1f%%", sample.spread * 100), formatRate(sample.operationsPerSecond), memory,
                result.target ?? "",
            ])
            lines.append(
                row([
                    result.group, "\(result.name) [\(base)]", formatSeconds(baseline.medianSeconds),
                    String(format: "±%.1f%%", baseline.spread * 100), formatRate(baseline.operationsPerSecond), "",
                    "",
                ])
            )
            lines.append(row([result.group, "\(result.name): \(cand) vs \(base)", String(format: "%.2fx", ratio)]))
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ results: [BenchmarkResult]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(results) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    private static let widths = [18, 52, 12, 9, 14, 10, 0]

    private static func row(_ cells: [String]) -> String {
        var text = ""
        for (index, cell) in cells.enumerated() {
            let width = index < widths.count ? widths[index] : 0
            text += cell.count < width ? cell + String(repeating: " ", count: width - cell.count) : cell + " "
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    static func formatSeconds(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-6: String(format: "%.1f ns", seconds * 1e9)
        case ..<1e-3: String(format: "%.2f µs", seconds * 1e6)
        case ..<1: String(format: "%.2f ms", seconds * 1e3)
        default: String(format: "%.2f s", seconds)
        }
    }

    static func formatRate(_ rate: Double) -> String {
        switch rate {
        case 1e6...: String(format: "%.2fM/s", rate / 1e6)
        case 1e3...: String(format: "%.1fk/s", rate / 1e3)
        default: String(format: "%.1f/s", rate)
        }
    }

    static func formatBytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
