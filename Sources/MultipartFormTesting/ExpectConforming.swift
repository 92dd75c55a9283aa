#if canImport(Testing)
import Foundation
import MultipartForm
import MultipartFormFoundation
import MultipartFormReceivers
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Checks a request's multipart/form-data body in a Swift Testing test, recording each finding as its own issue.
///
/// The body is read as the app built it (see `URLRequest.validateMultipartBody(bodyFile:options:)`)
/// and validated strictly. Every finding at `minimumSeverity` or worse fails the test with its own
/// issue: the rule, its line, column, byte offset and part, the line of the body around it with
/// every byte visible and a caret under the offending one, the fix and the specification.
///
/// ```swift
/// @Test func uploadBodyConforms() throws {
///     let request = try PhotoUploader().makeRequest(photo: jpegData, filename: "beach.jpg")
///     try expectConforming(request)
/// }
/// ```
/// - Parameters:
///   - request: The request as the app built it: its `Content-Type` header and its body.
///   - bodyFile: The file an upload task sends as the body, when the body is not in the request.
///   - receivers: The servers' parsers the body goes to (`[.php]`, `[Receiver.named("rails")!]`):
///     every finding one of them reads otherwise (by the interop evidence) becomes an error that
///     names it, says what it will do with this body and how to fix it for that receiver.
///   - minimumSeverity: The least severe finding that fails the test: `.warning` by default, so
///     interop hazards fail too; `.error` for violations only.
///   - sourceLocation: Where the issues are reported; the caller's line by default.
/// - Returns: The report, for further checks.
/// - Throws: `RequestBodyError` (of `MultipartFormFoundation`) when the request has no `Content-Type` or no readable body.
@discardableResult
public func expectConforming(
    _ request: URLRequest, bodyFile: URL? = nil, receivers: [Receiver] = [], minimumSeverity: Severity = .warning,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> ValidationReport {
    let checked = try CheckedRequest(request, bodyFile: bodyFile, receivers: receivers)
    for text in checked.issues(minimumSeverity: minimumSeverity) {
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    }
    return checked.report
}
#endif
