import Foundation
import Storage
import StorageTesting
import Testing

@Suite("Storage: coding strategies and the expense model")
struct CodingAndModelTests {
    private struct Sample: Codable, Equatable {
        var text: String
        var number: Int64
        var fraction: Double
        var date: Date
        var bytes: Data
        var nested: [String: [Int]]
    }

    private static let strategies: [any CodingStrategy] = [
        JSONCodingStrategy(), JSONCodingStrategy(prettyPrinted: true), PropertyListCodingStrategy(),
    ]

    @Test(arguments: 0..<3)
    func valuesRoundTripExactly(strategy index: Int) throws {
        let strategy = Self.strategies[index]
        let sample = Sample(
            text: "nul\u{0} 👩‍👩‍👧 \"quoted\"", number: .min, fraction: 0.1 + 0.2,
            date: Date(timeIntervalSinceReferenceDate: 750_000_000.123_456_7), bytes: Data([0, 255, 10]),
            nested: ["": [], "a": [Int.max]])
        let decoded = try strategy.decode(Sample.self, from: try strategy.encode(sample))
        #expect(decoded == sample)
        #expect(decoded.fraction.bitPattern == sample.fraction.bitPattern)
    }

    @Test func formatNamesAreStable() {
        #expect(Self.strategies.map(\.formatName) == ["json", "json", "plist"])
    }

    @Test func jsonIsDeterministicWithSortedKeys() throws {
        let data = try JSONCodingStrategy().encode(["b": 1, "a": 2, "c": 3])
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":2,"b":1,"c":3}"#)
    }

    @Test(arguments: 0..<3)
    func malformedInputIsATypedDecodingFailure(strategy index: Int) {
        let strategy = Self.strategies[index]
        for bad in [Data(), Data("{\"text\":".utf8), Data(repeating: 0xFF, count: 1_000), Data("[1,2,3]".utf8)] {
            do {
                _ = try strategy.decode(Sample.self, from: bad)
                Issue.record("decoded \(bad.count) bad bytes")
            } catch {
                guard case .coding(let failure) = error else {
                    Issue.record("expected a coding failure, got \(error)")
                    continue
                }
                #expect(failure.direction == .decoding)
                #expect(failure.typeName == "Sample")
            }
        }
    }

    @Test func valuesJSONCannotHoldAreATypedEncodingFailure() {
        do {
            _ = try JSONCodingStrategy().encode([Double.nan])
            Issue.record("encoded NaN as JSON")
        } catch {
            guard case .coding(let failure) = error else {
                Issue.record("expected a coding failure, got \(error)")
                return
            }
            #expect(failure.direction == .encoding)
        }
    }

    /// An app's own model type, saved without copying it into an `ExpenseEntry` first.
    private struct Receipt: ExpenseModel {
        let id = uuid(42)
        let title = "Receipt"
        let price: Decimal = 19
        let currencyCode = "GBP"
        let comment = "from the scanner"
        let date = referenceDate
    }

    @Test func anyExpenseModelCanBeSaved() async throws {
        let store = FakeExpenseStore()
        #expect(try await store.save(Receipt()) == .inserted)
        let saved = try #require(await store.report(in: allTime).entries.first)
        #expect(saved == ExpenseEntry(Receipt()))
        #expect(saved.comment == "from the scanner")
    }

    @Test(arguments: ["0", "-0", "0.000001", "-0.000001", "12.50", "999999999999.999999", "1.000000000000000000000000"])
    func pricesAtTheEdgesOfTheLimitsAreKept(text: String) async throws {
        let price = try decimal(text)
        let store = FakeExpenseStore()
        try await store.save(entry(price: price, id: uuid(1)))
        #expect(await store.report(in: allTime).entries.first?.price == price)
    }

    @Test func limitsAreWhatTheDocumentationSays() throws {
        #expect(ExpenseLimits.maximumPrice == (try decimal("999999999999.999999")))
        #expect(ExpenseLimits.fractionDigits == 6)
        #expect(ExpenseLimits.dates.lowerBound == Date.distantPast)
        #expect(DocumentLimits.maximumByteCount == 67_108_864)
    }

    @Test func documentIDsSortByTheirBytes() throws {
        let ids = try ["b", "B", "a-1", "a", "A_2", "0"].map(DocumentID.init)
        #expect(ids.sorted().map(\.rawValue) == ["0", "A_2", "B", "a", "a-1", "b"])
        #expect(try DocumentID("x").description == "x")
    }
}
