import Foundation
// snippet.hide
import MultipartForm
import MultipartFormTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The upload helper of "Testing your app's uploads", as the blog posts write it.
struct HandRolledUploader {
    // snippet.show

    func makeUploadRequest(url: URL, photo: Data, filename: String) -> URLRequest {
        let boundary = "Boundary-\(UUID().uuidString)"
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        var body = Data()
        body.append("--\(boundary)\r\n".data(using: .utf8)!)
        body.append("Content-Disposition: form-data; name=\"photo\"; filename=\"\(filename)\"\n".data(using: .utf8)!)
        body.append("Content-Type: image/jpeg\n\n".data(using: .utf8)!)
        body.append(photo)
        body.append("\r\n--\(boundary)--\r\n".data(using: .utf8)!)
        request.httpBody = body
        return request
    }
    // snippet.hide
}

/// The article's claim: the one-line check fails the hand-rolled helper, one issue per finding.
@Test func expectConformingFailsTheHandRolledHelperOncePerFinding() throws {
    let request = HandRolledUploader().makeUploadRequest(
        url: URL(string: "https://example.com/upload")!, photo: Data([0xFF, 0xD8, 0xFF]), filename: "my \"best\" photo.jpg")
    let report = try request.validateMultipartBody()
    let expected = report.diagnostics.filter { $0.severity <= .warning }
    #expect(Set(expected.map(\.rule)) == [.headerBareLF, .parameterSyntax])
    let recorded = RecordedIssues()
    try withKnownIssue {
        try expectConforming(request)
    } matching: { issue in
        recorded.append(issue.comments.map(\.rawValue).joined())
        return true
    }
    let texts = recorded.texts
    #expect(texts.count == expected.count)
    for (text, finding) in zip(texts, expected) {
        #expect(text.hasPrefix("\(finding.rule) (\(finding.severity.rawValue)) at line \(finding.line), column \(finding.column)"))
        #expect(text.contains("\n  fix: "))
    }
    #expect(texts.contains { $0.contains(#"filename="my "best" photo.jpg"\n"#) })
}

/// Issue texts collected from a known-issue matcher, which may run on another thread.
final class RecordedIssues: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ text: String) { lock.withLock { stored.append(text) } }
    var texts: [String] { lock.withLock { stored } }
}
