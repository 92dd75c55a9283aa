import Foundation
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI
import MultipartFormSystem

/// `serve` against clients that misbehave: each gets a clean answer or a closed connection and one
/// line of output, and the server goes on serving others.
@Suite(.ownThread) struct ServeHostileClientTests {
    /// Sends `bytes`, expects the answer `status` and a closed connection, then checks a well-behaved
    /// client is still served.
    func expectRefused(_ bytes: [UInt8], status: Int, line: String, configure: (inout ServeConfiguration) -> Void = { _ in }) throws {
        let running = try RunningServer(configure)
        let hostile = try RawClient(port: running.port)
        hostile.send(bytes)
        let answer = try #require(hostile.readResponse(), "no answer")
        #expect(answer.status == status)
        #expect(answer.headers["connection"] == "close")
        #expect(hostile.readUntilClosed(seconds: 5).isEmpty)
        #expect(running.waitForOutput(containing: line), "output: \(running.output)")
        let polite = try RawClient(port: running.port)
        polite.send(postRequest(conformingServeBody, contentType: serveContentType))
        #expect(polite.readResponse()?.status == 200)
        #expect(running.stop()?.refused == 1)
    }

    @Test func garbageIsAnswered400() throws {
        try expectRefused(
            Array("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03} not http\r\n\r\n".utf8), status: 400,
            line: "refused: the first line is not an HTTP/1.x request line")
    }

    @Test func binaryGarbageIsAnswered400WithoutWaitingForALineEnd() throws {
        // A TLS ClientHello sent to the plain-HTTP port: no LF in sight, and the idle timeout is long.
        try expectRefused(
            [0x16, 0x03, 0x01, 0x00, 0xC4, 0x01, 0x00, 0x00, 0xC0, 0x03, 0x03], status: 400,
            line: "refused: the first line is not an HTTP/1.x request line", configure: { $0.idleTimeout = 60 })
    }

    @Test func completeOverlongRequestLineIsAnswered414() throws {
        let target = "/" + String(repeating: "a", count: RequestHeadReader.maxRequestLineLength + 10)
        try expectRefused(Array("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n".utf8), status: 414, line: "the request line is longer than 8192 bytes")
    }

    @Test func overlongRequestLineIsAnswered414WithoutWaitingForItsEnd() throws {
        let target = "/" + String(repeating: "a", count: RequestHeadReader.maxRequestLineLength + 10)
        try expectRefused(Array("GET \(target)".utf8), status: 414, line: "the request line is longer than 8192 bytes")
    }

    @Test func overlongHeadIsAnswered431() throws {
        var head = "POST / HTTP/1.1\r\n"
        while head.utf8.count <= RequestHeadReader.maxHeadLength { head += "X-Padding: \(String(repeating: "p", count: 1000))\r\n" }
        try expectRefused(Array(head.utf8), status: 431, line: "the request head is longer than 65536 bytes")
    }

    @Test func declaredBodyPastTheLimitIsAnswered413BeforeItIsSent() throws {
        try expectRefused(
            Array("POST / HTTP/1.1\r\nContent-Type: \(serveContentType)\r\nContent-Length: 2000\r\nExpect: 100-continue\r\n\r\n".utf8),
            status: 413, line: "Content-Length 2000 is more than --max-body (1024 bytes)", configure: { $0.maxBody = 1024 })
    }

