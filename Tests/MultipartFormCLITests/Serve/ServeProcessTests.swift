import Foundation
import MultipartFormTestSupport
import Testing

/// The built `multipart-check serve` as a process: stopping it by signal, whatever its output does.
@Suite(.ownThread, .enabled(if: EndToEndTests.executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`"))
struct ServeProcessTests {
    /// A running `serve` whose standard output goes to a pipe the test may leave unread.
    final class ServeProcess {
        let running: TestProcess.Running
        private(set) var port = 0
        /// Standard error up to the line that names the address.
        private(set) var banner = ""

        /// Starts `serve --port 0` with `arguments`; with `shell`, through `/bin/bash -c` running
        /// those commands first (`ulimit`, open descriptors) and then the server.
        init(_ arguments: [String], shell: String? = nil, waitForBanner: Bool = true) throws {
            let executable = try #require(EndToEndTests.executable)
            let command =
                shell.map { ["/bin/bash", "-c", $0 + "\nexec \"$0\" serve --port 0 \"$@\"", executable.path] + arguments }
                ?? [executable.path, "serve", "--port", "0"] + arguments
            running = try TestProcess.Running(command, standardOutput: .pipe, standardError: .pipe)
            guard waitForBanner else { return }
            // The first line on standard error names the port.
            while !banner.contains("/ (Ctrl-C") {
                let bytes = running.readAvailable(running.standardError!)
                guard !bytes.isEmpty else { break }
                banner += String(decoding: bytes, as: UTF8.self)
            }
            let end = try #require(banner.range(of: "/ (Ctrl-C"), "banner: \(banner)")
            port = Int(String(banner[..<end.lowerBound].reversed().prefix { $0.isNumber }.reversed())) ?? 0
        }

        /// The server's process id.
        var processIdentifier: Int32 { running.processIdentifier }

        /// The exit status once the server has exited, or `nil` while it runs or when a signal ended it.
        var exitStatus: Int32? {
            guard let status = running.exitStatus, status & 0x7F == 0 else { return nil }
            return (status >> 8) & 0xFF
        }

        /// Waits up to `seconds` for the server to end; whether it did.
        func waitForExit(within seconds: Double) -> Bool {
            running.waitForExit(within: seconds) != nil
        }

        /// Standard output from what is unread to its end.
        func standardOutput() -> String {
            String(decoding: running.readToEnd(running.standardOutput!), as: UTF8.self)
        }

        /// Standard error after the banner, to its end.
        func standardError() -> String {
            String(decoding: running.readToEnd(running.standardError!), as: UTF8.self)
        }

        /// Waits until standard output's pipe holds at least 16 KiB (the smallest pipe buffer of the
        /// supported systems) unread and stops growing: the server is blocked writing to it.
        func waitUntilStandardOutputIsFull(within seconds: Double = 10) -> Bool {
            var previous = -1
            var unchangedSince = ContinuousClock.now
            return eventually(within: seconds) {
                guard let unread = running.unreadCount(running.standardOutput!) else { return false }
                if unread != previous {
                    previous = unread
                    unchangedSince = .now
                }
                return unread >= 16 * 1024 && ContinuousClock.now - unchangedSince >= .milliseconds(200)
            }
        }

        /// Sends `signal` and waits up to `seconds` for the process to end; kills it if it does not.
        func stop(with signal: TestProcess.Signal, within seconds: Double) -> Bool {
            running.send(signal)
            if running.waitForExit(within: seconds) != nil { return true }
            running.send(.kill)
            running.waitForExit(within: 10)
            return false
        }
    }

    /// A body whose findings print far more than a pipe holds: a bare LF in each of 400 parts' headers.
    static let noisyBody: [UInt8] = {
        var body: [UInt8] = []
        for index in 0..<400 { body += Array("--AaB03x\r\nContent-Disposition: form-data; name=\"f\(index)\"\n\r\nv\r\n".utf8) }
        return body + Array("--AaB03x--\r\n".utf8)
    }()

    @Test func aStopSignalEndsTheServerWhileItsOutputIsNotRead() throws {
        let server = try ServeProcess(["--max-diagnostics", "100000"])
        let client = try RawClient(port: server.port)
        client.send(postRequest(Self.noisyBody, contentType: serveContentType))
        #expect(client.readResponse()?.status == 200)
        // The output (hundreds of KiB) fills the pipe nobody reads, and the server blocks on it.
        #expect(server.waitUntilStandardOutputIsFull(), "serve's output never filled its pipe")
        // Blocked for good, it would never end; its grace for the output is a second, and the bound
        // leaves room for a loaded machine.
        #expect(server.stop(with: .terminate, within: 15), "serve did not end within 15 s of SIGTERM with its output unread")
        // Its output was not read in time after the stop: some of it was lost, and the status and
        // standard error say so.
        #expect(server.exitStatus == 73)
        let error = server.standardError()
        #expect(error.contains("error: standard output was not read for 1 second after serve was asked to stop; the rest of the output was dropped\n"), "\(error)")
    }

    /// Standard output lost to a full disk (`/dev/full`) or closed before the server started: the
    /// server stops at the first line it cannot write, exits 73, and says why on standard error.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"),
        arguments: [("exec >/dev/full", "no space left on device"), ("exec >&-", "bad file descriptor")])
    func lostStandardOutputIsExplainedOnStandardError(redirection: String, reason: String) throws {
        let server = try ServeProcess([], shell: redirection)
        let client = try RawClient(port: server.port)
        client.send(postRequest(conformingServeBody, contentType: serveContentType))
        // It stops by itself at the first line it cannot write (the client may not be answered).
        _ = client.readResponse()
        guard server.waitForExit(within: 30) else {
            _ = server.stop(with: .kill, within: 15)
            Issue.record("serve went on after its standard output was lost")
            return
        }
        #expect(server.exitStatus == 73)
        let error = server.standardError()
        #expect(error.contains("error: cannot write to standard output: \(reason); serve stopped\n"), "\(error)")
    }

    @Test func sigHUPStopsTheServerWithItsTotals() throws {
        let server = try ServeProcess([])
        let client = try RawClient(port: server.port)
        client.send(postRequest(conformingServeBody, contentType: serveContentType))
        #expect(client.readResponse()?.status == 200)
        #expect(server.stop(with: .hangUp, within: 15))
        #expect(server.exitStatus == 0)
        let output = server.standardOutput()
        #expect(output.contains("stopped: 1 request, 1 conforming"), "\(output)")
    }

    @Test func aConnectionLimitPastTheOpenFileLimitIsRefusedAtStart() throws {
        let server = try ServeProcess(["--max-connections", "1000"], shell: "ulimit -n 64", waitForBanner: false)
        // It exits at once; the bound allows for a machine loaded by .tools/flake/repeat.sh, where the
        // exit was once seen later than 10 s.
        guard server.waitForExit(within: 30) else {
            _ = server.stop(with: .kill, within: 15)
            Issue.record("serve started with a connection limit past its open-file limit")
            return
        }
        #expect(server.exitStatus == 64)
        let error = server.standardError()
        #expect(
            error.contains(
                "error: --max-connections 1000 needs 1064 open files (a socket per connection, and 64 more), but this process may open at most 64 (ulimit -n)"),
            "\(error)")
    }

    @Test func aSoftOpenFileLimitIsRaisedForTheConnectionLimit() throws {
        guard let hard = Int((try? String(contentsOfFile: "/proc/self/limits", encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("Max open files") }?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).first) ?? ""),
            hard >= 2064
        else { return }  // the hard limit here is too low to raise the soft one that far
        let server = try ServeProcess(["--max-connections", "2000"], shell: "ulimit -S -n 64")
        let limits = try String(contentsOfFile: "/proc/\(server.processIdentifier)/limits", encoding: .utf8)
        let soft = limits.split(separator: "\n").first { $0.hasPrefix("Max open files") }?
            .split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first
        #expect(soft == "2064", "\(limits)")
        #expect(server.stop(with: .terminate, within: 15))
    }

    @Test func aClientThatFindsNoDescriptorLeftIsAnswered503() throws {
        // 80 descriptors taken before the server starts, under a limit of 100: the connections run out
        // of descriptors before --max-connections is reached.
        let server = try ServeProcess(
            ["--max-connections", "16"], shell: "ulimit -n 100\nfor fd in $(seq 10 89); do eval \"exec $fd</dev/null\"; done")
        var clients: [RawClient] = []
        var refusal: HTTPResponse?
        for _ in 0..<16 where refusal == nil {
            let client = try RawClient(port: server.port)
            clients.append(client)
            if let bytes = client.readSome(seconds: 0.3), !bytes.isEmpty {
                var buffer = bytes
                refusal = HTTPResponse(parsing: &buffer)
            }
        }
        guard let answer = refusal else {
            _ = server.stop(with: .kill, within: 15)
            Issue.record("no client was answered: the server ran out of descriptors silently")
            return
        }
        #expect(answer.status == 503)
        #expect(answer.text.contains("no file descriptor is left"), "\(answer.text)")
        #expect(server.stop(with: .terminate, within: 15))
        let output = server.standardOutput()
        #expect(output.contains("refused: no file descriptor is left"), "\(output)")
    }

    @Test(arguments: ["127.0.0.1", "0x7f000001", "localhost", "::1", "::ffff:127.0.0.1"])
    func aLoopbackAddressHoweverWrittenDrawsNoWarning(host: String) throws {
        let server = try ServeProcess(["--host", host])
        #expect(!server.banner.contains("warning"), "\(server.banner)")
        #expect(server.stop(with: .terminate, within: 15))
    }

    @Test func anyAddressDrawsTheWarning() throws {
        let server = try ServeProcess(["--host", "0.0.0.0"])
        #expect(server.banner.contains("warning: listening on 0.0.0.0:"), "\(server.banner)")
        #expect(server.stop(with: .terminate, within: 15))
    }

    @Test func aCaptureCutShortByAFullDiskIsRemoved() throws {
        let directory = try TemporaryDirectory()
        // Files may grow to 2 KiB (bash counts 1024-byte blocks), and a write past it fails with EFBIG
        // instead of raising SIGXFSZ: a disk that fills up during the request.
        let server = try ServeProcess(["--save", directory.url.path], shell: "ulimit -f 2\ntrap '' XFSZ")
        let client = try RawClient(port: server.port)
        var body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\n".utf8)
        body += [UInt8](repeating: UInt8(ascii: "x"), count: 8 * 1024) + Array("\r\n--AaB03x--\r\n".utf8)
        client.send(postRequest(body, contentType: serveContentType))
        #expect(client.readResponse()?.status == 200)
        #expect(server.stop(with: .terminate, within: 15))
        let output = server.standardOutput()
        #expect(output.contains("the incomplete file was removed"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
