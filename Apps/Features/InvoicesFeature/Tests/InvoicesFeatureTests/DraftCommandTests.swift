import CommandKit
import CommandKitTesting
import Foundation
import Storage
import Testing

@testable import InvoicesFeature

@Suite("Invoices: the draft commands")
struct DraftCommandTests {
    @Test func aDraftIsSavedWithoutClientOrItemsAndInvoiceNewStillNeedsBoth() async throws {
        let fixture = DraftFixture()
        let harness = fixture.harness
        let saved = await harness.run(["invoice", "new", "--draft"])
        #expect(saved.status == .success, "\(saved.error)")
        #expect(saved.output.hasPrefix("Draft D-1 saved.\n"))
        #expect(saved.output.contains("'ledger invoice issue D-1'"))
        #expect(try await fixture.desk.draft(try draftID(1)).request == emptyForm)

        let noClient = await harness.run(["invoice", "new", "--item", "a;1;2"])
        #expect(noClient.status == .usage && noClient.error.contains("invoice new needs --client"))
        let noItem = await harness.run(["invoice", "new", "--client", "A"])
        #expect(noItem.status == .usage && noItem.error.contains("invoice new needs --item"))
        let emptyClient = await harness.run(["invoice", "new", "--client", "", "--item", "a;1;2"])
        #expect(emptyClient.status == .usage && emptyClient.error.contains("invoice new needs --client"))
        #expect(try await fixture.flows.archive.list().isEmpty)
    }

    @Test func everyOptionOfNewReachesTheDraftAndJSONNamesIt() async throws {
        let fixture = DraftFixture()
        let result = await fixture.harness.run(
            [
                "invoice", "new", "--draft", "--client", "ACME", "--item", "Work;2;100", "--tax", "20", "--notes",
                "Thanks", "--template", "compact", "--due", "2026-05-01", "--client-country", "fr", "--discount", "10%",
            ], json: true)
        #expect(result.status == .success, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["id", "state", "client", "lines", "currency", "issuedAs", "savedAt"])
        #expect(object["id"] as? String == "D-1" && object["state"] as? String == "draft")
        #expect(object["client"] as? String == "ACME" && object["lines"] as? Int == 1)
        #expect(object["issuedAs"] is NSNull && object["savedAt"] as? String == "2026-03-18T12:00:00Z")
        let request = try #require(try await fixture.desk.draft(try draftID(1)).request)
        #expect(request.taxPercent == 20 && request.notes == "Thanks" && request.template == "compact")
        #expect(request.clientCountry == "FR" && request.discount == InvoiceDiscount(percent: 10, reason: ""))
        #expect(request.dueDate != nil)
    }

    @Test(arguments: [
        (["invoice", "new", "--draft", "--out", "x.pdf"], "--out is not used with --draft"),
        (["invoice", "new", "--draft", "--item", "no separators"], "description;quantity;unit price"),
        (["invoice", "new", "--draft", "--tax", "twenty"], "--tax 'twenty' is not a number such as 20"),
        (["invoice", "new", "--draft", "--template", "fancy"], "unknown template 'fancy'"),
        (["invoice", "new", "--draft", "--due", "tomorrow"], "is not a day written as YYYY-MM-DD"),
        (["invoice", "edit", "D-1"], "invoice edit needs at least one option to change"),
        (["invoice", "edit", "D-1", "--out", "x.pdf"], "unknown option '--out'"),
        (["invoice", "issue"], "invoice issue needs DRAFT"),
        (["invoice", "issue", ""], "no draft id was given"),
        (["invoice", "issue", "D-"], "'D-' is not a draft id; a draft id is D- and a number, such as D-3"),
        (["invoice", "delete", "D-x"], "'D-x' is not a draft id"),
        (["invoice", "edit", "3", "--client", "A"], "'3' is not a draft id"),
        (["invoice", "issue", "D-99999999999999999999"], "draft numbers run from 1 to 9223372036854775807"),
        (["invoice", "issue", "D-0"], "draft numbers run from 1"),
        (["invoice", "issue", "../draft.1.json"], "'../draft.1.json' is not a draft id"),
        (["invoice", "preview", "D-1", "--client", "X"], "--client is not used when previewing the draft D-1"),
        (["invoice", "issue", "D-1", "D-2"], "invoice issue does not take 'D-2'"),
    ])
    func badInputIsAUsageErrorWithASentence(arguments: [String], message: String) async throws {
        let fixture = DraftFixture()
        _ = try await fixture.desk.save(request())
        let result = await fixture.harness.run(arguments)
        #expect(result.status == .usage, "\(arguments): \(result.error)")
        #expect(result.error.contains(message), "\(arguments): \(result.error)")
        #expect(result.error.contains("hint: "), "\(arguments): \(result.error)")
        #expect(try await fixture.desk.draft(try draftID(1)).request == request())
    }

