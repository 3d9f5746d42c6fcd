import EssentialsTesting
import Foundation
import Validation

/// Validation's cases: email throughput on a realistic mix, against only reading the same bytes (through
/// `String.UTF8View`, and through a contiguous buffer: the ratio to that read is the scanner's measure), the
/// hostile 100,000-character address, the side-by-side comparison with `NSRegularExpression`, and the invoice
/// and URL validators.
enum ValidationBenchmarks {
    static let group = BenchmarkGroup(name: "validation") {
        let validator = EmailValidator()
        var generator = SeededGenerator(seed: 2_024)
        let addresses = (0..<10_000).map { _ in RealisticAddress.make(using: &generator) }
        let hostile = String(repeating: "a", count: 100_000) + "@"
        let hostileMillion = String(repeating: "a", count: 1_000_000) + "@"
        let regex = try CommonEmailRegex()
        let invoices = (0..<1_000).map { SampleInvoice.make(index: $0) }
        let invoiceValidator = InvoiceValidator()
        let urls = (0..<10_000).map { SampleURL.make(index: $0) }
        let urlValidator = URLValidator()
        let invalidShare = addresses.filter { !validator.validate(email: $0).isEmpty }.count

        return [
            .note(name: "email: realistic mix composition") {
                "\(addresses.count) addresses, \(invalidShare) invalid, regex agrees on "
                    + "\(addresses.filter { regex.matches($0) == validator.validate(email: $0).isEmpty }.count)"
            },
            .measure(name: "email: realistic mix, 10,000 addresses", operations: addresses.count) {
                var failures = 0
                for address in addresses { failures += validator.validate(email: address).count }
                precondition(failures > 0)
            },
            .compare(
                name: "email: scanner vs only reading each address's bytes once",
                operations: addresses.count,
                target: "≥ 0.95× (the scanner costs little more than reading)",
                baseline: .init(label: "read bytes") {
                    var nonASCII = 0
                    for address in addresses where !ByteFloor.isASCII(address) { nonASCII += 1 }
                    precondition(nonASCII == 0)
                },
                candidate: .init(label: "EmailValidator") {
                    var valid = 0
                    for address in addresses where validator.validate(email: address).isEmpty { valid += 1 }
                    precondition(valid > 0)
                }
            ),
            .compare(
                name: "email: scanner vs reading each address through a contiguous buffer",
                operations: addresses.count,
                target: "≥ 0.9× (one loop over the same contiguous bytes)",
                baseline: .init(label: "contiguous read") {
                    var nonASCII = 0
                    for address in addresses where !ByteFloor.isASCIIContiguous(address) { nonASCII += 1 }
                    precondition(nonASCII == 0)
                },
                candidate: .init(label: "EmailValidator") {
                    var valid = 0
                    for address in addresses where validator.validate(email: address).isEmpty { valid += 1 }
                    precondition(valid > 0)
                }
            ),
            .note(
                name: "email: addresses/s, median of 15 interleaved rounds",
                target: "scanner ≥ 0.9× the contiguous read"
            ) {
                ReadingFloor.compare(addresses: addresses, validator: validator, rounds: 15)
            },
            .measure(name: "email: hostile 100,000 × a then @", operations: 1, target: "linear, well under 1 ms") {
                precondition(validator.validate(email: hostile).contains { $0.code == .emailLocalPartTooLong })
            },
            .note(name: "email: hostile growth, 1,000,000 vs 100,000 characters", target: "about 10 (linear)") {
                let clock = ContinuousClock()
                func best(_ address: String) -> Duration {
                    (0..<20).map { _ in clock.measure { _ = validator.validate(email: address) } }.min() ?? .zero
                }
                let small = best(hostile)
                let large = best(hostileMillion)
                return String(format: "%.1f× the time for 10× the input", large.seconds / max(small.seconds, 1e-9))
            },
            .compare(
                name: "email: scanner vs NSRegularExpression, realistic mix",
                operations: addresses.count,
                target: "≥ 20×",
                baseline: .init(label: "NSRegularExpression") {
                    var valid = 0
                    for address in addresses where regex.matches(address) { valid += 1 }
                    precondition(valid > 0)
                },
                candidate: .init(label: "EmailValidator") {
                    var valid = 0
                    for address in addresses where validator.validate(email: address).isEmpty { valid += 1 }
                    precondition(valid > 0)
                }
            ),
            .compare(
                name: "email: scanner vs NSRegularExpression, hostile 100,000 × a then @",
                operations: 1,
                baseline: .init(label: "NSRegularExpression") { precondition(!regex.matches(hostile)) },
                candidate: .init(label: "EmailValidator") { precondition(!validator.validate(email: hostile).isEmpty) }
            ),
            .measure(name: "invoice: 1,000 drafts of 20 lines", operations: invoices.count) {
                var failures = 0
                for invoice in invoices { failures += invoiceValidator.validate(invoice: invoice).count }
                precondition(failures > 0)
            },
            .measure(name: "url: 10,000 links", operations: urls.count) {
                var failures = 0
                for url in urls { failures += urlValidator.validate(url: url).count }
                precondition(failures > 0)
            },
        ]
    }
}

