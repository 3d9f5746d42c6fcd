/// Clears the app's badge (the count on the app icon).
///
/// The app implements it (on iOS with `UNUserNotificationCenter.setBadgeCount(0)`); ``BadgeCleaningBehavior``
/// decides when to call it.
public protocol BadgeCleaner: Sendable {
    /// Sets the badge to zero.
    func clearBadge() async throws(BadgeCleaningError)
}

/// Why the badge could not be cleared.
public enum BadgeCleaningError: Error, Hashable, Sendable {
    /// The user has not allowed the app to badge its icon.
    case notAuthorized
    /// The platform refused or failed the request.
    case systemFailure
}
