import Foundation
import MultipartFormTestSupport
import Testing

/// Runs of the built `multipart-check` binary, checking exit status and output exactly.
@Suite(.ownThread) struct EndToEndTests {
    /// The built executable, next to the test bundle in the products directory; `nil` if absent.
    static let executable: URL? = {
        var directories: [URL] = []
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        #endif
        // On Linux the test bundle is an executable in the products directory.
        if let main = Bundle.main.executableURL { directories.append(main.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for directory in directories {
            let candidate = directory.appendingPathComponent("multipart-check")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output as bytes, for bodies that are not text.
        var stdoutBytes: [UInt8] = []
    }

    /// Runs the built binary with `arguments` and `stdin` (through ``TestProcess``: a child that exits
    /// before reading its input never raises `SIGPIPE` here).
    func run(_ arguments: [String], stdin: [UInt8]? = nil) throws -> Run {
        let executable: URL = try #require(Self.executable)
        let result = try TestProcess.run([executable.path] + arguments, stdin: stdin ?? [])
        return Run(status: result.status, stdout: result.stdout, stderr: result.stderr, stdoutBytes: result.stdoutBytes)
    }

    /// `Vectors/structure/y-single-field`: the vector's body and its sidecar's Content-Type.
    func singleFieldVector() throws -> (path: String, contentType: String) {
        let body = packageRoot.appendingPathComponent("Vectors/structure/y-single-field.body")
        let sidecar = packageRoot.appendingPathComponent("Vectors/structure/y-single-field.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: sidecar)) as? [String: Any]
        let contentType = try #require(object?["content_type"] as? String)
        return (body.path, contentType)
    }

    @Test(
        .enabled(
            if: executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`")
    )
    func builtBinaryAcceptsAConformingVector() throws {
        let vector = try singleFieldVector()
        let result = try run(["validate", vector.path, "--content-type", vector.contentType])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "\(vector.path): 1 part, 0 errors, 0 warnings, 0 notes; conforming\n")
    }

    @Test(
        .enabled(
            if: executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`")
    )
    func builtBinaryValidatesStandardInput() throws {
        let result = try run(["-", "--content-type", Bodies.blogContentType], stdin: Bodies.blog)
        #expect(result.status == 1)
        #expect(result.stdout.contains("<stdin>:5:1: error: "))
        #expect(result.stdout.contains("[part-headers-unterminated]"))
        #expect(result.stdout.contains("[close-delimiter-missing]"))
    }

    @Test(
        .enabled(
            if: executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`")
    )
    func builtBinaryShowsSnippetsFromAPipeLargerThanItKeepsInMemory() throws {
        // More than the 4 MiB kept in memory: the bytes move to a temporary file, and snippets at
        // both ends of the input still show.
        let value = [UInt8](repeating: UInt8(ascii: "a"), count: 5 * 1024 * 1024)
        let body = Array("junk\r\n--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n".utf8) + value
            + Array("\r\n--AaB03x\r\nContent-Disposition: form-data; name=\"b\"\n\r\n1\r\n--AaB03x--\r\n".utf8)
        let result = try run(["-", "--content-type", "multipart/form-data; boundary=AaB03x"], stdin: body)
        #expect(result.status == 1)
        #expect(result.stdout.contains("<stdin>:1:1: warning: "))
        #expect(result.stdout.contains("1 | junk\\r\\n\n"))
        #expect(result.stdout.contains("<stdin>:7:41: error: header line ends with '\\n' without a preceding '\\r' [header-bare-lf]"))
        #expect(result.stdout.contains("7 | Content-Disposition: form-data; name=\"b\"\\n\n"))
    }

    @Test(
        .enabled(
            if: executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`")
    )
    func builtBinaryExitsWithUsageAndInputStatuses() throws {
        let usage = try run(["--fromat", "json", "x"])
        #expect(usage.status == 64)
        #expect(usage.stdout == "")
        #expect(
            usage.stderr.hasPrefix(
                "Error: Unknown option '--fromat'. Did you mean '--format'?\nUsage: multipart-check validate "))
        #expect(usage.stderr.hasSuffix("\n  See 'multipart-check --help' for more information.\n"))
        let missing = try run(["/nonexistent/body"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: cannot read '/nonexistent/body': no such file or directory\n")
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("0.1.0\ncorpus: format 1, "))
    }

    @Test(
        .enabled(
            if: executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`")
    )
    func builtBinaryEncodesABodyThatItsValidatorAccepts() throws {
        let directory = try TemporaryDirectory()
        let image = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        let photo = try directory.write(image, named: "beach.png")
        let encoded = try run(["encode", "-F", "title=Holiday \"2026\"", "-F", "photo=@\(photo)", "-F", "count=3"])
        #expect(encoded.status == 0)
        let lines = encoded.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        let contentType = String(try #require(lines.first).dropFirst("Content-Type: ".count))
        #expect(contentType.hasPrefix("multipart/form-data; boundary=MultipartFormBoundary-"))
        #expect(lines.last == "Content-Length: \(encoded.stdoutBytes.count)")
        #expect(encoded.stdoutBytes.count > image.count)

        let body = try directory.write(encoded.stdoutBytes, named: "form.body")
        let validated = try run(["validate", body, "--content-type", contentType, "--format", "json"])
        #expect(validated.status == 0, "\(validated.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(validated.stdout.utf8)) as? [String: Any]
        let file = try #require((json?["files"] as? [[String: Any]])?.first)
        let parts = try #require(file["decoded_parts"] as? [[String: Any]])
        #expect(file["parts"] as? Int == 3)
        #expect(parts.compactMap { $0["name"] as? String } == ["title", "photo", "count"])
        #expect(parts.compactMap { $0["filename"] as? String } == ["beach.png"])
        #expect(parts.compactMap { $0["content_type"] as? String } == ["image/png"])
    }

    @Test(arguments: [TestProcess.Signal.interrupt, .terminate])
    func aSignalToCertifyEndsItsChildToo(signal: TestProcess.Signal) throws {
        let executable: URL = try #require(Self.executable)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("certify-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("child.pid").path
        // The encoder records its pid and then hangs; certify runs it in a process group of its own.
        let script = directory.appendingPathComponent("encoder.sh").path
        try Data("#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 60\n".utf8).write(to: URL(fileURLWithPath: script))
        // Spawned with an empty signal mask, as a shell would start it (the test runner blocks signals).
        let certify = try TestProcess.Running([executable.path, "certify", "--timeout", "60", "--", "/bin/sh", script])
        var childPID: Int32 = 0
        _ = eventually(within: 5) {
            childPID = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            } ?? 0
            return childPID > 0
        }
        try #require(childPID > 0, "the encoder never started")
        certify.send(signal)
        let status = certify.waitForExit()
        #expect(certify.terminatingSignal == signal, "certify did not end by the signal (status \(String(describing: status)))")
        // Gone, or a zombie waiting for init to reap it.
        let childGone = eventually(within: 5) { !TestProcess.isRunning(childPID) }
        if !childGone { TestProcess.send(.kill, to: childPID) }
        #expect(childGone, "the encoder (pid \(childPID)) outlived certify")
    }
}
