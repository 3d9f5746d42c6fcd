import Foundation
import NetworkingTesting
import Testing

@testable import CompositionRoot

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

        let copy = try await factory.makeInvoiceDuplication().duplicate(number: "INV-0001")
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
        await #expect(throws: RegistrationError.self) {
            try await factory.makeRegistration().register(email: uniqueEmail())
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

    @Test func invalidInvoicesAndUnknownTemplatesStoreNothing() async throws {
        let folder = try TemporaryFolder()
        let factory = makeFactory(folder: folder)
        let invoices = try await factory.makeInvoices()
        let bad = InvoiceRequest(
            client: " ", items: [InvoiceItem(description: "", quantity: Int.min, unitPrice: -1)], currencyCode: "XYZ",
            taxPercent: 120)
        let error = await #expect(throws: InvoiceError.self) { try await invoices.form.submit(bad) }
        guard case .invalid(let problems) = error else {
            Issue.record("expected invalid, got \(String(describing: error))")
            return
        }
        #expect(
            Set(problems.map(\.code)).isSuperset(of: [
                "invoice.clientNameMissing", "invoice.quantityNotPositive", "invoice.unitPriceNegative",
                "invoice.taxRateOutOfRange",
            ]))
        await #expect(throws: InvoiceError.unknownTemplate("fancy", available: ["standard", "compact", "creative"])) {
            try await invoices.form.submit(request(template: "fancy"))
        }
        await #expect(throws: InvoiceError.rendering(.unsupportedCharacters(["О", "Д"]))) {
            try await invoices.form.submit(request(client: "ООО Д"))
        }
        #expect(try await invoices.archive.list().isEmpty)
        await #expect(throws: InvoiceError.notFound("../etc/passwd")) {
            try await invoices.archive.invoice(number: "../etc/passwd")
        }
        await factory.close()
    }

    @Test func registrationMapsEveryServerAnswer() async throws {
        let server = try await DevServer.shared()
        let folder = try TemporaryFolder()
        let factory = makeFactory(folder: folder, api: server.baseURL)
        let service = factory.makeRegistration()
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
            let screen = try await factory.makeHomeScreen().load()
            #expect(screen.source == .network)
            #expect(screen.sections.count == 3)
            #expect(
                screen.sections.contains(
                    .expensesSummary(
                        period: "month", total: "€1,842.50",
                        categories: [
                            .init(name: "Travel", total: "€920.00"), .init(name: "Meals", total: "€412.50"),
                            .init(name: "Software", total: "€510.00"),
                        ])))
            #expect(screen.skipped.map(\.id) == ["promo", "broken"])
            await factory.close()
        }
        let offline = makeFactory(folder: folder)
        let cached = try await offline.makeHomeScreen().load()
        #expect(cached.source == .cache(savedAt: fixedNow))
        #expect(cached.sections.count == 3)
        await offline.close()

        let empty = try TemporaryFolder()
        let neverOnline = makeFactory(folder: empty)
        await #expect(throws: HomeScreenError.self) { try await neverOnline.makeHomeScreen().load() }
        await neverOnline.close()
    }

    @Test(arguments: ["welcome", "../../escape", "", String(repeating: "x", count: 500), "a/b\u{0}c", "日本"])
    func sectionCacheIDsNeverEscapeTheStore(sectionID: String) throws {
        let id = try #require(DocumentSectionStorage.documentID(for: sectionID))
        #expect(id.rawValue.hasPrefix("home.section."))
        #expect(!id.rawValue.contains("/") && !id.rawValue.contains(".."))
    }
}

@Suite("CompositionRoot: deep links")
struct DeepLinkTests {
    @Test(arguments: [
        ("ledger://invoices/INV-0042", LedgerDestination.invoice(number: "INV-0042")),
        ("https://app.ledger.example/invoices/INV-7", .invoice(number: "INV-7")),
        ("ledger://invoices/new", .newInvoice),
        ("ledger://reports/weekly", .report(.weekly)),
        ("ledger://expenses/new", .newExpense),
        ("ledger://home", .home),
    ])
    func appLinksRouteToTheirScreens(link: String, destination: LedgerDestination) async throws {
        let folder = try TemporaryFolder()
        let presenter = Recorder()
        let navigator = try makeFactory(folder: folder).makeNavigator(presenter: presenter, opener: presenter)
        let outcome = await navigator.navigate(to: try #require(URL(string: link)))
        #expect(outcome == .routedInternally(destination))
        #expect(await presenter.presented == [destination])
    }

    @Test(arguments: [
        "javascript:alert(1)", "data:text/html,<script>", "file:///etc/passwd", "https://evil.test/",
        "https://app.ledger.example@evil.test/", "ledger://home?next=https://evil.test",
        "https://evil.test\\@ledger.example/",
        "ledger://reports/hourly", "ledger://invoices/../../etc",
    ])
    func hostileAndUnknownLinksAreRejected(link: String) async throws {
        let folder = try TemporaryFolder()
        let recorder = Recorder()
        let navigator = try makeFactory(folder: folder).makeNavigator(presenter: recorder, opener: recorder)
        guard let url = URL(string: link) else { return }
        let outcome = await navigator.navigate(to: url)
        guard case .rejected = outcome else {
            Issue.record("\(link) was not rejected: \(outcome)")
            return
        }
        #expect(await recorder.presented.isEmpty)
        #expect(await recorder.opened.isEmpty)
    }

    @Test func routesBuildLinksThatRouteBack() throws {
        let folder = try TemporaryFolder()
        let routes = try makeFactory(folder: folder).makeRoutes()
        for destination in [LedgerDestination.invoice(number: "INV-0001"), .report(.monthly), .home, .newInvoice] {
            let url = try routes.url(for: destination)
            #expect(try routes.destination(for: url) == destination)
        }
    }
}

/// A presenter and opener that remember what they were asked to do.
actor Recorder: ScreenPresenter, URLOpener {
    private(set) var presented: [LedgerDestination] = []
    private(set) var opened: [URL] = []

    func present(_ destination: LedgerDestination) {
        presented.append(destination)
    }

    func canOpen(_ url: URL) -> Bool { true }

    func open(_ url: URL) -> Bool {
        opened.append(url)
        return true
    }
}
