import Foundation
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// `serve` answers only request targets a server is sent (RFC 9112 §3.2), never builds a replay line
/// that names another host, and refuses a request with two `Host` field lines.
@Suite(.ownThread) struct ServeRequestTargetTests {
    @Test(arguments: ["@evil.example:80/steal", "evil.example:80", "http://user@evil.example/x", "*", "upload"])
    func aTargetThatIsNoOriginOrAbsoluteFormIsAnswered400(target: String) throws {
        let running = try RunningServer()
        let client = try RawClient(port: running.port)
        client.send(postRequest(conformingServeBody, contentType: serveContentType, path: target))
        let answer = try #require(client.readResponse(), "no answer")
        #expect(answer.status == 400)
        #expect(running.waitForOutput(containing: "(RFC 9112 §3.2)"), "\(running.output)")
        _ = running.stop()
    }

    @Test func twoHostLinesAreAnswered400() throws {
        let running = try RunningServer()
        let client = try RawClient(port: running.port)
        client.send(postRequest(conformingServeBody, contentType: serveContentType, extraHeaders: "Host: evil.example\r\n"))
        #expect(client.readResponse()?.status == 400)
        #expect(running.waitForOutput(containing: "the request has 2 Host field lines; RFC 9112 §3.2 allows one"), "\(running.output)")
        _ = running.stop()
    }

    @Test func anAbsoluteFormTargetIsServedAndReplayedToItsPathOnly() throws {
        let server = try RunningServer()
        let upload = try ServeLivePageTests.exchange(
            server, String(decoding: postRequest(conformingServeBody, contentType: serveContentType, path: "http://evil.example:80/upload?x=1"), as: UTF8.self))
        #expect(upload.status == 200)
        let data = try ServeLivePageTests.get(server, "/_/requests?after=0")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(data.body)) as? [String: Any])
        let request = try #require((document["requests"] as? [[String: Any]])?.first)
        #expect(request["replay_target"] as? String == "/upload?x=1")
    }

    @Test func theFormsAreReadAsRFC9112Names() {
        #expect(RequestTarget("/a?b", method: "POST") == .origin)
        #expect(RequestTarget("HTTP://h:1/p", method: "POST") == .absolute(path: "/p"))
        #expect(RequestTarget("https://h", method: "POST") == .absolute(path: "/"))
        #expect(RequestTarget("*", method: "OPTIONS") == .asterisk)
        #expect(RequestTarget("*", method: "POST") == nil)
        #expect(RequestTarget("@evil.example:80/steal", method: "POST") == nil)
        #expect(RequestTarget.replayPath("*", method: "OPTIONS") == nil)
    }
}
