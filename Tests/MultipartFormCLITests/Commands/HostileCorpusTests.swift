import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

/// A corpus from a hostile pull request: symbolic links and special files are integrity errors, never followed or read.
@Suite("Hostile corpus")
struct HostileCorpusTests {
    static let body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--AaB03x--\r\n".utf8)

    /// A scratch corpus holding one vector, `structure/y-one`, and its manifest.
    static func corpus() throws -> (TemporaryDirectory, String) {
        let scratch = try TemporaryDirectory()
        let corpus = scratch.url.appendingPathComponent("Vectors").path
        try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        let path = try scratch.write(Self.body, named: "one.body")
        let result = runCLI([
            "vectors", "new", "--corpus", corpus, "--area", "structure", "--slug", "one", "--description", "one field",
            "--content-type", "multipart/form-data; boundary=AaB03x", path,
        ])
        try #require(result.status == 0, "\(result.stderr)")
        return (scratch, corpus)
    }

    @Test func aBodyLinkedToADeviceIsAnIntegrityErrorAndIsNotRead() throws {
        let (scratch, corpus) = try Self.corpus()
        _ = scratch
        try FileManager.default.copyItem(atPath: corpus + "/structure/y-one.json", toPath: corpus + "/structure/y-zero.json")
        try FileManager.default.createSymbolicLink(atPath: corpus + "/structure/y-zero.body", withDestinationPath: "/dev/zero")
        // check reports the link as a failure (1); list cannot read the corpus (66).
        for (command, status) in [(["vectors", "check"], Int32(1)), (["vectors", "list"], 66)] {
            let result = runCLI(command + ["--corpus", corpus])
            #expect(result.status == status, "\(command)")
            let output = result.stdout + result.stderr
            #expect(output.contains("y-zero.body") && output.contains("symbolic link"), "\(output)")
        }
        #expect(throws: CorpusError.self) { try Corpus(directory: corpus) }
    }

    @Test func aCorpusRootNamedThroughALinkIsRead() throws {
        // Only entries inside the corpus must be plain; the directory a user names may be a link.
        let (scratch, corpus) = try Self.corpus()
        let link = scratch.url.appendingPathComponent("linked-vectors").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: corpus)
        let loaded = try Corpus(directory: link)
        #expect(loaded.vectors.map(\.id) == ["structure/y-one"])
        #expect(try loaded.verifyManifest().isClean)
        // The one-vector corpus fails the coverage check either way; through the link it must fail
        // exactly as it does when named directly, and for nothing else.
        let direct = runCLI(["vectors", "check", "--corpus", corpus])
        let linked = runCLI(["vectors", "check", "--corpus", link])
        #expect(linked.status == direct.status)
        #expect(linked.stdout == direct.stdout, "\(linked.stdout)\(linked.stderr)")
        #expect(linked.stderr.replacingOccurrences(of: link, with: corpus) == direct.stderr)
        #expect(linked.stdout.contains("1 pass, 0 fail"), "\(linked.stdout)\(linked.stderr)")
    }

    @Test func aFIFOInTheCorpusDoesNotHangTheTools() throws {
        let (scratch, corpus) = try Self.corpus()
        _ = scratch
        try FileManager.default.copyItem(atPath: corpus + "/structure/y-one.json", toPath: corpus + "/structure/y-pipe.json")
        try scratch.makeNamedPipe(at: corpus + "/structure/y-pipe.body")
        let result = runCLI(["vectors", "check", "--corpus", corpus])
        #expect(result.status == 1)
        let output = result.stdout + result.stderr
        #expect(output.contains("y-pipe.body") && output.contains("special file"), "\(output)")
    }

    @Test func aManifestLineThroughALinkedHiddenDirectoryIsRefused() throws {
        let (scratch, corpus) = try Self.corpus()
        _ = scratch
        try FileManager.default.createSymbolicLink(atPath: corpus + "/.outside", withDestinationPath: "/etc")
        let manifest = corpus + "/MANIFEST.sha256"
        var text = try String(contentsOfFile: manifest, encoding: .utf8)
        text += String(repeating: "0", count: 64) + "  .outside/hostname.body\n"
        try text.write(toFile: manifest, atomically: false, encoding: .utf8)
        let result = runCLI(["vectors", "check", "--corpus", corpus])
        #expect(result.status == 1)
        let output = result.stdout + result.stderr
        #expect(output.contains("the manifest names a path outside the corpus"), "\(output)")
    }

    @Test func newDoesNotWriteThroughALinkedAreaOrADanglingLink() throws {
        let (scratch, corpus) = try Self.corpus()
        let outside = scratch.url.appendingPathComponent("outside").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: corpus + "/quoting", withDestinationPath: outside)
        let path = try scratch.write(Self.body, named: "two.body")
        func new(area: String, slug: String) -> CLIResult {
            runCLI([
                "vectors", "new", "--corpus", corpus, "--area", area, "--slug", slug, "--description", "d",
                "--content-type", "multipart/form-data; boundary=AaB03x", path,
            ])
        }
        let linkedArea = new(area: "quoting", slug: "two")
        #expect(linkedArea.status == 66, "the area cannot be written as a directory of the corpus")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)

        try FileManager.default.createSymbolicLink(atPath: corpus + "/structure/y-three.body", withDestinationPath: outside + "/planted")
        let dangling = new(area: "structure", slug: "three")
        #expect(dangling.status == 1)
        #expect(!FileManager.default.fileExists(atPath: outside + "/planted"))
    }
}
