import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

/// Every public error and diagnostic of the package reads as sentences a person can be shown: no Swift type names,
/// no `case(payload)` dumps, no invisible characters from a payload (they are written as code points), and never
/// the content of a section.
@Suite("SectionsRegistry: errors read as sentences")
struct ErrorDescriptionTests {
    /// An id or type a hostile server could send: a direction override, a line break, a zero-width space.
    static let hostile = "promo\u{202E}1\n\u{200B}"

    static let envelopeErrors: [SectionEnvelopeError] = [
        .tooLarge(bytes: 9_000_000, limit: 8 << 20), .malformedJSON(offset: 0), .malformedJSON(offset: 12_345),
        .nestingTooDeep(offset: 1_536), .unexpectedShape,
    ]

    static let registryErrors: [SectionRegistryError] = [
        .duplicateType("banner"), .invalidType("ban ner"), .invalidType(hostile),
        .invalidType(String(repeating: "x", count: 64) + "…"),
    ]

    static let kinds: [SectionMappingError.Kind] = [
        .malformedJSON, .missingKey, .typeMismatch, .missingValue, .invalidValue,
        .contentTooLarge(bytes: 300_000, limit: 256 << 10),
    ]

    static let mappingErrors: [SectionMappingError] =
        kinds.map { SectionMappingError(sectionType: "promo", path: "items[2].deep_link", kind: $0) }
        + kinds.map { SectionMappingError(sectionType: hostile, path: "", kind: $0) }

    static let violations: [SectionContentViolation] = [
        SectionContentViolation(path: "deep_link"), SectionContentViolation(path: "", kind: .missingValue),
    ]

    static let entryProblems: [SectionEntryProblem] = [
        .notAnObject, .missingID, .invalidID, .missingType, .invalidType, .missingContent, .repeatedMember(.id),
        .repeatedMember(.type), .repeatedMember(.content),
    ]

    static let problems: [SectionDiagnostic.Problem] =
        [
            .unknownType, .duplicateID, .contentTooLarge(bytes: 2_000_000, limit: 1 << 20),
            .tooManySections(limit: 1_000, dropped: 1), .tooManySections(limit: 3, dropped: 7),
            .malformedContent(SectionMappingError(sectionType: "banner", path: "", kind: .malformedJSON)),
            .mappingFailed(SectionMappingError(sectionType: "promo", path: "deep_link", kind: .invalidValue)),
        ] + entryProblems.map { .invalidEntry($0) }

    static let diagnostics: [SectionDiagnostic] =
        problems.map { SectionDiagnostic(position: 2, sectionID: "p2", sectionType: "promo", problem: $0) } + [
            SectionDiagnostic(
                position: 0, sectionID: "c", sectionType: "carousel", problem: .unknownType,
                outcome: .renderedByFallback),
            SectionDiagnostic(position: 3, sectionID: nil, sectionType: nil, problem: .invalidEntry(.notAnObject)),
            SectionDiagnostic(position: 1, sectionID: hostile, sectionType: hostile, problem: .duplicateID),
        ]

    static let assemblyErrors: [ScreenAssemblyError] =
        envelopeErrors.map { .invalidEnvelope($0) } + [
            .rejected([]), .rejected(Array(diagnostics.prefix(1))), .rejected(diagnostics),
        ]

    static let providerErrors: [SectionProviderError] = [.unsupported, .notFound, .unavailable]
    static let storageErrors: [SectionStorageError] = [.unavailable, .corrupted]

    static let sourceFailures: [SectionSourceFailure] =
        providerErrors.map { .provider($0) } + storageErrors.map { .storage($0) } + [
            .emptyCache, .mapping(SectionMappingError(sectionType: "promo", path: "headline", kind: .missingKey)),
        ]

    static let refreshErrors: [SectionRefreshError] =
        [.unknownType("carousel"), .unknownType(hostile)]
        + sourceFailures.map { .unavailable(fresh: .provider(.unavailable), cached: $0) }

    static let listErrors: [SectionListError] = [
        .sectionNotFound("p1"), .duplicateID(hostile), .positionOutOfRange(position: 7, count: 3),
        .positionOutOfRange(position: -1, count: 1), .positionOutOfRange(position: 1, count: 0),
    ]

    /// A listener's own error, whose printed form is a Swift value: it must not reach the failure's sentence.
    struct ListenerBug: Error, Equatable {
        var code = 42
    }

    static let section = SectionReference(id: "p1", type: "promo")

    static let listenerFailures: [SectionListenerFailure] = [
        SectionListenerFailure(event: .shown(section), listenerIndex: 0, error: ListenerBug()),
        SectionListenerFailure(event: .removed(section), listenerIndex: 1, error: ListenerBug()),
        SectionListenerFailure(
            event: .failed(SectionDiagnostic(position: 4, sectionID: nil, sectionType: nil, problem: .unknownType)),
            listenerIndex: 2, error: ListenerBug()),
    ]

    static let buildErrors: [SectionPayloadBuilder.BuildError] = [.notJSON]

