import Foundation
import MultipartForm
import MultipartFormFoundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request's body read whole and validated: what both test helpers report from.
///
/// The body is kept in memory so each finding can show the bytes around it; a test's upload is
/// small enough for that.
struct CheckedRequest {
    /// The request's `Content-Type`.
    var contentType: String
    /// The body's bytes.
    var body: [UInt8]
    /// The validator's report.
    var report: ValidationReport

    init(_ request: URLRequest, bodyFile: URL?) throws(RequestBodyError) {
        contentType = try request.multipartContentType()
        var bytes: [UInt8] = []
        try request.forEachMultipartBodyChunk(bodyFile: bodyFile) { bytes.append(contentsOf: $0) }
        body = bytes
        report = MultipartValidator.validate(bytes, contentType: contentType)
    }

    /// One failure text per finding at `minimumSeverity` or worse, in report order.
    func issues(minimumSeverity: Severity) -> [String] {
        report.diagnostics.filter { $0.severity <= minimumSeverity }.map {
            FindingIssue.text($0, body: body, contentType: contentType)
        }
    }
}
