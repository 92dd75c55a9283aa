import Foundation
import MultipartFormConformance
import MultipartFormTestSupport
import Testing

@Suite("Corpus manifest")
struct CorpusManifestTests {
    /// Checked on the directory itself, so drift is reported even when the corpus does not load.
    @Test func manifestMatchesEveryVectorFile() throws {
        let directory = Corpus.defaultDirectory()
        let verification = try CorpusManifest(contentsOf: directory).verify(directory: directory)
        if !verification.isClean {
            Issue.record("\(verification)")
        }
    }

    @Test func manifestCoversEveryLoadedVector() throws {
        let corpus = try Fixtures.corpus.get()
        let manifest = try CorpusManifest(contentsOf: corpus.directory)
        for vector in corpus.vectors {
            #expect(manifest.entries[vector.id + ".body"] != nil, "\(vector.id).body is not in the manifest")
            #expect(manifest.entries[vector.id + ".json"] != nil, "\(vector.id).json is not in the manifest")
        }
    }

    // MARK: - SHA-256 (FIPS 180-4 and NIST example values)

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func sha256MatchesKnownAnswers(message: String, hex: String) {
        #expect(CorpusManifest.SHA256.hex(CorpusManifest.SHA256.hash(Array(message.utf8))) == hex)
    }

    @Test func sha256OfOneMillionAsMatchesTheKnownAnswer() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            CorpusManifest.SHA256.hex(CorpusManifest.SHA256.hash(message))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func sha256IsTheSameForEveryChunking() {
        let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let whole = CorpusManifest.SHA256.hash(message)
        for chunkSize in [1, 3, 55, 56, 63, 64, 65, 128] {
            var hasher = CorpusManifest.SHA256()
            var start = 0
            while start < message.count {
                let end = min(start + chunkSize, message.count)
                hasher.update(Array(message[start..<end]))
                start = end
            }
            #expect(hasher.finalize() == whole, "chunk size \(chunkSize)")
        }
    }

    // MARK: - Parsing and verification

    @Test func parsingRejectsMalformedLines() {
        #expect(throws: CorpusError.self) { try CorpusManifest(parsing: "abc  a/y-x.body\n") }
        let digest = String(repeating: "0", count: 64)
        #expect(throws: CorpusError.self) { try CorpusManifest(parsing: "\(digest) a/y-x.body\n") }
        #expect(throws: CorpusError.self) {
            try CorpusManifest(parsing: "\(digest)  a/y-x.body\n\(digest)  a/y-x.body\n")
        }
        #expect(throws: CorpusError.self) { try CorpusManifest(parsing: "\(digest)  ../y-x.body\n") }
    }

    @Test func parsingAcceptsTextAndBinaryModeLines() throws {
        let digest = String(repeating: "a", count: 64)
        let manifest = try CorpusManifest(parsing: "\(digest)  a/y-x.body\n\(digest) *a/y-x.json\n")
        #expect(manifest.entries == ["a/y-x.body": digest, "a/y-x.json": digest])
        #expect(manifest.text == "\(digest)  a/y-x.body\n\(digest)  a/y-x.json\n")
    }

    @Test func verificationReportsMissingExtraAndChangedFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            ["a/y-kept.body": [1], "a/y-kept.json": [2], "a/y-changed.body": [3], "a/y-gone.body": [4]])
        let manifest = try CorpusManifest.computed(for: directory.path)
        #expect(try manifest.verify(directory: directory.path).isClean)

        try FileManager.default.removeItem(atPath: directory.path + "/a/y-gone.body")
        try directory.write(["a/y-changed.body": [9], "a/y-new.json": [5]])
        let verification = try manifest.verify(directory: directory.path)
        #expect(verification.missing == ["a/y-gone.body"])
        #expect(verification.extra == ["a/y-new.json"])
        #expect(verification.mismatched.map(\.path) == ["a/y-changed.body"])
        #expect(verification.mismatched.first?.expected == CorpusManifest.SHA256.hex(CorpusManifest.SHA256.hash([3])))
        #expect(!verification.isClean)
        #expect(verification.description.contains("a/y-changed.body"))
    }
}
