public import Foundation

/// How a screen is assembled.
public struct ScreenAssemblyOptions: Sendable {
    /// Whether problems are tolerated.
    public enum Mode: Hashable, Sendable {
        /// Build what can be built and report the rest: what users should see.
        case lenient
        /// Fail on any diagnostic, listing them all: for debug builds and contract tests against the server.
        case strict
    }

    /// What happens to an entry whose type has no module.
    public enum UnknownTypes: Sendable {
        /// Leave it out.
        case skip
        /// Build it with this mapper (a placeholder, an "update the app" card).
        case fallback(AnySectionMapper)

        /// Renders unknown entries as ``UnsupportedSection`` models of type `unsupported`.
        public static var placeholder: UnknownTypes {
            .fallback(AnySectionMapper(sectionType: UnsupportedSection.sectionType, mapper: UnsupportedSectionMapper()))
        }
    }

    /// Lenient or strict.
    public var mode: Mode
    /// Skip unknown types or render them with a fallback.
    public var unknownTypes: UnknownTypes
    /// The most sections assembled; the rest are reported in one `.tooManySections` diagnostic.
    public var maximumSections: Int
    /// The largest content decoded, in bytes; a bigger one is reported as `.contentTooLarge`.
    public var maximumContentBytes: Int
    /// Where the entries of a response keep their content (``ScreenAssembler/assemble(envelope:)`` only).
    public var envelopeLayout: SectionsEnvelopeDecoder.Layout

    /// Creates options; the limits are far above a real home screen and far below what hurts a phone.
    public init(
        mode: Mode = .lenient,
        unknownTypes: UnknownTypes = .skip,
        maximumSections: Int = 1_000,
        maximumContentBytes: Int = 256 << 10,
        envelopeLayout: SectionsEnvelopeDecoder.Layout = .wrapped
    ) {
        self.mode = mode
        self.unknownTypes = unknownTypes
        self.maximumSections = maximumSections
        self.maximumContentBytes = maximumContentBytes
        self.envelopeLayout = envelopeLayout
    }
}

/// The outcome of assembling a screen: the sections that could be built, and why the others could not.
public struct ScreenAssembly: Equatable, Sendable {
    /// The built sections, in the server's order.
    public var sections: SectionList
    /// One diagnostic per entry that is missing or rendered by the fallback, ordered by position.
    public var diagnostics: [SectionDiagnostic]

    /// Creates an assembly.
    public init(sections: SectionList, diagnostics: [SectionDiagnostic]) {
        self.sections = sections
        self.diagnostics = diagnostics
    }

    /// Whether every entry was built by its own module.
    public var isComplete: Bool { diagnostics.isEmpty }
}

/// Why a screen could not be assembled at all.
public enum ScreenAssemblyError: Error, Hashable, Sendable {
    /// The response could not be read as a section list.
    case invalidEnvelope(SectionEnvelopeError)
    /// Strict mode: at least one entry had a problem; all of them are listed, ordered by position.
    case rejected([SectionDiagnostic])
}

/// Builds a screen from a server payload, one section at a time, so one bad section never breaks the rest.
///
/// It only needs to find mappers, so it takes a ``MapperRegistry``. It is a pure function of its input: listeners
/// are told about failures separately (``SectionEventDispatcher/report(_:)``), so assembling stays fast and
/// synchronous and can run on any task.
public struct ScreenAssembler: Sendable {
    private let mappers: any MapperRegistry
    /// How this assembler treats problems.
    public let options: ScreenAssemblyOptions

    /// Creates an assembler that finds mappers in `mappers`.
    public init(mappers: any MapperRegistry, options: ScreenAssemblyOptions = ScreenAssemblyOptions()) {
        self.mappers = mappers
        self.options = options
    }

    /// Assembles a screen from the server's response bytes (see ``SectionsEnvelopeDecoder`` for the format).
    ///
    /// Unreadable entries become diagnostics like any other problem; only a response that is not a section list
    /// at all fails with `.invalidEnvelope`. In strict mode any diagnostic fails with `.rejected`.
    public func assemble(envelope data: Data) throws(ScreenAssemblyError) -> ScreenAssembly {
        let decoder = SectionsEnvelopeDecoder(layout: options.envelopeLayout, maximumSections: options.maximumSections)
        let envelope: SectionsEnvelope
        do throws(SectionEnvelopeError) {
            envelope = try decoder.decode(data)
        } catch {
            throw .invalidEnvelope(error)
        }
        return try assemble(envelope.payloads, positions: envelope.positions, earlier: envelope.diagnostics)
    }

