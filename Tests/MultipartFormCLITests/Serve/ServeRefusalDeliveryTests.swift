import Foundation
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// Refusals reach clients that are still sending: the server reads what they send after its answer
/// instead of closing on it, which would reset the connection and could destroy the answer.
@Suite(.ownThread) struct ServeRefusalDeliveryTests {
    /// A request sent whole at once, as most HTTP clients send one before they read an answer: its
    /// 4 MiB body is more than the server reads before refusing it and more than the sockets buffer.
    static func eagerRequest(length: Int = 4 * 1024 * 1024) -> [UInt8] {
        postRequest([UInt8](repeating: UInt8(ascii: "x"), count: length), contentType: serveContentType)
    }

    @Test func everyClientRefusedForTheConnectionLimitReadsIts503() throws {
        let running = try RunningServer { $0.maxConnections = 1 }
        let holder = try RawClient(port: running.port)
        holder.send("POST / HTTP/1.1\r\n")  // holds the only slot, once the server has accepted it
        try #require(eventually { running.server.openConnections == 1 }, "the server never accepted the first connection")
        var statuses: [Int?] = []
        let request = Self.eagerRequest()
        for _ in 0..<5 {
            let client = try RawClient(port: running.port)
            #expect(client.send(request), "the request could not be sent whole: the connection was reset")
            statuses.append(client.readResponse(seconds: 5)?.status)
        }
        #expect(statuses == Array(repeating: 503, count: 5), "\(statuses)")
        _ = running.stop()
    }

    @Test func aBodyPastTheLimitSentWithoutWaitingStillReadsIts413() throws {
        let running = try RunningServer { $0.maxBody = 1024 }
        var statuses: [Int?] = []
        let request = Self.eagerRequest()
        for _ in 0..<5 {
            let client = try RawClient(port: running.port)
            #expect(client.send(request), "the request could not be sent whole: the connection was reset")
            statuses.append(client.readResponse(seconds: 5)?.status)
        }
        #expect(statuses == Array(repeating: 413, count: 5), "\(statuses)")
        _ = running.stop()
    }

    @Test func aLongHeadLineStillReadsIts431() throws {
        let running = try RunningServer()
        var head = "POST / HTTP/1.1\r\n"
        while head.utf8.count <= RequestHeadReader.maxHeadLength { head += "X-Padding: \(String(repeating: "p", count: 1000))\r\n" }
        let client = try RawClient(port: running.port)
        // The head, then as much again as a body: more than the server reads before it answers.
        #expect(client.send(Array(head.utf8) + Self.eagerRequest()))
        #expect(client.readResponse(seconds: 5)?.status == 431)
        _ = running.stop()
    }
}
