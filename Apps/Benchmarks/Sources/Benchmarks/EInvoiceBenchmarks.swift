import Essentials
import Foundation
import Rendering
import RenderingZlib

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Factur-X invoice as the app issues one: the EN 16931 document, its CII XML (`CrossIndustryInvoiceWriter`,
/// profile EN 16931) and the archival PDF/A-3 with the XML attached as `factur-x.xml` (DejaVu Sans embedded, zlib),
/// beside the pipeline a user would otherwise run on the same invoice: `Scripts/bench-facturx-peer` (reportlab draws
/// the PDF, lxml writes the XML, the `factur-x` library embeds it, pikepdf adds the output intent). Peak memory is
/// measured in a child process of this binary per invoice size, so earlier cases do not mask it.
enum EInvoiceBenchmarks {
    static let group = BenchmarkGroup(name: "facturx") {
        let ten = try invoice(lines: 10)
        let thousand = try invoice(lines: 1_000)
        let pipeline = Pipeline()
        // Parse the fonts and the colour profile before timing anything.
        _ = try pipeline.facturX(ten)
        return [
            .measure(name: "Factur-X invoice, 10 lines (CII XML + PDF/A-3, DejaVu subset, zlib)") {
                _ = try pipeline.facturX(ten)
            },
            .measure(name: "Factur-X invoice, 1,000 lines (CII XML + PDF/A-3, DejaVu subset, zlib)") {
                _ = try pipeline.facturX(thousand)
            },
            .note(name: "Factur-X invoice, 10 lines vs Python (reportlab + factur-x)", target: ">= 10x faster") {
                try comparison(lines: 10, invoice: ten, pipeline: pipeline)
            },
            .note(name: "Factur-X invoice, 1,000 lines vs Python (reportlab + factur-x)", target: ">= 10x faster") {
                try comparison(lines: 1_000, invoice: thousand, pipeline: pipeline)
            },
            .note(name: "Factur-X invoice, 1,000 lines: XML and PDF apart") {
                let xml = try pipeline.writer.xml(for: thousand)
                let writing = try RenderingBenchmarks.medianSeconds(runs: 9) {
                    _ = try pipeline.writer.xml(for: thousand)
                }
                let total = try RenderingBenchmarks.medianSeconds(runs: 9) { _ = try pipeline.facturX(thousand) }
                let pdf = try pipeline.facturX(thousand)
                return "CII XML \(milliseconds(writing)) (\(xml.count / 1024) KB), whole Factur-X PDF "
                    + "\(milliseconds(total)) (\(pdf.count / 1024) KB)"
            },
            .note(name: "Factur-X invoice peak memory, 10 / 1,000 / 5,000 lines", target: "linear in lines") {
                try peakMemoryNote()
            },
        ]
    }

    /// What the app does to issue a Factur-X invoice once the document is drawn up.
    struct Pipeline: Sendable {
        let writer = CrossIndustryInvoiceWriter(profile: .en16931)
        let renderer = InvoicePDFRenderer(
            theme: .standard, fonts: .default, compressor: ZlibFlateCompressor(),
            creationDate: { Date(timeIntervalSince1970: 1_768_435_200) })

        /// The Factur-X PDF of `invoice`.
        func facturX(_ invoice: InvoiceDocument) throws -> Data {
            let xml = try writer.xml(for: invoice)
            return try renderer.render(
                invoice, archival: PDFArchivalMetadata(facturX: FacturXMetadata(conformanceLevel: .en16931)),
                attachments: [
                    PDFAttachment(
                        fileName: "factur-x.xml", mimeType: "text/xml", data: xml, relationship: .alternative,
                        description: "Factur-X invoice (EN 16931)",
                        modificationDate: Date(timeIntervalSince1970: 1_768_435_200))
                ])
        }
    }

    /// The invoice `Scripts/bench-facturx-peer --lines N` makes: the same parties, dates, references, IBAN, line
    /// texts, quantities, prices and rates (19 %, every third line 7 %).
    static func invoice(lines: Int) throws -> InvoiceDocument {
        guard let issued = CalendarDay(year: 2026, month: 1, day: 15),
            let delivered = CalendarDay(year: 2026, month: 1, day: 10),
            let due = CalendarDay(year: 2026, month: 2, day: 14)
        else { throw SetupError.badDate }
        var items: [InvoiceLineItem] = []
        items.reserveCapacity(lines)
        for index in 0..<lines {
            let book = index % 3 == 2
            let cents = (3 + (index * 37) % 200) * 100 + index % 100
            items.append(
                InvoiceLineItem(
                    description: "Item \(index + 1): \(book ? "Reference book" : "Printer paper")",
                    quantity: Decimal(1 + index % 7), unitPrice: Decimal(cents) / 100,
                    taxRate: TaxRate(percent: book ? 7 : 19), vatCategory: .standard))
        }
        return InvoiceDocument(
            number: "BENCH-\(lines)", issueDate: issued, serviceDate: delivered, dueDate: due,
            seller: InvoiceParty(
                name: "Musterfirma GmbH",
                address: PostalAddress(lines: ["Hauptstrasse 1"], postcode: "10115", city: "Berlin", countryCode: "DE"),
                vatID: "DE123456788", email: "billing@example.de", contactName: "Erika Mustermann",
                phone: "+49 30 1234567"),
            client: InvoiceParty(
                name: "Beispiel AG",
                address: PostalAddress(lines: ["Marktplatz 5"], postcode: "80331", city: "Muenchen", countryCode: "DE")),
            buyerReference: "04011000-12345-03", currency: .eur, lineItems: items,
            paymentTerms: "Due on 2026-02-14",
            payment: PaymentInstructions(iban: "DE02120300000000202051", bic: nil, reference: "BENCH-\(lines)"))
    }

    enum SetupError: Error {
        case badDate
    }

    // MARK: The Python pipeline

    /// What the peer script printed.
    struct PeerResult: Decodable {
        let lines: Int
        let pages: Int
        let runs: Int
        let medianSeconds: Double
        let peakRSSKiB: Int

        enum CodingKeys: String, CodingKey {
            case lines, pages, runs
            case medianSeconds = "median_seconds"
            case peakRSSKiB = "peak_rss_kib"
        }
    }

    /// The ratio of the peer's median to ours on the same invoice, or why there is none.
    static func comparison(lines: Int, invoice: InvoiceDocument, pipeline: Pipeline) throws -> String {
        let ours = try RenderingBenchmarks.medianSeconds(runs: lines >= 1_000 ? 9 : 25) {
            _ = try pipeline.facturX(invoice)
        }
        let parentPeak = PeakMemory.bytes()
        switch peer(lines: lines, runs: 5) {
        case .failure(let problem):
            return "no ratio: the Python pipeline did not run (\(problem.message)); ours \(milliseconds(ours))"
        case .success(let theirs):
            let ratio = String(format: "%.0fx faster", theirs.medianSeconds / ours)
            // getrusage keeps the parent's peak across exec: a figure at or below ours at the start says nothing.
            let memory =
                theirs.peakRSSKiB * 1024 > parentPeak
                ? String(format: "%.1f MiB", Double(theirs.peakRSSKiB) / 1024) : "not measurable from here"
            return "\(ratio) (Python \(milliseconds(theirs.medianSeconds)), median of \(theirs.runs), "
                + "\(theirs.pages) pages, peak RSS \(memory); ours \(milliseconds(ours)))"
        }
    }

    static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.2f ms", seconds * 1_000)
    }

    struct PeerProblem: Error {
        let message: String
    }

    /// Runs `Scripts/bench-facturx-peer --lines N --runs K`, which installs its pinned packages into the scripts'
    /// virtual environment on first use and re-runs itself there.
    static func peer(lines: Int, runs: Int) -> Result<PeerResult, PeerProblem> {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/bench-facturx-peer")
        guard FileManager.default.fileExists(atPath: script.path) else {
            return .failure(PeerProblem(message: "no script at \(script.path)"))
        }
        let run = runProcess("/usr/bin/env", ["python3", script.path, "--lines", "\(lines)", "--runs", "\(runs)"])
        switch run {
        case .failure(let problem): return .failure(problem)
        case .success(let output):
            let line = output.split(separator: "\n").last.map(String.init) ?? ""
            guard let result = try? JSONDecoder().decode(PeerResult.self, from: Data(line.utf8)) else {
                return .failure(PeerProblem(message: "unexpected output '\(line)'"))
            }
            return .success(result)
        }
    }

    /// Runs `executable` and returns its standard output, or its standard error when it fails.
    static func runProcess(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil
    ) -> Result<String, PeerProblem> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("benchmarks-\(UUID().uuidString).err")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil),
            let errors = try? FileHandle(forWritingTo: errorFile)
        else { return .failure(PeerProblem(message: "cannot create \(errorFile.path)")) }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(PeerProblem(message: "\(executable) could not start (\(error))"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? errors.close()
        guard process.terminationStatus == 0 else {
            let reason = ((try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(
                PeerProblem(message: "exit \(process.terminationStatus)\(reason.isEmpty ? "" : ": \(reason)")"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }

    // MARK: Peak memory

    /// The environment variable that makes this binary issue one Factur-X invoice of that many lines, print its
    /// peak resident memory in bytes and exit: a fresh process per size, as the peer's figure is.
    static let peakMemoryVariable = "BENCHMARKS_FACTURX_PEAK_LINES"

    /// In the child: issues the invoice and prints the peak, then exits. Does nothing unless asked.
    static func answerPeakMemoryRequest() {
        guard let text = ProcessInfo.processInfo.environment[peakMemoryVariable], let lines = Int(text) else { return }
        do {
            // A one-line invoice first parses the fonts and the colour profile, which every invoice shares.
            let pipeline = Pipeline()
            _ = try pipeline.facturX(try invoice(lines: 1))
            let before = highWaterMark()
            let pdf = try pipeline.facturX(try invoice(lines: lines))
            print("\(before) \(highWaterMark()) \(pdf.count)")
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
    }

    /// This process's peak resident memory in bytes. On Linux `getrusage` keeps the parent's peak across `exec`, so
    /// a child of a large benchmark run would report its parent's; `VmHWM` belongs to the process's own memory.
    static func highWaterMark() -> Int {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ Int($0) })
        {
            return kib * 1024
        }
        #endif
        return PeakMemory.bytes()
    }

    /// Peak memory of one Factur-X invoice of 10, 1,000 and 5,000 lines, each in a fresh child process, above what
    /// the process holds once its fonts are loaded, and per line.
    static func peakMemoryNote() throws -> String {
        guard let executable = Bundle.main.executablePath else { return "unavailable: no executable path" }
        var peaks: [(lines: Int, peak: Int, size: Int)] = []
        for lines in [10, 1_000, 5_000] {
            switch runProcess(executable, [], environment: [peakMemoryVariable: "\(lines)"]) {
            case .failure(let problem): return "unavailable: \(problem.message)"
            case .success(let output):
                let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
                guard numbers.count == 3 else { return "unavailable: unexpected output '\(output)'" }
                // What the invoice itself added to the peak, over the process with its fonts loaded.
                peaks.append((lines, max(0, numbers[1] - numbers[0]), numbers[2]))
            }
        }
        let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        let perLine = peaks.map { String(format: "%.0f", Double($0.peak) / Double($0.lines)) }
        return "peak RSS above the loaded fonts \(peaks.map { mib($0.peak) }.joined(separator: " / ")) "
            + "(\(perLine.joined(separator: " / ")) bytes per line; PDF "
            + "\(peaks.map { "\($0.size / 1024) KB" }.joined(separator: " / ")))"
    }
}
