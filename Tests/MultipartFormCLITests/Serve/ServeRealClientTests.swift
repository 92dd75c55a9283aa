import Foundation
import MultipartForm
import MultipartFormFoundation
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `serve` receiving uploads from real HTTP clients: curl, Python's requests and URLSession with
/// the reference encoder, and a hand-rolled body with the classic bare-LF mistake.
@Suite(.serialized, .ownThread) struct ServeRealClientTests {
    /// Runs a program and returns its standard output, or nil (with the reason recorded as a
    /// skipped check) when the program is not installed.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
        guard let path = TestProcess.find(executable) else { return nil }
        let result = try TestProcess.run([path] + arguments)
        return (result.status, result.stdout)
    }

    static func report(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    static func file(_ text: String) -> [String: Any]? {
        (report(text)?["files"] as? [[String: Any]])?.first
    }

    @Test func curlUploadOfAFormIsConforming() throws {
        let directory = try TemporaryDirectory()
        let photo = try directory.write((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }, named: "photo.jpg")
        let running = try RunningServer()
        guard let result = try Self.run("curl", ["-sS", "-F", "title=Holiday", "-F", "photo=@\(photo)", running.url().absoluteString]) else {
            print("serve: curl is not installed; the curl upload is not checked")
            return
        }
        #expect(result.status == 0)
        let file = try #require(Self.file(result.output), "\(result.output)")
        #expect(file["conforming"] as? Bool == true)
        #expect((file["decoded_parts"] as? [[String: Any]])?.map { $0["filename"] as? String } == [nil, "photo.jpg"])
        #expect(running.waitForOutput(containing: "request-1: 2 parts, 0 errors, 0 warnings, 0 notes; conforming"))
    }

    @Test func curlSendingAHandRolledBodyGetsItsFindings() throws {
        let directory = try TemporaryDirectory()
        let body = try directory.write(bareLFServeBody, named: "body.bin")
        let running = try RunningServer { $0.respond = .strict }
        guard
            let result = try Self.run(
                "curl", ["-sS", "-H", "Content-Type: \(serveContentType)", "--data-binary", "@\(body)", "-w", "\n%{http_code}", running.url().absoluteString])
        else {
            print("serve: curl is not installed; the curl upload is not checked")
            return
        }
        #expect(result.output.hasSuffix("\n400"))
        #expect(result.output.contains("\"header-bare-lf\""))
        #expect(running.waitForOutput(containing: "request-1:2:41: error: header line ends with '\\n'"))
    }

    @Test func pythonRequestsUploadIsConforming() throws {
        let running = try RunningServer()
        let script = """
            import sys
            try:
                import requests
            except ImportError:
                print("missing"); sys.exit(0)
            r = requests.post(sys.argv[1], data={"title": "Holiday"}, files={"photo": ("beach.jpg", b"\\xff\\xd8" * 1000, "image/jpeg")})
            print(r.status_code); print(r.headers["Multipart-Check-Verdict"]); print(r.text)
            """
        guard let result = try Self.run("python3", ["-c", script, running.url().absoluteString]), result.output != "missing\n" else {
            print("serve: Python's requests is not installed (pip install -r Tests/MultipartFormCLITests/serve-clients-requirements.txt); the requests upload is not checked")
            return
        }
        let lines = result.output.split(separator: "\n", maxSplits: 2).map(String.init)
        #expect(lines.prefix(2) == ["200", "conforming"])
        let file = try #require(Self.file(lines.last ?? ""))
        #expect((file["decoded_parts"] as? [[String: Any]])?.map { $0["name"] as? String } == ["title", "photo"])
        #expect(running.waitForOutput(containing: "; conforming ("))
    }

    /// A form with a text field, a file part and bytes of every value.
    static func form() -> FormData {
        var form = FormData()
        form.append(name: "title", text: "Say \"cheese\"")
        form.append(name: "photo", bytes: (0..<70_000).map { UInt8(truncatingIfNeeded: $0) }, filename: "beach.jpg", contentType: "image/jpeg")
        return form
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func urlSessionUploadOfTheReferenceEncoderIsConforming() async throws {
        let running = try RunningServer()
        let body = try ReferenceEncoder().prepare(Self.form())
        let (data, response) = try await URLSession.shared.upload(for: URLRequest(url: running.url()), multipartBody: body)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let file = try #require(Self.file(String(decoding: data, as: UTF8.self)))
        #expect(file["conforming"] as? Bool == true)
        #expect(file["bytes"] as? Int == body.contentLength)
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func urlSessionStreamedBodyIsConforming() async throws {
        let running = try RunningServer()
        let body = try ReferenceEncoder().prepare(Self.form())
        var request = URLRequest(url: running.url())
        request.setMultipartBodyStream(body)
        let (data, _) = try await URLSession.shared.data(for: request)
        let file = try #require(Self.file(String(decoding: data, as: UTF8.self)))
        #expect(file["conforming"] as? Bool == true)
        #expect(file["parts"] as? Int == 2)
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func urlSessionHTTPBodyIsConformingAndAHandRolledOneIsNot() async throws {
        let running = try RunningServer { $0.respond = .strict }
        var request = URLRequest(url: running.url())
        try request.setMultipartBody(try ReferenceEncoder().prepare(Self.form()))
        let (_, good) = try await URLSession.shared.data(for: request)
        #expect((good as? HTTPURLResponse)?.statusCode == 200)
        // The blog-post way, with one "\n" where "\r\n" belongs.
        var handRolled = URLRequest(url: running.url())
        handRolled.httpMethod = "POST"
        handRolled.setValue(serveContentType, forHTTPHeaderField: "Content-Type")
        handRolled.httpBody = Data(bareLFServeBody)
        let (data, bad) = try await URLSession.shared.data(for: handRolled)
        #expect((bad as? HTTPURLResponse)?.statusCode == 400)
        #expect(String(decoding: data, as: UTF8.self).contains("\"header-bare-lf\""))
        #expect(running.waitForOutput(containing: "request-2: 1 part, 1 error"))
    }
}
