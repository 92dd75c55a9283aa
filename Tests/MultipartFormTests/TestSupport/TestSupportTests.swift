import Foundation
import MultipartForm
import MultipartFormTestSupport
import Testing

/// The shared test helpers do what the suites that use them rely on.
@Suite struct TestSupportTests {
    @Test func aSeededGeneratorRepeatsItsSequence() {
        var first = SeededGenerator(seed: 42, "first")
        var second = SeededGenerator(seed: first.seed, "second")
        let words = (0..<8).map { _ in first.next() }
        #expect(words == (0..<8).map { _ in second.next() })
        #expect(Set(words).count == 8)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment[SeededGenerator.overrideVariable] == nil, "a seed override is set"))
    func differentSeedsGiveDifferentSequences() {
        var one = SeededGenerator(seed: 1, "one")
        var two = SeededGenerator(seed: 2, "two")
        #expect(one.seed == 1)
        #expect(one.next() != two.next())
    }

    @Test func theChunkedFeedGivesTheWholeBodysReportAtEveryChunking() {
        // The name is read in place from the chunk; the feed overwrites each chunk once it is consumed.
        let body = Array("--B\r\nContent-Disposition: form-data; name=\"greeting\"\r\n\r\nhi\u{FF}\r\n--B--\r\n".utf8)
        let contentType = "multipart/form-data; boundary=B"
        let whole = MultipartValidator.validate(body, contentType: contentType)
        #expect(whole.parts.map(\.nameString) == ["greeting"])
        for size in [1, 2, 3, 7, 64, Int.max] {
            #expect(ChunkedFeed.validate(body, contentType: contentType, chunkSize: size) == whole, "\(size)-byte chunks")
        }
        let cut = [Array(body[..<20]), [], Array(body[20...])]
        #expect(ChunkedFeed.validate(chunks: cut, contentType: contentType) == whole)
    }

    @Test func aTemporaryDirectoryHoldsNestedFilesUntilRemoved() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write([1, 2, 3], named: "a/b/c.bin")
        #expect(path == directory.path + "/a/b/c.bin")
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
        directory.remove()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }
}