/// The pattern most apps copy for email validation, compiled once.
private struct CommonEmailRegex: @unchecked Sendable {
    // `@unchecked` is sound: an NSRegularExpression is immutable after creation and documented thread-safe.
    private let expression: NSRegularExpression

    init() throws {
        expression = try NSRegularExpression(pattern: "^[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,64}$")
    }

    func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// The least any validator must do: read every UTF-8 byte of the address once, through `String.UTF8View`
/// (what most code does) or through a contiguous buffer (what the scanner does).
private enum ByteFloor {
    @inline(never)
    static func isASCII(_ text: String) -> Bool {
        var union: UInt8 = 0
        for byte in text.utf8 { union |= byte }
        return union < 0x80
    }

    @inline(never)
    static func isASCIIContiguous(_ text: String) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable(isASCII(_:)) { return answer }
        var copy = text
        return copy.withUTF8(isASCII(_:))
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var union: UInt8 = 0
        for byte in bytes { union |= byte }
        return union < 0x80
    }
}

/// The scanner beside the two ways of only reading the same addresses, measured in interleaved rounds (each
/// round runs all three in turn) so that all three see the same machine load; medians per variant.
private enum ReadingFloor {
    static func compare(addresses: [String], validator: EmailValidator, rounds: Int) -> String {
        var utf8View: [Double] = []
        var contiguous: [Double] = []
        var scanner: [Double] = []
        for _ in 0..<rounds {
            utf8View.append(rate(addresses) { precondition(countNonASCII($0) == 0) })
            contiguous.append(rate(addresses) { precondition(countNonASCIIContiguous($0) == 0) })
            scanner.append(rate(addresses) { precondition(countValid($0, validator) > 0) })
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let (view, buffer, scan) = (median(utf8View), median(contiguous), median(scanner))
        // The ratio to the contiguous read first: the scanner reads the same contiguous bytes.
        return String(
            format: "scanner %.2f× the contiguous read (scanner %.1fM/s, contiguous %.1fM/s); UTF8View %.1fM/s, %.2f×",
            scan / buffer, scan / 1e6, buffer / 1e6, view / 1e6, scan / view)
    }

    /// Addresses per second of one pass of `body` over `addresses`, the fastest of three passes: one pass is
    /// well under a millisecond, so the best of three filters out a pass the scheduler interrupted.
    private static func rate(_ addresses: [String], _ body: ([String]) -> Void) -> Double {
        let clock = ContinuousClock()
        let fastest = (0..<3).map { _ in clock.measure { body(addresses) } }.min() ?? .zero
        return Double(addresses.count) / max(fastest.seconds, 1e-9)
    }

    // The loops are the ones the comparisons above time, so the rates and the ratios agree with them.

    @inline(never)
    private static func countNonASCII(_ addresses: [String]) -> Int {
        var nonASCII = 0
        for address in addresses where !ByteFloor.isASCII(address) { nonASCII += 1 }
        return nonASCII
    }

    @inline(never)
    private static func countNonASCIIContiguous(_ addresses: [String]) -> Int {
        var nonASCII = 0
        for address in addresses where !ByteFloor.isASCIIContiguous(address) { nonASCII += 1 }
        return nonASCII
    }

    @inline(never)
    private static func countValid(_ addresses: [String], _ validator: EmailValidator) -> Int {
        var valid = 0
        for address in addresses where validator.validate(email: address).isEmpty { valid += 1 }
        return valid
    }
}

/// Addresses shaped like sign-up form traffic: mostly valid, about one in six with a typical mistake.
private enum RealisticAddress {
    private static let firstNames = ["anna", "ben", "chloe", "dmitri", "eva", "farid", "grace", "hiro", "ines", "jon"]
    private static let lastNames = ["smith", "garcia", "muller", "rossi", "tanaka", "okafor", "dubois", "novak"]
    private static let domains = [
        "gmail.com", "outlook.com", "yahoo.co.uk", "example.com", "mail.company-name.io", "uni.example.edu",
        "icloud.com", "web.de",
    ]
    private static let mistakes: [@Sendable (String) -> String] = [
        { $0.replacingOccurrences(of: "@", with: "") },
        { $0.replacingOccurrences(of: ".", with: "..") },
        { " " + $0 },
        { $0 + "." },
        { $0.replacingOccurrences(of: "@", with: "@@") },
        { $0.replacingOccurrences(of: ".com", with: ".c_m") },
    ]

