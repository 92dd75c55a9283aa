import Foundation
import MultipartFormTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    @Test(.enabled(if: getuid() != 0, "root can read files without read permission"))
    func unreadableFileExits66() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Bodies.browser, named: "secret.body")
        #expect(chmod(path, 0) == 0)
        defer { chmod(path, 0o600) }
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
