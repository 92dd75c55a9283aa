import Foundation
import MultipartForm
import MultipartFormFoundation
import MultipartFormTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A scratch directory removed when the value goes away.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("foundation-glue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }
}

/// The form every test sends: what the source articles send, done right.
func articleForm(_ scratch: Scratch) throws -> (form: FormData, photo: [UInt8]) {
    let photo = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 5) }
    let photoURL = try scratch.write("beach.jpg", photo)
    var form = FormData()
    form.append(name: "title", text: "Say \"cheese\"\r\nplease")
    form.append(name: "count", integer: 2)
    try form.append(name: "photos", fileURL: photoURL)
    form.append(name: "photos", data: Data([0x89, 0x50, 0x4E, 0x47]), filename: "icon.png")
    return (form, photo)
}

/// Reads an input stream to its end with reads of at most `size` bytes; `nil` if a read fails.
func readAll(_ stream: InputStream, bufferSize size: Int) -> [UInt8]? {
    stream.open()
    defer { stream.close() }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: size)
    while true {
        let count = stream.read(&buffer, maxLength: size)
        if count < 0 { return nil }
        if count == 0 { return bytes }
        bytes += buffer[0..<count]
    }
}

@Suite struct FoundationGlueTests {
    @Test(arguments: [1, 7, 4096, 1 << 20])
    func inputStreamReadsTheWholeBody(bufferSize: Int) throws {
        let scratch = try Scratch()
        let body = try ReferenceEncoder().prepare(try articleForm(scratch).form)
        let stream = FormBodyInputStream(body: body)
        #expect(stream.streamStatus == .notOpen)
        #expect(readAll(stream, bufferSize: bufferSize) == (try body.bytes()))
        #expect(stream.streamStatus == .closed)
    }

    @Test func inputStreamReportsAChangedFileAsAStreamError() throws {
        let scratch = try Scratch()
        let file = try scratch.write("shrinks.bin", Array(repeating: 0x61, count: 100_000))
        var form = FormData()
        try form.append(name: "f", fileURL: file)
        let body = try ReferenceEncoder().prepare(form)
        _ = try scratch.write("shrinks.bin", [0x61])
        let stream = FormBodyInputStream(body: body)
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        #expect(stream.read(&buffer, maxLength: buffer.count) == -1)
        #expect(stream.streamStatus == .error)
        #expect((stream.streamError as? ReferenceEncoder.Error)?.code == .fileChanged)
        #expect(!stream.hasBytesAvailable)
    }

    @Test func requestSettersWriteMethodHeadersAndBody() throws {
        let scratch = try Scratch()
        let body = try ReferenceEncoder().prepare(try articleForm(scratch).form)
        var inMemory = URLRequest(url: URL(string: "https://example.com/upload")!)
        try inMemory.setMultipartBody(body)
        #expect(inMemory.httpMethod == "POST")
        #expect(inMemory.value(forHTTPHeaderField: "Content-Type") == body.contentType)
        #expect(inMemory.value(forHTTPHeaderField: "Content-Length") == String(body.contentLength))
        #expect(inMemory.httpBody.map(Array.init) == (try body.bytes()))

        var streamed = URLRequest(url: URL(string: "https://example.com/upload")!)
        streamed.setMultipartBodyStream(body, method: "PUT")
        #expect(streamed.httpMethod == "PUT")
        #expect(streamed.value(forHTTPHeaderField: "Content-Type") == body.contentType)
        #expect(streamed.httpBody == nil)
        let stream = try #require(streamed.httpBodyStream)
        #expect(readAll(stream, bufferSize: 10_000) == (try body.bytes()))
    }

    @Test func temporaryFileHoldsTheBody() throws {
        let scratch = try Scratch()
        let body = try ReferenceEncoder().prepare(try articleForm(scratch).form)
        let file = try body.writeTemporaryFile(in: scratch.url)
        #expect(file.deletingLastPathComponent().standardizedFileURL.path == scratch.url.standardizedFileURL.path)
        #expect(Array(try Data(contentsOf: file)) == (try body.bytes()))
        let other = try body.writeTemporaryFile(in: scratch.url)
        #expect(other != file)
    }

    @Test func bodyDecodesToTheArticleFieldsWithTypesFromTheTable() throws {
        let scratch = try Scratch()
        let (form, photo) = try articleForm(scratch)
        let body = try ReferenceEncoder().prepare(form)
        let bytes = try body.bytes()
        let report = MultipartValidator.validate(bytes, contentType: body.contentType)
        #expect(report.errorCount == 0)
        #expect(report.parts.map(\.nameString) == ["title", "count", "photos", "photos"])
        #expect(report.parts.map(\.filenameString) == [nil, nil, "beach.jpg", "icon.png"])
        #expect(report.parts.map(\.contentTypeString) == [nil, nil, "image/jpeg", "image/png"])
        #expect(Array(bytes[report.parts[0].bodyRange]) == Array("Say \"cheese\"\r\nplease".utf8))
        #expect(Array(bytes[report.parts[1].bodyRange]) == Array("2".utf8))
        #expect(Array(bytes[report.parts[2].bodyRange]) == photo)
    }

