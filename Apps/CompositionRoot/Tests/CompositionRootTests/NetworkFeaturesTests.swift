import DevServer
import ExpensesFeature
import Foundation
import HomeFeature
import InvoicesFeature
import Registration
import Storage
import Testing

@testable import CompositionRoot

// Real time on purpose: the factory's shipped HTTP limits (10 s a try, 30 s a call) dwarf a loopback answer.
@Suite("CompositionRoot: registration, invoices and home screen against the dev-server")
struct NetworkFeaturesTests {
    private func uniqueEmail() -> String { "user-\(UUID().uuidString.prefix(8).lowercased())@example.com" }

    private func request(client: String = "ACME", template: String = "standard") -> InvoiceRequest {
        InvoiceRequest(
            client: client,
            items: [
                InvoiceItem(description: "Consulting", quantity: 5, unitPrice: 650),
                InvoiceItem(description: "Travel", quantity: 1, unitPrice: Decimal(string: "80.70") ?? 0),
            ],
            currencyCode: "EUR", template: template, taxPercent: 20)
    }

    @Test func registrationSignsInAndInvoicesUploadWithTheSession() async throws {
        let server = try await DevServer.shared()
        let folder = try TemporaryFolder()
        let factory = makeFactory(folder: folder, api: server.baseURL)
        try await factory.makeRegistration().register(email: uniqueEmail())

        let invoices = try await factory.makeInvoices()
        let submission = try await invoices.form.submit(request(template: "creative"))
        guard case .uploaded(let record) = submission else {
            Issue.record("expected an upload, got \(submission)")
            return
        }
        #expect(record.number == "INV-0001")
        #expect(record.total == Decimal(string: "3996.84"))
        #expect(record.serverID?.hasPrefix("inv_") == true)
        #expect(record.issuedOn == "2026-03-18" && record.dueOn == "2026-04-17")
        let file = try await invoices.archive.invoice(number: "INV-0001")
        #expect(file.pdf.starts(with: Data("%PDF-1.7".utf8)))

        let copy = try await factory.makeInvoices().duplication.duplicate(number: "INV-0001")
        #expect(copy.record.number == "INV-0002")
        #expect(copy.record.request.items == record.request.items)
        #expect(try await invoices.archive.list().map(\.number) == ["INV-0001", "INV-0002"])
        await factory.close()
    }

    @Test func anUploadFailureKeepsTheInvoiceAndARetryUploadsItOnce() async throws {
        try await DevServer.run { server in
            let folder = try TemporaryFolder()
            let factory = makeFactory(folder: folder, api: server.baseURL)
            let invoices = try await factory.makeInvoices()

            let signedOut = try await invoices.form.submit(request())
            guard case .storedLocally(let record, let failure) = signedOut else {
                Issue.record("expected a local invoice, got \(signedOut)")
                return
            }
            #expect(failure.reason == .notSignedIn)
            #expect(try await invoices.archive.list().map(\.number) == [record.number])

            try await factory.makeRegistration().register(email: uniqueEmail())
            try await server.control(
                DevServerControl(fail: .init(count: 5, status: 503, path: "/v1/invoices", method: "POST")))
            let stillFailing = try await invoices.uploads.upload(number: record.number)
            #expect(
                {
                    if case .storedLocally(_, let failure) = stillFailing {
                        failure.reason == .serverError
                    } else {
                        false
                    }
                }())

            try await server.reset()
            let uploaded = try await invoices.uploads.upload(number: record.number)
            #expect(uploaded.record.serverID != nil)
            let again = try await invoices.uploads.upload(number: record.number)
            #expect(again == uploaded)
            #expect(try await server.stats().count("/v1/invoices") == 1)
            await factory.close()
        }
    }

    @Test func theServerDownKeepsInvoicesLocalAndFailsRegistrationCleanly() async throws {
        let folder = try TemporaryFolder()
        let factory = makeFactory(folder: folder)
        await #expect {
            try await factory.makeRegistration().register(email: uniqueEmail())
        } throws: { error in
            guard case .server(let failure)? = error as? RegistrationError else { return false }
            return failure.statusCode == nil && failure.reason.contains("could not be reached")
        }
        let invoices = try await factory.makeInvoices()
        let submission = try await invoices.form.submit(request())
        #expect(
            submission
                == .storedLocally(
                    submission.record,
                    UploadFailure(reason: .notSignedIn, detail: "no session on this machine: register or sign in first")
                ))
        #expect(try await invoices.archive.list().count == 1)
        await factory.close()
    }

    @Test func registrationMapsEveryServerAnswer() async throws {
        let server = try await DevServer.shared()
        let folder = try TemporaryFolder()
        let factory = makeFactory(folder: folder, api: server.baseURL)
        let service = try factory.makeRegistration()
        let email = uniqueEmail()
        try await service.register(email: email)
        await #expect(throws: RegistrationError.alreadyRegistered) { try await service.register(email: email) }
        await #expect(throws: RegistrationError.domainNotAllowed(domain: "mailinator.com")) {
            try await service.register(email: "someone@Mailinator.COM")
        }
        let invalid = await #expect(throws: RegistrationError.self) { try await service.register(email: "no-at-sign") }
        #expect(invalid == .invalidEmail(codes: ["email.missingAt"]))
        await factory.close()
    }

    @Test func homeScreenShowsGoodSectionsSkipsBadOnesAndWorksOffline() async throws {
        let folder = try TemporaryFolder()
        try await DevServer.run { server in
            let factory = makeFactory(folder: folder, api: server.baseURL)
            _ = try await factory.makeExpenses().recorder.add(
                NewExpense(title: "Coffee", price: 3.8, currencyCode: "EUR", date: fixedNow))
            let screen = try await factory.makeHomeScreen().load()
            #expect(screen.source == .network)
            // What the server sends is the home feature's to test; the wiring's part is the user's own figures,
            // over the expenses feature's period words.
            let lines = screen.sections.flatMap(\.lines).map { $0.map(Self.text).joined() }
            #expect(lines.contains("Spent this month: €3.80"), "\(lines)")
            await factory.close()
            let offline = makeFactory(folder: folder)
            let cached = try await offline.makeHomeScreen().load()
            #expect(cached.source == .cache(savedAt: fixedNow, reason: .unreachable))
            #expect(cached.sections == screen.sections)
            await offline.close()
        }

        let empty = try TemporaryFolder()
        let neverOnline = makeFactory(folder: empty)
        await #expect {
            try await neverOnline.makeHomeScreen().load()
        } throws: { error in
            guard case .offlineWithoutCache? = error as? HomeScreenError else { return false }
            return true
        }
        await neverOnline.close()
    }

    private static func text(_ part: HomeText) -> String {
        switch part {
        case .text(let text): text
        case .link(let link): link
        }
    }
}
