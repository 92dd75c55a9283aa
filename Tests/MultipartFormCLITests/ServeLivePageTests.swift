import Foundation
@testable import MultipartFormCLI
import Testing

/// `serve`'s live page: `GET /_/` and `GET /_/requests?after=N`, offered only to loopback names.
@Suite struct ServeLivePageTests {
    /// Sends one raw request on a new connection and reads the answer.
    static func exchange(_ server: RunningServer, _ request: String) throws -> HTTPResponse {
        let client = try RawClient(port: server.port)
        client.send(request)
        return try #require(client.readResponse())
    }

    static func get(_ server: RunningServer, _ path: String, host: String? = nil) throws -> HTTPResponse {
        try exchange(server, "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(server.port)")\r\nConnection: close\r\n\r\n")
    }

    @Test func onlyLoopbackNamesAndTheBoundAddressMayReadThePage() {
        #expect(ServeLivePage.hostIsAllowed("localhost:8080", boundHost: "127.0.0.1", port: 8080))
        #expect(ServeLivePage.hostIsAllowed("127.0.0.1", boundHost: "127.0.0.1", port: 8080))
        #expect(ServeLivePage.hostIsAllowed("[::1]:8080", boundHost: "::1", port: 8080))
        #expect(ServeLivePage.hostIsAllowed("192.168.1.20:8080", boundHost: "192.168.1.20", port: 8080))
        // A DNS rebinding sends the attacker's name; a wrong port is another server.
        #expect(!ServeLivePage.hostIsAllowed("evil.example:8080", boundHost: "127.0.0.1", port: 8080))
        #expect(!ServeLivePage.hostIsAllowed("localhost:9090", boundHost: "127.0.0.1", port: 8080))
        #expect(!ServeLivePage.hostIsAllowed(nil, boundHost: "127.0.0.1", port: 8080))
        // Bound to every address, only loopback names are trusted.
        #expect(!ServeLivePage.hostIsAllowed("192.168.1.20:8080", boundHost: "0.0.0.0", port: 8080))
    }

    @Test func thePageIsSelfContainedAndSendsNoCORSHeader() throws {
        let server = try RunningServer()
        let page = try Self.get(server, "/_/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") })
        #expect(page.headers["content-security-policy"]?.contains("connect-src 'self'") == true)
        // Nothing is fetched from elsewhere: no external script, style, font or image.
        #expect(!page.text.contains("src=\"http") && !page.text.contains("<link") && !page.text.contains("@import"))
        let refused = try Self.get(server, "/_/", host: "evil.example:\(server.port)")
        #expect(refused.status == 403)
        #expect(!refused.text.contains("<html"))
    }

    @Test func eachValidatedRequestAppearsWithItsPartsAndFindings() throws {
        let server = try RunningServer()
        let answer = try Self.exchange(server, String(decoding: postRequest(bareLFServeBody, contentType: serveContentType), as: UTF8.self))
        #expect(answer.status == 200)
        let data = try Self.get(server, "/_/requests?after=0")
        #expect(data.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(data.body)) as? [String: Any])
        let request = try #require((document["requests"] as? [[String: Any]])?.first)
        #expect(request["number"] as? Int == 1)
        #expect(request["target"] as? String == "/upload")
        #expect(request["conforming"] as? Bool == false)
        let finding = try #require((request["findings"] as? [[String: Any]])?.first)
        #expect(finding["rule"] as? String == "header-bare-lf")
        // The byte view shows the offending line with LF made visible and a caret under it.
        #expect((finding["view"] as? String)?.contains(#"Content-Disposition: form-data; name="a"\n"#) == true)
        #expect(finding["fix"] as? String == "end every header line with `\\r\\n`")
        #expect((request["head"] as? String)?.hasPrefix(#"--AaB03x\r\nContent-Disposition"#) == true)
        let after = try Self.get(server, "/_/requests?after=1")
        #expect(after.text == "{\"capacity\":50,\"requests\":[]}\n")
        // The page's own requests are not counted or logged as uploads.
        #expect(server.stop()?.requests == 1)
    }

    @Test func theHistoryKeepsOnlyTheLastRequests() throws {
        let server = try RunningServer { $0.pageHistory = 2 }
        for _ in 0..<3 {
            _ = try Self.exchange(server, String(decoding: postRequest(conformingServeBody, contentType: serveContentType), as: UTF8.self))
        }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(try Self.get(server, "/_/requests?after=0").body)) as? [String: Any])
        #expect((document["requests"] as? [[String: Any]])?.compactMap { $0["number"] as? Int } == [2, 3])
        #expect(server.server.history?.entries(after: 0).count == 2)
    }

    @Test func withTheHistoryOffThePageIsNotFound() throws {
        let server = try RunningServer { $0.pageHistory = 0 }
        #expect(try Self.get(server, "/_/").status == 404)
    }

    static let chromium = "/usr/bin/chromium"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: chromium), "needs headless Chromium at /usr/bin/chromium"))
    func aBrowserShowsAnUploadOnThePage() throws {
        let server = try RunningServer()
        _ = try Self.exchange(server, String(decoding: postRequest(bareLFServeBody, contentType: serveContentType), as: UTF8.self))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.chromium)
        process.arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000", "--dump-dom",
            "http://127.0.0.1:\(server.port)/_/",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(dom.contains("#1 POST /upload"))
        #expect(dom.contains("[header-bare-lf]"))
        #expect(dom.contains("fix: end every header line with"))
    }
}
