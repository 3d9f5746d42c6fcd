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
    /// A query parameter's value is a link that leaves the allowed hosts (an open redirect), or a parameter on the
    /// redirect name list (such as `next`) is not a relative path or a link to the same host. The parameter's name
    /// is given lower-cased.
    indirect case unsafeRedirect(parameter: String, RedirectRejection)
    /// The fragment is a link that leaves the allowed hosts (`#https://evil.test`; the parameter is `nil`), or one
    /// of its `key=value` pairs is (`#next=https://evil.test`, `#/callback?redirect_to=...`; the pair's name is
    /// given lower-cased).
    indirect case unsafeFragment(parameter: String?, RedirectRejection)
}

/// Why a value inside a link (a query value, the fragment or one of its pairs) was refused.
public enum RedirectRejection: Error, Hashable, Sendable {
    /// A redirect parameter holds an absolute URL that `redirectTargets` does not allow (another host, or any
    /// host with `.relativePathsOnly`).
    case absoluteURL
    /// A redirect parameter starts with `//` (a scheme-relative URL) that `redirectTargets` does not allow.
    case schemeRelative
    /// A redirect parameter is neither empty, nor a path starting with `/`, nor an allowed link.
    case notAPath
    /// A redirect parameter contains a backslash, or a value starts like a link with one, which browsers may read
    /// as `/` (`/\evil.test` is `//evil.test`).
    case backslash
    /// A redirect parameter contains a control character or white space.
    case controlCharacter
    /// A redirect parameter is not valid percent-encoded UTF-8.
    case malformedEncoding
    /// Links nest in values, or values are percent-encoded, more levels deep than the policy follows (4).
    case nestedTooDeeply
    /// The link carries more values that could hold a link than the policy inspects (256 decoded layers).
    case tooManyRedirects
    /// The value is a link (absolute, or scheme-relative and resolved with the carrying link's scheme) that the
    /// policy itself refuses, or text whose nested query, fragment or pairs hold one.
    indirect case unsafeTarget(LinkRejection)
}
