import EssentialsTesting
import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

@Suite("SectionsRegistry: screen assembly")
struct ScreenAssemblerTests {
    private let builder = SectionPayloadBuilder()

    private func assembler(_ options: ScreenAssemblyOptions = ScreenAssemblyOptions()) throws -> ScreenAssembler {
        ScreenAssembler(mappers: try Fixtures.registry(), options: options)
    }

    @Test func buildsEveryGoodSectionInTheServersOrder() throws {
        let payloads = (0..<9).map(Fixtures.goodPayload)
        let assembly = try assembler().assemble(payloads)
        #expect(assembly.isComplete)
        #expect(assembly.sections.ids == payloads.map(\.id))
        #expect(assembly.sections.map(\.type) == payloads.map(\.type))
        let summary = try #require(assembly.sections[id: "s1"]?.model(as: ExpensesSummary.self))
        #expect(summary.totals == [.init(currency: "EUR", amountMinor: 100), .init(currency: "USD", amountMinor: 1)])
        #expect(assembly.sections[id: "s0"]?.model(as: ExpensesSummary.self) == nil)
    }

    @Test func anEmptyPayloadGivesAnEmptyCompleteScreen() throws {
        let assembly = try assembler(ScreenAssemblyOptions(mode: .strict)).assemble([])
        #expect(assembly.sections.isEmpty)
        #expect(assembly.isComplete)
    }