    /// Assembles a screen from payloads (a cached copy, or a list the caller decoded itself).
    ///
    /// In lenient mode this never throws; in strict mode any diagnostic fails with `.rejected`.
    public func assemble(_ payloads: [SectionPayload]) throws(ScreenAssemblyError) -> ScreenAssembly {
        try assemble(payloads, positions: nil, earlier: [])
    }

    private func assemble(
        _ payloads: [SectionPayload], positions: [Int]?, earlier: [SectionDiagnostic]
    ) throws(ScreenAssemblyError) -> ScreenAssembly {
        var built: [ScreenSection] = []
        built.reserveCapacity(min(payloads.count, options.maximumSections))
        var builtIDs = Set<String>(minimumCapacity: min(payloads.count, options.maximumSections))
        var diagnostics = earlier
        for (index, payload) in payloads.enumerated() {
            let position = positions?[index] ?? index
            guard index < options.maximumSections else {
                diagnostics.append(
                    SectionDiagnostic(
                        position: position, sectionID: nil, sectionType: nil,
                        problem: .tooManySections(limit: options.maximumSections, dropped: payloads.count - index)))
                break
            }
            switch build(payload, position: position, builtIDs: builtIDs) {
            case .success(let section):
                built.append(section)
                builtIDs.insert(section.id)
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
            case .fallback(let section, let diagnostic):
                built.append(section)
                builtIDs.insert(section.id)
                diagnostics.append(diagnostic)
            }
        }
        if !earlier.isEmpty {
            // Entries the envelope could not read interleave with the others; keep the server's order.
            diagnostics.sort { $0.position < $1.position }
        }
        if options.mode == .strict, !diagnostics.isEmpty {
            throw .rejected(diagnostics)
        }
        return ScreenAssembly(sections: SectionList(uniqueSections: built), diagnostics: diagnostics)
    }

    private enum Built {
        case success(ScreenSection)
        case failure(SectionDiagnostic)
        case fallback(ScreenSection, SectionDiagnostic)
    }

    private func build(_ payload: SectionPayload, position: Int, builtIDs: Set<String>) -> Built {
        let validID = SectionIDRules.isValid(payload.id) ? payload.id : nil
        let validType = SectionTypeName.isValid(payload.type) ? payload.type : nil
        func diagnostic(_ problem: SectionDiagnostic.Problem) -> SectionDiagnostic {
            SectionDiagnostic(position: position, sectionID: validID, sectionType: validType, problem: problem)
        }
        guard let id = validID else { return .failure(diagnostic(.invalidEntry(.invalidID))) }
        guard let type = validType else { return .failure(diagnostic(.invalidEntry(.invalidType))) }
        guard !builtIDs.contains(id) else { return .failure(diagnostic(.duplicateID)) }
        guard payload.content.count <= options.maximumContentBytes else {
            return .failure(
                diagnostic(.contentTooLarge(bytes: payload.content.count, limit: options.maximumContentBytes)))
        }
        guard let mapper = mappers.mapper(for: type) else {
            guard case .fallback(let fallback) = options.unknownTypes else {
                return .failure(diagnostic(.unknownType))
            }
            do throws(SectionMappingError) {
                let section = try fallback.section(from: payload)
                var unknown = diagnostic(.unknownType)
                unknown.outcome = .renderedByFallback
                return .fallback(section, unknown)
            } catch {
                return .failure(diagnostic(Self.problem(for: error)))
            }
        }
        do throws(SectionMappingError) {
            return .success(try mapper.section(from: payload))
        } catch {
            return .failure(diagnostic(Self.problem(for: error)))
        }
    }

    private static func problem(for error: SectionMappingError) -> SectionDiagnostic.Problem {
        switch error.kind {
        case .malformedJSON: .malformedContent(error)
        // The mapper's own limit: the same diagnostic as the assembler's, with the limit that applied.
        case .contentTooLarge(let bytes, let limit): .contentTooLarge(bytes: bytes, limit: limit)
        default: .mappingFailed(error)
        }
    }
}

/// The model of a section whose type this app version does not know, built by the placeholder fallback.
public struct UnsupportedSection: Hashable, Sendable {
    /// The type of the sections the placeholder builds.
    public static let sectionType = "unsupported"
    /// The type the server sent, so the app can log it or show an "update the app" card.
    public var originalType: String

    /// Creates the model.
    public init(originalType: String) {
        self.originalType = originalType
    }
}

/// Builds an ``UnsupportedSection`` from any payload without reading its content.
public struct UnsupportedSectionMapper: SectionMapping {
    /// Creates the mapper.
    public init() {}

    /// The placeholder model for `payload`; never fails.
    public func map(_ payload: SectionPayload) throws(SectionMappingError) -> UnsupportedSection {
        UnsupportedSection(originalType: payload.type)
    }
}
