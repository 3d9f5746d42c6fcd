import Essentials
public import Foundation

extension LinkRejection: CustomStringConvertible, LocalizedError {
    /// Why the link was refused, as sentences a person can be shown (`"\(rejection)"` prints them); code switches on
    /// the case instead.
    public var description: String {
        switch self {
        case .tooLong(let length):
            return "The link is \(ReadableText.count(length, "byte")) long, more than the app accepts."
        case .controlCharacter:
            return "The link contains a control character or white space, which browsers drop silently, so the "
                + "link they follow would not be the one that was checked."
        case .backslash:
            return "The link contains a backslash, which browsers and other programs read differently: a way to "
                + "hide which site it really goes to."
        case .missingScheme:
            return "The link is not complete: it does not start with a scheme such as https."
        case .malformed:
            return "The link cannot be read: its scheme, port or a percent escape is malformed."
        case .forbiddenScheme(let scheme):
            return "Links with the scheme \(ReadableText.quoted(scheme)) can run code or read local files, so they "
                + "are never followed."
        case .schemeNotAllowed(let scheme):
            return "Links with the scheme \(ReadableText.quoted(scheme)) are not followed."
        case .missingHost:
            return "The link names no host, and its scheme needs one."
        case .userInfo:
            return "The link has a user name before its host (user@host), a way to make a link look as if it goes "
                + "to another site."
        case .invalidHost(let host):
            return "The host \(ReadableText.quoted(host)) is not a valid host name."
        case .hostNotAllowed(let host):
            return "The host \(ReadableText.quoted(host)) is not one the app trusts."
        case .portNotAllowed(let port):
            return "The link uses port \(port), which is neither its scheme's usual port nor an allowed one."
        case .unsafeRedirect(let parameter, let reason):
            return reason.sentence(about: "The link's \(ReadableText.quoted(parameter)) parameter")
        case .unsafeFragment(let parameter?, let reason):
            return reason.sentence(about: "The \(ReadableText.quoted(parameter)) part of the link's fragment")
        case .unsafeFragment(nil, let reason):
            return reason.sentence(about: "The link's fragment")
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension RedirectRejection: CustomStringConvertible, LocalizedError {
    /// Why a value inside a link was refused, as sentences a person can be shown; a ``LinkRejection`` that carries
    /// it names the parameter instead of "a value".
    public var description: String {
        sentence(about: "A value in the link")
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// The reason with `subject` ("The link's “next” parameter") as the subject of its first sentence.
    func sentence(about subject: String) -> String {
        switch self {
        case .absoluteURL:
            return "\(subject) is a link to another site, which would turn the link into an open redirect."
        case .schemeRelative:
            return "\(subject) starts with // and so leads to another site, which would turn the link into an open "
                + "redirect."
        case .notAPath:
            return "\(subject) is neither a path on the same site (starting with /) nor a link the app follows."
        case .backslash:
            return "\(subject) contains a backslash, which browsers may read as a slash to another site."
        case .controlCharacter:
            return "\(subject) contains a control character or white space."
        case .malformedEncoding:
            return "\(subject) is not valid percent-encoded UTF-8."
        case .nestedTooDeeply:
            return "\(subject) nests links or percent-encoding more than \(AllowListLinkPolicy.maximumNestingDepth) "
                + "levels deep, more than the app inspects."
        case .tooManyRedirects:
            return "\(subject) was not inspected: the link carries more than \(AllowListLinkPolicy.inspectionBudget) "
                + "values that could hold a link."
        case .unsafeTarget(let link):
            return "\(subject) holds a link that is not followed. \(link)"
        }
    }
}

extension AllowListLinkPolicy.ConfigurationError: CustomStringConvertible, LocalizedError {
    /// What is wrong with the policy's configuration, as a sentence for the person who wrote it.
    public var description: String {
        switch self {
        case .forbiddenScheme(let scheme):
            "The scheme \(ReadableText.quoted(scheme)) cannot be allowed: links with it run code or read local data."
        case .invalidScheme(let scheme):
            "The scheme \(ReadableText.quoted(scheme)) is not a valid URI scheme: a letter, then letters, digits, "
                + "plus signs, hyphens or dots."
        case .invalidHost(let host):
            "The allowed host \(ReadableText.quoted(host)) is not a valid host name."
        case .invalidMaximumLength(let length):
            "The longest link allowed must be at least 1 byte long, not \(length)."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}
