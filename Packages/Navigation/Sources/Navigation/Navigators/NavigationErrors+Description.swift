import Essentials
public import Foundation

extension NavigationRejection: CustomStringConvertible, LocalizedError {
    /// Why the link was not followed, as sentences a person can be shown (`"\(rejection)"` prints them); code
    /// switches on the case instead.
    public var description: String {
        switch self {
        case .unsafeLink(let rejection): "\(rejection)"
        case .routing(let error): "\(error)"
        case .cannotOpen: "Nothing on this device can open the link."
        case .openFailed: "The link could not be opened: the system reported a failure."
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension SchemeRoutingNavigator.ConfigurationError: CustomStringConvertible, LocalizedError {
    /// What is wrong with the navigator's configuration, as a sentence for the person who wrote it.
    public var description: String {
        switch self {
        case .invalidScheme(let scheme):
            "The app's scheme \(ReadableText.quoted(scheme)) is not a valid URI scheme: a letter, then letters, "
                + "digits, plus signs, hyphens or dots."
        case .invalidHost(let host):
            "The app's host \(ReadableText.quoted(host)) is not a valid host name."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension BadgeCleaningError: CustomStringConvertible, LocalizedError {
    /// Why the badge was not cleared, as a sentence.
    public var description: String {
        switch self {
        case .notAuthorized: "The badge was not cleared: the app is not allowed to badge its icon."
        case .systemFailure: "The system could not clear the app's badge."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension BadgeCleaningBehavior.RunError: CustomStringConvertible, LocalizedError {
    /// Why the behaviour did not start, as a sentence for the developer who started it twice.
    public var description: String {
        switch self {
        case .alreadyStarted:
            "Badge cleaning is already running: its stream of app events has one reader, so it runs only once."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}