    @Test func chunkedBodyPastTheLimitIsAnswered413() throws {
        var request = Array("POST / HTTP/1.1\r\nContent-Type: \(serveContentType)\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        for _ in 0..<4 { request += Array("200\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 512) + Array("\r\n".utf8) }
        try expectRefused(request, status: 413, line: "the chunked body is longer than --max-body (1024 bytes)", configure: { $0.maxBody = 1024 })
    }

    @Test func malformedChunkedFramingIsAnswered400() throws {
        try expectRefused(
            Array("POST / HTTP/1.1\r\nContent-Type: \(serveContentType)\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8),
            status: 400, line: "malformed chunked body")
    }

    @Test func unsupportedTransferCodingIsAnswered501() throws {
        try expectRefused(
            Array("POST / HTTP/1.1\r\nContent-Type: \(serveContentType)\r\nTransfer-Encoding: gzip, chunked\r\n\r\n".utf8),
            status: 501, line: "Transfer-Encoding 'gzip, chunked' is not supported")
    }

    @Test func aLengthPastAnyIntegerIsAnswered413() throws {
        try expectRefused(
            Array("POST / HTTP/1.1\r\nContent-Type: \(serveContentType)\r\nContent-Length: 9223372036854775807\r\n\r\n".utf8),
            status: 413, line: "Content-Length 9223372036854775807 is more than --max-body")
        try expectRefused(
            Array("POST / HTTP/1.1\r\nContent-Type: \(serveContentType)\r\nContent-Length: 99999999999999999999999\r\n\r\n".utf8),
            status: 413, line: "is more than --max-body")
    }

    @Test(arguments: ["X-Test: a\u{0}b", "X-Test: a\rb"])
    func aNULOrALoneCRInAFieldValueIsAnswered400(field: String) throws {
        try expectRefused(
            Array("POST / HTTP/1.1\r\nContent-Type: \(serveContentType)\r\n\(field)\r\nContent-Length: 0\r\n\r\n".utf8),
            status: 400, line: "header field 'X-Test' at line 3 holds")
    }

    @Test func chunkedCodingInHTTP10IsAnswered400() throws {
        try expectRefused(
            Array("POST / HTTP/1.0\r\nContent-Type: \(serveContentType)\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8),
            status: 400, line: "Transfer-Encoding in an HTTP/1.0 request")
    }

    @Test func invalidContentLengthIsAnswered400() throws {
        try expectRefused(
            Array("POST / HTTP/1.1\r\nContent-Type: \(serveContentType)\r\nContent-Length: 12, 13\r\n\r\n".utf8),
            status: 400, line: "invalid Content-Length '12, 13'")
    }

    @Test func silentSenderIsAnswered408() throws {
        let request = postRequest(conformingServeBody, contentType: serveContentType)
        try expectRefused(
            Array(request.prefix(request.count - 20)), status: 408, line: "no byte for 0.3 s after",
            configure: { $0.idleTimeout = 0.3 })
    }

    @Test func halfSentHeadIsAnswered408() throws {
        try expectRefused(
            Array("POST / HTTP/1.1\r\nHost: x\r\n".utf8), status: 408, line: "no complete request head within 0.3 s of its first byte",
            configure: { $0.idleTimeout = 0.3 })
    }

    @Test func headTrickledAByteAtATimeIsAnswered408AtTheIdleTimeout() throws {
        let running = try RunningServer { $0.idleTimeout = 0.5 }
        let client = try RawClient(port: running.port)
        let started = Date()
        var answer: [UInt8] = []
        // One byte every 0.1 s: never silent for the idle timeout, but the head does not end.
        for byte in Array("POST / HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8) {
            guard client.send([byte]) else { break }
            if let some = client.readSome(seconds: 0.1), !some.isEmpty {
                answer = some
                break
            }
        }
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(running.waitForOutput(containing: "timed out: no complete request head within 0.5 s of its first byte"))
    }

    @Test func idleKeepAliveConnectionIsClosedQuietly() throws {
        let running = try RunningServer { $0.idleTimeout = 0.3 }
        let client = try RawClient(port: running.port)
        client.send(postRequest(conformingServeBody, contentType: serveContentType))
        #expect(client.readResponse()?.status == 200)
        #expect(client.readUntilClosed(seconds: 5).isEmpty)
        #expect(running.stop() == ServeServer.Totals(requests: 1, conforming: 1))
    }

    @Test func clientLeavingMidBodyIsOneLineAndOthersAreServed() throws {
        let running = try RunningServer()
        do {
            let leaving = try RawClient(port: running.port)
            let request = postRequest(conformingServeBody, contentType: serveContentType)
            leaving.send(Array(request.prefix(request.count - 30)))
            #expect(running.waitForOutput(containing: "request-1: Content-Length"))
        }
        #expect(running.waitForOutput(containing: "request-1 (POST /upload HTTP/1.1): incomplete: the client closed the connection after"))
        let polite = try RawClient(port: running.port)
        polite.send(postRequest(conformingServeBody, contentType: serveContentType))
        #expect(polite.readResponse()?.status == 200)
        #expect(running.stop() == ServeServer.Totals(requests: 2, conforming: 1, incomplete: 1))
    }

    @Test func connectionsPastTheLimitAreAnswered503() throws {
        let running = try RunningServer { $0.maxConnections = 2 }
        let first = try RawClient(port: running.port)
        let second = try RawClient(port: running.port)
        first.send("POST / HTTP/1.1\r\n")
        second.send("POST / HTTP/1.1\r\n")
        let third = try RawClient(port: running.port)
        let answer = try #require(third.readResponse())
        #expect(answer.status == 503)
        #expect(answer.headers["retry-after"] == "1")
        #expect(answer.text.contains("2 connections are open"))
        #expect(running.waitForOutput(containing: "refused: 2 connections are open (--max-connections); answered 503 and closed"))
        #expect(running.stop()?.connectionsRefused == 1)
    }

    @Test(.enabled(if: canConnectFrom("127.0.0.2"), "needs a second loopback address (127.0.0.2) to connect from"))
    func oneClientCannotHoldMoreThanItsShareOfConnections() throws {
        let running = try RunningServer {
            $0.maxConnections = 4
            $0.maxConnectionsPerClient = 2
        }
        // Two connections from one address, each holding its slot mid-head, as a trickling attacker does.
        var held = try (0..<2).map { _ in try RawClient(port: running.port) }
        for client in held { client.send("POST / HTTP/1.1\r\n") }
        #expect(eventually(within: 10) { running.server.openConnections == 2 })
        // A third from the same address is refused, with when to try again...
        let third = try RawClient(port: running.port)
        let answer = try #require(third.readResponse())
        #expect(answer.status == 503)
        #expect(answer.headers["retry-after"] == "1")
        #expect(answer.text.contains("2 connections from 127.0.0.1 are open (--max-connections-per-client)"), "\(answer.text)")
        #expect(running.waitForOutput(containing: ": refused: 2 connections from 127.0.0.1 are open (--max-connections-per-client); answered 503 and closed"))
        // ...while another client is served, though the first holds its whole share.
        let other = try RawClient(port: running.port, source: "127.0.0.2")
        other.send(postRequest(conformingServeBody, contentType: serveContentType))
        #expect(other.readResponse()?.status == 200)
        // A slot the first client gives back (by closing a connection) is its own again.
        held.removeFirst()
        #expect(eventually(within: 10) { running.server.openConnections == 2 }, "\(running.server.openConnections) connections are open")
        let again = try RawClient(port: running.port)
        again.send(postRequest(conformingServeBody, contentType: serveContentType))
        #expect(again.readResponse()?.status == 200)
        #expect(running.stop()?.connectionsRefused == 1)
    }

    @Test func thePerClientLimitDefaultsToTheWholeLimitOnLoopbackAndHalfOfItElsewhere() throws {
        var configuration = ServeConfiguration()
        configuration.maxConnections = 9
        #expect(configuration.clientConnectionLimit(loopback: true) == 9)
        #expect(configuration.clientConnectionLimit(loopback: false) == 4)
        configuration.maxConnections = 1
        #expect(configuration.clientConnectionLimit(loopback: false) == 1)
        configuration.maxConnectionsPerClient = 3
        #expect(configuration.clientConnectionLimit(loopback: true) == 3)
        #expect(runCLI(["serve", "--max-connections", "4", "--max-connections-per-client", "5"]).stderr.contains(
            "'--max-connections-per-client' is 5, more than '--max-connections' (4)"))
        #expect(runCLI(["serve", "--max-connections-per-client", "0"]).status == ExitCode.usage)
    }

    @Test func terminalControlsFromTheClientAreShownEscaped() throws {
        let running = try RunningServer()
        let client = try RawClient(port: running.port)
        // A target and a Content-Type that would retitle the terminal and forge a verdict if printed raw.
        let request =
            "POST /\u{1B}]0;pwned\u{07} HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=AaB03x; x=\"\u{1B}[32mconforming\"\r\nContent-Length: \(conformingServeBody.count)\r\n\r\n"
        client.send(Array(request.utf8) + conformingServeBody)
        _ = client.readResponse()
        #expect(running.waitForOutput(containing: "; answered"))
        #expect(!running.output.contains("\u{1B}"))
        #expect(!running.output.contains("\u{07}"))
    }

    @Test func headReaderScansEachByteOnceAndRefusesGarbageAtTheFirstLineEnd() {
        var reader = RequestHeadReader()
        var bytes: [UInt8] = []
        for byte in Array("POST /x HTTP/1.1\r\nHost: y\r\n\r\nrest".utf8) {
            bytes.append(byte)
            if case .head(let head, let length) = reader.read(bytes) {
                #expect(head.target == "/x")
                #expect(length == bytes.count)
                #expect(bytes.count == 29)
                return
            }
        }
        Issue.record("no head found")
    }
}

