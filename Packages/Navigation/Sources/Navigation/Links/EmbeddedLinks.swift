/// The link whose query and fragment are being inspected: a scheme-relative value (`//host/path`) is resolved with
/// its scheme, and "the same host" means its host.
struct LinkSite {
    /// The lower-cased scheme.
    var scheme: String
    /// The host in canonical ASCII form.
    var host: String
}

/// What a value inside a link would be taken as by a browser or the system.
enum EmbeddedTarget: Equatable {
    /// `//host/...` (or with backslashes): another host, reached with the carrying link's scheme.
    case schemeRelative(usesBackslash: Bool)
    /// `scheme:...`, a link that something would follow.
    case absolute(usesBackslash: Bool)
}

/// Open-redirect inspection: every query value and the fragment of an allowed link, decoded layer by layer and
/// looked into where they nest.
///
/// A value is a link when it starts with `//` or `\\` (in any mix), with a forbidden scheme (`javascript:`), with
/// a web scheme (`http:`, `https:`, `ws:`, `wss:`, `ftp:`, which browsers follow even without `//`), with any
/// scheme followed by `/` or `\`, or with a scheme this policy allows. Any other `word:rest` is text, so
/// `10:30`, `Time:10:30` and `Re: invoice` pass. A link must pass this same policy (scheme, host, port, user
/// information, its own query and fragment). Names on the redirect list are stricter: any scheme counts as a link,
/// and it must be relative or allowed by `redirectTargets`.
extension AllowListLinkPolicy {
    /// Schemes that browsers read as `scheme://` even when the slashes are missing (`https:evil.test`).
    static let webSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp"]

    func checkQuery(_ query: Substring, of site: LinkSite, depth: Int, budget: inout Int) throws(LinkRejection) {
        for item in RawQueryItem.parse(query) {
            guard let name = PercentEncoding.decode(item.name)?.lowercased() else { throw .malformed }
            do {
                try checkValue(
                    item.value, listed: redirectParameters.contains(name), site: site, depth: depth, budget: &budget)
            } catch {
                throw .unsafeRedirect(parameter: name, error)
            }
        }
    }

    /// The fragment's `key=value` pairs (after a `?` when it is a hash route such as `#/callback?next=...`), then
    /// the whole fragment as one value (`#https://evil.test`, which single-page apps read as a place to go).
    func checkFragment(_ fragment: Substring, of site: LinkSite, depth: Int, budget: inout Int) throws(LinkRejection) {
        let utf8 = fragment.utf8
        let pairs = utf8.firstIndex(of: UInt8(ascii: "?")).map { fragment[utf8.index(after: $0)...] } ?? fragment
        for item in RawQueryItem.parse(pairs) {
            let name = PercentEncoding.decodeLeniently(item.name).lowercased()
            do {
                try checkValue(
                    item.value, listed: redirectParameters.contains(name), site: site, depth: depth, budget: &budget)
            } catch {
                throw .unsafeFragment(parameter: name, error)
            }
        }
        do {
            try checkValue(fragment, listed: false, site: site, depth: depth, budget: &budget)
        } catch {
            throw .unsafeFragment(parameter: nil, error)
        }
    }

    /// Decodes `raw` layer by layer (a double-encoded `%252F%252F` is `//` to a server that decodes twice) and
    /// checks every layer, so no decoding depth reveals a way out of the site. A listed value must also be a path
    /// (or an allowed link).
    private func checkValue(
        _ raw: Substring,
        listed: Bool,
        site: LinkSite,
        depth: Int,
        budget: inout Int
    ) throws(RedirectRejection) {
        guard !raw.isEmpty else { return }
        // Without any of these characters a value is text in every decoding and holds no link: it costs nothing.
        if !listed, !raw.utf8.contains(where: Self.mayHoldLink) { return }
        guard depth < Self.maximumNestingDepth else { throw .nestedTooDeeply }
        let layers = try Self.decodingLayers(of: raw, strict: listed)
        for layer in layers {
            budget -= 1
            guard budget >= 0 else { throw .tooManyRedirects }
            try checkLayer(layer, listed: listed, site: site, depth: depth, budget: &budget)
        }
        // An absolute value that got this far was allowed by the layer checks.
        if listed, let first = layers.first {
            guard first.isEmpty || first.hasPrefix("/") || LinkComponents(first[...]).scheme != nil else {
                throw .notAPath
            }
        }
    }

    private func checkLayer(
        _ value: String,
        listed: Bool,
        site: LinkSite,
        depth: Int,
        budget: inout Int
    ) throws(RedirectRejection) {
        guard !value.isEmpty else { return }
        if listed {
            do {
                try Self.checkCharacters(value)
            } catch {
                throw error == .backslash ? .backslash : .controlCharacter
            }
        }
        let text = listed ? value : Self.asBrowsersRead(value)
        switch embeddedTarget(in: text, listed: listed) {
        case .schemeRelative(let usesBackslash):
            if usesBackslash { throw .backslash }
            try checkTarget(
                site.scheme + ":" + text, schemeRelative: true, listed: listed, site: site, depth: depth,
                budget: &budget)
        case .absolute(let usesBackslash):
            if usesBackslash { throw .backslash }
            try checkTarget(text, schemeRelative: false, listed: listed, site: site, depth: depth, budget: &budget)
        case nil:
            try checkNested(in: text, site: site, depth: depth, budget: &budget)
        }
    }

