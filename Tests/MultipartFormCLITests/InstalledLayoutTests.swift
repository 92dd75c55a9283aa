import Foundation
import MultipartFormTestSupport
import Testing

/// An installed `multipart-check` (the binary copied out of the build, the corpus beside it as
/// `.tools/install.sh` lays it out) works from any directory.
@Suite(.ownThread) struct InstalledLayoutTests {
    /// Starts the copied binary. While the copy was being written, a test running in parallel may
    /// have forked, and its child holds the copy open for writing until it execs: exec then fails
    /// with ETXTBSY ("Text file busy") for a moment, so that one error is retried briefly.
    static func start(_ process: Process) throws {
        for attempt in 1... {
            do {
                return try process.run()
            } catch let error as NSError where attempt < 50 && Self.isTextFileBusy(error) {
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    static func isTextFileBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isTextFileBusy) ?? false
    }

    @Test(.enabled(if: EndToEndTests.executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`"))
    func anInstalledBinaryReadsTheCorpusInstalledBesideIt() throws {
        let prefix = try TemporaryDirectory()
        let bin = prefix.url.appendingPathComponent("bin")
        let share = prefix.url.appendingPathComponent("share/multipart-check")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        let binary = bin.appendingPathComponent("multipart-check")
        try FileManager.default.copyItem(at: try #require(EndToEndTests.executable), to: binary)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(at: root.appendingPathComponent("Vectors"), to: share.appendingPathComponent("Vectors"))

        func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            process.currentDirectoryURL = prefix.url    // no Vectors here
            var environment = ProcessInfo.processInfo.environment
            environment.removeValue(forKey: "MULTIPART_VECTORS_DIR")
            process.environment = environment
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            try Self.start(process)
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
        }

        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.contains("bin/../share/multipart-check/Vectors)"), "\(version.stdout)")
        let list = try run(["vectors", "list", "--area", "structure"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("structure/y-fields-in-order"))
    }
}
