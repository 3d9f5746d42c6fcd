import Testing
import Validation

/// One row of the table: an address, the options it is checked with, and every code expected, in order.
struct EmailCase: Sendable, CustomTestStringConvertible {
    let address: String
    let expected: [ValidationCode]
    let options: EmailValidationOptions
    let source: String

    var testDescription: String {
        let shown = address.count > 60 ? String(address.prefix(40)) + "…(\(address.utf8.count) bytes)" : address
        return "\(source): \(shown.debugDescription) → \(expected.isEmpty ? "valid" : "\(expected)")"
    }
}

private let standard = EmailValidationOptions()
private let quoted = EmailValidationOptions(allowsQuotedLocalPart: true)
private let international = EmailValidationOptions(allowsInternationalized: true)
private let literal = EmailValidationOptions(allowsIPLiteral: true)
private let singleLabel = EmailValidationOptions(allowsSingleLabelDomain: true)

private func valid(_ address: String, _ source: String, _ options: EmailValidationOptions = standard) -> EmailCase {
    EmailCase(address: address, expected: [], options: options, source: source)
}

private func invalid(
    _ address: String,
    _ expected: [ValidationCode],
    _ source: String,
    _ options: EmailValidationOptions = standard
) -> EmailCase {
    EmailCase(address: address, expected: expected, options: options, source: source)
}

private func repeated(_ text: String, _ count: Int) -> String {
    String(repeating: text, count: count)
}

/// Addresses drawn from RFC 3696 section 3 (with its errata), the RFC 5321/5322 grammars, RFC 6530's
/// internationalized examples and the rules of the issue. `source` names where each row comes from.
enum EmailCaseTable {
    static let plainValid: [EmailCase] = [
        valid("simple@example.com", "RFC 5322 dot-atom"),
        valid("very.common@example.com", "RFC 5322 dot-atom"),
        valid("x@example.com", "single-character local part"),
        valid("long.email-address-with-hyphens@and.subdomains.example.com", "RFC 5322 dot-atom"),
        valid("user.name+tag+sorting@example.com", "sub-addressing"),
        valid("name/surname@example.com", "RFC 5322 atext /"),
        valid("example@s.example", "single-character label"),
        valid("mailhost!username@example.org", "RFC 5322 atext !"),
        valid("user%example.com@example.org", "RFC 5322 atext %"),
        valid("user-@example.org", "RFC 5322 atext - at the end"),
        valid("o'brien@example.com", "issue: apostrophe"),
        valid("User@Example.COM", "issue: mixed case"),
        valid("a+tag@sub.example.co.uk", "issue: tag and sub-domains"),
        valid("user@xn--bcher-kva.example", "issue: punycode label"),
        valid("customer/department=shipping@example.com", "RFC 3696 section 3"),
        valid("$A12345@example.com", "RFC 3696 section 3"),
        valid("!def!xyz%abc@example.com", "RFC 3696 section 3"),
        valid("_somename@example.com", "RFC 3696 section 3"),
        valid("#!$%&'*+-/=?^_`{}|~@example.org", "RFC 5322 every atext symbol"),
        valid("~@example.com", "RFC 5322 atext ~ alone"),
        valid("a.b.c.d@example.com", "dots between atoms"),
        valid("a@b.co", "issue: single-character labels"),
        valid("1@2.example", "issue: digits-only local part and label"),
        valid("user@123.example.com", "issue: digits-only label, not the last"),
        valid("first.last@3com.com", "label starting with a digit (RFC 1123)"),
        valid("test@a-b.example", "hyphen inside a label"),
        valid("test@a--b.example", "double hyphen inside a label"),
        valid("user@sub-1.example-2.com", "hyphens and digits in labels"),
        valid("user@example.xn--p1ai", "punycode top-level domain"),
        valid("x@x.x", "shortest useful address"),
        valid("user@example.c0m", "alphanumeric top-level label"),
        valid("+@example.com", "RFC 5322 atext + alone"),
        valid("TEST@EXAMPLE.COM", "upper case"),
        valid("first.last@iana.org", "RFC 3696 style"),
        valid(repeated("1234567890", 6) + "1234@iana.org", "RFC 5321: local part of exactly 64"),
        valid("user@" + repeated("a", 63) + ".example", "RFC 1035: label of exactly 63"),
        valid(
            repeated("a", 64) + "@" + repeated("b", 63) + "." + repeated("c", 63) + "." + repeated("d", 57) + ".com",
            "RFC 3696 errata: address of exactly 254"),
    ]

