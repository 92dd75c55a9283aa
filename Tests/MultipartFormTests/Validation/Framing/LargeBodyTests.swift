import MultipartForm
import MultipartFormTestSupport
import Testing

/// Bodies over 1 MiB, generated here at test time rather than committed to the corpus.
@Suite struct LargeBodyTests {
    static let boundary = Array("AaB03x".utf8)
    static let contentType = "multipart/form-data; boundary=AaB03x"

    /// Deterministic bytes (xorshift), so failures reproduce.
    static func noise(count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        var state = seed
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        for _ in 0..<count {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            bytes.append(UInt8(truncatingIfNeeded: state))
        }
        return bytes
    }

    static func field(_ name: String, _ value: [UInt8], headers: String = "") -> [UInt8] {
        Array("--AaB03x\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\(headers)\r\n".utf8) + value + [13, 10]
    }

    static let close = Array("--AaB03x--\r\n".utf8)

    func validate(_ body: [UInt8], chunk: Int, options: ValidationOptions = ValidationOptions()) -> ValidationReport {
        ChunkedFeed.validate(body, contentType: Self.contentType, options: options, chunkSize: chunk)
    }

    func rules(_ report: ValidationReport) -> [String] { report.rulesAtOffsets }

    @Test(arguments: [4093, 65_536])
    func eightMebibyteFilePartIsFramedExactly(chunk: Int) {
        var content = Self.noise(count: 8 << 20)
        // Make sure no CRLF "--AaB03x" sneaks into the noise.
        for index in content.indices where content[index] == 0x0A { content[index] = 0x0B }
        let head = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"n.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        let body = head + content + [13, 10] + Self.close
        let report = validate(body, chunk: chunk)
        #expect(rules(report) == [])
        #expect(report.parts.first?.bodyRange == head.count..<(head.count + content.count))
    }

    @Test func partFloodPastTheLimitIsCountedButNotCollected() {
        var body: [UInt8] = []
        var overLimit = 0
        for index in 0..<20_000 {
            if index == 10_000 { overLimit = body.count }
            body += Self.field("f\(index)", [UInt8(ascii: "v")])
        }
        body += Self.close
        let report = validate(body, chunk: 65_536)
        #expect(rules(report) == ["limit-parts@\(overLimit)"])
        #expect(report.partCount == 20_000)
        #expect(report.parts.count == 10_000)
    }

    @Test func megabytesOfPreambleAndEpilogueAreReportedOnce() {
        let padding = [UInt8](repeating: 0x0D, count: 1) + [UInt8](repeating: 0x0A, count: 1)
        let preamble = Array([[UInt8]](repeating: padding, count: 1 << 20).joined())
        let form = Self.field("a", Array("1".utf8)) + Self.close
        let body = preamble + form + preamble
        let report = validate(body, chunk: 65_536)
        #expect(rules(report) == ["preamble-present@0", "epilogue-present@\(preamble.count + form.count)"])
        #expect(report.parts.count == 1)
    }

    @Test func oneMebibyteHeaderLineIsReadUpToTheSectionLimit() {
        let long = "X-Long: " + String(repeating: "a", count: 1 << 20)
        let body = Self.field("a", Array("1".utf8), headers: long + "\r\n") + Self.close
        let report = validate(body, chunk: 65_536)
        // The line is named at its start (after the 10-byte delimiter line and the 42-byte
        // Content-Disposition line), then the section's limit at its first byte past it, inside the
        // line; the line is read up to there, enough to see a field that is not allowed.
        let lineStart = 10 + 42
        #expect(
            rules(report) == [
                "header-not-allowed@\(lineStart)", "limit-header-line-length@\(lineStart)", "limit-header-bytes@\(10 + 16 * 1024)",
            ])
        #expect(report.parts.first?.nameString == "a")
    }

    @Test func contentDenseInDelimiterPrefixesIsContent() {
        var content: [UInt8] = []
        while content.count < 2 << 20 {
            for length in 0...5 { content += Array("\r\n--".utf8) + Self.boundary.prefix(length) }
        }
        let head = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"d\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        let body = head + content + [13, 10] + Self.close
        for chunk in [3, 65_536] {
            let report = validate(body, chunk: chunk)
            #expect(rules(report) == [])
            #expect(report.parts.first?.bodyRange.count == content.count)
        }
    }
}
