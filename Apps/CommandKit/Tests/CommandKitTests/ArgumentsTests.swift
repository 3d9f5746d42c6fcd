import CommandKit
import CommandKitTesting
import Foundation
import Testing

@Suite("CommandKit: parsing a command line")
struct ArgumentsTests {
    private let command = CommandSpec(
        path: ["thing", "make"], arguments: ["NAME", "MORE?"], summary: "make a thing",
        options: [
            .value("size", "N", "how big", required: true), .value("tag", "TAG", "a tag", repeatable: true),
            .flag("dry-run", "do nothing"),
        ]
    ) { invocation throws(CommandError) in
        let words = try invocation.positionals()
        invocation.console.line(
            "\(words) size=\(invocation.value("size")) tags=\(invocation.arguments.all("tag")) "
                + "dry=\(invocation.arguments.has("dry-run"))")
        return .success
    }

    private struct Group: CommandGroup {
        let commands: [CommandSpec]
    }

    private var harness: CommandHarness { CommandHarness(Group(commands: [command])) }

    @Test func optionsFlagsAndPositionalsAreReadInAnyOrder() async {
        let result = await harness.run([
            "thing", "make", "--tag=a", "box", "--size", "3", "--dry-run", "--tag", "b", "--", "--not-an-option",
        ])
        #expect(result.status == .success)
        #expect(result.output == "[\"box\", \"--not-an-option\"] size=3 tags=[\"a\", \"b\"] dry=true\n")
    }

    @Test(arguments: [
        (["thing", "make", "box"], "thing make needs --size"),
        (["thing", "make", "box", "--size"], "--size needs a value"),
        (["thing", "make", "box", "--size", "1", "--size", "2"], "--size is given more than once"),
        (["thing", "make", "box", "--size", "1", "--dry-run=yes"], "--dry-run takes no value"),
        (["thing", "make", "box", "--size", "1", "--colour", "red"], "unknown option '--colour'"),
        (["thing", "make", "--size", "1"], "thing make needs NAME"),
        (["thing", "make", "a", "b", "c", "--size", "1"], "thing make does not take 'c'"),
    ])
    func aWrongCommandLineIsAUsageErrorWithTheUsage(words: [String], message: String) async {
        let result = await harness.run(words)
        #expect(result.status == .usage)
        #expect(result.error.hasPrefix("ledger: \(message)\n"), "\(result.error)")
        #expect(
            result.error.contains(
                "usage: ledger thing make --size N NAME [MORE] [--tag TAG]... [--dry-run]"))
        #expect(result.error.contains("hint: Run 'ledger help thing make' for its options."))
    }

    @Test func helpListsTheUsageTheSummaryAndEveryOption() {
        let help = command.help
        #expect(
            help.hasPrefix(
                "USAGE: ledger thing make --size N NAME [MORE] [--tag TAG]... [--dry-run]\n\nMake a thing.\n"))
        #expect(help.contains("  --size N                how big (required)\n"))
        #expect(help.contains("  --tag TAG               a tag (repeatable)\n"))
    }

    @Test func withJSONAnErrorIsAlsoAnObjectWithEveryKey() async throws {
        let result = await harness.run(["thing", "make", "--size", "1"], json: true)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [String: Any]])
        let error = try #require(object["error"])
        #expect(Set(error.keys) == ["message", "details", "hint", "problems"])
        #expect(error["message"] as? String == "thing make needs NAME")
    }
}

@Suite("CommandKit: text for a terminal")
struct TerminalTextTests {
    @Test func outsideTextCannotDriveTheTerminal() {
        #expect(TerminalText.safe("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
        #expect(TerminalText.safe("ok\r\nledger: forged") == "ok\\u{D}\\u{A}ledger: forged")
        #expect(TerminalText.safe("\u{7}\u{9B}x") == "\\u{7}\\u{9B}x")
        #expect(TerminalText.safe("abc\u{202E}fdp.exe") == "abc\\u{202E}fdp.exe")
        #expect(TerminalText.safe("Zażółć 東京 ✓") == "Zażółć 東京 ✓")
    }

    @Test func tablesLineUpByTerminalColumns() {
        var table = TextTable([.left, .right])
        table.append(["東京", "1"])
        table.append(["Zürich", "10"])
        table.append(["tab\there", "100"])
        // 東京 takes 4 columns, Zürich 6: the widest first column is 8 ("tab here").
        #expect(table.lines == ["東京        1", "Zürich     10", "tab here  100"])
    }

    @Test func countsTakeTheirNounInTheRightNumber() {
        #expect(Plural.count(0, "row") == "0 rows")
        #expect(Plural.count(1, "row") == "1 row")
        #expect(Plural.count(2, "row") == "2 rows")
    }
}