    static let structure: [EmailCase] = [
        invalid("", [.emailMissingAt], "empty"),
        invalid("abc.example.com", [.emailMissingAt], "RFC 3696: no @"),
        invalid("a", [.emailMissingAt], "one character"),
        invalid(".", [.emailMissingAt], "a dot only"),
        invalid("user%40example.com", [.emailMissingAt], "percent-encoded @"),
        invalid("a@b@c@example.com", [.emailMultipleAt], "RFC 5322: several @"),
        invalid("user@@example.com", [.emailMultipleAt], "doubled @"),
        invalid("user@example.com@", [.emailMultipleAt, .emailEmptyDomain], "trailing @"),
        invalid("user@example@com", [.emailMultipleAt, .emailSingleLabelDomain], "@ in place of a dot"),
        invalid("@@", [.emailMultipleAt, .emailEmptyLocalPart, .emailEmptyDomain], "only @"),
        invalid("@", [.emailEmptyLocalPart, .emailEmptyDomain], "a lone @"),
        invalid("@example.com", [.emailEmptyLocalPart], "no local part"),
        invalid("user@", [.emailEmptyDomain], "no domain"),
        invalid("@example", [.emailEmptyLocalPart, .emailSingleLabelDomain], "no local part, dotless domain"),
        invalid("Abc\\@def@example.com", [.emailMultipleAt, .emailInvalidCharacter], "RFC 3696 errata: \\ unquoted"),
        invalid("mailto:user@example.com", [.emailInvalidCharacter], "a URL, not an address"),
    ]

    static let localPart: [EmailCase] = [
        invalid(".user@example.com", [.emailLocalPartLeadingDot], "RFC 5322: leading dot"),
        invalid("user.@example.com", [.emailLocalPartTrailingDot], "RFC 5322: trailing dot"),
        invalid("us..er@example.com", [.emailLocalPartConsecutiveDots], "RFC 5322: two dots"),
        invalid("john..doe@example.com", [.emailLocalPartConsecutiveDots], "RFC 3696: two dots"),
        invalid(".@example.com", [.emailLocalPartLeadingDot, .emailLocalPartTrailingDot], "a dot as local part"),
        invalid(
            "..@example.com",
            [.emailLocalPartLeadingDot, .emailLocalPartTrailingDot, .emailLocalPartConsecutiveDots], "two dots"),
        invalid(
            ".a..b.@example.com",
            [.emailLocalPartLeadingDot, .emailLocalPartTrailingDot, .emailLocalPartConsecutiveDots],
            "every dot mistake at once"),
        invalid("user,name@example.com", [.emailInvalidCharacter], "RFC 5322 special ,"),
        invalid("user(comment)@example.com", [.emailInvalidCharacter], "RFC 5322 comments are not supported"),
        invalid("(comment)user@example.com", [.emailInvalidCharacter], "RFC 5322 comments are not supported"),
        invalid("user;x@example.com", [.emailInvalidCharacter], "RFC 5322 special ;"),
        invalid("user:x@example.com", [.emailInvalidCharacter], "RFC 5322 special :"),
        invalid("a[b]@example.com", [.emailInvalidCharacter], "RFC 5322 specials [ ]"),
        invalid("a<b>@example.com", [.emailInvalidCharacter], "RFC 5322 specials < >"),
        invalid("user\\name@example.com", [.emailInvalidCharacter], "backslash outside quotes"),
        invalid(
            "<user@example.com>", [.emailInvalidCharacter, .emailDomainInvalidCharacter], "angle-bracketed path"),
        invalid(
            "John Doe <john@example.com>",
            [.emailWhitespace, .emailInvalidCharacter, .emailDomainInvalidCharacter], "a display name"),
        invalid(
            "1234567890123456789012345678901234567890123456789012345678901234+x@example.com",
            [.emailLocalPartTooLong], "RFC 5321: local part of 66"),
        invalid(repeated("a", 65) + "@example.com", [.emailLocalPartTooLong], "RFC 5321: local part of 65"),
    ]

