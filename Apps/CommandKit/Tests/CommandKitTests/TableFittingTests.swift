import CommandKit
import CommandKitTesting
import Foundation
import Testing
import Validation

@Suite("CommandKit: tables fit the terminal")
struct TableFittingTests {
    private static func clients() -> TextTable {
        var table = TextTable([.left, .left, .right])
        table.append(["INV-0001", "Hyperion Consolidated Widget Manufacturing and Distribution GmbH", "€1,200.00"])
        table.append(["INV-0002", "Ana", "€80.00"])
        return table
    }

    @Test func theWidestTextColumnIsCutWithAnEllipsisToTheWidth() {
        let lines = Self.clients().lines(fitting: 40)
        #expect(lines.allSatisfy { TerminalText.width($0) <= 40 })
        #expect(lines[0] == "INV-0001  Hyperion Consolida…  €1,200.00")
        #expect(lines[1] == "INV-0002  Ana" + String(repeating: " ", count: 21) + "€80.00")
    }

    @Test func aTableNarrowerThanTheWidthIsUntouched() {
        let table = Self.clients()
        #expect(table.lines(fitting: 200) == table.lines(fitting: nil))
        #expect(table.lines(fitting: nil)[0].hasSuffix("Distribution GmbH  €1,200.00"))
    }

    @Test func amountsAreNeverCut() {
        var table = TextTable([.left, .right])
        table.append(["Coffee and cake at the station", "€1,234,567.89"])
        let lines = table.lines(fitting: 12)
        #expect(lines[0].hasSuffix("€1,234,567.89"))
    }

    @Test func wideCharactersCountTwoAndAreNeverSplit() {
        var table = TextTable([.left, .right])
        table.append(["東京都港区の株式会社サンプル", "€5.00"])
        let lines = table.lines(fitting: 17)
        #expect(lines[0] == "東京都港…   €5.00")
        #expect(TerminalText.width(lines[0]) == 17)
    }

    @Test func graphemeClustersAreNeverCut() {
        var table = TextTable([.left, .right])
        table.append(["Cafe\u{301}s 👩‍👩‍👧 family dinner", "€5.00"])
        let lines = table.lines(fitting: 20)
        #expect(lines[0] == "Cafe\u{301}s 👩‍👩‍👧…  €5.00")
    }

    private static let wide = CommandSpec(path: ["wide"], summary: "print a wide table") { invocation in
        var table = TextTable([.left, .right])
        table.append([String(repeating: "long client name ", count: 8), "€1.00"])
        for line in table.lines { invocation.console.line(line) }
        return .success
    }

    private struct Wide: CommandGroup {
        var commands: [CommandSpec] { [TableFittingTests.wide] }
    }

    @Test func aCommandsTableFitsATerminal() async {
        let result = await CommandHarness(Wide()).run(["wide"], terminal: true, columns: 30)
        #expect(result.output == "long client name long…   €1.00\n")
    }

    @Test func aCommandsTableIsNeverCutWhenPiped() async {
        let result = await CommandHarness(Wide()).run(["wide"], terminal: false, columns: 30)
        #expect(result.output == String(repeating: "long client name ", count: 8) + "  €1.00\n")
    }

    @Test func aCommandsTableIsNeverCutWithJSON() async {
        let result = await CommandHarness(Wide()).run(["wide"], json: true, terminal: true, columns: 30)
        #expect(TerminalText.width(result.output) > 100)
    }

    @Test func theConsoleKnowsTheWidthOnlyOnATerminalWithoutJSON() {
        #expect(Console(json: false, sink: CapturingSink(terminal: true, columns: 80)).tableWidth == 80)
        #expect(Console(json: true, sink: CapturingSink(terminal: true, columns: 80)).tableWidth == nil)
        #expect(Console(json: false, sink: CapturingSink(terminal: false, columns: 80)).tableWidth == nil)
    }

    @Test func theWidthOfATerminalComesFromColumnsWhenTheTerminalDoesNotSay() {
        #expect(StandardStreams.columns(fromTerminal: nil, environment: ["COLUMNS": "72"]) == 72)
        #expect(StandardStreams.columns(fromTerminal: 100, environment: ["COLUMNS": "72"]) == 100)
        #expect(StandardStreams.columns(fromTerminal: nil, environment: ["COLUMNS": "wide"]) == nil)
        #expect(StandardStreams.columns(fromTerminal: 0, environment: [:]) == nil)
    }
}

@Suite("CommandKit: errors with --json")
struct JSONErrorTests {
    private struct Invalid: CommandGroup {
        var commands: [CommandSpec] {
            [
                CommandSpec(path: ["check"], summary: "refuse everything") { _ throws(CommandError) in
                    throw .invalid(
                        "the thing",
                        [
                            ValidationProblem(code: .expenseTitleMissing, path: "title", message: "Enter a title."),
                            ValidationProblem(code: .expensePriceNotPositive, path: "", message: "Too cheap."),
                        ], field: { $0.path.isEmpty ? nil : "--\($0.path)" })
                }
            ]
        }
    }

    @Test func aValidationFailureListsEveryProblemWithItsFieldCodeAndMessage() async throws {
        let result = await CommandHarness(Invalid()).run(["check"], json: true)
        #expect(result.status == .dataError)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["message"] as? String == "the thing is not valid:")
        let problems = try #require(error["problems"] as? [[String: Any]])
        #expect(problems.count == 2)
        #expect(problems[0]["field"] as? String == "--title")
        #expect(problems[0]["code"] as? String == ValidationCode.expenseTitleMissing.rawValue)
        #expect(problems[0]["message"] as? String == "Enter a title.")
        #expect(problems[1].keys.contains("field") && problems[1]["field"] is NSNull)
        #expect(error.keys.contains("hint") && error["hint"] is NSNull)
    }

    @Test func anErrorWithoutProblemsHasAnEmptyList() async throws {
        let result = await CommandHarness(Invalid()).run(["nothing"], json: true)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect((error["problems"] as? [Any])?.isEmpty == true)
    }
}
