import Foundation
import Navigation
import Testing

@Suite("Navigation: parameter types and values")
struct ParameterTypeTests {
    @Test(
        "int accepts decimal integers that fit and nothing else",
        arguments: [
            ("0", true), ("42", true), ("-7", true), ("007", true), ("9223372036854775807", true),
            ("-9223372036854775808", true), ("9223372036854775808", false), ("-9223372036854775809", false),
            ("", false), ("-", false), ("--1", false), ("+1", false), (" 1", false), ("1 ", false), ("1e3", false),
            ("0x10", false), ("١٢", false), (String(repeating: "9", count: 10_000), false),
        ]
    )
    func int(text: String, accepted: Bool) {
        #expect(ParameterType.int.accepts(text) == accepted)
    }

    @Test("uuid accepts the hyphenated form in either case only")
    func uuid() {
        #expect(ParameterType.uuid.accepts("0F8FAD5B-D9CB-469F-A165-70867728950E"))
        #expect(ParameterType.uuid.accepts("0f8fad5b-d9cb-469f-a165-70867728950e"))
        #expect(!ParameterType.uuid.accepts("0f8fad5bd9cb469fa16570867728950e"))
        #expect(!ParameterType.uuid.accepts("{0f8fad5b-d9cb-469f-a165-70867728950e}"))
        #expect(!ParameterType.uuid.accepts(""))
        #expect(!ParameterType.uuid.accepts(String(repeating: "a", count: 100_000)))
    }

    @Test("custom types are identified by name and validate with their rule")
    func custom() {
        let even = ParameterType.custom("even") { Int($0).map { $0 % 2 == 0 } ?? false }
        #expect(even.accepts("4"))
        #expect(!even.accepts("3"))
        #expect(even == .custom("even") { _ in false })
        #expect(even != .custom("odd") { _ in true })
        #expect(even.description == "even")
        #expect(ParameterType.custom(Slug.self).description == "Slug")
        #expect(ParameterType.custom(Slug.self).accepts("a-b"))
        #expect(!ParameterType.custom(Slug.self).accepts("A B"))
        #expect([ParameterType.int, .uuid, .string].map(\.description) == ["int", "uuid", "string"])
    }

    @Test("values expose their payload and canonical text")
    func values() throws {
        let id = try #require(UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E"))
        #expect(ParameterValue.int(-3).intValue == -3)
        #expect(ParameterValue.int(-3).stringValue == nil)
        #expect(ParameterValue.uuid(id).text == "0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(ParameterValue.uuid(id).uuidValue == id)
        #expect(ParameterValue.string("é").description == "é")
        #expect(ParameterValue.string("x").intValue == nil)
    }

    @Test("typed accessors report missing and mistyped parameters")
    func accessors() throws {
        var parameters: RouteParameters = [
            "id": .int(1), "name": .string("x"), "tag": .string("a-b"), "n": .string("1"),
        ]
        parameters["key"] = .uuid(UUID())
        #expect(try parameters.int("id") == 1)
        #expect(throws: RouteParameterError.missing("nope")) { try parameters.int("nope") }
        #expect(throws: RouteParameterError.typeMismatch("name", expected: "int")) { try parameters.int("name") }
        #expect(throws: RouteParameterError.typeMismatch("id", expected: "uuid")) { try parameters.uuid("id") }
        #expect(throws: RouteParameterError.missing("nope")) { try parameters.uuid("nope") }
        #expect(throws: RouteParameterError.typeMismatch("id", expected: "string")) { try parameters.string("id") }
        #expect(throws: RouteParameterError.missing("nope")) { try parameters.string("nope") }
        #expect(try parameters.value("tag", as: Slug.self).description == "a-b")
        #expect(try parameters.value("n", as: Int.self) == 1)
        #expect(throws: RouteParameterError.typeMismatch("name", expected: "Int")) {
            try parameters.value("name", as: Int.self)
        }
        #expect(throws: RouteParameterError.missing("nope")) { try parameters.value("nope", as: Slug.self) }
        parameters["id"] = nil
        #expect(parameters["id"] == nil)
        #expect(RouteParameters() == [:])
        #expect(RouteParameters(["a": .int(1)], wildcards: ["w"], remainder: ["r"]).remainder == ["r"])
    }
}