    static let domain: [EmailCase] = [
        invalid(
            "i.like.underscores@but_they_are_not_allowed_in_this_part",
            [.emailDomainInvalidCharacter, .emailSingleLabelDomain], "RFC 1035: underscore"),
        invalid("user@exam_ple.com", [.emailDomainInvalidCharacter], "RFC 1035: underscore"),
        invalid("user@exa$mple.com", [.emailDomainInvalidCharacter], "RFC 1035: symbol"),
        invalid("user@example.com>", [.emailDomainInvalidCharacter], "trailing >"),
        invalid("user@(comment)example.com", [.emailDomainInvalidCharacter], "comment in the domain"),
        invalid("user@example.com?subject=hi", [.emailDomainInvalidCharacter], "a mailto query"),
        invalid("user@x[1.2.3.4]", [.emailDomainInvalidCharacter], "bracket inside a domain"),
        invalid("user@example..com", [.emailDomainEmptyLabel], "issue: empty label a..b"),
        invalid("user@.example.com", [.emailDomainEmptyLabel], "leading dot in the domain"),
        invalid("user@example.com.", [.emailDomainEmptyLabel], "trailing dot in the domain"),
        invalid("user@.", [.emailDomainEmptyLabel], "a dot as domain"),
        invalid("user@..", [.emailDomainEmptyLabel], "two dots as domain"),
        invalid("user@-example.com", [.emailDomainLabelLeadingHyphen], "issue: label starts with -"),
        invalid("user@example-.com", [.emailDomainLabelTrailingHyphen], "issue: label ends with -"),
        invalid("user@example.-com", [.emailDomainLabelLeadingHyphen], "top label starts with -"),
        invalid("user@example.com-", [.emailDomainLabelTrailingHyphen], "top label ends with -"),
        invalid("user@-.com", [.emailDomainLabelLeadingHyphen, .emailDomainLabelTrailingHyphen], "label of a hyphen"),
        invalid(
            "user@-",
            [.emailDomainLabelLeadingHyphen, .emailDomainLabelTrailingHyphen, .emailSingleLabelDomain],
            "a hyphen as domain"),
        invalid("user@example.123", [.emailNumericTopLevelDomain], "issue: all-numeric last label"),
        invalid("user@192.168.0.1", [.emailNumericTopLevelDomain], "an IP address without brackets"),
        invalid("user@123", [.emailNumericTopLevelDomain, .emailSingleLabelDomain], "a number as domain"),
        invalid("admin@example", [.emailSingleLabelDomain], "dotless domain"),
        invalid("user@localhost", [.emailSingleLabelDomain], "dotless domain"),
        valid("admin@example", "dotless domain, allowed", singleLabel),
        valid("user@localhost", "dotless domain, allowed", singleLabel),
        invalid(
            "user@123", [.emailNumericTopLevelDomain], "numeric stays refused when dotless is allowed", singleLabel),
        invalid("user@" + repeated("a", 64) + ".com", [.emailDomainLabelTooLong], "RFC 1035: label of 64"),
        invalid(
            "a@" + repeated("a", 63) + "." + repeated("b", 63) + "." + repeated("c", 63) + "." + repeated("d", 62)
                + ".co",
            [.emailAddressTooLong, .emailDomainTooLong], "RFC 1035: domain of 257"),
    ]

    static let lengths: [EmailCase] = [
        invalid(
            repeated("a", 64) + "@" + repeated("b", 63) + "." + repeated("c", 63) + "." + repeated("d", 58) + ".com",
            [.emailAddressTooLong], "RFC 3696 errata: address of 255"),
        invalid(
            repeated("a", 100_000) + "@", [.emailAddressTooLong, .emailLocalPartTooLong, .emailEmptyDomain],
            "issue: 100,000 a then @"),
        invalid(repeated("a", 100_000), [.emailMissingAt, .emailAddressTooLong], "100,000 a and no @"),
        invalid(
            repeated("a", 10) + "@" + repeated("b.", 200) + "com", [.emailAddressTooLong, .emailDomainTooLong],
            "many short labels"),
    ]

