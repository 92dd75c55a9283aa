import Testing

@testable import MultipartForm

/// The table of names behind `name-duplicate`: every name held stays found as the table grows, the
/// capacity is a hard stop, and a reported name stays reported.
@Suite struct SeenNamesTests {
    static func hash(_ text: String) -> UInt64 { Array(text.utf8).withUnsafeBytes(SeenNames(capacity: 1).hash) }

    @Test func everyNameIsFoundAgainAfterTheTableGrows() {
        var names = SeenNames(capacity: 10_000)
        for index in 0..<5_000 { #expect(names.first(carrying: Self.hash("field\(index)"), part: index) == nil) }
        #expect(names.count == 5_000)
        for index in stride(from: 0, to: 5_000, by: 97) {
            #expect(names.first(carrying: Self.hash("field\(index)"), part: 9_999) == index)
        }
        #expect(names.count == 5_000)
    }

    @Test func namesPastTheCapacityAreNotHeld() {
        var names = SeenNames(capacity: 3)
        for index in 0..<5 { _ = names.first(carrying: Self.hash("n\(index)"), part: index) }
        #expect(names.count == 3)
        #expect(names.first(carrying: Self.hash("n4"), part: 9) == nil)
        #expect(names.first(carrying: Self.hash("n2"), part: 9) == 2)
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