    /// The hand-rolled articles insist on `"Boundary-\(UUID().uuidString)"`: it is valid, and it works.
    @Test func uuidBoundaryFromTheArticlesIsAccepted() throws {
        let boundary = "Boundary-\(UUID().uuidString)"
        let body = try ReferenceEncoder().prepare(FormData([.init(name: "a", value: .text("1"))]), boundary: boundary)
        #expect(body.contentType == "multipart/form-data; boundary=\(boundary)")
        #expect(MultipartValidator.validate(try body.bytes(), contentType: body.contentType).diagnostics.isEmpty)
    }

    @Test func nonFileURLIsRefused() {
        var form = FormData()
        #expect {
            try form.append(name: "f", fileURL: URL(string: "https://example.com/x.png")!)
        } throws: { error in
            (error as? ReferenceEncoder.Error)?.code == .fileUnreadable
        }
        #expect(form.fields.isEmpty)
    }
}

/// Real uploads through URLSession to a loopback server: what arrives is the body, with its headers.
@Suite(.serialized) struct URLSessionUploadTests {
    func expectReceived(
        _ server: LoopbackHTTPServer, body: ReferenceEncoder.Body, method: String = "POST", announcesLength: Bool = true
    ) throws {
        let request = try server.received().get()
        #expect(request.requestLine.hasPrefix("\(method) /upload HTTP/1.1"))
        #expect(request.headers["content-type"] == body.contentType)
        if announcesLength {
            #expect(request.headers["content-length"] == String(body.contentLength))
            #expect(request.headers["transfer-encoding"] == nil)
        } else {
            // Never both: RFC 9112 §6.1.
            #expect(request.headers["content-length"] == nil)
            #expect(request.headers["transfer-encoding"]?.lowercased() == "chunked")
        }
        #expect(request.body == (try body.bytes()))
        #expect(MultipartValidator.validate(request.body, contentType: body.contentType).errorCount == 0)
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func uploadTaskFromATemporaryFileSendsTheBodyAndRemovesTheFile() async throws {
        let scratch = try Scratch()
        let body = try ReferenceEncoder().prepare(try articleForm(scratch).form)
        let server = try LoopbackHTTPServer()
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path))
        let (data, response): (Data?, URLResponse?) = try await withCheckedThrowingContinuation { continuation in
            do {
                let task = try URLSession.shared.multipartUploadTask(with: URLRequest(url: server.url), body: body) {
                    data, response, error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: (data, response)) }
                }
                task.resume()
            } catch {
                continuation.resume(throwing: error)
            }
        }
        try expectReceived(server, body: body)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(data.map(Array.init) == (try body.bytes()))
        let temporary = FileManager.default.temporaryDirectory
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: temporary.path))
        // Other tests upload at the same time: only a file holding this body (its boundary is random) is this upload's.
        let bytes = Data(try body.bytes())
        let leftOver = after.subtracting(before).filter {
            $0.hasPrefix("multipart-form-") && (try? Data(contentsOf: temporary.appendingPathComponent($0))) == bytes
        }
        #expect(leftOver.isEmpty)
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func asyncUploadSendsTheBody() async throws {
        let scratch = try Scratch()
        let body = try ReferenceEncoder().prepare(try articleForm(scratch).form)
        let server = try LoopbackHTTPServer()
        var request = URLRequest(url: server.url)
        request.httpMethod = "PUT"
        let (data, response) = try await URLSession.shared.upload(for: request, multipartBody: body)
        try expectReceived(server, body: body, method: "PUT")
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(Array(data) == (try body.bytes()))
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func streamedRequestBodySendsTheBody() async throws {
        let scratch = try Scratch()
        let body = try ReferenceEncoder().prepare(try articleForm(scratch).form)
        let server = try LoopbackHTTPServer()
        var request = URLRequest(url: server.url)
        request.setMultipartBodyStream(body)
        let (data, response) = try await URLSession.shared.data(for: request)
        #if canImport(FoundationNetworking)
        // FoundationNetworking sends body streams chunked, so the length is not announced there.
        #expect(request.value(forHTTPHeaderField: "Content-Length") == nil)
        try expectReceived(server, body: body, announcesLength: false)
        #else
        #expect(request.value(forHTTPHeaderField: "Content-Length") == String(body.contentLength))
        try expectReceived(server, body: body)
        #endif
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(Array(data) == (try body.bytes()))
    }
}