    /// Every error above, each as it prints.
    static var everyError: [any Error & CustomStringConvertible] {
        let groups: [[any Error & CustomStringConvertible]] = [
            envelopeErrors, registryErrors, mappingErrors, violations, assemblyErrors, providerErrors, storageErrors,
            refreshErrors, listErrors, listenerFailures, buildErrors,
        ]
        return groups.flatMap { $0 }
    }

    /// Every value the errors carry that prints on its own: diagnostics and their parts are sentences too.
    static var everyCarriedSentence: [any CustomStringConvertible] {
        let groups: [[any CustomStringConvertible]] = [diagnostics, problems, entryProblems, sourceFailures]
        return groups.flatMap { $0 }
    }

    @Test func everyCaseIsListed() {
        #expect(Set(Self.envelopeErrors.map(Self.caseName)).count == 4)
        #expect(Set(Self.registryErrors.map(Self.caseName)).count == 2)
        #expect(Set(Self.kinds.map(Self.caseName)).count == 6)
        #expect(Set(Self.entryProblems.map(Self.caseName)).count == 7)
        #expect(Set(Self.problems.map(Self.caseName)).count == 7)
        #expect(Set(Self.diagnostics.map(\.outcome).map(Self.caseName)).count == 2)
        #expect(Set(Self.assemblyErrors.map(Self.caseName)).count == 2)
        #expect(Set(Self.providerErrors.map(Self.caseName)).count == 3)
        #expect(Set(Self.storageErrors.map(Self.caseName)).count == 2)
        #expect(Set(Self.sourceFailures.map(Self.caseName)).count == 4)
        #expect(Set(Self.refreshErrors.map(Self.caseName)).count == 2)
        #expect(Set(Self.listErrors.map(Self.caseName)).count == 3)
        #expect(Set(Self.listenerFailures.map(\.event).map(Self.caseName)).count == 3)
        #expect(Set(Self.buildErrors.map(Self.caseName)).count == 1)
    }

    @Test func everyErrorIsSentences() {
        for error in Self.everyError {
            Self.expectSentences("\(error)", of: error)
            #expect(error.localizedDescription == "\(error)")
        }
        for value in Self.everyCarriedSentence {
            Self.expectSentences("\(value)", of: value)
        }
    }

    @Test func kindsMembersAndOutcomesPrintAsWords() {
        for kind in Self.kinds {
            Self.expectPhrase("\(kind)", of: kind)
        }
        for member in [SectionEntryProblem.Member.id, .type, .content] {
            Self.expectPhrase("\(member)", of: member)
        }
        #expect("\(SectionDiagnostic.Outcome.renderedByFallback)" == "shown by the fallback module")
    }

