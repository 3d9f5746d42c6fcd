import Foundation
import Navigation
import NavigationTesting
import Testing

@Suite("Navigation: recording navigator")
struct RecordingNavigatorTests {
    @Test func recordsURLsAndAnswersWithTheConfiguredOutcome() async throws {
        let navigator = RecordingNavigator { .openedExternally($0) }
        let url = try #require(URL(string: "https://example.com/a"))
        #expect(await navigator.navigate(to: url) == .openedExternally(url))
        #expect(await navigator.visitedURLs == [url])
    }
}
