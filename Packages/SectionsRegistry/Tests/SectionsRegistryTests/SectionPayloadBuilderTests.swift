import Foundation
import SectionsRegistry
import SectionsRegistryTesting
import Testing

@Suite("SectionsRegistry: payload builder")
struct SectionPayloadBuilderTests {
    @Test func serialisesContentAsSortedJSON() {
        let payload = SectionPayloadBuilder().section(id: "s1", type: "banner", json: ["title": "Hi", "a": 1])
        #expect(payload.type == "banner")
        #expect(String(decoding: payload.content, as: UTF8.self) == #"{"a":1,"title":"Hi"}"#)
    }
}