    /// A link found in a value must pass this policy; a listed name must also keep to `redirectTargets`.
    private func checkTarget(
        _ link: String,
        schemeRelative: Bool,
        listed: Bool,
        site: LinkSite,
        depth: Int,
        budget: inout Int
    ) throws(RedirectRejection) {
        let refusal: RedirectRejection = schemeRelative ? .schemeRelative : .absoluteURL
        if listed {
            let allowed =
                switch redirectTargets {
                case .relativePathsOnly: false
                case .relativePathsOrSameHost: Self.host(of: link) == site.host
                case .relativePathsOrAllowedLinks: true
                }
            guard allowed else { throw refusal }
        }
        do {
            try check(link: link, depth: depth + 1, budget: &budget)
        } catch {
            throw listed && schemeRelative ? refusal : .unsafeTarget(error)
        }
    }

    /// Text can still carry a link one level down: the query or fragment of a path (`/login?next=...`), or
    /// `key=value` pairs (`state=next%3Dhttps...`). Names on the redirect list keep their strictness in a query or
    /// fragment, not in pairs of plain text, where `q=url%3Dfoo` is a search.
    private func checkNested(in text: String, site: LinkSite, depth: Int, budget: inout Int) throws(RedirectRejection) {
        let utf8 = text.utf8
        if utf8.contains(UInt8(ascii: "?")) || utf8.contains(UInt8(ascii: "#")) {
            let components = LinkComponents(text[...])
            do {
                if let query = components.query { try checkQuery(query, of: site, depth: depth + 1, budget: &budget) }
                if let fragment = components.fragment {
                    try checkFragment(fragment, of: site, depth: depth + 1, budget: &budget)
                }
            } catch {
                throw .unsafeTarget(error)
            }
        } else if utf8.contains(UInt8(ascii: "=")) {
            for item in RawQueryItem.parse(text[...]) {
                let name = PercentEncoding.decodeLeniently(item.name).lowercased()
                do {
                    try checkValue(item.value, listed: false, site: site, depth: depth + 1, budget: &budget)
                } catch {
                    throw .unsafeTarget(.unsafeRedirect(parameter: name, error))
                }
            }
        }
    }

    /// Whether `text` is a link, and of which kind; `nil` for text.
    func embeddedTarget(in text: String, listed: Bool) -> EmbeddedTarget? {
        let utf8 = text.utf8
        let start = Array(utf8.prefix(2))
        if start.count == 2, start.allSatisfy(Self.isSlash) {
            return .schemeRelative(usesBackslash: start.contains(UInt8(ascii: "\\")))
        }
        guard let rawScheme = LinkComponents(text[...]).scheme else { return nil }
        let scheme = LinkComponents.canonicalScheme(rawScheme)
        let afterColon = Array(utf8.dropFirst(rawScheme.utf8.count + 1).prefix(2))
        let slashFollows = afterColon.first.map(Self.isSlash) ?? false
        guard
            listed || slashFollows || Self.forbiddenSchemes.contains(scheme) || Self.webSchemes.contains(scheme)
                || allowedSchemes.contains(scheme)
        else { return nil }
        return .absolute(usesBackslash: afterColon.contains(UInt8(ascii: "\\")))
    }

    /// The text as a browser takes it for a link: tabs and line breaks removed anywhere (`java%0Ascript:` is
    /// `javascript:`), leading and trailing controls and spaces removed.
    static func asBrowsersRead(_ value: String) -> String {
        let scalars = value.unicodeScalars
        let ignored: (Unicode.Scalar) -> Bool = { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.first, let last = scalars.last,
            first.value <= 0x20 || last.value <= 0x20 || scalars.contains(where: ignored)
        else { return value }
        var kept = String.UnicodeScalarView(scalars.filter { !ignored($0) })
        while let head = kept.first, head.value <= 0x20 { kept.removeFirst() }
        while let tail = kept.last, tail.value <= 0x20 { kept.removeLast() }
        return String(kept)
    }

    /// The percent-decoding layers of `raw`, at most `maximumNestingDepth`. Strict decoding refuses a malformed
    /// escape; lenient decoding keeps it as written, as a forgiving server would, so a stray `%` cannot hide a
    /// link from the check.
    private static func decodingLayers(of raw: Substring, strict: Bool) throws(RedirectRejection) -> [String] {
        let first: String
        if strict {
            guard let decoded = PercentEncoding.decode(raw) else { throw .malformedEncoding }
            first = decoded
        } else {
            first = PercentEncoding.decodeLeniently(raw)
        }
        var layers = [first]
        while let last = layers.last {
            let next = strict ? PercentEncoding.decode(last[...]) : PercentEncoding.decodeLeniently(last[...])
            guard let next, next != last else { break }
            guard layers.count < maximumNestingDepth else { throw .nestedTooDeeply }
            layers.append(next)
        }
        return layers
    }

    /// The canonical host of an absolute link, or `nil` when it has none (or user information).
    private static func host(of link: String) -> String? {
        guard let authority = LinkComponents(link[...]).authority,
            let parts = try? LinkComponents.split(authority: authority), !parts.hasUserInfo
        else { return nil }
        return try? HostName.canonical(parts.host)
    }

    private static func mayHoldLink(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "%"), UInt8(ascii: "="),
            UInt8(ascii: "?"), UInt8(ascii: "#"):
            true
        default: false
        }
    }

    private static func isSlash(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
    }
}
