import Essentials
import Testing

@Suite("Essentials: text written into messages")
struct ReadableTextTests {
    @Test(arguments: [
        ("invoice.pdf", "“invoice.pdf”"),
        ("two words", "“two words”"),
        ("invoice\u{202E}fdp.exe", "“invoice U+202E fdp.exe”"),
        ("a\nb", "“a U+000A b”"),
        ("\r\n", "“U+000D U+000A”"),
        ("zero\u{200B}width", "“zero U+200B width”"),
        ("no\u{A0}break", "“no U+00A0 break”"),
        ("\u{301}mark first", "“U+0301 mark first”"),
        ("\u{E000}", "“U+E000”"),
        ("ł and 中", "“ł and 中”"),
        ("", "“”"),
    ])
    func invisibleCharactersAreWrittenAsCodePoints(text: String, quoted: String) {
        #expect(ReadableText.quoted(text) == quoted)
    }

    @Test func aCharacterJoinedByAnInvisibleOneIsWrittenWhole() {
        // The zero-width joiner belongs to the character before it, so the whole character is named.
        #expect(ReadableText.quoted("a\u{200D}b") == "“U+0061 U+200D b”")
    }

    @Test func longTextIsCutWithAnEllipsis() {
        #expect(ReadableText.quoted("abcdef", limit: 3) == "“abc…”")
        #expect(ReadableText.quoted("abc", limit: 3) == "“abc”")
        #expect(ReadableText.quoted(String(repeating: "x", count: 1_000)).count == 83)
        #expect(ReadableText.quoted("abc", limit: -1) == "“…”")
    }

    @Test func escapedTextHasNoQuotationMarks() {
        #expect(ReadableText.escaped("2025\u{202E}-02\n-30") == "2025 U+202E -02 U+000A -30")
        #expect(ReadableText.escaped("plain text") == "plain text")
        #expect(ReadableText.escaped("") == "")
    }

    @Test(arguments: [
        (Character("ł"), "ł (U+0142)"), ("🇩🇪", "🇩🇪 (U+1F1E9 U+1F1EA)"), ("\u{202E}", "U+202E"), (" ", "U+0020"),
        ("\u{A0}", "U+00A0"), ("e\u{301}", "e\u{301} (U+0065 U+0301)"),
    ])
    func aCharacterIsDescribedByItsCodePoints(character: Character, description: String) {
        #expect(ReadableText.describe(character) == description)
    }

    @Test func listsReadAsEnglish() {
        #expect(ReadableText.list([]) == "")
        #expect(ReadableText.list(["a"]) == "a")
        #expect(ReadableText.list(["a", "b"]) == "a and b")
        #expect(ReadableText.list(["a", "b", "c"]) == "a, b and c")
        #expect(ReadableText.list(["a", "b", "c", "d", "e"], limit: 3) == "a, b, c and 2 more")
    }

    @Test func countsAreGroupedAndAgreeWithTheirNoun() {
        #expect(ReadableText.count(1, "byte") == "1 byte")
        #expect(ReadableText.count(0, "byte") == "0 bytes")
        #expect(ReadableText.count(8_193, "byte") == "8,193 bytes")
        #expect(ReadableText.count(2, "value was", "values were") == "2 values were")
        #expect(ReadableText.grouped(999) == "999")
        #expect(ReadableText.grouped(1_000_000) == "1,000,000")
        #expect(ReadableText.grouped(-12_345) == "-12,345")
        #expect(ReadableText.grouped(Int64(1_000_000_000_000_000)) == "1,000,000,000,000,000")
    }

    @Test func codePointsHaveAtLeastFourDigits() {
        #expect(ReadableText.codePoint("\u{7}") == "U+0007")
        #expect(ReadableText.codePoint("\u{202E}") == "U+202E")
        #expect(ReadableText.codePoint("\u{1F600}") == "U+1F600")
    }
}
