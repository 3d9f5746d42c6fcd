public import Foundation

/// Decides whether a link may be followed.
public protocol LinkPolicy: Sendable {
    /// Returns normally when `url` may be followed, and throws the reason when it may not.
    func check(_ url: URL) throws(LinkRejection)
}

/// Why the safety policy refused a link. Each case names one rule, so tests and logs can tell them apart.
public enum LinkRejection: Error, Hashable, Sendable {
    /// The link is longer than the policy's limit (the length is given).
    case tooLong(Int)
    /// A control character or white space appears in the link; browsers silently drop some of them (so
    /// `java\nscript:` becomes `javascript:`), which makes the link mean something other than what is checked.
    case controlCharacter
    /// A backslash appears in the link (or percent-encoded in its authority); parsers disagree on whether it
    /// separates the host (`https://evil.test\@good.test/` is `evil.test` to a browser, `good.test` to others).
    case backslash
    /// The link is relative where an absolute URL is required.
    case missingScheme
    /// The link cannot be parsed (a malformed scheme, port or percent escape).
    case malformed
    /// The scheme is never allowed, whatever the allow-list says: `javascript`, `data`, `file` or `vbscript`.
    case forbiddenScheme(String)
    /// The scheme is not on the allow-list.
    case schemeNotAllowed(String)
    /// The scheme needs a host and the link has none.
    case missingHost
    /// The link carries user information (`user@host`), a classic way to make `good.test@evil.test` look like
    /// `good.test`.
    case userInfo
    /// The host is not a valid host name (bad characters, bad Punycode, too long); the raw host is given.
    case invalidHost(String)
    /// The host, in its canonical ASCII form, is not on the allow-list.
    case hostNotAllowed(String)
    /// The port is neither the scheme's default nor allowed.
    case portNotAllowed(Int)
    /// A query parameter that names where to go next (such as `next`) points somewhere unsafe.
    indirect case unsafeRedirect(parameter: String, RedirectRejection)
}

/// Why a redirect parameter (such as `?next=`) was refused.
public enum RedirectRejection: Error, Hashable, Sendable {
    /// The value is an absolute URL and the policy allows relative paths only.
    case absoluteURL
    /// The value starts with `//` (a scheme-relative URL that leaves the site).
    case schemeRelative
    /// The value is neither empty nor a path starting with `/`.
    case notAPath
    /// The value contains a backslash, which browsers may read as `/` (`/\evil.test` is `//evil.test`).
    case backslash
    /// The value contains a control character or white space.
    case controlCharacter
    /// The value is not valid percent-encoded UTF-8.
    case malformedEncoding
    /// Redirects nest, or are encoded, more levels deep than the policy follows.
    case nestedTooDeeply
    /// The link carries more redirect values than the policy inspects.
    case tooManyRedirects
    /// The value is an absolute URL that the policy itself refuses.
    indirect case unsafeTarget(LinkRejection)
}
