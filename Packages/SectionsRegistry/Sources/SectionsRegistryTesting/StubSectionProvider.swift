public import Foundation
public import SectionsRegistry

/// A provider answering a canned result per section id, every time it is asked, and recording what was asked.
public actor StubSectionProvider: SectionProvider {
    private var results: [String: Result<Data, SectionProviderError>]
    /// The sections asked for, in order.
    public private(set) var requests: [SectionReference] = []

    /// A provider answering `results[section.id]`, or `.notFound` for other ids.
    public init(_ results: [String: Result<Data, SectionProviderError>] = [:]) {
        self.results = results
    }

    /// Replaces the result for `id`.
    public func setResult(_ result: Result<Data, SectionProviderError>, for id: String) {
        results[id] = result
    }

    /// The canned result for `section.id`.
    public func content(for section: SectionReference) async throws(SectionProviderError) -> Data {
        requests.append(section)
        return try (results[section.id] ?? .failure(.notFound)).get()
    }
}
