import Foundation
import MultipartFormTestSupport
@testable import MultipartFormCLI
import Testing

/// `serve`'s live page: `GET /_/` and `GET /_/requests?after=N`, offered only to loopback names.
@Suite(.ownThread) struct ServeLivePageTests {
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
        // The offending line with LF made visible, the offending byte itself marked.
        let marked = try #require(finding["marked"] as? [String: Any])
        #expect(marked["before"] as? String == #"Content-Disposition: form-data; name="a""#)
        #expect(marked["at"] as? String == #"\n"# && marked["after"] as? String == "")
        #expect(finding["view"] == nil || finding["view"] is NSNull)
        #expect(finding["fix"] as? String == "end every header line with `\\r\\n`")
        #expect((request["head"] as? String)?.hasPrefix(#"--AaB03x\r\nContent-Disposition"#) == true)
        let after = try Self.get(server, "/_/requests?after=1")
        #expect(after.text == "{\"capacity\":50,\"more\":false,\"requests\":[]}\n")
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

    /// The first request's entry in the page's data.
    static func firstEntry(_ server: RunningServer) throws -> [String: Any] {
        let data = try Self.get(server, "/_/requests?after=0")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(data.body)) as? [String: Any])
        return try #require((document["requests"] as? [[String: Any]])?.first)
    }

    @Test func aRequestDownloadsAsACaptureValidateReadsTheSame() throws {
        let server = try RunningServer()
        // Sent chunked: the capture carries the body's length instead of its chunks.
        let chunked = "POST /upload?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(serveContentType)\r\nTransfer-Encoding: chunked\r\n\r\n"
            + String(bareLFServeBody.count, radix: 16) + "\r\n" + String(decoding: bareLFServeBody, as: UTF8.self) + "\r\n0\r\n\r\n"
        #expect(try Self.exchange(server, chunked).status == 200)
        let entry = try Self.firstEntry(server)
        #expect(entry["capture"] as? Bool == true)
        #expect(entry["replay_content_type"] as? String == serveContentType)
        #expect(entry["replay_target"] as? String == "/upload?x=1")
        let capture = try Self.get(server, "/_/capture/1")
        #expect(capture.status == 200)
        #expect(capture.headers["content-disposition"] == "attachment; filename=\"request-1.http\"")
        #expect(capture.text.hasPrefix("POST /upload?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(serveContentType)\r\n"))
        #expect(!capture.text.lowercased().contains("transfer-encoding"))
        let body = try Self.get(server, "/_/body/1")
        #expect(body.body == bareLFServeBody)
        #expect(Array(capture.body.suffix(bareLFServeBody.count)) == bareLFServeBody)
        // validate reads the download and finds what serve found, at the same body position.
        let directory = try TemporaryDirectory()
        let path = try directory.write(capture.body, named: "request-1.http")
        let result = runCLI(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("(body 2:41): error: "), "\(result.stdout)")
        #expect(result.stdout.contains("[header-bare-lf]"))
        // A request the history no longer holds, and a path that names none.
        #expect(try Self.get(server, "/_/capture/2").status == 404)
        #expect(try Self.get(server, "/_/body/x").status == 404)
        #expect(try Self.get(server, "/_/capture/1", host: "evil.example:\(server.port)").status == 403)
    }

    @Test func aBodyLargerThanTheWindowIsNotKeptForDownload() throws {
        let server = try RunningServer()
        let value = String(repeating: "v", count: 70 * 1024)
        let large = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\(value)\r\n--AaB03x--\r\n".utf8)
        _ = try Self.exchange(server, String(decoding: postRequest(large, contentType: serveContentType), as: UTF8.self))
        #expect(try Self.firstEntry(server)["capture"] as? Bool == false)
        let refused = try Self.get(server, "/_/capture/1")
        #expect(refused.status == 404)
        #expect(refused.text.contains("--save DIR"))
        #expect(server.server.history.map { $0.byteCount < 16 * 1024 } == true)
    }

    @Test func imagesArePreviewedInlineAndOtherTypesAreNot() throws {
        let server = try RunningServer()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x01]
        func file(_ name: String, _ type: String, _ content: [UInt8]) -> [UInt8] {
            Array("--AaB03x\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(name)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
                + content + Array("\r\n".utf8)
        }
        let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8)
        let body = file("p.png", "image/png", png) + file("s.svg", "image/svg+xml", svg) + Array("--AaB03x--\r\n".utf8)
        let client = try RawClient(port: server.port)
        client.send(postRequest(body, contentType: serveContentType))
        #expect(client.readResponse()?.status == 200)
        let parts = try #require(try Self.firstEntry(server)["parts"] as? [[String: Any]])
        #expect(parts.count == 2)
        #expect(parts[0]["image"] as? String == "data:image/png;base64,iVBORw0KGgoAAQ==")
        #expect(parts[1]["image"] is NSNull)
    }

    @Test func thePageComparesAKeptRequestWithTheInstalledParsers() throws {
        let interop = try CompareCommandTests.fakeInterop()
        let server = try RunningServer { $0.interopDirectory = interop.url.path }
        let body = CompareCommandTests.body
        _ = try Self.exchange(server, String(decoding: postRequest(body, contentType: CompareCommandTests.contentType), as: UTF8.self))
        // Without the header a page on another origin cannot send, nothing runs.
        let refused = try Self.get(server, "/_/compare/1")
        #expect(refused.status == 403)
        let compared = try Self.exchange(
            server, "GET /_/compare/1 HTTP/1.1\r\nHost: localhost:\(server.port)\r\nX-Multipart-Check: compare\r\nConnection: close\r\n\r\n")
        #expect(compared.status == 200)
        #expect(compared.text.hasPrefix("request-1: \(body.count) bytes, Content-Type: \(CompareCommandTests.contentType)\n"))
        #expect(compared.text.contains("\nsame as the validator (1): same\n"))
        #expect(compared.text.contains("\ndata loss (1): lossy\n"))
        #expect(compared.text.contains("\nrejected (1): refuser\n"))
        // The page shows the findings itself: the comparison leaves them out.
        #expect(!compared.text.contains("What the validator finds"))
    }

    static let chromium = "/usr/bin/chromium"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: chromium), "needs headless Chromium at /usr/bin/chromium"))
    func aBrowserShowsAnUploadOnThePage() throws {
        let server = try RunningServer()
        _ = try Self.exchange(server, String(decoding: postRequest(bareLFServeBody, contentType: serveContentType), as: UTF8.self))
        let dom = try TestProcess.run([
            Self.chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000", "--dump-dom",
            "http://127.0.0.1:\(server.port)/_/",
        ]).stdout
        #expect(dom.contains("#1 POST /upload"))
        #expect(dom.contains("[header-bare-lf]"))
        #expect(dom.contains("fix: end every header line with"))
        // The offending byte itself is marked; counts are spelt as one reads them; the framing is shown.
        #expect(dom.contains(#"<pre>Content-Disposition: form-data; name="a"<mark class="error">\n</mark></pre>"#))
        #expect(dom.contains("not conforming: 1 error, 0 warnings, 0 notes"))
        #expect(dom.contains(" bytes (Content-Length) · "))
        // The download links and the replay command, with the page's own origin.
        #expect(dom.contains("href=\"/_/capture/1\""))
        #expect(dom.contains("curl -s 'http://127.0.0.1:\(server.port)/_/body/1' | curl -s --data-binary @- -H 'Content-Type: \(serveContentType)' 'http://127.0.0.1:\(server.port)/upload'"))
    }
}
