import CommandKit
import CommandKitTesting
import Testing

// The README's example, as written there.
struct Greeting: CommandGroup {
    var commands: [CommandSpec] {
        [
            CommandSpec(path: ["greet"], arguments: ["NAME"], summary: "say hello") { invocation throws(CommandError) in
                invocation.console.line("Hello, \(try invocation.positionals()[0])!")
                return .success
            }
        ]
    }
}

@Test func greetingSaysHello() async {
    let result = await CommandHarness(Greeting()).run(["greet", "Ana"])
    #expect(result.status == .success && result.output == "Hello, Ana!\n")
}