    static let whitespaceAndControls: [EmailCase] = [
        invalid(" user@example.com", [.emailWhitespace], "issue: leading space"),
        invalid("user@example.com ", [.emailWhitespace], "issue: trailing space"),
        invalid("user @example.com", [.emailWhitespace], "space before @"),
        invalid("user@ example.com", [.emailWhitespace], "space after @"),
        invalid("us er@example.com", [.emailWhitespace], "space in the local part"),
        invalid("user@ex ample.com", [.emailWhitespace], "space in the domain"),
        invalid("user\t@example.com", [.emailWhitespace], "tab"),
        invalid("user@exa\nmple.com", [.emailWhitespace], "line feed"),
        invalid("user@example.com\r\n", [.emailWhitespace], "CR LF, header injection"),
        invalid("user@example.com\nBcc: victim@example.com", [.emailMultipleAt, .emailWhitespace], "header injection"),
        invalid("user\u{0}@example.com", [.emailControlCharacter], "NUL"),
        invalid("user\u{7}@example.com", [.emailControlCharacter], "BEL"),
        invalid("user\u{1B}@example.com", [.emailControlCharacter], "ESC"),
        invalid("user\u{7F}@example.com", [.emailControlCharacter], "DEL"),
        invalid("user@example.com\u{0}", [.emailControlCharacter], "NUL in the domain"),
        invalid("user\u{9F}@example.com", [.emailControlCharacter], "C1 control"),
        invalid("user\u{85}@example.com", [.emailWhitespace], "NEL, a C1 line break"),
        invalid("user@example.com\u{A0}", [.emailWhitespace], "no-break space"),
        invalid("user\u{3000}@example.com", [.emailWhitespace], "ideographic space"),
        invalid("user\u{2028}@example.com", [.emailWhitespace], "line separator", international),
        invalid(" ", [.emailMissingAt, .emailWhitespace], "a space only"),
        invalid("\u{0}", [.emailMissingAt, .emailControlCharacter], "NUL only"),
    ]

