import Testing

@testable import MultipartForm

/// The table of names behind `name-duplicate`: every name held stays found as the table grows, a
/// name never held is never found, the capacity is a hard stop, and a reported name stays reported.
@Suite struct SeenNamesTests {
    static func hash(_ text: String) -> UInt64 { Array(text.utf8).withUnsafeBytes(SeenNames(capacity: 1).hash) }

    @Test func everyNameIsFoundAgainAfterTheTableGrows() {
        var names = SeenNames(capacity: 10_000)
        for index in 0..<5_000 { #expect(names.first(carrying: Self.hash("field\(index)"), part: index) == nil) }
        #expect(names.count == 5_000)
        let found = (0..<5_000).filter { (index: Int) in names.first(carrying: Self.hash("field\(index)"), part: 9_999) == index }
        #expect(found.count == 5_000)
        #expect(names.count == 5_000)
    }

    @Test func namesNeverHeldAreNotFound() {
        var names = SeenNames(capacity: 5_000)
        for index in 0..<5_000 { _ = names.first(carrying: Self.hash("held\(index)"), part: index) }
        let found = (0..<20_000).filter { (index: Int) in names.first(carrying: Self.hash("other\(index)"), part: 9_999) != nil }
        #expect(found.isEmpty)
        #expect(names.count == 5_000)
    }

    @Test func hashesThatShareAFilterBitOrASlotAreToldApart() {
        // The slot comes from a hash's low bits and its filter bit from its high half: `b` shares
        // `a`'s filter bit but not its slot, `c` shares `a`'s slot but not its filter bit.
        let a: UInt64 = 0x0000_0001_0000_0001, b: UInt64 = 0x0000_0001_0000_0002, c: UInt64 = 0x0000_0002_0000_0001
        var names = SeenNames(capacity: 10)
        #expect(names.first(carrying: a, part: 0) == nil)
        #expect(names.first(carrying: b, part: 1) == nil)
        #expect(names.first(carrying: c, part: 2) == nil)
        #expect(names.first(carrying: a, part: 3) == 0)
        #expect(names.first(carrying: b, part: 3) == 1)
        #expect(names.first(carrying: c, part: 3) == 2)
        #expect(names.count == 3)
    }

    @Test func namesPastTheCapacityAreNotHeld() {
        var names = SeenNames(capacity: 3)
        for index in 0..<5 { _ = names.first(carrying: Self.hash("n\(index)"), part: index) }
        #expect(names.count == 3)
        #expect(names.first(carrying: Self.hash("n4"), part: 9) == nil)
        #expect(names.first(carrying: Self.hash("n2"), part: 9) == 2)
    }

    @Test func aPartIndexIsKeptWhole() {
        // A slot keeps its first part in 32 bits: the largest index it holds comes back whole, and a
        // name first carried past it is not held (nothing could say which part carried it). Every
        // value here is an `Int` on a 32-bit platform too, as the mark itself must be.
        #expect(SeenNames.reported <= Int(Int32.max))
        var names = SeenNames(capacity: 10)
        let largest = SeenNames.reported - 1
        #expect(names.first(carrying: Self.hash("late"), part: largest) == nil)
        #expect(names.first(carrying: Self.hash("late"), part: SeenNames.reported) == largest)
        #expect(names.first(carrying: Self.hash("later"), part: SeenNames.reported) == nil)
        #expect(names.first(carrying: Self.hash("later"), part: SeenNames.reported) == nil)
        #expect(names.count == 1)
    }

    @Test func aReportedNameStaysReported() {
        var names = SeenNames(capacity: 10)
        let hash = Self.hash("a")
        _ = names.first(carrying: hash, part: 0)
        names.markReported(hash)
        #expect(names.first(carrying: hash, part: 5) == SeenNames.reported)
    }

    @Test func hashesDependOnEveryByteAndTheLength() {
        let texts = ["", "a", "b", "ab", "ba", "field1", "field2", "abcdefgh", "abcdefgi", "abcdefgh\0", "\0"]
        #expect(Set(texts.map(Self.hash)).count == texts.count)
        #expect(texts.allSatisfy { Self.hash($0) != 0 })
    }
}
