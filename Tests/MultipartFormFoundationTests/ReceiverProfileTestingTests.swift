import Foundation
import MultipartForm
import MultipartFormTesting
import Testing
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `receivers:` in the test helpers: a valid body that PHP reads with a value lost fails for PHP only.
@Suite struct ReceiverProfileTestingTests {
    /// The hand-rolled upload of the blog tutorials: three `tags`, a Japanese filename.
    static func tagsRequest(tagName: String = "tags") -> URLRequest {
        var body = ""
        for (name, value) in [("title", "Kyoto trip"), ("user_id", "42"), (tagName, "temple"), (tagName, "travel"), (tagName, "kyoto")] {
            body += "--Boundary-1\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        body += "--Boundary-1\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"写真 2024.jpg\"\r\n"
        body += "Content-Type: image/jpeg\r\n\r\nJPEG\r\n--Boundary-1--\r\n"
        var request = URLRequest(url: URL(string: "https://example.com/upload")!)
        request.httpMethod = "POST"
        request.setValue("multipart/form-data; boundary=Boundary-1", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        return request
    }

    @Test func aRepeatedNamePassesWithNoReceiverNamed() throws {
        let report = try expectConforming(Self.tagsRequest())
        #expect(report.diagnostics.map(\.rule) == [.nameDuplicate])
    }

    @Test func aRepeatedNameFailsForPHPNamingTheLostValuesAndTheFix() throws {
        let recorded = IssueTexts()
        try withKnownIssue {
            try expectConforming(Self.tagsRequest(), receivers: [.php])
        } matching: { issue in
            recorded.append(issue.comments.map(\.rawValue).joined())
            return true
        }
        #expect(recorded.texts.count == 1)
        let text = try #require(recorded.texts.first)
        // As the article "Testing your app's uploads" shows it.
        #expect(text.hasPrefix("name-duplicate for php (error) at line 14, column 1, byte 225, part 3: php keeps only"))
        #expect(text.contains("php keeps only the last of the 3 parts named 'tags'"))
        #expect(text.contains("the value 'temple' (part 2) and the value 'travel' (part 3) are lost"))
        #expect(text.contains("fix: for php, name each of these parts 'tags[]'"))
    }

    @Test func theBracketNamePassesForPHP() throws {
        let report = try expectConforming(Self.tagsRequest(tagName: "tags[]"), receivers: [.php])
        #expect(report.errorCount == 0)
        #expect(report.diagnostics.contains { $0.receiver == "php" && $0.message.contains("one list") })
    }

    @Test func aRepeatedNamePassesForDjangoWhichKeepsEveryValue() throws {
        let report = try expectConforming(Self.tagsRequest(), receivers: [.django])
        #expect(report.diagnostics.map(\.receiver) == [nil])
    }
}

/// The XCTest spelling takes receivers by the names developers know.
final class XCTAssertReceiversTests: XCTestCase {
    func testTheBracketNamePassesForLaravel() throws {
        let laravel = try XCTUnwrap(Receiver.named("Laravel"))
        XCTAssertEqual(laravel, .php)
        let report = try XCTAssertMultipartConforming(
            ReceiverProfileTestingTests.tagsRequest(tagName: "tags[]"), receivers: [laravel])
        XCTAssertEqual(report.errorCount, 0)
    }
}
