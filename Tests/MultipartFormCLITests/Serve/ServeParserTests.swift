import Foundation
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// `serve --parser ID`: after each request, what the named real parsers hand the application, from
/// an `Interop` directory of shell drivers with canned answers (``CompareCommandTests/fakeInterop()``).
@Suite(.ownThread) struct ServeParserTests {
    @Test func eachRequestIsFollowedByTheNamedParsersReadings() throws {
        let interop = try CompareCommandTests.fakeInterop()
        let running = try RunningServer {
            $0.interopDirectory = interop.url.path
            $0.parserIDs = ["lossy", "same"]
        }
        let client = try RawClient(port: running.port)
        client.send(postRequest(CompareCommandTests.body, contentType: CompareCommandTests.contentType))
        #expect(client.readResponse()?.status == 200)
        #expect(running.waitForOutput(containing: "\ndata loss (1): lossy\n"), "\(running.output)")
        let output = running.output
        #expect(output.contains("request-1: as real parsers read it (--parser lossy, same)\nrequest-1: \(CompareCommandTests.body.count) bytes"))
        #expect(output.contains("\nsame as the validator (1): same\n"))
        // Only the parsers named run.
        #expect(!output.contains("renamer") && !output.contains("refuser"))
        // The findings were printed with the request; the comparison does not repeat them.
        #expect(!output.contains("What the validator finds"))
    }

    @Test func aBodyLargerThanTheWindowIsNotComparedAndSaysWhy() throws {
        let interop = try CompareCommandTests.fakeInterop()
        let running = try RunningServer {
            $0.interopDirectory = interop.url.path
            $0.parserIDs = ["same"]
        }
        let value = String(repeating: "v", count: 70 * 1024)
        let large = Array("--XY\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\(value)\r\n--XY--\r\n".utf8)
        let client = try RawClient(port: running.port)
        client.send(postRequest(large, contentType: CompareCommandTests.contentType))
        #expect(client.readResponse()?.status == 200)
        #expect(running.waitForOutput(containing: "request-1: --parser: the body is larger than the 64 KiB serve keeps"))
    }

    @Test func anUnknownOrMissingParserStopsTheServerFromStarting() throws {
        let interop = try CompareCommandTests.fakeInterop()
        let unknown = runCLI(["serve", "--port", "0", "--interop", interop.url.path, "--parser", "sme"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("--parser: unknown parser 'sme'. Did you mean 'same'?"), "\(unknown.stderr)")
        let absent = runCLI(["serve", "--port", "0", "--interop", interop.url.path, "--parser", "absent"])
        #expect(absent.status == 69)
        #expect(absent.stderr.contains("--parser: 'absent' is not installed in"))
    }
}
