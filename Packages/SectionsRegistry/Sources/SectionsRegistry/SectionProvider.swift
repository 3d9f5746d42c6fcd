public import Foundation

/// Loads fresh content for one section, for example from the API or from local data.
///
/// Narrow and async so an adapter over an HTTP client or a database is a few lines.
public protocol SectionProvider: Sendable {
    /// The current content (JSON bytes) of `section`, or why there is none.
    func content(for section: SectionReference) async throws(SectionProviderError) -> Data
}

/// Why a provider returned no content. Stable cases so the refresher can decide what to do next.
public enum SectionProviderError: Error, Hashable, Sendable {
    /// This section type has no source of its own; its content only arrives with the screen.
    case unsupported
    /// The source does not know the section (it was removed on the server).
    case notFound
    /// The source could not be reached or failed; trying again later may work.
    case unavailable
}

/// The provider of a section type whose content only arrives inside the screen payload.
///
/// A module must name its provider; this one states on purpose that there is nothing to refresh from, so a
/// refresh falls back to the cache.
public struct NoRefreshProvider: SectionProvider {
    /// Creates the provider.
    public init() {}

    /// Always fails with `.unsupported`.
    public func content(for section: SectionReference) async throws(SectionProviderError) -> Data {
        throw .unsupported
    }
}
