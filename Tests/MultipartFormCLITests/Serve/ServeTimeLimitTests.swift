import Foundation
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// The limits on how long a request may take in all, beside the idle limit, and the answer to HEAD.
@Suite(.ownThread) struct ServeTimeLimitTests {
    /// Sends `bytes` one at a time, `interval` apart, until an answer arrives; the answer, or empty.
    static func trickle(_ bytes: [UInt8], to client: RawClient, every interval: Double) -> [UInt8] {
        for byte in bytes {
            guard client.send([byte]) else { break }
            if let some = client.readSome(seconds: interval), !some.isEmpty { return some }
        }
        return []
    }

    @Test func aHeadTrickledUnderTheIdleLimitIsCutAtTheHeadLimit() throws {
        let running = try RunningServer {
            $0.idleTimeout = 30
            $0.headTimeout = 0.5
        }
        let client = try RawClient(port: running.port)
        let started = Date()
        let answer = Self.trickle(Array("POST / HTTP/1.1\r\nX-Slow: \(String(repeating: "a", count: 60))".utf8), to: client, every: 0.05)
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(running.waitForOutput(containing: "timed out: no complete request head within 0.5 s of its first byte"))
    }

    @Test func aBodyTrickledUnderTheIdleLimitIsCutAtTheRequestLimit() throws {
        let running = try RunningServer {
            $0.idleTimeout = 0.5
            $0.requestTimeout = 1
        }
        let client = try RawClient(port: running.port)
        client.send(Array("POST / HTTP/1.1\r\nContent-Type: \(serveContentType)\r\nContent-Length: 100\r\n\r\n".utf8))
        let started = Date()
        // A byte every 0.2 s: never silent for the idle limit; the body would take 20 s.
        let answer = Self.trickle([UInt8](repeating: UInt8(ascii: "x"), count: 40), to: client, every: 0.2)
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(running.waitForOutput(containing: "the request took more than --request-timeout (1 s) in all, after"))
    }

    @Test func headIsAnsweredWithoutABody() throws {
        let running = try RunningServer()
        let client = try RawClient(port: running.port)
        // A keep-alive HEAD, then a GET on the same connection: the GET's answer must follow the
        // HEAD's header fields directly, or a client reads the HEAD's body as the next response.
        client.send("HEAD / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let text = String(decoding: client.readUntilClosed(seconds: 5), as: UTF8.self)
        let responses = text.components(separatedBy: "\r\n\r\n")
        #expect(responses.count == 3, "\(text)")
        #expect(responses[0].hasPrefix("HTTP/1.1 200 OK"))
        #expect(responses[1].hasPrefix("HTTP/1.1 200 OK"), "the HEAD answer carried a body: \(text)")
        let length = responses[0].components(separatedBy: "\r\n").first { $0.hasPrefix("Content-Length: ") }
        #expect(length == "Content-Length: \(responses[2].utf8.count)", "HEAD's Content-Length is GET's body length")
    }

    @Test func headRefusedIsAnsweredWithoutABody() throws {
        let running = try RunningServer { $0.maxBody = 10 }
        let client = try RawClient(port: running.port)
        client.send("HEAD / HTTP/1.1\r\nContent-Type: \(serveContentType)\r\nContent-Length: 100\r\n\r\n")
        let text = String(decoding: client.readUntilClosed(seconds: 5), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 413 Content Too Large"))
        #expect(text.hasSuffix("\r\n\r\n"), "\(text)")
    }
}
