import Essentials
public import Foundation

// Every error and diagnostic of the package prints as sentences a person can read in a log or a debug screen
// (`"\(error)"`, `localizedDescription`). Like the values themselves they name a section by id, type, position and
// the path inside its content, never what the content held: a section's content may hold personal data.

extension SectionEnvelopeError: CustomStringConvertible, LocalizedError {
    /// Why the response as a whole could not be read, as a sentence.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "The response is \(ReadableText.count(bytes, "byte")) long, more than the "
                + "\(ReadableText.count(limit, "byte")) the decoder reads, so it was not read."
        case .malformedJSON(let offset):
            "The response is not valid JSON: its first bad byte is at offset \(ReadableText.grouped(offset)) "
                + "(counting from 0)."
        case .nestingTooDeep(let offset):
            "The response nests arrays and objects deeper than the decoder allows, at offset "
                + "\(ReadableText.grouped(offset)) (counting from 0)."
        case .unexpectedShape:
            "The response is neither a list of sections nor an object with one list of sections under “sections”."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension SectionRegistryError: CustomStringConvertible, LocalizedError {
    /// Why a module was not registered, as a sentence for the person who wired it.
    public var description: String {
        switch self {
        case .duplicateType(let type):
            "A module for the section type \(ReadableText.quoted(type)) is already registered; two modules cannot "
                + "claim one type."
        case .invalidType(let type):
            "The section type \(ReadableText.quoted(type)) is not valid: a type is 1 to "
                + "\(SectionTypeName.maximumLength) ASCII letters, digits, underscores, hyphens and dots."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension ScreenAssemblyError: CustomStringConvertible, LocalizedError {
    /// Why no screen was assembled, as sentences; in strict mode the first diagnostics are quoted whole.
    public var description: String {
        switch self {
        case .invalidEnvelope(let error):
            return "\(error)"
        case .rejected(let diagnostics):
            guard !diagnostics.isEmpty else { return "Strict mode rejected the screen." }
            let shown = diagnostics.prefix(3).map { "\($0)" }.joined(separator: " ")
            let more = diagnostics.count - 3
            return
                "Strict mode rejected the screen: \(ReadableText.count(diagnostics.count, "section has", "sections have")) "
                + "problems. \(shown)"
                + (more > 0
                    ? " \(ReadableText.count(more, "more section has", "more sections have")) problems too." : "")
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension SectionMappingError: CustomStringConvertible, LocalizedError {
    /// What is wrong with the content of one section, and where, as a sentence; never the content itself.
    public var description: String {
        let content = "The content of the \(ReadableText.quoted(sectionType)) section"
        let subject =
            path.isEmpty
            ? content
            : "The value at \(ReadableText.quoted(path)) in the content of the \(ReadableText.quoted(sectionType)) section"
        switch kind {
        case .malformedJSON:
            return "\(content) is not valid JSON."
        case .missingKey:
            return path.isEmpty
                ? "\(content) lacks a member it needs."
                : "\(content) lacks \(ReadableText.quoted(path)), which it needs."
        case .typeMismatch:
            return "\(subject) has the wrong JSON type."
        case .missingValue:
            return "\(subject) is null where a value is needed."
        case .invalidValue:
            return "\(subject) is not an acceptable value."
        case .contentTooLarge(let bytes, let limit):
            return "\(content) is \(ReadableText.count(bytes, "byte")) long, more than the "
                + "\(ReadableText.count(limit, "byte")) its mapper reads, so it was not decoded."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension SectionMappingError.Kind: CustomStringConvertible {
    /// The kind of problem in words, to be used inside a sentence: "a value of the wrong JSON type".
    public var description: String {
        switch self {
        case .malformedJSON: "content that is not valid JSON"
        case .missingKey: "a missing member"
        case .typeMismatch: "a value of the wrong JSON type"
        case .missingValue: "a null value where a value is needed"
        case .invalidValue: "a value that is not acceptable"
        case .contentTooLarge(let bytes, let limit):
            "content of \(ReadableText.count(bytes, "byte")), more than the limit of \(ReadableText.count(limit, "byte"))"
        }
    }
}

extension SectionContentViolation: CustomStringConvertible, LocalizedError {
    /// The broken rule, as a sentence; the mapper that receives it adds the section's type.
    public var description: String {
        let place = path.isEmpty ? "The content" : "The value at \(ReadableText.quoted(path)) in the content"
        return "\(place) breaks a rule of its section type: \(kind)."
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension SectionDiagnostic: CustomStringConvertible {
    /// Which entry, what happened to it and why, as sentences for a log or a debug screen.
    public var description: String {
        var names: [String] = []
        if let sectionID { names.append("id \(ReadableText.quoted(sectionID))") }
        if let sectionType { names.append("type \(ReadableText.quoted(sectionType))") }
        names.append("position \(ReadableText.grouped(position))")
        let what =
            switch outcome {
            case .skipped: "was skipped"
            case .renderedByFallback: "is shown by the fallback module"
            }
        return "The section with \(ReadableText.list(names)) \(what). \(problem)"
    }
}

extension SectionDiagnostic.Problem: CustomStringConvertible {
    /// Why the entry is not on the screen as sent, as a sentence.
    public var description: String {
        switch self {
        case .unknownType:
            "No module is registered for its type."
        case .malformedContent(let error), .mappingFailed(let error):
            "\(error)"
        case .invalidEntry(let problem):
            "\(problem)"
        case .duplicateID:
            "An earlier section has the same id, and the first one is kept."
        case .contentTooLarge(let bytes, let limit):
            "Its content is \(ReadableText.count(bytes, "byte")) long, more than the limit of "
                + "\(ReadableText.count(limit, "byte")), so it was not decoded."
        case .tooManySections(let limit, let dropped):
            "The list has more than \(ReadableText.count(limit, "section")), so "
                + "\(ReadableText.count(dropped, "entry", "entries")) from this position on "
                + "\(dropped == 1 ? "was" : "were") left out."
        }
    }
}

extension SectionDiagnostic.Outcome: CustomStringConvertible {
    /// What happened to the entry, in words.
    public var description: String {
        switch self {
        case .skipped: "skipped"
        case .renderedByFallback: "shown by the fallback module"
        }
    }
}

extension SectionEntryProblem: CustomStringConvertible {
    /// What is broken in the entry itself, as a sentence.
    public var description: String {
        switch self {
        case .notAnObject:
            "The entry is not a JSON object."
        case .missingID:
            "The entry has no id."
        case .invalidID:
            "The entry's id is not a string, is empty, or is longer than "
                + "\(ReadableText.count(SectionIDRules.maximumLength, "byte"))."
        case .missingType:
            "The entry has no type."
        case .invalidType:
            "The entry's type is not a string, or not 1 to \(SectionTypeName.maximumLength) ASCII letters, digits, "
                + "underscores, hyphens and dots."
        case .missingContent:
            "The entry has no content, or its content is null."
        case .repeatedMember(let member):
            "The entry has its \(member) member twice, so which one the server meant is unclear."
        }
    }
}

extension SectionEntryProblem.Member: CustomStringConvertible {
    /// The member's name as it is written in the JSON, quoted: “id”.
    public var description: String {
        switch self {
        case .id: "“id”"
        case .type: "“type”"
        case .content: "“content”"
        }
    }
}

extension SectionRefreshError: CustomStringConvertible, LocalizedError {
    /// Why the section was not refreshed, as sentences: one for each source that failed.
    public var description: String {
        switch self {
        case .unknownType(let type):
            "No module is registered for the section type \(ReadableText.quoted(type)), so the section cannot be "
                + "refreshed."
        case .unavailable(let fresh, let cached):
            "The section could not be refreshed from its provider or its cache. \(fresh) \(cached)"
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension SectionSourceFailure: CustomStringConvertible {
    /// Why one source produced no section, as a sentence.
    public var description: String {
        switch self {
        case .provider(let error): "\(error)"
        case .storage(let error): "\(error)"
        case .emptyCache: "The cache holds nothing for the section."
        case .mapping(let error): "\(error)"
        }
    }
}

extension SectionListError: CustomStringConvertible, LocalizedError {
    /// Why the edit was refused, as a sentence.
    public var description: String {
        switch self {
        case .sectionNotFound(let id):
            "No section of the list has the id \(ReadableText.quoted(id))."
        case .duplicateID(let id):
            "The list already has a section with the id \(ReadableText.quoted(id))."
        case .positionOutOfRange(let position, let count):
            "Position \(ReadableText.grouped(position)) is outside the list, which has "
                + "\(ReadableText.count(count, "section"))."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension SectionStorageError: CustomStringConvertible, LocalizedError {
    /// Why the cache failed, as a sentence.
    public var description: String {
        switch self {
        case .unavailable:
            "The section cache could not be reached (a full disk, missing permissions or a closed store)."
        case .corrupted: "What the section cache holds cannot be read back."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension SectionProviderError: CustomStringConvertible, LocalizedError {
    /// Why the provider has no content, as a sentence.
    public var description: String {
        switch self {
        case .unsupported: "The section's type has no source of its own; its content only arrives with the screen."
        case .notFound: "The source does not know the section; it was removed on the server."
        case .unavailable: "The source of the section's content could not be reached or failed; a later try may work."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension SectionListenerFailure: CustomStringConvertible, LocalizedError {
    /// Which listener failed on which event, as a sentence. What the listener threw is in ``error``, for the
    /// caller to inspect: it is the listener's own type, so it is not written here.
    public var description: String {
        let which = "The listener at index \(ReadableText.grouped(listenerIndex))"
        switch event {
        case .shown(let section):
            return "\(which) failed on the section \(Self.name(section)) being shown."
        case .removed(let section):
            return "\(which) failed on the section \(Self.name(section)) being removed."
        case .failed(let diagnostic):
            return "\(which) failed on the report of the section at position "
                + "\(ReadableText.grouped(diagnostic.position)) that could not be built."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }

    private static func name(_ section: SectionReference) -> String {
        "\(ReadableText.quoted(section.id)) of type \(ReadableText.quoted(section.type))"
    }
}