    static func make(using generator: inout SeededGenerator) -> String {
        let first = firstNames.randomElement(using: &generator) ?? "anna"
        let last = lastNames.randomElement(using: &generator) ?? "smith"
        let domain = domains.randomElement(using: &generator) ?? "example.com"
        let local: String
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: local = "\(first).\(last)"
        case 1: local = "\(first)\(Int.random(in: 1...9_999, using: &generator))"
        case 2: local = "\(first)+news"
        default: local = "\(first.prefix(1))\(last)"
        }
        let address = "\(local)@\(domain)"
        guard Int.random(in: 0..<6, using: &generator) == 0, let mistake = mistakes.randomElement(using: &generator)
        else { return address }
        return mistake(address)
    }
}

private enum SampleInvoice {
    static func make(index: Int) -> InvoiceDraft {
        let issue = Date(timeIntervalSince1970: 1_773_489_600)
        let lines = (0..<20).map { line -> LineItem in
            let description = line == 7 && index.isMultiple(of: 10) ? " " : "Consulting, day \(line)"
            let quantity = Decimal(line + 1) / 2
            let unitPrice = Decimal(12_050 + line) / 100
            return LineItem(id: "\(index)-\(line)", description: description, quantity: quantity, unitPrice: unitPrice)
        }
        return InvoiceDraft(
            clientName: "Client \(index)", lineItems: lines, currencyCode: index.isMultiple(of: 13) ? "eur" : "EUR",
            issueDate: issue, dueDate: issue.addingTimeInterval(30 * 86_400), taxPercent: 19,
            notes: "Payable within 30 days.")
    }
}

private enum SampleURL {
    static func make(index: Int) -> String {
        switch index % 8 {
        case 0: "https://example.com/articles/\(index)?ref=home#comments"
        case 1: "http://shop.example.co.uk/cart?item=\(index)&qty=2"
        case 2: "javascript:alert(\(index))"
        case 3: "https://[2001:db8::\(index % 100)]:8443/api"
        case 4: "https://user:secret@example.com/\(index)"
        case 5: "https://cdn.example.net/images/photo-\(index).jpg"
        case 6: "example.com/\(index)"
        default: "https://docs.example.org/guide/section-\(index)/caf%C3%A9"
        }
    }
}
