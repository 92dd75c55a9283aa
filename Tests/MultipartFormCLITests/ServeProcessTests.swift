import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `multipart-check serve` as a process: stopping it by signal, whatever its output does.
@Suite(.enabled(if: EndToEndTests.executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`"))
struct ServeProcessTests {
    /// A running `serve` whose standard output goes to `stdout` (a pipe the test may leave unread).
    final class ServeProcess {
        let process = Process()
        let stdout = Pipe()
        let stderr = Pipe()
        let exited = DispatchSemaphore(value: 0)
        private(set) var port = 0

        init(_ arguments: [String]) throws {
            process.executableURL = EndToEndTests.executable
            process.arguments = ["serve", "--port", "0"] + arguments
            process.standardOutput = stdout
            process.standardError = stderr
            process.standardInput = FileHandle.nullDevice
            process.terminationHandler = { [exited] _ in exited.signal() }
            try process.run()
            // The first line on standard error names the port.
            var banner = ""
            while !banner.contains("/ (Ctrl-C") {
                let data = stderr.fileHandleForReading.availableData
                guard !data.isEmpty else { break }
                banner += String(decoding: data, as: UTF8.self)
            }
            let address = try #require(banner.range(of: "http://127.0.0.1:"), "banner: \(banner)")
            port = Int(banner[address.upperBound...].prefix { $0.isNumber }) ?? 0
        }

        /// Sends `signal` and waits up to `seconds` for the process to end; kills it if it does not.
        func stop(with signal: Int32, within seconds: Double) -> Bool {
            kill(process.processIdentifier, signal)
            if exited.wait(timeout: .now() + seconds) == .success { return true }
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 10)
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
        // The output (hundreds of KiB) now fills the pipe nobody reads; the server is blocked on it.
        usleep(300_000)
        let started = ContinuousClock.now
        #expect(server.stop(with: SIGTERM, within: 5), "serve did not end within 5 s of SIGTERM with its output unread")
        #expect(ContinuousClock.now - started < .seconds(3))
        // Its output was not read in time after the stop: some of it was lost, and the status says so.
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 73)
    }

    @Test func sigHUPStopsTheServerWithItsTotals() throws {
        let server = try ServeProcess([])
        let client = try RawClient(port: server.port)
        client.send(postRequest(conformingServeBody, contentType: serveContentType))
        #expect(client.readResponse()?.status == 200)
        #expect(server.stop(with: SIGHUP, within: 5))
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        let output = String(decoding: server.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(output.contains("stopped: 1 request, 1 conforming"), "\(output)")
    }
}