    static let quotedLocalParts: [EmailCase] = [
        invalid("\"john doe\"@example.com", [.emailQuotedLocalPartNotAllowed], "issue: quoted is off by default"),
        invalid("\" \"@example.org", [.emailQuotedLocalPartNotAllowed], "RFC 5321: quoted space, off"),
        invalid("\"john..doe\"@example.org", [.emailQuotedLocalPartNotAllowed], "RFC 5321: quoted dots, off"),
        invalid(
            "just\"not\"right@example.com", [.emailQuotedLocalPartNotAllowed, .emailMisplacedQuote],
            "RFC 5322: quote inside an atom"),
        invalid(
            "this is\"not\\allowed@example.com", [.emailMissingAt, .emailWhitespace, .emailUnterminatedQuote],
            "RFC 5322: space and an unclosed quote"),
        invalid(
            "this\\ still\\\"not\\\\allowed@example.com", [.emailMissingAt, .emailWhitespace, .emailUnterminatedQuote],
            "RFC 5322: escapes outside quotes"),
        invalid(
            "a\"b(c)d,e:f;g<h>i[j\\k]l@example.com", [.emailMissingAt, .emailUnterminatedQuote],
            "RFC 5322: specials after a stray quote"),
        valid("\"john doe\"@example.com", "issue: quoted local part", quoted),
        valid("\" \"@example.org", "RFC 5321: a quoted space", quoted),
        valid("\"john..doe\"@example.org", "RFC 5321: dots inside quotes", quoted),
        valid("\"Abc\\@def\"@example.com", "RFC 3696 errata: quoted pair \\@", quoted),
        valid("\"Fred\\ Bloggs\"@example.com", "RFC 3696 errata: quoted pair \\ space", quoted),
        valid("\"Joe.\\\\Blow\"@example.com", "RFC 3696 errata: quoted backslash", quoted),
        valid("\"Abc@def\"@example.com", "RFC 3696 errata: @ inside quotes", quoted),
        valid("\"Fred Bloggs\"@example.com", "RFC 3696 errata: space inside quotes", quoted),
        valid(
            "\"very.(),:;<>[]\\\".VERY.\\\"very@\\\\ \\\"very\\\".unusual\"@strange.example.com",
            "RFC 5322: every special quoted", quoted),
        valid("\"a\\\"b\"@example.com", "escaped quote", quoted),
        valid("\"\\\\\"@example.com", "escaped backslash alone", quoted),
        valid("\"" + repeated("q", 62) + "\"@example.com", "quoted local part of exactly 64", quoted),
        invalid(
            "\"" + repeated("q", 63) + "\"@example.com", [.emailLocalPartTooLong], "quoted local part of 65", quoted),
        invalid("\"\"@example.com", [.emailEmptyLocalPart], "empty quoted string", quoted),
        invalid(
            "\"\"@example.com", [.emailEmptyLocalPart, .emailQuotedLocalPartNotAllowed], "empty quoted string, off"),
        invalid("\"abc@example.com", [.emailMissingAt, .emailUnterminatedQuote], "unclosed quote", quoted),
        invalid("\"a\\\"@example.com", [.emailMissingAt, .emailUnterminatedQuote], "escaped closing quote", quoted),
        invalid("\"abc\"def@example.com", [.emailMisplacedQuote], "text after the quotes", quoted),
        invalid("abc\"def\"@example.com", [.emailMisplacedQuote], "text before the quotes", quoted),
        invalid("\"abc\".def@example.com", [.emailMisplacedQuote], "RFC 5322 obsolete quoted word", quoted),
        invalid("\"abc\"\"def\"@example.com", [.emailMisplacedQuote], "two quoted strings", quoted),
        invalid("\"a\tb\"@example.com", [.emailWhitespace], "tab inside quotes", quoted),
        invalid("\"a\u{0}b\"@example.com", [.emailControlCharacter], "NUL inside quotes", quoted),
        invalid("\"a\\\u{0}b\"@example.com", [.emailControlCharacter], "escaped NUL", quoted),
        invalid("\"a\"@", [.emailEmptyDomain], "quoted local part, no domain", quoted),
        invalid("\"@\"", [.emailMissingAt], "an @ only inside quotes", quoted),
        invalid("\"a\"@b@example.com", [.emailMultipleAt], "a second @ after quotes", quoted),
        invalid("\"jos\u{E9}\"@example.com", [.emailInternationalizedNotAllowed], "non-ASCII inside quotes", quoted),
    ]

