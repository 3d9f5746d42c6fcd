import CompositionRoot
import Foundation
import Testing

@Suite("CompositionRoot: factory")
struct LedgerFactoryTests {
    private let factory = LedgerFactory(
        configuration: .init(
            dataDirectory: URL(fileURLWithPath: NSTemporaryDirectory()),
            apiBaseURL: URL(fileURLWithPath: "/")
        )
    )

    @Test func emailValidatorRejectsAnAddressWithoutAt() {
        #expect(factory.makeEmailValidator().validate(email: "nobody").map(\.code) == [.emailMissingAt])
    }
}
