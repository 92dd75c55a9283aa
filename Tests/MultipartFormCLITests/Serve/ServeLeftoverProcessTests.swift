import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

/// The built `multipart-check serve` running real-parser comparisons (`--parser`, the page's compare
/// button) with a driver that leaves a process behind in a session of its own: each comparison ends
/// what its drivers left when it ends, and a stop signal still stops the server as before (Linux).
@Suite(
    .ownThread,
    .enabled(if: EndToEndTests.executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`"),
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat") && FileManager.default.fileExists(atPath: "/usr/bin/setsid"))
)
struct ServeLeftoverProcessTests {
    /// An `Interop` directory with one parser, `leaver`: it answers with no parts after starting a
    /// `sleep 401` with `setsid` (outside its process group), whose pid it appends to `pids`; with
    /// `clearingEnvironment`, through `env -i`, so the sleep carries no marker of the run.
    static func leavingInterop(clearingEnvironment: Bool = false) throws -> (directory: TemporaryDirectory, pids: String) {
        let directory = try TemporaryDirectory()
        let pids = directory.url.appendingPathComponent("pids").path
        let left = directory.url.appendingPathComponent("left").path
        let start = clearingEnvironment ? "setsid /usr/bin/env -i /bin/sh" : "setsid /bin/sh"
        let script = """
            cat > /dev/null
            \(start) -c 'echo $$ > "\(left).'$$'"; exec /bin/sleep 401' </dev/null >/dev/null 2>&1 &
            while [ ! -s "\(left).$$" ]; do sleep 0.05; done
            cat "\(left).$$" >> "\(pids)"
            printf '%s\\n' '{"parts":[]}'

            """
        _ = try directory.write(Array(script.utf8), named: "drivers/leaver.sh")
        _ = try directory.write(
            Array("leaver\tShell\tleaves a process\t-\techo leaver 1.0\tsh drivers/leaver.sh\n".utf8), named: InteropParser.listingName)
        return (directory, pids)
    }

    /// The pids `leavingInterop`'s driver recorded so far.
    static func recorded(_ pids: String) -> [Int32] {
        ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
    }

    /// serve with `--parser leaver`, once it has answered one body and the comparison's driver has run.
    static func serveAnsweringOneBody(
        _ interop: (directory: TemporaryDirectory, pids: String)
    ) throws -> ServeProcessTests.ServeProcess {
        let server = try ServeProcessTests.ServeProcess(["--interop", interop.directory.path, "--parser", "leaver"])
        let client = try RawClient(port: server.port)
        client.send(postRequest(CompareCommandTests.body, contentType: CompareCommandTests.contentType))
        #expect(client.readResponse()?.status == 200)
        #expect(eventually(within: 30) { recorded(interop.pids).count == 1 }, "the driver never ran")
        return server
    }

    @Test func eachComparisonEndsWhatItsDriverLeftAndAStopStillStops() throws {
        let interop = try Self.leavingInterop()
        defer { for pid in Self.recorded(interop.pids) { TestProcess.send(.kill, to: pid) } }
        let server = try Self.serveAnsweringOneBody(interop)

        // --parser: the reading runs after the answer; what the driver left goes when it ends.
        let afterParser = eventually(within: 10) { (try? CertifyFastLoopTests.stillRunning(interop.pids))?.isEmpty ?? false }
        #expect(afterParser, "the process the --parser comparison's driver left outlived the comparison, with serve still running")

        // The page's compare button: the same, and the answer says what was killed.
        let page = try RawClient(port: server.port)
        page.send("GET /_/compare/1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Multipart-Check: compare\r\nConnection: close\r\n\r\n")
        let compared = try #require(page.readResponse(seconds: 30))
        #expect(compared.status == 200)
        #expect(compared.text.contains("note: killed 1 process the parsers left running outside their process groups"), "\(compared.text)")
        #expect(Self.recorded(interop.pids).count == 2)
        let afterPage = eventually(within: 10) { (try? CertifyFastLoopTests.stillRunning(interop.pids))?.isEmpty ?? false }
        #expect(afterPage, "the process the page comparison's driver left outlived the comparison, with serve still running")

        // serve's own stop is unchanged: SIGTERM ends it with its totals and status 0.
        // (Foundation sees a child end when the socket it shares with it closes, and a leftover
        // holds that socket too: without the clean-up, this waits for the leftover.)
        let stopped = server.stop(with: .terminate, within: 15)
        #expect(stopped, "serve did not end within 15 s of SIGTERM")
        guard stopped else { return }
        #expect(server.exitStatus == 0)
        let output = server.standardOutput()
        #expect(output.contains("note: killed 1 process the parsers left running outside their process groups"), "\(output)")
        #expect(output.contains("stopped: 1 request"), "\(output)")
    }

    /// A leftover that cleared its environment carries no marker, so no comparison can tell it from
    /// another program's; serve adopts it (a child subreaper) and ends it when it stops.
    @Test func aLeftoverWithoutTheMarkerGoesWhenServeStops() throws {
        let interop = try Self.leavingInterop(clearingEnvironment: true)
        defer { for pid in Self.recorded(interop.pids) { TestProcess.send(.kill, to: pid) } }
        let server = try Self.serveAnsweringOneBody(interop)
        #expect(server.running.isRunning)
        let stopped = server.stop(with: .terminate, within: 15)
        #expect(stopped, "serve did not end within 15 s of SIGTERM")
        guard stopped else { return }
        #expect(server.exitStatus == 0)
        let gone = eventually(within: 10) { (try? CertifyFastLoopTests.stillRunning(interop.pids))?.isEmpty ?? false }
        #expect(gone, "the process the driver left outside its group, without the marker, outlived serve")
        let error = server.standardError()
        #expect(error.contains("note: killed 1 process the command left running outside its process group"), "\(error)")
    }

    /// A stop signal that comes as soon as serve says it listens stops it as any later one does:
    /// with status 0 and its totals, never by the signal's default action.
    @Test func aStopSignalRightAfterTheBannerStopsTheServer() throws {
        for _ in 0..<5 {
            let server = try ServeProcessTests.ServeProcess([])
            let stopped = server.stop(with: .terminate, within: 15)
            #expect(stopped, "serve did not end within 15 s of SIGTERM")
            guard stopped else { return }
            #expect(server.exitStatus == 0, "serve ended by the signal instead of stopping")
            #expect(server.standardOutput().contains("stopped: 0 requests"))
        }
    }
}
