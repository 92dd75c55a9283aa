import Foundation
import MultipartForm
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

/// What the page keeps of a request is bounded whatever the body: long names are cut with their
/// length said, and one answer to `/_/requests` holds a bounded number of bytes.
@Suite(.ownThread) struct ServePageBoundsTests {
    @Test func aPartsLongNameIsCutWithItsLengthSaid() throws {
        let server = try RunningServer()
        let name = String(repeating: "\u{01}", count: 7900)
        let body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(name)\"\r\n\r\nv\r\n--AaB03x--\r\n".utf8)
        let answer = try ServeLivePageTests.exchange(server, String(decoding: postRequest(body, contentType: serveContentType), as: UTF8.self))
        #expect(answer.status == 200)
        let data = try ServeLivePageTests.get(server, "/_/requests?after=0")
        #expect(data.body.count < 64 * 1024, "the entry holds \(data.body.count) bytes")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(data.body)) as? [String: Any])
        let part = try #require(((document["requests"] as? [[String: Any]])?.first?["parts"] as? [[String: Any]])?.first)
        #expect(part["name_length"] as? Int == 7900)
        #expect(part["filename_length"] as? Int == 7900)
        #expect((part["name"] as? String)?.unicodeScalars.count == ServedRequest.pageParameterBytes)
        #expect(document["more"] as? Bool == false)
    }

    /// A body in progress keeps only what the answer and the page show of each part: the JSON answer
    /// lists a prefix of each long value with its whole length, and the findings are whole.
    @Test func theAnswerKeepsAPrefixOfEachLongValueAndSaysItsLength() throws {
        let server = try RunningServer()
        let name = String(repeating: "\u{01}", count: 7900)
        let filename = String(repeating: "é", count: 3000)
        let body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n\r\nv\r\n--AaB03x--\r\n".utf8)
        let answer = try ServeLivePageTests.exchange(server, String(decoding: postRequest(body, contentType: serveContentType), as: UTF8.self))
        #expect(answer.status == 200)
        #expect(answer.body.count < 16 * 1024, "the answer holds \(answer.body.count) bytes")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        let part = try #require((file["decoded_parts"] as? [[String: Any]])?.first)
        #expect((part["name"] as? String)?.utf8.count == ServedRequest.pageParameterBytes)
        #expect(part["name_length"] as? Int == 7900)
        // Cut where a character ends: 128 two-byte characters.
        #expect(part["filename"] as? String == String(repeating: "é", count: 128))
        #expect(part["filename_length"] as? Int == 6000)
        #expect(part["content_type"] is NSNull)
        #expect(part["content_type_length"] == nil)
        // The findings are the validator's on the whole values.
        let rules = (file["diagnostics"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } ?? []
        let whole = MultipartValidator.validate(body, contentType: serveContentType).diagnostics.map(\.rule.rawValue)
        #expect(rules == whole)
        _ = server.stop()
    }
}
