import Foundation
import Navigation
import Testing

/// Every public error of the package reads as sentences a person can be shown: no Swift type names, no
/// `case(payload)` dumps, no invisible characters from a payload (they are written as code points), and the
/// payload's facts in words.
@Suite("Navigation: errors read as sentences")
struct ErrorDescriptionTests {
    /// Payloads a hostile link could carry into a message: a direction override, a line break, a zero-width space.
    static let hostile = "fdp\u{202E}exe\n\u{200B}"

    static let redirectRejections: [RedirectRejection] = [
        .absoluteURL, .schemeRelative, .notAPath, .backslash, .controlCharacter, .malformedEncoding,
        .nestedTooDeeply, .tooManyRedirects, .unsafeTarget(.hostNotAllowed("evil.test")),
        .unsafeTarget(.unsafeRedirect(parameter: "next", .absoluteURL)),
    ]

    static let linkRejections: [LinkRejection] =
        [
            .tooLong(9_000), .tooLong(1), .controlCharacter, .backslash, .missingScheme, .malformed,
            .forbiddenScheme("javascript"), .schemeNotAllowed("ftp"), .schemeNotAllowed(hostile), .missingHost,
            .userInfo, .invalidHost("bad host"), .invalidHost(hostile), .hostNotAllowed("evil.test"),
            .portNotAllowed(8080), .unsafeFragment(parameter: nil, .unsafeTarget(.hostNotAllowed("evil.test"))),
            .unsafeFragment(parameter: "next", .absoluteURL), .unsafeRedirect(parameter: hostile, .notAPath),
        ] + redirectRejections.map { .unsafeRedirect(parameter: "next", $0) }

    static let unsafeCharacters: [UnsafeCharacter] = [
        .pathSeparator, .backslash, .control, .bidirectionalControl, .invisibleFormat,
    ]

    static let routingErrors: [RoutingError] =
        [
            .noMatchingRoute, .malformedURL, .missingQueryParameter("page"), .invalidQueryParameter("page"),
            .duplicateQueryParameter(hostile), .invalidParameters(.missing("id")),
            .invalidParameters(.typeMismatch("id", expected: "int")), .unsafeParameter("*", .control),
            .unsafeParameter("**", .pathSeparator),
        ] + unsafeCharacters.map { .unsafeParameter("month", $0) }

    static let patternProblems: [PatternProblem] = [
        .empty, .invalidScheme, .invalidHost, .invalidAuthority, .queryOrFragment, .relativePath, .emptySegment,
        .dotSegment, .invalidParameterName("1st"), .duplicateParameterName("id"), .remainderNotLast,
        .malformedPercentEncoding, .invalidParameterName(hostile),
    ]

    static let routeTableErrors: [RouteTableError] =
        [
            .duplicateRoute("ledger://home"), .conflictingRoutes("/a/:x", "/a/:y"),
            .undeclaredParameter(pattern: "/invoice/:id", name: "page"),
            .invalidDefault(pattern: "/expenses", name: "page"),
            .duplicateRoute(String(repeating: "/segment", count: 100)),
        ] + patternProblems.map { .invalidPattern("ledger://invoice/:id", $0) }

    static let urlGenerationErrors: [URLGenerationError] = [
        .noRoute, .missingValue("id"), .invalidValue("id"), .unexpectedValue("page"),
        .wildcardCount(expected: 2, actual: 1), .wildcardCount(expected: 1, actual: 2), .invalidSegment(""),
        .invalidSegment(".."), .notRoundTrippable("ledger://invoice/new"),
    ]

    static let routeParameterErrors: [RouteParameterError] = [
        .missing("id"), .typeMismatch("id", expected: "uuid"), .missing(hostile),
    ]

    static let navigationRejections: [NavigationRejection] =
        [.cannotOpen, .openFailed, .unsafeLink(.userInfo), .routing(.noMatchingRoute)]
        + linkRejections.map(NavigationRejection.unsafeLink) + routingErrors.map(NavigationRejection.routing)

    static let policyConfigurationErrors: [AllowListLinkPolicy.ConfigurationError] = [
        .forbiddenScheme("javascript"), .invalidScheme("1http"), .invalidScheme(""), .invalidHost("bad host"),
        .invalidMaximumLength(0), .invalidMaximumLength(-1),
    ]

    static let navigatorConfigurationErrors: [SchemeRoutingNavigator.ConfigurationError] = [
        .invalidScheme("1http"), .invalidHost(hostile),
    ]

    static let badgeErrors: [BadgeCleaningError] = [.notAuthorized, .systemFailure]

    static let runErrors: [BadgeCleaningBehavior.RunError] = [.alreadyStarted]

    /// Every error above, each as it prints.
    static var everyError: [any Error & CustomStringConvertible] {
        let groups: [[any Error & CustomStringConvertible]] = [
            linkRejections, redirectRejections, routingErrors, patternProblems, routeTableErrors,
            urlGenerationErrors, routeParameterErrors, navigationRejections, policyConfigurationErrors,
            navigatorConfigurationErrors, badgeErrors, runErrors,
        ]
        return groups.flatMap { $0 }
    }

