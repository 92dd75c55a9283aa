#if canImport(XCTest)
import Foundation
import MultipartForm
import MultipartFormFoundation
import MultipartFormReceivers
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Checks a request's multipart/form-data body in an XCTest test, failing once for each finding.
///
/// What `expectConforming(_:bodyFile:receivers:minimumSeverity:sourceLocation:)` does for Swift Testing:
/// each finding at `minimumSeverity` or worse is its own failure, with the rule, the position, the
/// bytes around it made visible, the fix and the specification.
///
/// ```swift
/// func testUploadBodyConforms() throws {
///     try XCTAssertMultipartConforming(PhotoUploader().makeRequest(photo: jpegData, filename: "beach.jpg"))
/// }
/// ```
/// - Parameters:
///   - request: The request as the app built it.
///   - bodyFile: The file an upload task sends as the body, when the body is not in the request.
///   - receivers: The servers' parsers the body goes to (`[.php]`, `[Receiver.named("rails")!]`):
///     every finding one of them reads otherwise (by the interop evidence) becomes an error that
///     names it, says what it will do with this body and how to fix it for that receiver.
///   - minimumSeverity: The least severe finding that fails the test (`.warning` by default).
///   - file: The file the failures are reported in.
///   - line: The line the failures are reported at.
/// - Returns: The report, for further checks.
/// - Throws: `RequestBodyError` (of `MultipartFormFoundation`) when the request has no `Content-Type` or no readable body.
@discardableResult
public func XCTAssertMultipartConforming(
    _ request: @autoclosure () throws -> URLRequest, bodyFile: URL? = nil, receivers: [Receiver] = [],
    minimumSeverity: Severity = .warning, file: StaticString = #filePath, line: UInt = #line
) throws -> ValidationReport {
    let checked = try CheckedRequest(try request(), bodyFile: bodyFile, receivers: receivers)
    for text in checked.issues(minimumSeverity: minimumSeverity) {
        XCTFail(text, file: file, line: line)
    }
    return checked.report
}
#endif
