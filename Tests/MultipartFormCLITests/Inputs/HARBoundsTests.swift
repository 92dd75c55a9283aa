import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// A HAR file is read keeping only its requests, with a bound on what is kept.
@Suite("HAR bounds")
struct HARBoundsTests {
    static let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--AaB03x--\r\n"

    static func har(entries: [[String: Any]]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: ["log": ["version": "1.2", "entries": entries]]))
    }

    static var request: [String: Any] {
        [
        "method": "POST", "url": "https://e/u",
        "headers": [["name": "Content-Type", "value": "multipart/form-data; boundary=AaB03x"]],
        "postData": ["mimeType": "multipart/form-data; boundary=AaB03x", "text": body, "params": [["name": "a"]]],
        ]
    }

    @Test func onlyTheRequestsAreKept() throws {
        let filler: [[String: Any]] = (0..<5000).map { ["t": $0, "v": [1, 2, ["x": NSNull()]]] }
        let document = try Self.har(entries: [
            ["request": Self.request, "response": ["content": ["filler": filler]], "timings": ["wait": 1]]
        ])
        var reader = StrictJSONReader(document, keeping: HARRequests.isKept)
        let root = try reader.parseDocument()
        let entry = try #require(root.member("log")?.member("entries")?.elements?.first)
        #expect(entry.member("response") == nil && entry.member("timings") == nil)
        #expect(root.member("log")?.member("version") == nil)
        let request = try #require(entry.member("request"))
        #expect(request.member("postData")?.member("params")?.elements?.isEmpty == true, "params is kept empty")
        let requests = try HARRequests(document: document)
        #expect(requests.entries.count == 1 && requests.entries[0].body == Array(Self.body.utf8))
        #expect(requests.entries[0].fidelityNote == nil)
    }

    @Test func aValueOutsideTheRequestsIsStillChecked() throws {
        let document = Array(#"{"log": {"entries": [{"request": {"method": "POST"}, "response": {"a": [1, 2,]}}]}}"#.utf8)
        #expect(throws: HARError.self) { try HARRequests(document: document) }
    }

    @Test func keptValuesPastTheBudgetAreRefusedWithWhatToDo() throws {
        var reader = StrictJSONReader(Array(#"{"a": [1, 2, 3, 4, 5]}"#.utf8), maxKeptValues: 4)
        let error = try #require(throws: JSONSyntaxError.self) { try reader.parseDocument() }
        #expect(error.isOverBudget)
        #expect(error.description.hasPrefix("more than 4 JSON values to keep"))
    }

    @Test func aHARWithAHugeResponseIsValidatedWithoutKeepingIt() throws {
        let filler = String(repeating: "[1,{\"x\":null}],", count: 200_000)
        let text = #"{"log": {"entries": [{"request": "# + String(data: try JSONSerialization.data(withJSONObject: Self.request), encoding: .utf8)!
            + #", "response": {"filler": ["# + filler + #"0]}}]}}"#
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(text.utf8), named: "big.har")
        let result = runCLI([path])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