    @Test func everyCaseIsListed() {
        #expect(Set(Self.linkRejections.map(Self.caseName)).count == 14)
        #expect(Set(Self.redirectRejections.map(Self.caseName)).count == 9)
        #expect(Set(Self.routingErrors.map(Self.caseName)).count == 7)
        #expect(Set(Self.unsafeCharacters.map(Self.caseName)).count == 5)
        #expect(Set(Self.patternProblems.map(Self.caseName)).count == 12)
        #expect(Set(Self.routeTableErrors.map(Self.caseName)).count == 5)
        #expect(Set(Self.urlGenerationErrors.map(Self.caseName)).count == 7)
        #expect(Set(Self.routeParameterErrors.map(Self.caseName)).count == 2)
        #expect(Set(Self.navigationRejections.map(Self.caseName)).count == 4)
        #expect(Set(Self.policyConfigurationErrors.map(Self.caseName)).count == 4)
        #expect(Set(Self.navigatorConfigurationErrors.map(Self.caseName)).count == 2)
        #expect(Set(Self.badgeErrors.map(Self.caseName)).count == 2)
        #expect(Set(Self.runErrors.map(Self.caseName)).count == 1)
    }

    @Test func everyErrorIsSentences() {
        for error in Self.everyError {
            Self.expectSentences("\(error)", of: error)
            #expect(error.localizedDescription == "\(error)")
        }
    }

    @Test func unsafeCharactersPrintAsWords() {
        for character in Self.unsafeCharacters {
            Self.expectPhrase("\(character)", of: character)
            #expect("\(character)".first?.isLowercase == true, "a phrase to use inside a sentence")
        }
    }