    @Test func anUnknownTypeIsSkippedWithADiagnostic() throws {
        let payloads = [
            Fixtures.goodPayload(0), builder.section(id: "c", type: "carousel", content: "{}"), Fixtures.goodPayload(1),
        ]
        let assembly = try assembler().assemble(payloads)
        #expect(assembly.sections.ids == ["s0", "s1"])
        #expect(
            assembly.diagnostics == [
                SectionDiagnostic(position: 1, sectionID: "c", sectionType: "carousel", problem: .unknownType)
            ])
    }

    @Test func anUnknownTypeCanBeRenderedByTheFallbackModule() throws {
        let payloads = [builder.section(id: "c", type: "carousel", content: "not even json"), Fixtures.goodPayload(0)]
        let assembly = try assembler(ScreenAssemblyOptions(unknownTypes: .placeholder)).assemble(payloads)
        #expect(assembly.sections.ids == ["c", "s0"])
        let placeholder = try #require(assembly.sections.first)
        #expect(placeholder.type == UnsupportedSection.sectionType)
        #expect(placeholder.model(as: UnsupportedSection.self) == UnsupportedSection(originalType: "carousel"))
        #expect(
            assembly.diagnostics == [
                SectionDiagnostic(
                    position: 0, sectionID: "c", sectionType: "carousel", problem: .unknownType,
                    outcome: .renderedByFallback)
            ])
    }

    @Test func aFallbackThatFailsSkipsTheSectionWithItsError() throws {
        let strictFallback = AnySectionMapper(sectionType: "generic", mapper: JSONSectionMapper<QuickActions>())
        let payloads = [builder.section(id: "c", type: "carousel", content: "{}")]
        let assembly = try assembler(ScreenAssemblyOptions(unknownTypes: .fallback(strictFallback))).assemble(payloads)
        #expect(assembly.sections.isEmpty)
        #expect(
            assembly.diagnostics.map(\.problem) == [
                .mappingFailed(SectionMappingError(sectionType: "carousel", path: "actions", kind: .missingKey))
            ])
    }

    @Test func malformedContentAndMapperFailuresAreToldApart() throws {
        let payloads = [
            builder.section(id: "a", type: "banner", content: #"{"title":"#),
            builder.section(id: "b", type: "banner", content: #"{"title":"t","image_url":"u"}"#),
        ]
        let assembly = try assembler().assemble(payloads)
        #expect(assembly.sections.isEmpty)
        #expect(
            assembly.diagnostics == [
                SectionDiagnostic(
                    position: 0, sectionID: "a", sectionType: "banner",
                    problem: .malformedContent(
                        SectionMappingError(sectionType: "banner", path: "", kind: .malformedJSON))
                ),
                SectionDiagnostic(
                    position: 1, sectionID: "b", sectionType: "banner",
                    problem: .mappingFailed(
                        SectionMappingError(sectionType: "banner", path: "deep_link", kind: .missingKey))
                ),
            ])
    }

    @Test(arguments: [UInt64(1), 2, 3, 42, 2024])
    func tenPercentMalformedPayloadsKeepEveryGoodSection(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var payloads: [SectionPayload] = []
        var goodIDs: [String] = []
        var brokenPositions: [Int] = []
        for index in 0..<1_000 {
            if Int.random(in: 0..<10, using: &generator) == 0 {
                brokenPositions.append(index)
                payloads.append(Fixtures.brokenPayload(Int.random(in: 0..<1_000, using: &generator) * 1_000 + index))
            } else {
                payloads.append(Fixtures.goodPayload(index))
                goodIDs.append("s\(index)")
            }
        }
        // Broken payloads got ids that never collide with good ones; give them unique ids anyway.
        payloads = payloads.enumerated().map { position, payload in
            var copy = payload
            copy.id = brokenPositions.contains(position) ? "broken-\(position)" : payload.id
            return copy
        }
        #expect(brokenPositions.count > 50 && brokenPositions.count < 150)

        let assembly = try assembler().assemble(payloads)
        #expect(assembly.sections.ids == goodIDs)
        #expect(assembly.diagnostics.map(\.position) == brokenPositions)
        #expect(assembly.diagnostics.allSatisfy { $0.outcome == .skipped })
        #expect(assembly.diagnostics.allSatisfy { $0.sectionID == "broken-\($0.position)" })
    }

    @Test func strictModeFailsListingEveryDiagnostic() throws {
        let payloads = [
            Fixtures.goodPayload(0),
            builder.section(id: "a", type: "banner", content: ""),
            builder.section(id: "c", type: "carousel", content: "{}"),
            Fixtures.goodPayload(1),
            builder.section(id: "b", type: "expenses_summary", content: "{}"),
        ]
        let strict = try assembler(ScreenAssemblyOptions(mode: .strict))
        do {
            _ = try strict.assemble(payloads)
            Issue.record("strict mode accepted a payload with problems")
        } catch {
            guard case .rejected(let diagnostics) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(diagnostics.map(\.position) == [1, 2, 4])
            #expect(diagnostics.map(\.sectionID) == ["a", "c", "b"])
        }
        // The same payloads in lenient mode: the good ones are built.
        #expect(try assembler().assemble(payloads).sections.ids == ["s0", "s1"])
    }

    @Test func strictModeRejectsEvenAFallbackRendering() throws {
        let options = ScreenAssemblyOptions(mode: .strict, unknownTypes: .placeholder)
        let fallback = SectionDiagnostic(
            position: 0, sectionID: "c", sectionType: "carousel", problem: .unknownType, outcome: .renderedByFallback)
        #expect(throws: ScreenAssemblyError.rejected([fallback])) {
            try assembler(options).assemble([builder.section(id: "c", type: "carousel", content: "{}")])
        }
    }

    @Test func strictModeAcceptsACleanPayload() throws {
        let payloads = (0..<6).map(Fixtures.goodPayload)
        #expect(try assembler(ScreenAssemblyOptions(mode: .strict)).assemble(payloads).sections.count == 6)
    }

    @Test func aDuplicateIDKeepsTheFirstBuiltSection() throws {
        var second = Fixtures.goodPayload(3)
        second.id = "s0"
        var failedFirst = builder.section(id: "s9", type: "banner", content: "{")
        failedFirst.id = "dup"
        var goodAfterFailure = Fixtures.goodPayload(4)
        goodAfterFailure.id = "dup"
        let assembly = try assembler().assemble([Fixtures.goodPayload(0), second, failedFirst, goodAfterFailure])
        #expect(assembly.sections.ids == ["s0", "dup"])
        #expect(assembly.sections[id: "s0"]?.model(as: Banner.self)?.title == "Welcome 0")
        #expect(assembly.diagnostics.map(\.problem).first == .duplicateID)
        #expect(assembly.diagnostics.map(\.position) == [1, 2])
    }

    @Test(arguments: ["", String(repeating: "i", count: SectionIDRules.maximumLength + 1)])
    func anInvalidIDIsReportedWithoutEchoingIt(id: String) throws {
        let assembly = try assembler().assemble([
            builder.section(id: id, type: "banner", content: Fixtures.bannerJSON(1))
        ])
        #expect(assembly.sections.isEmpty)
        #expect(
            assembly.diagnostics == [
                SectionDiagnostic(
                    position: 0, sectionID: nil, sectionType: "banner", problem: .invalidEntry(.invalidID))
            ])
    }

    @Test(arguments: ["", "ban ner", String(repeating: "t", count: 100_000)])
    func anInvalidTypeIsReportedWithoutEchoingIt(type: String) throws {
        let assembly = try assembler().assemble([builder.section(id: "x", type: type, content: "{}")])
        #expect(
            assembly.diagnostics == [
                SectionDiagnostic(position: 0, sectionID: "x", sectionType: nil, problem: .invalidEntry(.invalidType))
            ])
    }

    @Test func contentOverTheLimitIsNotDecoded() throws {
        let huge = builder.section(
            id: "h", type: "banner", content: #"{"title":""# + String(repeating: "a", count: 300_000) + #""}"#)
        let assembly = try assembler().assemble([huge, Fixtures.goodPayload(0)])
        #expect(assembly.sections.ids == ["s0"])
        #expect(
            assembly.diagnostics.map(\.problem) == [.contentTooLarge(bytes: huge.content.count, limit: 256 << 10)])
    }

    @Test func entriesOverTheSectionLimitAreReportedOnce() throws {
        let payloads = (0..<50).map(Fixtures.goodPayload)
        let assembly = try assembler(ScreenAssemblyOptions(maximumSections: 20)).assemble(payloads)
        #expect(assembly.sections.count == 20)
        #expect(
            assembly.diagnostics == [
                SectionDiagnostic(
                    position: 20, sectionID: nil, sectionType: nil, problem: .tooManySections(limit: 20, dropped: 30))
            ])
    }

    @Test func aHugePayloadIsAssembledUpToTheLimitWithoutTrouble() throws {
        let payloads = (0..<20_000).map { Fixtures.goodPayload($0) }
        let assembly = try assembler().assemble(payloads)
        #expect(assembly.sections.count == 1_000)
        #expect(assembly.diagnostics.map(\.problem) == [.tooManySections(limit: 1_000, dropped: 19_000)])
    }

    @Test func assemblingFromManyTasksAtOnceGivesTheSameScreen() async throws {
        let assembler = try assembler()
        let payloads = (0..<90).map { $0 % 10 == 0 ? Fixtures.brokenPayload($0) : Fixtures.goodPayload($0) }
        let expected = try assembler.assemble(payloads)
        let same = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { (try? assembler.assemble(payloads)) == expected }
            }
            var all = true
            for await result in group { all = all && result }
            return all
        }
        #expect(same)
        #expect(expected.sections.count == 81)
    }
}