    @Test func hostileIDsAreShownSafelyAndShortened() async {
        let harness = DraftFixture().harness
        let escape = await harness.run(["invoice", "issue", "D-1\u{1B}[2J"])
        #expect(escape.status == .usage && !escape.error.contains("\u{1B}"), "\(escape.error)")
        let long = await harness.run(["invoice", "delete", "D-" + String(repeating: "1x", count: 5_000)])
        #expect(long.status == .usage && long.error.count < 400, "\(long.error.count) characters")
    }

    @Test(arguments: [
        ["invoice", "issue", "D-9"], ["invoice", "edit", "D-9", "--client", "A"], ["invoice", "preview", "D-9"],
    ])
    func anUnknownDraftIsNotFound(arguments: [String]) async {
        let result = await DraftFixture().harness.run(arguments)
        #expect(result.status == .dataError, "\(result.error)")
        #expect(result.error.hasPrefix("ledger: no draft D-9\n") && result.error.contains("ledger invoice drafts"))
    }

    @Test(arguments: [("edit", "edited"), ("delete", "deleted")])
    func anIssuedInvoiceCannotBeEditedOrDeleted(command: String, verb: String) async {
        let fixture = DraftFixture()
        let arguments = ["invoice", command, "INV-0001"] + (command == "edit" ? ["--client", "Changed"] : [])
        let result = await fixture.harness.run(arguments)
        #expect(result.status == .dataError, "\(result.error)")
        #expect(
            result.error.contains("INV-0001 is an issued invoice and cannot be \(verb): issued invoices are immutable"))
        #expect(result.error.contains("hint: Correct it with a credit note: 'ledger invoice credit INV-0001'."))
    }

    @Test func aDraftIsListedEditedPreviewedIssuedAndThenRefusesChanges() async throws {
        let fixture = DraftFixture(signedIn: true, answers: [ScriptedUploader.stored("INV-0001")])
        let harness = fixture.harness
        #expect(await harness.run(["invoice", "drafts"]).output.hasPrefix("No drafts."))
        #expect(await harness.run(["invoice", "new", "--draft", "--client", "ACME", "--tax", "20"]).status == .success)

        let listed = await harness.run(["invoice", "drafts"])
        #expect(listed.output == "D-1  ACME  0 lines  saved 2026-03-18\n", "\(listed.output)")

        let lacking = await harness.run(["invoice", "preview", "D-1"])
        #expect(lacking.status == .success, "\(lacking.error)")
        #expect(lacking.output.hasPrefix("PREVIEW of draft D-1 (no number taken) for ACME, issued 2026-03-18"))
        #expect(lacking.output.contains("Still to fix before 'ledger invoice issue D-1' accepts it:"))
        #expect(lacking.output.contains("[invoice.noLineItems]"))

        let edited = await harness.run([
            "invoice", "edit", "D-1", "--item", "Consulting;5;650", "--item", "Travel;1;80.70",
        ])
        #expect(edited.status == .success, "\(edited.error)")
        #expect(edited.output == "Draft D-1 changed for ACME: --item.\n")
        let replaced = await harness.run([
            "invoice", "edit", "d-1", "--item", "Consulting;5;650", "--item", "Travel;1;80.70",
        ])
        #expect(replaced.status == .success)
        #expect(try await fixture.desk.draft(try draftID(1)).request?.items.count == 2, "--item replaces every line")

        let ready = await harness.run(["invoice", "preview", "D-1"])
        #expect(ready.output.contains("Ready: 'ledger invoice issue D-1' issues it."))
        #expect(ready.output.contains("€3,996.84"))
        let json = await harness.run(["invoice", "preview", "D-1"], json: true)
        let preview = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(preview["draft"] as? String == "D-1" && preview["preview"] as? Bool == true)
        #expect(preview["total"] as? String == "3996.84" && (preview["problems"] as? [Any])?.isEmpty == true)
        #expect(try await fixture.flows.archive.list().isEmpty, "a preview stores nothing")

        let issued = await harness.run(["invoice", "issue", "D-1"])
        #expect(issued.status == .success, "\(issued.error)")
        #expect(
            issued.output
                == "Draft D-1 is now invoice INV-0001.\n"
                + "Invoice INV-0001 for ACME: €3,996.84, stored and uploaded as inv_INV-0001.\n")

        let again = await harness.run(["invoice", "issue", "D-1"])
        #expect(again.status == .dataError)
        #expect(
            again.error.hasPrefix(
                "ledger: draft D-1 was issued as invoice INV-0001; it can no longer be changed, deleted or issued again"
            ))
        #expect(again.error.contains("'ledger invoice credit INV-0001'"))
        for arguments in [
            ["invoice", "edit", "D-1", "--notes", "x"], ["invoice", "delete", "D-1"], ["invoice", "preview", "D-1"],
        ] {
            let refused = await harness.run(arguments)
            #expect(refused.status == .dataError && refused.error.contains("was issued as invoice INV-0001"))
        }
        let after = await harness.run(["invoice", "drafts"], json: true)
        let drafts = try #require(try JSONSerialization.jsonObject(with: Data(after.output.utf8)) as? [[String: Any]])
        #expect(drafts.count == 1 && drafts[0]["state"] as? String == "issued")
        #expect(drafts[0]["issuedAs"] as? String == "INV-0001" && drafts[0]["client"] is NSNull)
    }

    @Test func issuingAnIncompleteDraftFailsExactlyAsInvoiceNewWithTheSameOptions() async throws {
        let options = ["--client", " ", "--item", "Nothing;0;-1"]
        let fixture = DraftFixture()
        let new = await fixture.harness.run(["invoice", "new"] + options)
        #expect(await fixture.harness.run(["invoice", "new", "--draft"] + options).status == .success)
        let issued = await fixture.harness.run(["invoice", "issue", "D-1"])
        #expect(new.status == .dataError && issued.status == .dataError)
        #expect(issued.error == new.error, "\(issued.error)")
        #expect(issued.error.contains("[invoice.clientNameMissing]"))
        let newJSON = await fixture.harness.run(["invoice", "new"] + options, json: true)
        let issuedJSON = await fixture.harness.run(["invoice", "issue", "D-1"], json: true)
        #expect(issuedJSON.output == newJSON.output && !issuedJSON.output.isEmpty)
        #expect(try await fixture.flows.archive.list().isEmpty)
    }

    @Test func issuingWithJSONPrintsTheInvoice() async throws {
        let fixture = DraftFixture()
        _ = try await fixture.desk.save(request())
        let result = await fixture.harness.run(["invoice", "issue", "D-1"], json: true)
        #expect(result.status == .temporaryFailure, "not signed in: kept on this machine, as invoice new")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["number"] as? String == "INV-0001" && object["client"] as? String == "ACME")
        #expect(result.error.contains("ledger invoice upload INV-0001"))
    }

    @Test func aDeletedDraftCannotBeIssuedAndDeletingTwiceSucceeds() async throws {
        let fixture = DraftFixture()
        _ = try await fixture.desk.save(request())
        let deleted = await fixture.harness.run(["invoice", "delete", "D-1"])
        #expect(deleted.status == .success && deleted.output == "Draft D-1 deleted.\n")
        let twice = await fixture.harness.run(["invoice", "delete", "D-1"], json: true)
        #expect(
            twice.status == .success && twice.output.contains("\"deleted\" : false")
                || twice.output.contains("\"deleted\":false"), "\(twice.output)")
        let issued = await fixture.harness.run(["invoice", "issue", "D-1"])
        #expect(issued.status == .dataError && issued.error.hasPrefix("ledger: no draft D-1\n"))
        #expect(try await fixture.flows.archive.list().isEmpty)
    }

    @Test func tenIssuesOfOneDraftAtOnceIssueOneInvoice() async throws {
        let fixture = DraftFixture()
        _ = try await fixture.desk.save(request())
        let harness = fixture.harness
        let statuses = await withTaskGroup(of: ExitStatus.self) { group in
            for _ in 0..<10 { group.addTask { await harness.run(["invoice", "issue", "D-1"]).status } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == .temporaryFailure }.count == 1, "\(statuses)")
        #expect(statuses.filter { $0 == .dataError }.count == 9, "\(statuses)")
        #expect(try await fixture.flows.archive.list().map(\.number) == ["INV-0001"])
    }

    @Test func previewingAnInvoiceOrIssuingOneSaysWhatToDoInstead() async {
        let harness = DraftFixture().harness
        let preview = await harness.run(["invoice", "preview", "INV-0001"])
        #expect(preview.status == .dataError && preview.error.contains("'ledger invoice show INV-0001'"))
        let issue = await harness.run(["invoice", "issue", "INV-0001"])
        #expect(issue.status == .dataError && issue.error.contains("INV-0001 is an invoice, already issued"))
    }

    @Test func helpDescribesDraftsAndTheirCommands() throws {
        let commands = InvoiceCommands(
            invoices: { () throws(StorageError) -> Invoices in throw .closed }, templates: [])
        let names = commands.commands.map(\.name)
        #expect(
            names == [
                "invoice new", "invoice preview", "invoice list", "invoice show", "invoice upload", "invoice duplicate",
                "invoice drafts", "invoice edit", "invoice delete", "invoice issue", "invoice paid", "invoice credit",
                "invoice void", "invoice summary", "invoice export", "invoice import",
            ])
        let new = try #require(commands.commands.first { $0.name == "invoice new" })
        let newHelp = new.help.replacingOccurrences(of: "\n", with: " ")
        #expect(
            new.usage.hasSuffix("[--draft]") && newHelp.contains("Without --draft, --client and --item are required"))
        let edit = try #require(commands.commands.first { $0.name == "invoice edit" })
        #expect(edit.usage.hasPrefix("ledger invoice edit DRAFT [--client KEY|NAME] [--item "))
        let editHelp = edit.help.replacingOccurrences(of: "\n", with: " ")
        #expect(editHelp.contains("replaces every line") && editHelp.contains("ledger invoice credit NUMBER"))
        #expect(!edit.options.contains { $0.name == "out" || $0.required })
        let preview = try #require(commands.commands.first { $0.name == "invoice preview" })
        #expect(preview.usage.hasPrefix("ledger invoice preview [DRAFT] [--client KEY|NAME]"))
    }

    @Test func withoutDraftFlowsTheCommandsSaySoAndInvoiceNewStillWorks() async {
        let preview = PreviewFixture()
        let result = await preview.harness.run(["invoice", "drafts"])
        #expect(result.status == .unavailable && result.error.contains("drafts are not available in this ledger"))
        #expect(
            await preview.harness.run(["invoice", "new", "--client", "A", "--item", "a;1;2"]).status
                == .temporaryFailure)
    }
}
