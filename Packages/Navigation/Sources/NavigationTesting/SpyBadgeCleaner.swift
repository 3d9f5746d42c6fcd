public import Navigation

/// A ``/Navigation/BadgeCleaner`` double that counts calls and can fail on chosen calls.
public actor SpyBadgeCleaner: BadgeCleaner {
    private var script: [BadgeCleaningError?]
    /// How many times `clearBadge` was called, failed calls included.
    public private(set) var calls = 0

    /// Creates a cleaner whose n-th call fails with `results[n]` when that is not `nil`; calls past the end of
    /// `results` succeed.
    public init(results: [BadgeCleaningError?] = []) {
        self.script = results
    }

    /// Counts the call and succeeds or fails as scripted.
    public func clearBadge() throws(BadgeCleaningError) {
        calls += 1
        guard !script.isEmpty else { return }
        if let failure = script.removeFirst() { throw failure }
    }
}
