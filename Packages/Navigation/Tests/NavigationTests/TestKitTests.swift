import Foundation
import Navigation
import NavigationTesting
import Testing

@Suite("Navigation: test doubles")
struct TestKitTests {
    @Test("the recording navigator records URLs and answers with the configured outcome")
    func recordingNavigator() async throws {
        let navigator = SpyNavigator { .openedExternally($0) }
        let link = try url("https://example.com/a")
        #expect(await navigator.navigate(to: link) == .openedExternally(link))
        #expect(await navigator.visitedURLs == [link])
        #expect(await SpyNavigator().navigate(to: link) == .rejected(.routing(.noMatchingRoute)))
    }

    @Test("the fake router answers known URLs, fails the rest, and records every question")
    func fakeRouter() throws {
        let known = try url("ledger://invoice/1")
        let unknown = try url("ledger://nowhere")
        let router = FakeRouter(routes: [known: AppScreen.invoice(id: 1)], failure: .malformedURL)
        #expect(try router.destination(for: known) == .invoice(id: 1))
        #expect(throws: RoutingError.malformedURL) { try router.destination(for: unknown) }
        #expect(router.requestedURLs == [known, unknown])
    }

    @Test("the fake router is safe to share between tasks")
    func fakeRouterConcurrent() async throws {
        let known = try url("ledger://invoice/1")
        let router = FakeRouter(routes: [known: AppScreen.invoice(id: 1)])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { _ = try? router.destination(for: known) } }
        }
        #expect(router.requestedURLs.count == 100)
    }

    @Test("the recording opener answers as configured and records both questions and opens")
    func recordingOpener() async throws {
        let link = try url("https://example.com")
        let opener = SpyURLOpener(canOpen: { $0.scheme == "https" }, open: { _ in false })
        #expect(await opener.canOpen(link))
        #expect(await !opener.canOpen(try url("ftp://example.com")))
        #expect(await !opener.open(link))
        #expect(await opener.queriedURLs.count == 2)
        #expect(await opener.openedURLs == [link])
    }

    @Test("the stub policy allows by default and rejects with the configured reason")
    func stubPolicy() throws {
        let link = try url("https://example.com")
        #expect(throws: Never.self) { try StubLinkPolicy().check(link) }
        #expect(throws: LinkRejection.userInfo) { try StubLinkPolicy { _ in .userInfo }.check(link) }
    }

    @Test("the recording badge cleaner fails on scripted calls only")
    func recordingBadgeCleaner() async throws {
        let cleaner = SpyBadgeCleaner(results: [nil, .systemFailure])
        try await cleaner.clearBadge()
        await #expect(throws: BadgeCleaningError.systemFailure) { try await cleaner.clearBadge() }
        try await cleaner.clearBadge()
        #expect(await cleaner.calls == 3)
    }
}
