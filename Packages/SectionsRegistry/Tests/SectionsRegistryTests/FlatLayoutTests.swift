import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

/// The reference server's home screen puts each section's fields beside its id and type (the flat layout).
@Suite("SectionsRegistry: flat envelope layout")
struct FlatLayoutTests {
    struct WelcomeBanner: Decodable, Sendable, Equatable {
        let title: String
        let message: String
        let link: String
    }

    struct Summary: Decodable, Sendable, Equatable {
        struct Category: Decodable, Sendable, Equatable {
            let name: String
            let totalCents: Int
        }
        let period: String
        let currency: String
        let totalCents: Int
        let categories: [Category]
    }

    struct Actions: Decodable, Sendable, Equatable {
        struct Action: Decodable, Sendable, Equatable {
            let id: String
            let title: String
            let link: String
        }
        let actions: [Action]
    }

    /// What `GET /v1/home/sections` of `Scripts/dev-server` answers.
    static let referenceResponse = #"""
        {"version": 1, "sections": [
          {"id": "welcome", "type": "banner", "title": "Welcome back", "message": "Your monthly report is ready.",
           "link": "ledger://reports/monthly"},
          {"id": "summary", "type": "expenses_summary", "period": "month", "currency": "EUR", "total_cents": 184250,
           "categories": [{"name": "Travel", "total_cents": 92000}, {"name": "Meals", "total_cents": 41250},
                          {"name": "Software", "total_cents": 51000}]},
          {"id": "actions", "type": "quick_actions", "actions": [
            {"id": "add_expense", "title": "Add expense", "link": "ledger://expenses/new"},
            {"id": "new_invoice", "title": "New invoice", "link": "ledger://invoices/new"},
            {"id": "weekly_report", "title": "Weekly report", "link": "ledger://reports/weekly"}]},
          {"id": "promo", "type": "carousel_3d",
           "items": [{"title": "Try the new dashboard", "image": "https://example.com/promo.png"}]},
          {"id": "broken", "type": "banner", "title": 42}
        ]}
        """#

    private func registry() throws -> SectionRegistry {
        var registry = SectionRegistry()
        try registry.register(
            SectionModule(
                type: "banner", mapper: JSONSectionMapper<WelcomeBanner>(), provider: NoRefreshProvider(),
                storage: InMemorySectionStorage(), listeners: []))
        try registry.register(
            SectionModule(
                type: "expenses_summary", mapper: JSONSectionMapper<Summary>(), provider: NoRefreshProvider(),
                storage: InMemorySectionStorage(), listeners: []))
        try registry.register(
            SectionModule(
                type: "quick_actions", mapper: JSONSectionMapper<Actions>(), provider: NoRefreshProvider(),
                storage: InMemorySectionStorage(), listeners: []))
        return registry
    }

    @Test func theReferenceHomeScreenAssemblesWithItsTwoBadSectionsReported() throws {
        let assembler = ScreenAssembler(
            mappers: try registry(), options: ScreenAssemblyOptions(envelopeLayout: .flat))
        let screen = try assembler.assemble(envelope: Data(Self.referenceResponse.utf8))

        #expect(screen.sections.ids == ["welcome", "summary", "actions"])
        #expect(screen.sections[id: "summary"]?.model(as: Summary.self)?.totalCents == 184_250)
        #expect(screen.sections[id: "actions"]?.model(as: Actions.self)?.actions.map(\.id).count == 3)
        #expect(
            screen.diagnostics == [
                SectionDiagnostic(position: 3, sectionID: "promo", sectionType: "carousel_3d", problem: .unknownType),
                SectionDiagnostic(
                    position: 4, sectionID: "broken", sectionType: "banner",
                    problem: .mappingFailed(
                        SectionMappingError(sectionType: "banner", path: "title", kind: .typeMismatch))),
            ])
    }

    @Test func readAsWrappedTheSameResponseHasNoContent() throws {
        let envelope = try SectionsEnvelopeDecoder().decode(Data(Self.referenceResponse.utf8))
        #expect(envelope.payloads.isEmpty)
        #expect(envelope.diagnostics.map(\.problem).allSatisfy { $0 == .invalidEntry(.missingContent) })
    }

    @Test func aFlatEntryIsItsOwnContentExactly() throws {
        let text = #"[ {"id":"a", "type":"note", "content":"a field like any other", "n": 1} ]"#
        let envelope = try SectionsEnvelopeDecoder(layout: .flat).decode(Data(text.utf8))
        #expect(
            String(decoding: try #require(envelope.payloads.first).content, as: UTF8.self)
                == #"{"id":"a", "type":"note", "content":"a field like any other", "n": 1}"#)
    }

    @Test(arguments: [
        (#"{"type":"banner"}"#, SectionEntryProblem.missingID),
        (#"{"id":"a"}"#, .missingType),
        (#"{"id":"a","type":"banner","id":"b"}"#, .repeatedMember(.id)),
        (#""text""#, .notAnObject),
    ])
    func flatEntriesStillNeedAnIDAndAType(entry: String, problem: SectionEntryProblem) throws {
        let envelope = try SectionsEnvelopeDecoder(layout: .flat).decode(Data("[\(entry)]".utf8))
        #expect(envelope.payloads.isEmpty)
        #expect(envelope.diagnostics.map(\.problem) == [.invalidEntry(problem)])
    }
}
