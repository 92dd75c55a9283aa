import Foundation
import MultipartFormTestSupport
import Testing

@Suite struct InputErrorTests {
    @Test func missingFileExits66WithTheReason() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("absent.body").path
        let result = runCLI(["validate", path])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: cannot read '\(path)': no such file or directory\n")
    }

    @Test func directoryExits66() throws {
        let directory = try TemporaryDirectory()
        let result = runCLI([directory.url.path])
        #expect(result.status == 66)
        #expect(result.stderr == "error: cannot read '\(directory.url.path)': is a directory\n")
    }

    @Test func unreadableFileExits66() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Bodies.browser, named: "secret.body")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
        // Root reads files without read permission: then there is nothing to test.
        guard !FileManager.default.isReadableFile(atPath: path) else { return }
        let result = runCLI(["validate", path])
        #expect(result.status == 66)
        #expect(result.stderr == "error: cannot read '\(path)': permission denied\n")
    }

    @Test func readableFilesAreStillReportedWhenAnotherIsMissing() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write(Bodies.browser, named: "good.body")
        let missing = directory.url.appendingPathComponent("missing.body").path
        let result = runCLI(["--content-type", Bodies.browserContentType, missing, good])
        #expect(result.status == 66)
        #expect(result.stdout == "\(good): 1 part, 0 errors, 0 warnings, 0 notes; conforming\n")
        #expect(result.stderr == "error: cannot read '\(missing)': no such file or directory\n")
    }
}