    static let internationalized: [EmailCase] = [
        invalid("user@bücher.example", [.emailInternationalizedNotAllowed], "issue: IDN off by default"),
        invalid("jos\u{E9}@example.com", [.emailInternationalizedNotAllowed], "accented local part, off"),
        invalid("用户@例子.广告", [.emailInternationalizedNotAllowed], "RFC 6530 style, off"),
        invalid("user@exa\u{200B}mple.com", [.emailInternationalizedNotAllowed], "zero-width space, off"),
        valid("user@bücher.example", "issue: IDN allowed", international),
        valid("jos\u{E9}@example.com", "issue: UTF-8 local part", international),
        valid("jose\u{301}@example.com", "combining mark in the local part", international),
        valid("用户@例子.广告", "Chinese (RFC 6530 examples)", international),
        valid("अजय@डाटा.भारत", "Hindi (RFC 6530 examples)", international),
        valid("квіточка@пошта.укр", "Ukrainian (RFC 6530 examples)", international),
        valid("θσερ@εχαμπλε.ψομ", "Greek (RFC 6530 examples)", international),
        valid("Dörte@Sörensen.example.com", "German (RFC 6530 examples)", international),
        valid("коля@пример.рф", "Russian (RFC 6530 examples)", international),
        valid("二ノ宮@黒川.日本", "Japanese", international),
        valid("медведь@с-балалайкой.рф", "Cyrillic with a hyphen", international),
        valid("😀@example.com", "emoji in the local part (RFC 6531 allows any UTF-8)", international),
        valid(repeated("ü", 32) + "@example.com", "issue: 64 UTF-8 bytes of ü", international),
        invalid(
            repeated("ü", 33) + "@example.com", [.emailLocalPartTooLong], "issue: 33 characters are 66 bytes",
            international),
        invalid(
            "user@" + repeated("ü", 32) + ".example", [.emailDomainLabelTooLong], "label of 64 UTF-8 bytes",
            international),
        invalid("user@😀.example", [.emailDomainInvalidCharacter], "emoji in a domain label", international),
        invalid("user@\u{301}abc.example", [.emailDomainInvalidCharacter], "label starts with a mark", international),
        invalid("user@exa\u{200B}mple.com", [.emailDomainInvalidCharacter], "zero-width space", international),
        invalid("us\u{202E}er@example.com", [.emailInvalidCharacter], "right-to-left override", international),
        invalid("user\u{FFFD}@example.com", [.emailInvalidCharacter], "replacement character", international),
        invalid("user\u{E000}@example.com", [.emailInvalidCharacter], "private use character", international),
        invalid(
            "user" + decodedInvalidUTF8([0xEF, 0xB7, 0x90]) + "@example.com", [.emailInvalidCharacter], "noncharacter",
            international),
        invalid("user@例子.123", [.emailNumericTopLevelDomain], "numeric top-level label", international),
        invalid("user@例子..广告", [.emailDomainEmptyLabel], "empty label", international),
        invalid(
            "user@bücher.example", [.emailInternationalizedNotAllowed], "IDN stays off when other options are on",
            EmailValidationOptions(allowsQuotedLocalPart: true, allowsIPLiteral: true, allowsSingleLabelDomain: true)),
    ]

