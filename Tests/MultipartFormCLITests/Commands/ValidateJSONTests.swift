import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

@Suite struct ValidateJSONTests {
    static let fileKeys: Set<String> = [
        "path", "conforming", "parts", "bytes", "boundary", "counts", "diagnostics", "decoded_parts",
    ]
    static let diagnosticKeys: Set<String> = [
        "rule", "severity", "origin", "offset", "line", "column", "part", "message", "citation", "fix",
    ]

    func decode(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func jsonOutputDecodesAndHasTheSchemaKeys() throws {
        let directory = try TemporaryDirectory()
        let blog = try directory.write(Bodies.blog, named: "blog.body")
        let result = runCLI(
            ["validate", "--format", "json", "--content-type", Bodies.blogContentType, blog, "-"], stdin: Bodies.blog)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        let document = try decode(result.stdout)
        #expect(Set(document.keys) == ["version", "files"])
        #expect(document["version"] as? Int == 1)
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files.map { $0["path"] as? String } == [blog, "<stdin>"])
        for file in files {
            #expect(Set(file.keys) == Self.fileKeys)
            #expect(file["conforming"] as? Bool == false)
            #expect(file["bytes"] as? Int == Bodies.blog.count)
            #expect(file["boundary"] as? String == "Boundary-1234")
            let counts = try #require(file["counts"] as? [String: Int])
            #expect(Set(counts.keys) == ["error", "warning", "note"])
            #expect(counts["error", default: 0] > 0)
            let diagnostics = try #require(file["diagnostics"] as? [[String: Any]])
            #expect(!diagnostics.isEmpty)
            for diagnostic in diagnostics {
                #expect(Set(diagnostic.keys) == Self.diagnosticKeys)
            }
            let rules = Set(diagnostics.compactMap { $0["rule"] as? String })
            #expect(rules.isSuperset(of: ["part-headers-unterminated", "close-delimiter-missing"]))
        }
    }

    @Test func jsonListsDecodedPartsWithNamesAndBodyRanges() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Bodies.browser, named: "browser.body")
        let result = runCLI([path, "--format=json", "--content-type", Bodies.browserContentType])
        #expect(result.status == 0)
        let document = try decode(result.stdout)
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        #expect(file["conforming"] as? Bool == true)
        #expect(file["parts"] as? Int == 1)
        #expect((file["diagnostics"] as? [Any])?.isEmpty == true)
        let part = try #require((file["decoded_parts"] as? [[String: Any]])?.first)
        #expect(part["index"] as? Int == 0)
        #expect(part["name"] as? String == "a")
        #expect(part["filename"] is NSNull)
        #expect(part["content_type"] is NSNull)
        // "--AaB03x\r\n" (10) + the header line (40) + "\r\n\r\n" (4) puts the value "1" at offset 54.
        #expect(part["body_offset"] as? Int == 54)
        #expect(part["body_length"] as? Int == 1)
    }

    @Test func jsonWithOnlyUnreadableFilesIsStillADocument() throws {
        let result = runCLI(["--format", "json", "/nonexistent/multipart-check.body"])
        #expect(result.status == 66)
        let document = try decode(result.stdout)
        #expect((document["files"] as? [Any])?.isEmpty == true)
    }

    @Test func jsonStringsEscapeControlsAndNonUTF8ValuesAreBase64() {
        #expect(JSONValue.quote("a\"b\\c\r\n\u{0}") == #""a\"b\\c\r\n\u0000""#)
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
        #expect(Base64.encode([0xFF]) == "/w==")
    }
}