    /// What a person reads for the common cases, word for word.
    @Test func theCommonMessagesWordForWord() {
        #expect(
            "\(LinkRejection.unsafeRedirect(parameter: "next", .absoluteURL))"
                == "The link's “next” parameter is a link to another site, which would turn the link into an open "
                + "redirect.")
        #expect(
            "\(LinkRejection.forbiddenScheme("javascript"))"
                == "Links with the scheme “javascript” can run code or read local files, so they are never followed.")
        #expect(
            "\(NavigationRejection.unsafeLink(.unsafeRedirect(parameter: "redirect_to", .unsafeTarget(.hostNotAllowed("evil.test")))))"
                == "The link's “redirect_to” parameter holds a link that is not followed. The host “evil.test” is not "
                + "one the app trusts.")
        #expect(
            "\(RoutingError.unsafeParameter("month", .pathSeparator))"
                == "The link's “month” part contains a slash (/), written %2F in the link, which a link to a screen may "
                + "not carry.")
        #expect("\(RoutingError.noMatchingRoute)" == "No screen of the app has this link.")
        #expect(
            "\(RouteTableError.invalidPattern("/a//b", .emptySegment))"
                == "The route pattern “/a//b” cannot be used. Its path has an empty segment (//).")
        #expect(
            "\(URLGenerationError.wildcardCount(expected: 1, actual: 2))"
                == "The route has 1 wildcard segment, but 2 values were given for them.")
    }

    @Test func invisibleCharactersAreWrittenAsCodePoints() {
        #expect("\(LinkRejection.invalidHost(Self.hostile))".contains("“fdp U+202E exe U+000A U+200B”"))
        #expect("\(RouteParameterError.missing(Self.hostile))".contains("U+202E"))
        let long = "\(RouteTableError.duplicateRoute(String(repeating: "/segment", count: 100)))"
        #expect(long.count < 200 && long.contains("…”"), "a long payload is cut: \(long)")
    }

    // The case names, from switches with no default: a new case does not compile until it is named here, and the
    // counts above fail until the lists hold it too.

    static func caseName(_ error: LinkRejection) -> String {
        switch error {
        case .tooLong: "tooLong"
        case .controlCharacter: "controlCharacter"
        case .backslash: "backslash"
        case .missingScheme: "missingScheme"
        case .malformed: "malformed"
        case .forbiddenScheme: "forbiddenScheme"
        case .schemeNotAllowed: "schemeNotAllowed"
        case .missingHost: "missingHost"
        case .userInfo: "userInfo"
        case .invalidHost: "invalidHost"
        case .hostNotAllowed: "hostNotAllowed"
        case .portNotAllowed: "portNotAllowed"
        case .unsafeRedirect: "unsafeRedirect"
        case .unsafeFragment: "unsafeFragment"
        }
    }

    static func caseName(_ error: RedirectRejection) -> String {
        switch error {
        case .absoluteURL: "absoluteURL"
        case .schemeRelative: "schemeRelative"
        case .notAPath: "notAPath"
        case .backslash: "backslash"
        case .controlCharacter: "controlCharacter"
        case .malformedEncoding: "malformedEncoding"
        case .nestedTooDeeply: "nestedTooDeeply"
        case .tooManyRedirects: "tooManyRedirects"
        case .unsafeTarget: "unsafeTarget"
        }
    }

    static func caseName(_ error: RoutingError) -> String {
        switch error {
        case .noMatchingRoute: "noMatchingRoute"
        case .malformedURL: "malformedURL"
        case .missingQueryParameter: "missingQueryParameter"
        case .invalidQueryParameter: "invalidQueryParameter"
        case .duplicateQueryParameter: "duplicateQueryParameter"
        case .invalidParameters: "invalidParameters"
        case .unsafeParameter: "unsafeParameter"
        }
    }

    static func caseName(_ character: UnsafeCharacter) -> String {
        switch character {
        case .pathSeparator: "pathSeparator"
        case .backslash: "backslash"
        case .control: "control"
        case .bidirectionalControl: "bidirectionalControl"
        case .invisibleFormat: "invisibleFormat"
        }
    }

    static func caseName(_ problem: PatternProblem) -> String {
        switch problem {
        case .empty: "empty"
        case .invalidScheme: "invalidScheme"
        case .invalidHost: "invalidHost"
        case .invalidAuthority: "invalidAuthority"
        case .queryOrFragment: "queryOrFragment"
        case .relativePath: "relativePath"
        case .emptySegment: "emptySegment"
        case .dotSegment: "dotSegment"
        case .invalidParameterName: "invalidParameterName"
        case .duplicateParameterName: "duplicateParameterName"
        case .remainderNotLast: "remainderNotLast"
        case .malformedPercentEncoding: "malformedPercentEncoding"
        }
    }

    static func caseName(_ error: RouteTableError) -> String {
        switch error {
        case .invalidPattern: "invalidPattern"
        case .duplicateRoute: "duplicateRoute"
        case .conflictingRoutes: "conflictingRoutes"
        case .undeclaredParameter: "undeclaredParameter"
        case .invalidDefault: "invalidDefault"
        }
    }

    static func caseName(_ error: URLGenerationError) -> String {
        switch error {
        case .noRoute: "noRoute"
        case .missingValue: "missingValue"
        case .invalidValue: "invalidValue"
        case .unexpectedValue: "unexpectedValue"
        case .wildcardCount: "wildcardCount"
        case .invalidSegment: "invalidSegment"
        case .notRoundTrippable: "notRoundTrippable"
        }
    }

    static func caseName(_ error: RouteParameterError) -> String {
        switch error {
        case .missing: "missing"
        case .typeMismatch: "typeMismatch"
        }
    }

    static func caseName(_ rejection: NavigationRejection) -> String {
        switch rejection {
        case .unsafeLink: "unsafeLink"
        case .routing: "routing"
        case .cannotOpen: "cannotOpen"
        case .openFailed: "openFailed"
        }
    }

    static func caseName(_ error: AllowListLinkPolicy.ConfigurationError) -> String {
        switch error {
        case .forbiddenScheme: "forbiddenScheme"
        case .invalidScheme: "invalidScheme"
        case .invalidHost: "invalidHost"
        case .invalidMaximumLength: "invalidMaximumLength"
        }
    }

    static func caseName(_ error: SchemeRoutingNavigator.ConfigurationError) -> String {
        switch error {
        case .invalidScheme: "invalidScheme"
        case .invalidHost: "invalidHost"
        }
    }

    static func caseName(_ error: BadgeCleaningError) -> String {
        switch error {
        case .notAuthorized: "notAuthorized"
        case .systemFailure: "systemFailure"
        }
    }

    static func caseName(_ error: BadgeCleaningBehavior.RunError) -> String {
        switch error {
        case .alreadyStarted: "alreadyStarted"
        }
    }

    /// Sentences: a capital first, a full stop last, no type names, no value dumps, no invisible characters.
    static func expectSentences(_ text: String, of value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.first?.isUppercase == true, "\(text)", sourceLocation: sourceLocation)
        #expect(text.hasSuffix("."), "\(text)", sourceLocation: sourceLocation)
        expectPhrase(text, of: value, sourceLocation: sourceLocation)
    }

    static func expectPhrase(_ text: String, of value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.isEmpty, sourceLocation: sourceLocation)
        for typeName in [
            "Rejection", "RoutingError", "UnsafeCharacter", "RouteTableError", "PatternProblem", "URLGenerationError",
            "RouteParameterError", "BadgeCleaning", "ConfigurationError", "RunError", "Optional", "String",
            "Navigation.",
        ] {
            #expect(!text.contains(typeName), "\(text)", sourceLocation: sourceLocation)
        }
        let dumps = [
            #"\w\("#,  // case(payload) or Type(…)
            #"\b[a-z]+[A-Z]\w*"#,  // a case name in lower camel case
            #"\[""#, #"\\u\{"#, #"\\n"#,  // an array or string literal
        ]
        for pattern in dumps {
            #expect(
                text.range(of: pattern, options: .regularExpression) == nil, "\(pattern): \(text)",
                sourceLocation: sourceLocation)
        }
        let invisible = text.unicodeScalars.filter {
            $0 != " "
                && [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator]
                    .contains($0.properties.generalCategory)
        }
        #expect(
            invisible.isEmpty, "\(invisible.map { String($0.value, radix: 16) }): \(text)",
            sourceLocation: sourceLocation)
        #expect(!text.contains("\(type(of: value))"), "\(text)", sourceLocation: sourceLocation)
    }
}
