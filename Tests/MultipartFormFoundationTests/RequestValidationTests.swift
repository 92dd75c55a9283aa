import Foundation
import MultipartForm
import MultipartFormFoundation
@testable import MultipartFormTesting
import Testing
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as the seeds' upload helpers build it: LF after the part headers, the filename
/// interpolated raw, the photo right after the Content-Type line.
func handRolledRequest(filename: String) -> URLRequest {
    let boundary = "Boundary-7D0E8E5B"
    var request = URLRequest(url: URL(string: "https://example.com/upload")!)
    request.httpMethod = "POST"
    request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
    var body = Data()
    body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"user\"\n\nalice\r\n".utf8))
    body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(filename)\"\r\n".utf8))
    body.append(Data("Content-Type: image/png\r\nPNGDATA\r\n--\(boundary)--".utf8))
    request.httpBody = body
    return request
}

/// The same upload through the reference encoder.
func referenceForm(filename: String) -> FormData {
    var form = FormData()
    form.append(name: "user", text: "alice")
    form.append(name: "photo", bytes: Array("PNGDATA".utf8), filename: filename, contentType: "image/png")
    return form
}

/// `URLRequest.validateMultipartBody` reads the request as the app built it.
@Suite struct RequestValidationTests {
    @Test func theHandRolledRequestIsNotConforming() throws {
        let report = try handRolledRequest(filename: "beach.png").validateMultipartBody()
        #expect(!report.isConforming)
        #expect(report.diagnostics.map(\.rule).contains(.headerBareLF))
        #expect(report.diagnostics.map(\.rule).contains(.headerMissingColon))
    }

    @Test func theReferenceRequestConformsWhereverItsBodyIs() throws {
        let scratch = try Scratch()
        let body = try ReferenceEncoder().prepare(referenceForm(filename: "beach.png"))
        var inMemory = URLRequest(url: URL(string: "https://example.com/upload")!)
        try inMemory.setMultipartBody(body)
        var streamed = inMemory
        streamed.httpBody = nil
        streamed.setMultipartBodyStream(body)
        var headersOnly = URLRequest(url: URL(string: "https://example.com/upload")!)
        headersOnly.setMultipartHeaders(for: body)
        let file = try body.writeTemporaryFile(in: scratch.url)
        for report in [
            try inMemory.validateMultipartBody(), try streamed.validateMultipartBody(),
            try headersOnly.validateMultipartBody(bodyFile: file),
        ] {
            #expect(report.diagnostics.isEmpty)
            #expect(report.partCount == 2)
            #expect(report.byteCount == body.contentLength)
        }
    }

    @Test func aRequestWithoutContentTypeOrBodyIsAnError() {
        var request = URLRequest(url: URL(string: "https://example.com/upload")!)
        #expect(throws: RequestBodyError(.noContentType, "the request has no Content-Type header; set 'multipart/form-data; boundary=...' with the boundary the body uses")) {
            try request.validateMultipartBody()
        }
        request.setValue("multipart/form-data; boundary=X", forHTTPHeaderField: "Content-Type")
        #expect { try request.validateMultipartBody() } throws: { ($0 as? RequestBodyError)?.code == .noBody }
    }

    /// Each finding is its own issue, in the order of the report, with the bytes shown and a fix.
    @Test func expectConformingRecordsOneIssuePerFindingWithTheBytesAndTheFix() throws {
        let request = handRolledRequest(filename: "my \"best\" photo.png")
        let report = try request.validateMultipartBody()
        let expected = report.diagnostics.filter { $0.severity <= .warning }
        let recorded = IssueTexts()
        try withKnownIssue {
            try expectConforming(request)
        } matching: { issue in
            recorded.append(issue.comments.map(\.rawValue).joined())
            return true
        }
        #expect(recorded.texts.count == expected.count)
        let syntax = try #require(recorded.texts.first { $0.hasPrefix("parameter-syntax (error) at line 6, column 61") })
        #expect(syntax.contains(#"  Content-Disposition: form-data; name="photo"; filename="my "best" photo.png"\r\n"#))
        let lines = syntax.split(separator: "\n", omittingEmptySubsequences: false)
        // The caret sits under the 'b' that follows the early closing quote.
        let excerpt = lines[1]
        let caret = lines[2]
        let column = caret.count - 1
        #expect(excerpt[excerpt.index(excerpt.startIndex, offsetBy: column)] == "b")
        #expect(syntax.contains("\n  fix: write a '\"' inside a quoted value as `%22`"))
    }

    @Test func expectConformingRecordsNothingForTheReferenceEncodersRequest() throws {
        var request = URLRequest(url: URL(string: "https://example.com/upload")!)
        try request.setMultipartBody(ReferenceEncoder().prepare(referenceForm(filename: "beach.png")))
        let report = try expectConforming(request)
        #expect(report.isConforming)
    }

    /// A quote in the user's filename: the reference encoder writes `%22`, a warning no encoder can
    /// avoid; it fails the default check and passes when only errors count.
    @Test func anUnavoidableWarningFailsUnlessOnlyErrorsCount() throws {
        var request = URLRequest(url: URL(string: "https://example.com/upload")!)
        try request.setMultipartBody(ReferenceEncoder().prepare(referenceForm(filename: "my \"best\" photo.png")))
        try expectConforming(request, minimumSeverity: .error)
        let recorded = IssueTexts()
        try withKnownIssue {
            try expectConforming(request)
        } matching: { issue in
            recorded.append(issue.comments.map(\.rawValue).joined())
            return true
        }
        #expect(recorded.texts.count == 1)
        #expect(recorded.texts.first?.contains("an encoder cannot avoid this") == true)
    }
}

/// Issue texts collected from a known-issue matcher, which may run on another thread.
final class IssueTexts: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ text: String) { lock.withLock { stored.append(text) } }
    var texts: [String] { lock.withLock { stored } }
}

/// The XCTest spelling passes the reference encoder's request.
final class XCTAssertMultipartConformingTests: XCTestCase {
    func testTheReferenceEncodersRequestPasses() throws {
        var request = URLRequest(url: URL(string: "https://example.com/upload")!)
        try request.setMultipartBody(ReferenceEncoder().prepare(referenceForm(filename: "beach.png")))
        let report = try XCTAssertMultipartConforming(request)
        XCTAssertEqual(report.partCount, 2)
    }
}
