import Foundation
import Testing
import Validation

struct URLCase: Sendable, CustomTestStringConvertible {
    let url: String
    let expected: [ValidationCode]
    let note: String

    var testDescription: String {
        let shown = url.count > 60 ? String(url.prefix(40)) + "…" : url
        return "\(note): \(shown.debugDescription) → \(expected.isEmpty ? "valid" : "\(expected)")"
    }
}

private func valid(_ url: String, _ note: String) -> URLCase {
    URLCase(url: url, expected: [], note: note)
}

private func invalid(_ url: String, _ expected: [ValidationCode], _ note: String) -> URLCase {
    URLCase(url: url, expected: expected, note: note)
}

@Suite("Validation: URL")
struct URLValidatorTests {
    let validator = URLValidator()

    static let defaultCases: [URLCase] = [
        valid("https://example.com", "plain"),
        valid("http://example.com", "http"),
        valid("HTTPS://EXAMPLE.COM/Path", "schemes and hosts are case-insensitive"),
        valid("https://example.com/a/b?c=d&e=f#frag", "path, query and fragment"),
        valid("https://example.com:8443/", "port"),
        valid("https://example.com:/", "empty port (RFC 3986)"),
        valid("https://sub.example.co.uk/", "sub-domains"),
        valid("https://example.com./", "fully qualified host"),
        valid("https://xn--bcher-kva.example/", "punycode host"),
        valid("https://192.0.2.1/", "IPv4 host"),
        valid("https://[2001:db8::1]/", "IPv6 host"),
        valid("https://[2001:db8::1]:8080/", "IPv6 host with port"),
        valid("https://[1:2:3:4:5:6:7::]/", "RFC 3986: :: may stand for one group"),
        valid("https://example.com/caf%C3%A9?q=%20", "percent-encoding"),
        valid("https://example.com/café", "IRI path"),
        valid("https://example.com/?list[]=1", "brackets in a query"),
        valid("https://example.com/~user/file.html", "tilde"),
        valid("https://example.com/path;param=1", "sub-delimiters"),
        invalid("", [.urlEmpty], "empty"),
        invalid("example.com", [.urlMissingScheme], "no scheme"),
        invalid("/relative/path", [.urlMissingScheme], "relative reference"),
        invalid("//example.com", [.urlMissingScheme], "scheme-relative reference"),
        invalid("://example.com", [.urlMissingScheme], "empty scheme"),
        invalid("1http://example.com", [.urlInvalidScheme], "scheme starting with a digit"),
        invalid("ht_tp://example.com", [.urlInvalidScheme], "underscore in the scheme"),
        invalid("javascript:alert(1)", [.urlDangerousScheme], "issue: javascript"),
        invalid("JaVaScRiPt:alert(1)", [.urlDangerousScheme], "javascript in mixed case"),
        invalid(" javascript:alert(1)", [.urlWhitespace, .urlInvalidScheme, .urlDangerousScheme], "leading space"),
        invalid("java\tscript:alert(1)", [.urlWhitespace, .urlInvalidScheme, .urlDangerousScheme], "tab inside"),
        invalid("java\nscript:alert(1)", [.urlWhitespace, .urlInvalidScheme, .urlDangerousScheme], "line feed inside"),
        invalid(
            "\u{1}javascript:alert(1)", [.urlControlCharacter, .urlInvalidScheme, .urlDangerousScheme],
            "leading control character"),
        invalid("data:text/html;base64,PHNjcmlwdD4=", [.urlDangerousScheme], "issue: data"),
        invalid("file:///etc/passwd", [.urlDangerousScheme], "issue: file"),
        invalid("vbscript:msgbox(1)", [.urlDangerousScheme], "issue: vbscript"),
        invalid("ftp://example.com/file", [.urlSchemeNotAllowed], "not allow-listed"),
        invalid("mailto:user@example.com", [.urlSchemeNotAllowed], "mailto is not a web link"),
        invalid("http:example.com", [.urlMissingHost], "issue: http needs a host"),
        invalid("https:/example.com", [.urlMissingHost], "one slash"),
        invalid("https://", [.urlMissingHost], "nothing after //"),
        invalid("https:///path", [.urlMissingHost], "empty authority"),
        invalid("https://:443/", [.urlMissingHost], "port without host"),
        invalid("https://user:pass@example.com/", [.urlCredentialsNotAllowed], "credentials"),
        invalid("https://bank.example@evil.example/", [.urlCredentialsNotAllowed], "credentials disguise the host"),
        invalid("https://@example.com/", [.urlCredentialsNotAllowed], "empty user info"),
        invalid("https://exa_mple.com/", [.urlInvalidHost], "underscore in the host"),
        invalid("https://-example.com/", [.urlInvalidHost], "label starts with a hyphen"),
        invalid("https://example-.com/", [.urlInvalidHost], "label ends with a hyphen"),
        invalid("https://example..com/", [.urlInvalidHost], "empty label"),
        invalid("https://.example.com/", [.urlInvalidHost], "leading dot"),
        invalid("https://" + String(repeating: "a", count: 64) + ".com/", [.urlInvalidHost], "label of 64"),
        invalid("https://2130706433/", [.urlInvalidHost], "decimal IPv4 that browsers resolve"),
        invalid("https://0x7f.0.0.1/", [.urlInvalidHost], "hex IPv4 that browsers resolve"),
        invalid("https://010.0.0.1/", [.urlInvalidHost], "octal-looking IPv4"),
        invalid("https://256.0.0.1/", [.urlInvalidHost], "octet over 255"),
        invalid("https://1.2.3/", [.urlInvalidHost], "short IPv4 that browsers expand"),
        invalid("https://example.123/", [.urlInvalidHost], "numeric top label"),
        invalid("https://bücher.example/", [.urlInvalidHost], "Unicode host, off by default"),
        invalid("https://[2001:db8::1/", [.urlInvalidHost], "unclosed IPv6"),
        invalid("https://[2001:db8:::1]/", [.urlInvalidHost], "malformed IPv6"),
        invalid("https://[v1.fe]/", [.urlInvalidHost], "IPvFuture is not supported"),
        invalid("https://example.com:99999/", [.urlInvalidPort], "port over 65535"),
        invalid("https://example.com:80a/", [.urlInvalidPort], "port with a letter"),
        invalid("https://example.com:-1/", [.urlInvalidPort], "negative port"),
        invalid("https://example.com/a b", [.urlWhitespace], "space in the path"),
        invalid("https://example.com/\u{A0}", [.urlWhitespace], "no-break space"),
        invalid("https://example.com/\u{0}", [.urlControlCharacter], "NUL"),
        invalid("https://example.com/\u{85}", [.urlWhitespace], "NEL"),
        invalid("https://example.com/<script>", [.urlInvalidCharacter], "angle brackets"),
        invalid("https://example.com/\"q\"", [.urlInvalidCharacter], "double quotes"),
        invalid("https:\\\\evil.example", [.urlMissingHost, .urlInvalidCharacter], "backslashes browsers read as /"),
        invalid("https://example.com/{x}|^`", [.urlInvalidCharacter], "RFC 3986 excluded characters"),
        invalid("https://example.com/\u{202E}gpj.exe", [.urlInvalidCharacter], "right-to-left override"),
        invalid("https://example.com/%", [.urlInvalidPercentEncoding], "bare %"),
        invalid("https://example.com/%4", [.urlInvalidPercentEncoding], "one hex digit"),
        invalid("https://example.com/%zz", [.urlInvalidPercentEncoding], "not hex"),
        invalid("https://example.com/%E2%82", [], "percent-encoding is checked for syntax, not for UTF-8"),
    ]

