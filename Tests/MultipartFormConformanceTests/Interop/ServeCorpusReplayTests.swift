import Foundation
import MultipartForm
import MultipartFormCLI
import MultipartFormConformance
import Testing

/// Every vector uploaded to `serve` (over a socket pair, through its connection loop) gets the
/// report `validate` gives the body: the same findings at the same body positions, the same parts,
/// whether it arrives with Content-Length or chunked.
@Suite struct ServeCorpusReplayTests {
    /// The vectors whose Content-Type can travel in a header field: no CR or LF, no leading or
    /// trailing whitespace (which a header field's value loses).
    static func sendableVectors() throws -> [ConformanceVector] {
        try Fixtures.vectors().filter { vector in
            guard let type = vector.contentType else { return true }
            return !type.contains("\r") && !type.contains("\n") && type == type.trimmingCharacters(in: .whitespaces)
                && !type.isEmpty
        }
    }

    @Test func almostEveryVectorCanBeSent() throws {
        #expect(try Self.sendableVectors().count >= Fixtures.vectors().count - 10)
    }

    /// `(rule, offset, line, column, message)` of each finding, and each part's name (as kept), its
    /// whole length and its ranges.
    static func summary(_ report: ValidationReport) -> [String] {
        report.diagnostics.map { "\($0.rule) \($0.offset) \($0.line):\($0.column) \($0.message)" }
            + report.parts.map {
                "part \($0.index) \($0.name.map { Array($0) } ?? []) \($0.nameByteCount ?? 0) \($0.headerRange) \($0.bodyRange)"
            }
    }

    /// What `serve` keeps of a part's name: the page's 256 bytes (`ServedRequest.pageParameterBytes`).
    static let servedOptions: ValidationOptions = {
        var options = ValidationOptions()
        options.maxCollectedValueBytes = 256
        return options
    }()

    static func summary(_ line: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let file = try #require((object["files"] as? [[String: Any]])?.first)
        let diagnostics = (file["diagnostics"] as? [[String: Any]] ?? []).map {
            "\($0["rule"]!) \($0["offset"]!) \($0["line"]!):\($0["column"]!) \($0["message"]!)"
        }
        let parts = (file["decoded_parts"] as? [[String: Any]] ?? []).map { part -> String in
            let name = (part["name"] as? String).map { Array($0.utf8) }
                ?? (part["name_base64"] as? String).flatMap { Data(base64Encoded: $0) }.map(Array.init) ?? []
            let length = part["name_length"] as? Int ?? name.count
            let header = part["header_offset"] as! Int
            let body = part["body_offset"] as! Int
            return "part \(part["index"]!) \(name) \(length) \(header)..<\(header + (part["header_length"] as! Int)) \(body)..<\(body + (part["body_length"] as! Int))"
        }
        return diagnostics + parts
    }

    static func request(_ vector: ConformanceVector, chunked: Bool) -> [UInt8] {
        var head = "POST /upload HTTP/1.1\r\nHost: test\r\n"
        if let type = vector.contentType { head += "Content-Type: \(type)\r\n" }
        guard chunked else {
            return Array((head + "Content-Length: \(vector.body.count)\r\nConnection: close\r\n\r\n").utf8) + vector.body
        }
        var bytes = Array((head + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").utf8)
        var start = 0
        while start < vector.body.count {
            let piece = vector.body[start..<min(start + 7, vector.body.count)]
            bytes += Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
            start += piece.count
        }
        return bytes + Array("0\r\n\r\n".utf8)
    }

    @Test(arguments: try sendableVectors())
    func servedReportMatchesValidate(_ vector: ConformanceVector) throws {
        let expected = Self.summary(MultipartValidator.validate(vector.body, contentType: vector.contentType, options: Self.servedOptions))
        for chunked in [false, true] {
            let result = ServeReplay.replay(Self.request(vector, chunked: chunked), maxBody: 1 << 30)
            #expect(result.requests == 1)
            #expect(result.output.count == 1)
            let line = try #require(result.output.first)
            #expect(try Self.summary(line) == expected, "chunked: \(chunked)")
            #expect(result.answers.starts(with: Array("HTTP/1.1 200 OK\r\n".utf8)))
        }
    }
}