    static let addressLiterals: [EmailCase] = [
        invalid("user@[192.0.2.1]", [.emailIPLiteralNotAllowed], "issue: IP literal off by default"),
        invalid(
            "user@[999.0.2.1]", [.emailIPLiteralNotAllowed, .emailInvalidIPLiteral], "off and malformed"),
        valid("user@[192.0.2.1]", "issue: IPv4 literal", literal),
        valid("postmaster@[123.123.123.123]", "RFC 5321 IPv4 literal", literal),
        valid("postmaster@[IPv6:2001:0db8:85a3:0000:0000:8a2e:0370:7334]", "RFC 5321 IPv6-full", literal),
        valid("_test@[IPv6:2001:0db8:85a3:0000:0000:8a2e:0370:7334]", "RFC 5321 IPv6-full", literal),
        valid("user@[IPv6:2001:db8::1]", "RFC 5321 IPv6-comp", literal),
        valid("user@[IPv6:::1]", "RFC 5321 IPv6-comp, loopback", literal),
        valid("user@[IPv6:::]", "RFC 5321 IPv6-comp, all zeros", literal),
        valid("user@[IPv6:2001:db8::192.0.2.1]", "RFC 5321 IPv6v4-comp", literal),
        valid("user@[IPv6:::ffff:192.0.2.1]", "RFC 5321 IPv6v4-comp, mapped", literal),
        valid("user@[IPv6:1:2:3:4:5:6:192.0.2.1]", "RFC 5321 IPv6v4-full", literal),
        valid("user@[IPv6:1:2:3:4::192.0.2.1]", "RFC 5321 IPv6v4-comp, four groups", literal),
        valid("user@[IPv6:1:2:3::4:5:6]", "RFC 5321 IPv6-comp, six groups", literal),
        valid("user@[ipv6:2001:DB8::1]", "ABNF strings are case-insensitive", literal),
        valid("user@[001.002.003.004]", "RFC 5321 Snum allows leading zeros", literal),
        invalid("user@[256.0.0.1]", [.emailInvalidIPLiteral], "octet over 255", literal),
        invalid("user@[1.2.3]", [.emailInvalidIPLiteral], "three octets", literal),
        invalid("user@[1.2.3.4.5]", [.emailInvalidIPLiteral], "five octets", literal),
        invalid("user@[1..2.3]", [.emailInvalidIPLiteral], "empty octet", literal),
        invalid("user@[1234.1.1.1]", [.emailInvalidIPLiteral], "four-digit octet", literal),
        invalid("user@[]", [.emailInvalidIPLiteral], "empty literal", literal),
        invalid("user@[192.0.2.1", [.emailInvalidIPLiteral], "unclosed literal", literal),
        invalid("user@[192.0.2.1]x", [.emailInvalidIPLiteral], "text after the literal", literal),
        invalid("user@[192.0.2.1].com", [.emailInvalidIPLiteral], "a domain after the literal", literal),
        invalid("user@[2001:db8::1]", [.emailInvalidIPLiteral], "IPv6 without the IPv6: tag", literal),
        invalid("user@[IPv6:2001:db8:::1]", [.emailInvalidIPLiteral], "triple colon", literal),
        invalid("user@[IPv6:1::2::3]", [.emailInvalidIPLiteral], "two compressions", literal),
        invalid("user@[IPv6:1:2:3:4:5:6:7]", [.emailInvalidIPLiteral], "seven groups, no compression", literal),
        invalid("user@[IPv6:1:2:3:4:5:6:7:8:9]", [.emailInvalidIPLiteral], "nine groups", literal),
        invalid(
            "user@[IPv6:1:2:3:4:5:6:7::]", [.emailInvalidIPLiteral], "RFC 5321: :: must stand for two groups",
            literal),
        invalid(
            "user@[IPv6:1:2:3:4:5::192.0.2.1]", [.emailInvalidIPLiteral], "RFC 5321: five groups before IPv4",
            literal),
        invalid("user@[IPv6:12345::1]", [.emailInvalidIPLiteral], "five hex digits", literal),
        invalid("user@[IPv6:g::1]", [.emailInvalidIPLiteral], "not hex", literal),
        invalid("user@[IPv6:1:2:3:4:5:6:7:8:]", [.emailInvalidIPLiteral], "trailing colon", literal),
        invalid("user@[IPv6:1.2.3.4::]", [.emailInvalidIPLiteral], "IPv4 before the compression", literal),
        invalid("user@[tag:content]", [.emailInvalidIPLiteral], "general address literal", literal),
        invalid("user@[ 192.0.2.1]", [.emailWhitespace, .emailInvalidIPLiteral], "space in a literal", literal),
        invalid("user@[192.0.2.1]@example.com", [.emailMultipleAt], "an @ after the literal", literal),
        invalid("user@[" + repeated("1", 100) + "]", [.emailInvalidIPLiteral], "huge literal", literal),
    ]

    static let all: [EmailCase] =
        plainValid + structure + localPart + domain + lengths + whitespaceAndControls + quotedLocalParts
        + internationalized + addressLiterals
}

@Suite("Validation: email case table")
struct EmailCaseTableTests {
    @Test func theTableHasAtLeast150Cases() {
        #expect(EmailCaseTable.all.count >= 150)
        #expect(EmailCaseTable.all.filter(\.expected.isEmpty).count >= 50)
        #expect(EmailCaseTable.all.filter { !$0.expected.isEmpty }.count >= 100)
    }

    @Test(arguments: EmailCaseTable.all)
    func reportsExactlyTheExpectedCodes(row: EmailCase) {
        let failures = EmailValidator(options: row.options).validate(email: row.address)
        #expect(failures.codes == row.expected)
        #expect(failures.allSatisfy { $0.path.isEmpty && $0.elementID == nil })
    }

    @Test func everyEmailCodeAppearsInTheTable() {
        let covered = Set(EmailCaseTable.all.flatMap(\.expected))
        let missing = ValidationCode.emailCodes.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "codes without a row: \(missing)")
    }

    @Test(arguments: EmailCaseTable.all.filter(\.expected.isEmpty))
    func validRowsStayValidWithEveryOptionOn(row: EmailCase) {
        #expect(EmailValidator(options: .permissive).validate(email: row.address).isEmpty)
    }
}