    @Test(arguments: defaultCases)
    func reportsExactlyTheExpectedCodes(row: URLCase) {
        let failures = validator.validate(url: row.url)
        #expect(failures.codes == row.expected)
        #expect(failures.allSatisfy { ValidationCode.urlCodes.contains($0.code) && $0.path.isEmpty })
    }

    @Test func everyURLCodeHasARow() {
        let covered = Set(Self.defaultCases.flatMap(\.expected) + [.urlTooLong])
        #expect(ValidationCode.urlCodes.allSatisfy(covered.contains))
    }

    @Test func dangerousSchemesCanOnlyBeAllowedOnPurpose() {
        let files = URLValidator(options: URLValidationOptions(allowedSchemes: ["https", "FILE"]))
        #expect(files.validate(url: "file:///tmp/report.pdf").isEmpty)
        #expect(files.validate(url: "javascript:alert(1)").codes == [.urlDangerousScheme])
        #expect(files.validate(url: "http://example.com").codes == [.urlSchemeNotAllowed])
    }

    @Test func otherSchemesWorkWhenAllowListed() {
        let options = URLValidationOptions(allowedSchemes: ["https", "mailto", "tel", "ledger"])
        let validator = URLValidator(options: options)
        #expect(validator.validate(url: "mailto:user@example.com").isEmpty)
        #expect(validator.validate(url: "tel:+1-555-0100").isEmpty)
        #expect(validator.validate(url: "ledger://invoices/42").isEmpty)
        #expect(validator.validate(url: "ledger:invoices").isEmpty)
    }

