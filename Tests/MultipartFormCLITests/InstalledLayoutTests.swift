import Foundation
import MultipartFormTestSupport
import Testing

/// An installed `multipart-check` (the binary copied out of the build, the corpus beside it as
/// `.tools/install.sh` lays it out) works from any directory.
@Suite(.ownThread) struct InstalledLayoutTests {
    @Test(.enabled(if: EndToEndTests.executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`"))
    func anInstalledBinaryReadsTheCorpusInstalledBesideIt() throws {
        let prefix = try TemporaryDirectory()
        let bin = prefix.url.appendingPathComponent("bin")
        let share = prefix.url.appendingPathComponent("share/multipart-check")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        let binary = bin.appendingPathComponent("multipart-check")
        try TestProcess.copyExecutable(try #require(EndToEndTests.executable).path, to: binary.path)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(at: root.appendingPathComponent("Vectors"), to: share.appendingPathComponent("Vectors"))

        // Run from a directory with no Vectors, and without the variable that names a corpus. A test
        // running in parallel may have forked while the copy was written: the runner retries the
        // moment exec fails with ETXTBSY ("Text file busy").
        func run(_ arguments: [String]) throws -> TestProcess.Result {
            try TestProcess.run([binary.path] + arguments, environment: ["MULTIPART_VECTORS_DIR": nil], directory: prefix.path)
        }

        let version = try run(["--version"])
        #expect(version.status == 0, "\(version.transcript)")
        #expect(version.stdout.contains("bin/../share/multipart-check/Vectors)"), "\(version.stdout)")
        let list = try run(["vectors", "list", "--area", "structure"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("structure/y-fields-in-order"))
    }
}
