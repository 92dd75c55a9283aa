import Foundation
import MultipartFormTestSupport
import Testing

/// `.tools/install.sh`, run with the built binary (`MULTIPART_CHECK_BINARY`) into scratch prefixes.
@Suite(.ownThread, .enabled(if: EndToEndTests.executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`"))
struct InstallScriptTests {
    static let script = packageRoot.appendingPathComponent(".tools/install.sh").path

    /// Runs the script with `arguments` from `directory`, installing `binary`.
    static func install(_ arguments: [String], from directory: URL, binary: String? = nil) throws -> (status: Int32, output: String) {
        let result = try TestProcess.run(
            ["/bin/bash", script] + arguments, environment: ["MULTIPART_CHECK_BINARY": binary ?? EndToEndTests.executable?.path],
            directory: directory.path, mergingStandardError: true)
        return (result.status, result.stdout)
    }

    @Test func helpIsHelpNotAPrefix() throws {
        let scratch = try TemporaryDirectory()
        let help = try Self.install(["--help"], from: scratch.url)
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: .tools/install.sh [PREFIX]"), "\(help.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty, "--help installed something")
        let unknown = try Self.install(["--prefix", "x"], from: scratch.url)
        #expect(unknown.status == 64)
    }

    @Test func aRelativePrefixIsTakenFromTheCurrentDirectoryAndTheInstallReadsItsOwnCorpus() throws {
        let scratch = try TemporaryDirectory()
        let run = try Self.install(["local"], from: scratch.url)
        #expect(run.status == 0, "\(run.output)")
        let prefix = scratch.url.appendingPathComponent("local").path
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/multipart-check"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/multipart-check/Vectors/MANIFEST.sha256"))
        // The closing check names the installed corpus, read from outside the clone.
        #expect(run.output.contains("(\(prefix)/bin/../share/multipart-check/Vectors)"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("local").path), "installed into the clone")
    }

    @Test func aFailedCheckLeavesNothingHalfInstalled() throws {
        let scratch = try TemporaryDirectory()
        // A "binary" whose corpus check fails.
        let failing = try scratch.write(Array("#!/bin/sh\necho 'corpus check failed' >&2\nexit 1\n".utf8), named: "failing")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing)
        let prefix = scratch.url.appendingPathComponent("prefix").path
        let run = try Self.install([prefix], from: scratch.url, binary: failing)
        #expect(run.status == 1, "the failed check's status")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/multipart-check"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/multipart-check"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix + "/share").isEmpty, "the staging directory was left behind")
    }
}
