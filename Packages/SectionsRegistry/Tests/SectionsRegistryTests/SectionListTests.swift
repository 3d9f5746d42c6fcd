import EssentialsTesting
import SectionsRegistry
import Testing

@Suite("SectionsRegistry: section list edits")
struct SectionListTests {
    private func section(_ id: String, _ title: String = "t") -> ScreenSection {
        ScreenSection(id: id, type: "note", model: title)
    }

    private func list(_ ids: String...) throws -> SectionList {
        try SectionList(ids.map { section($0) })
    }

    @Test func removingReturnsANewListAndLeavesTheOriginal() throws {
        let original = try list("a", "b", "c")
        let edited = try original.removing(id: "b")
        #expect(edited.ids == ["a", "c"])
        #expect(original.ids == ["a", "b", "c"])
        #expect(try RemoveSectionProcessor(id: "a").process(edited).ids == ["c"])
    }

    @Test func removingAMissingIDIsAnError() throws {
        #expect(throws: SectionListError.sectionNotFound("x")) { try list("a").removing(id: "x") }
        #expect(throws: SectionListError.sectionNotFound("a")) { try SectionList().removing(id: "a") }
    }

    @Test(arguments: [
        ("a", 2, ["b", "c", "a"]), ("c", 0, ["c", "a", "b"]), ("b", 1, ["a", "b", "c"]), ("a", 1, ["b", "a", "c"]),
    ])
    func movingPutsTheSectionAtItsDestination(id: String, destination: Int, expected: [String]) throws {
        let original = try list("a", "b", "c")
        #expect(try original.moving(id: id, to: destination).ids == expected)
        #expect(original.ids == ["a", "b", "c"])
    }

    @Test(arguments: [-1, 3, Int.max, Int.min])
    func movingOutOfRangeIsAnError(destination: Int) throws {
        #expect(throws: SectionListError.positionOutOfRange(position: destination, count: 3)) {
            try list("a", "b", "c").moving(id: "a", to: destination)
        }
    }

    @Test func movingAMissingIDIsAnError() throws {
        #expect(throws: SectionListError.sectionNotFound("x")) { try list("a").moving(id: "x", to: 0) }
    }

    @Test(arguments: [
        (InsertSectionProcessor.Position.index(0), ["n", "a", "b"]), (.index(2), ["a", "b", "n"]),
        (.before(id: "b"), ["a", "n", "b"]), (.after(id: "b"), ["a", "b", "n"]), (.after(id: "a"), ["a", "n", "b"]),
        (.end, ["a", "b", "n"]),
    ])
    func insertingPutsTheSectionWhereAsked(position: InsertSectionProcessor.Position, expected: [String]) throws {
        let original = try list("a", "b")
        #expect(try original.inserting(section("n"), at: position).ids == expected)
        #expect(original.ids == ["a", "b"])
    }

    @Test func insertingADuplicateOrAtABadPositionIsAnError() throws {
        let original = try list("a", "b")
        #expect(throws: SectionListError.duplicateID("a")) { try original.inserting(section("a"), at: .end) }
        #expect(throws: SectionListError.positionOutOfRange(position: 3, count: 2)) {
            try original.inserting(section("n"), at: .index(3))
        }
        #expect(throws: SectionListError.positionOutOfRange(position: -1, count: 2)) {
            try original.inserting(section("n"), at: .index(-1))
        }
        #expect(throws: SectionListError.sectionNotFound("x")) {
            try original.inserting(section("n"), at: .after(id: "x"))
        }
        #expect(throws: SectionListError.sectionNotFound("x")) {
            try original.inserting(section("n"), at: .before(id: "x"))
        }
    }

    @Test func aListRefusesDuplicateIDs() {
        #expect(throws: SectionListError.duplicateID("a")) {
            try SectionList([section("a"), section("b"), section("a")])
        }
    }

    @Test func editsCanBeQueuedAsValues() throws {
        let edits: [any SectionListProcessor] = [
            RemoveSectionProcessor(id: "b"), InsertSectionProcessor(section: section("n"), position: .index(0)),
            MoveSectionProcessor(id: "a", destination: 2),
        ]
        var current = try list("a", "b", "c")
        for edit in edits { current = try edit.process(current) }
        #expect(current.ids == ["n", "c", "a"])
    }

    @Test func sectionsCompareByIDTypeAndModel() {
        #expect(section("a", "x") == section("a", "x"))
        #expect(section("a", "x") != section("a", "y"))
        #expect(section("a") != section("b"))
        #expect(ScreenSection(id: "a", type: "note", model: 1) != ScreenSection(id: "a", type: "note", model: "1"))
        #expect(ScreenSection(id: "a", type: "note", model: 1) != ScreenSection(id: "a", type: "other", model: 1))
    }

    @Test func aLargeListStaysCorrectUnderManyEdits() throws {
        var generator = SeededGenerator(seed: 5)
        var list = try SectionList((0..<500).map { section("s\($0)") })
        var mirror = list.ids
        for step in 0..<1_000 {
            let id = mirror[Int.random(in: 0..<mirror.count, using: &generator)]
            switch step % 3 {
            case 0:
                list = try list.removing(id: id)
                mirror.removeAll { $0 == id }
                list = try list.inserting(section("n\(step)"), at: .end)
                mirror.append("n\(step)")
            case 1:
                let destination = Int.random(in: 0..<mirror.count, using: &generator)
                list = try list.moving(id: id, to: destination)
                mirror.removeAll { $0 == id }
                mirror.insert(id, at: destination)
            default:
                list = try list.inserting(section("i\(step)"), at: .after(id: id))
                mirror.insert("i\(step)", at: (mirror.firstIndex(of: id) ?? 0) + 1)
            }
        }
        #expect(list.ids == mirror)
        #expect(Set(list.ids).count == list.count)
    }
}
