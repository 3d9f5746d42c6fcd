import EssentialsTesting
import Testing

@Suite("EssentialsTesting: SplitMix64")
struct SeededGeneratorTests {
    @Test func theSequenceIsSplitMix64s() {
        // The published SplitMix64 outputs for seed 0 (Vigna's reference implementation, splitmix64.c).
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func theSameSeedGivesTheSameNumbers() {
        var first = SeededGenerator(seed: 2026)
        var second = SeededGenerator(seed: 2026)
        let a = (0..<100).map { _ in Int.random(in: 0..<1000, using: &first) }
        let b = (0..<100).map { _ in Int.random(in: 0..<1000, using: &second) }
        #expect(a == b)
    }
}