    /// What a log reads for the common cases, word for word.
    @Test func theCommonMessagesWordForWord() {
        #expect(
            "\(SectionDiagnostic(position: 1, sectionID: "p2", sectionType: "promo", problem: .mappingFailed(SectionMappingError(sectionType: "promo", path: "deep_link", kind: .invalidValue))))"
                == "The section with id “p2”, type “promo” and position 1 was skipped. The value at “deep_link” in the "
                + "content of the “promo” section is not an acceptable value.")
        #expect(
            "\(SectionDiagnostic(position: 2, sectionID: "c1", sectionType: "carousel", problem: .unknownType))"
                == "The section with id “c1”, type “carousel” and position 2 was skipped. No module is registered for "
                + "its type.")
        #expect(
            "\(SectionEnvelopeError.malformedJSON(offset: 2))"
                == "The response is not valid JSON: its first bad byte is at offset 2 (counting from 0).")
        #expect(
            "\(SectionRegistryError.duplicateType("banner"))"
                == "A module for the section type “banner” is already registered; two modules cannot claim one type.")
        #expect(
            "\(SectionMappingError(sectionType: "banner", path: "", kind: .contentTooLarge(bytes: 300_000, limit: 262_144)))"
                == "The content of the “banner” section is 300,000 bytes long, more than the 262,144 bytes its mapper "
                + "reads, so it was not decoded.")
        #expect(
            "\(SectionRefreshError.unavailable(fresh: .provider(.unsupported), cached: .emptyCache))"
                == "The section could not be refreshed from its provider or its cache. The section's type has no source "
                + "of its own; its content only arrives with the screen. The cache holds nothing for the section.")
    }

    @Test func strictModeQuotesTheFirstThreeDiagnosticsAndCountsTheRest() {
        let text = "\(ScreenAssemblyError.rejected(Self.diagnostics))"
        #expect(text.hasPrefix("Strict mode rejected the screen: \(Self.diagnostics.count) sections have problems."))
        #expect(text.hasSuffix("\(Self.diagnostics.count - 3) more sections have problems too."), "\(text)")
    }

    @Test func payloadsAreQuotedWithInvisibleCharactersAsCodePoints() {
        #expect("\(SectionListError.duplicateID(Self.hostile))".contains("“promo U+202E 1 U+000A U+200B”"))
        let listener = "\(Self.listenerFailures[0])"
        #expect(
            listener == "The listener at index 0 failed on the section “p1” of type “promo” being shown.",
            "the listener's own error stays in `error`: \(listener)")
    }

    // The case names, from switches with no default: a new case does not compile until it is named here, and the
    // counts above fail until the lists hold it too.

    static func caseName(_ error: SectionEnvelopeError) -> String {
        switch error {
        case .tooLarge: "tooLarge"
        case .malformedJSON: "malformedJSON"
        case .nestingTooDeep: "nestingTooDeep"
        case .unexpectedShape: "unexpectedShape"
        }
    }

    static func caseName(_ error: SectionRegistryError) -> String {
        switch error {
        case .duplicateType: "duplicateType"
        case .invalidType: "invalidType"
        }
    }

    static func caseName(_ kind: SectionMappingError.Kind) -> String {
        switch kind {
        case .malformedJSON: "malformedJSON"
        case .missingKey: "missingKey"
        case .typeMismatch: "typeMismatch"
        case .missingValue: "missingValue"
        case .invalidValue: "invalidValue"
        case .contentTooLarge: "contentTooLarge"
        }
    }

    static func caseName(_ problem: SectionEntryProblem) -> String {
        switch problem {
        case .notAnObject: "notAnObject"
        case .missingID: "missingID"
        case .invalidID: "invalidID"
        case .missingType: "missingType"
        case .invalidType: "invalidType"
        case .missingContent: "missingContent"
        case .repeatedMember: "repeatedMember"
        }
    }

    static func caseName(_ problem: SectionDiagnostic.Problem) -> String {
        switch problem {
        case .unknownType: "unknownType"
        case .malformedContent: "malformedContent"
        case .mappingFailed: "mappingFailed"
        case .invalidEntry: "invalidEntry"
        case .duplicateID: "duplicateID"
        case .contentTooLarge: "contentTooLarge"
        case .tooManySections: "tooManySections"
        }
    }

    static func caseName(_ outcome: SectionDiagnostic.Outcome) -> String {
        switch outcome {
        case .skipped: "skipped"
        case .renderedByFallback: "renderedByFallback"
        }
    }

    static func caseName(_ error: ScreenAssemblyError) -> String {
        switch error {
        case .invalidEnvelope: "invalidEnvelope"
        case .rejected: "rejected"
        }
    }

    static func caseName(_ error: SectionProviderError) -> String {
        switch error {
        case .unsupported: "unsupported"
        case .notFound: "notFound"
        case .unavailable: "unavailable"
        }
    }

    static func caseName(_ error: SectionStorageError) -> String {
        switch error {
        case .unavailable: "unavailable"
        case .corrupted: "corrupted"
        }
    }

    static func caseName(_ failure: SectionSourceFailure) -> String {
        switch failure {
        case .provider: "provider"
        case .storage: "storage"
        case .emptyCache: "emptyCache"
        case .mapping: "mapping"
        }
    }

    static func caseName(_ error: SectionRefreshError) -> String {
        switch error {
        case .unknownType: "unknownType"
        case .unavailable: "unavailable"
        }
    }

    static func caseName(_ error: SectionListError) -> String {
        switch error {
        case .sectionNotFound: "sectionNotFound"
        case .duplicateID: "duplicateID"
        case .positionOutOfRange: "positionOutOfRange"
        }
    }

    static func caseName(_ event: SectionEvent) -> String {
        switch event {
        case .shown: "shown"
        case .removed: "removed"
        case .failed: "failed"
        }
    }

    static func caseName(_ error: SectionPayloadBuilder.BuildError) -> String {
        switch error {
        case .notJSON: "notJSON"
        }
    }

    /// Sentences: a capital first, a full stop last, no type names, no value dumps, no invisible characters.
    static func expectSentences(_ text: String, of value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.first?.isUppercase == true, "\(text)", sourceLocation: sourceLocation)
        #expect(text.hasSuffix("."), "\(text)", sourceLocation: sourceLocation)
        expectPhrase(text, of: value, sourceLocation: sourceLocation)
    }

    static func expectPhrase(_ text: String, of value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.isEmpty, sourceLocation: sourceLocation)
        for typeName in [
            "Error", "Diagnostic", "Problem", "Failure", "Violation", "Kind", "Member", "Outcome", "ListenerBug",
            "Optional", "String", "SectionsRegistry.",
        ] {
            #expect(!text.contains(typeName), "\(text)", sourceLocation: sourceLocation)
        }
        let dumps = [
            #"\w\("#,  // case(payload) or Type(…)
            #"\b[a-z]+[A-Z]\w*"#,  // a case name in lower camel case
            #"\[""#, #"\\u\{"#, #"\\n"#,  // an array or string literal
            #"code: 42"#,  // a listener's own error
        ]
        for pattern in dumps {
            #expect(
                text.range(of: pattern, options: .regularExpression) == nil, "\(pattern): \(text)",
                sourceLocation: sourceLocation)
        }
        let invisible = text.unicodeScalars.filter {
            $0 != " "
                && [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator]
                    .contains($0.properties.generalCategory)
        }
        #expect(
            invisible.isEmpty, "\(invisible.map { String($0.value, radix: 16) }): \(text)",
            sourceLocation: sourceLocation)
        #expect(!text.contains("\(type(of: value))"), "\(text)", sourceLocation: sourceLocation)
    }
}
