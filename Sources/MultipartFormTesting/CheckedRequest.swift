import Foundation
import MultipartForm
import MultipartFormFoundation
import MultipartFormReceivers

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

    /// Reads and validates the request's body; with receivers named, the findings each reads
    /// otherwise are raised for it (``ReceiverCheck``).
    init(_ request: URLRequest, bodyFile: URL?, receivers: [Receiver] = []) throws(RequestBodyError) {
        contentType = try request.multipartContentType()
        var bytes: [UInt8] = []
        try request.forEachMultipartBodyChunk(bodyFile: bodyFile) { bytes.append(contentsOf: $0) }
        body = bytes
        let validated = MultipartValidator.validate(bytes, contentType: contentType)
        report = receivers.isEmpty
            ? validated : ReceiverCheck(validated, receivers: receivers) { Array(bytes[$0.bodyRange]) }.report
    }

    /// One failure text per finding at `minimumSeverity` or worse, in report order.
    func issues(minimumSeverity: Severity) -> [String] {
        report.diagnostics.filter { $0.severity <= minimumSeverity }.map {
            FindingIssue.text($0, body: body, contentType: contentType)
        }
    }
}