    @Test func optionsOpenCredentialsAndUnicodeHosts() {
        let options = URLValidationOptions(allowsCredentials: true, allowsInternationalizedHost: true)
        let validator = URLValidator(options: options)
        #expect(validator.validate(url: "https://user:pass@example.com/").isEmpty)
        #expect(validator.validate(url: "https://bücher.example/").isEmpty)
        #expect(validator.validate(url: "https://😀.example/").codes == [.urlInvalidHost])
        #expect(validator.validate(url: "https://\u{301}a.example/").codes == [.urlInvalidHost])
    }

    @Test func limitsTheLengthButStillNamesOtherProblems() {
        let path = String(repeating: "a", count: 2_048 - "https://example.com/".utf8.count)
        #expect(validator.validate(url: "https://example.com/" + path).isEmpty)
        #expect(validator.validate(url: "https://example.com/" + path + "a").codes == [.urlTooLong])
        #expect(
            validator.validate(url: "javascript:" + HostileText.oneMegabyte).codes == [
                .urlTooLong, .urlDangerousScheme,
            ])
        #expect(
            validator.validate(url: HostileText.oneMegabyteOfSpaces).codes
                == [.urlTooLong, .urlWhitespace, .urlMissingScheme])
        let roomy = URLValidator(options: URLValidationOptions(maximumLength: 1 << 21))
        #expect(roomy.validate(url: "https://example.com/" + HostileText.oneMegabyte).isEmpty)
    }

    @Test func survivesHostileText() {
        #expect(validator.validate(url: HostileText.invalidUTF8).codes == [.urlMissingScheme, .urlInvalidCharacter])
        #expect(
            validator.validate(url: "https://example.com/" + HostileText.invalidUTF8).codes == [.urlInvalidCharacter])
        #expect(validator.validate(url: "https://example.com/" + HostileText.emoji).codes == [.urlInvalidCharacter])
        #expect(validator.validate(url: "https://example.com/" + HostileText.zalgo).codes == [.urlTooLong])
        #expect(validator.validate(url: "https://" + HostileText.zalgo).codes == [.urlTooLong, .urlInvalidHost])
        #expect(
            validator.validate(url: String(repeating: ":", count: 100_000)).codes == [.urlTooLong, .urlMissingScheme])
        let manyAts = "https://" + String(repeating: "@", count: 100_000) + "example.com"
        #expect(validator.validate(url: manyAts).codes == [.urlTooLong, .urlCredentialsNotAllowed])
    }

    @Test func acceptsFoundationURLs() throws {
        let url = try #require(URL(string: "https://example.com/path?q=1"))
        #expect(validator.validate(url: url).isEmpty)
        let script = try #require(URL(string: "javascript:alert(1)"))
        #expect(validator.validate(url: script).codes == [.urlDangerousScheme])
    }

    @Test func composesAsAFormField() {
        struct Profile {
            var website: String?
        }
        let form: Validator<Profile> = .field("website", \.website, Validator.url(validator).optional)
        #expect(form.validate(Profile(website: nil)).isEmpty)
        #expect(
            form.validate(Profile(website: "data:,x")) == [
                ValidationFailure(code: .urlDangerousScheme, path: "website")
            ])
    }

    @Test func givesTheSameAnswersFromManyTasks() async {
        let validator = validator
        let urls = Self.defaultCases.map(\.url)
        let expected = urls.map { validator.validate(url: $0) }
        let concurrent = await withTaskGroup(of: (Int, [ValidationFailure]).self) { group in
            for (index, url) in urls.enumerated() { group.addTask { (index, validator.validate(url: url)) } }
            var results = [[ValidationFailure]](repeating: [], count: urls.count)
            for await (index, failures) in group { results[index] = failures }
            return results
        }
        #expect(concurrent == expected)
    }
}