/// A client that sends requests but never reads the answers cannot hold a thread forever.
@Suite(.ownThread) struct ServeSlowReaderTests {
    @Test func clientThatNeverReadsIsDroppedAfterTheIdleTimeout() throws {
        let running = try RunningServer { $0.idleTimeout = 0.5 }
        let client = try RawClient(port: running.port)
        // Pipelined requests, each answered with a report, none read. The answers to all of them are
        // far more than socket buffers hold: they fill, the server's send waits, and after the idle
        // timeout it gives up and closes, which ends the sending. A send may wait while a loaded
        // machine's server is only slow: stopping then would leave its buffers never full.
        ConnectedSocket.setSendTimeout(client.descriptor, seconds: 10)
        let request = postRequest(conformingServeBody, contentType: serveContentType)
        var sent = 0
        while sent < 20_000 && client.send(request) { sent += 1 }
        // Generous: a loaded machine's server may still be validating the pipelined requests it read.
        _ = eventually(within: 90) { running.server.openConnections == 0 }
        #expect(running.server.openConnections == 0)
        #expect(running.waitForOutput(containing: "answer lost: the answer could not be sent"))
        // It gave up: fewer answers came than requests went.
        let answers = client.readUntilClosed(seconds: 2)
        let answered = String(decoding: answers, as: UTF8.self).components(separatedBy: "HTTP/1.1 200 OK").count - 1
        #expect(answered < sent)
        #expect(running.stop() != nil)
    }
}

/// An output nobody reads (a paused terminal, a pager) does not stop the server.
@Suite(.ownThread) struct ServeBlockedOutputTests {
    @Test func uploadsAreAnsweredWhileTheOutputIsBlocked() throws {
        var configuration = ServeConfiguration()
        configuration.port = 0
        let server = try ServeServer(configuration: configuration)
        let release = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let written = LockedValue(0)
        Thread.detachNewThread {
            _ = server.run { _ in
                // The first line blocks until the test releases it, as a paused terminal would.
                if written.withLock({ value in defer { value += 1 }; return value }) == 0 { release.wait() }
                return true
            }
            ended.signal()
        }
        for _ in 0..<3 {
            let client = try RawClient(port: server.port)
            client.send(postRequest(conformingServeBody, contentType: serveContentType))
            #expect(client.readResponse(seconds: 5)?.status == 200)
        }
        release.signal()
        server.stop()
        #expect(ended.wait(timeout: .now() + 10) == .success)
        #expect(server.totals.conforming == 3)
    }
}
