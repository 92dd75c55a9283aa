import MultipartForm
import Testing

@testable import MultipartCheckBench

/// Decode's second pass materialises every collected part once, whole, however the body's blocks fall.
@Suite struct BenchMaterialiserTests {
    static let body = Array(
        ("--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHoliday\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"empty\"\r\n\r\n\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n"
            + String(repeating: "0123456789", count: 7) + "\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\nz\r\n--B--\r\n").utf8)

    /// What materialising every part should count: its strings' lengths, its content's last byte and length.
    static func expectedChecksum(_ parts: [DecodedPart]) -> Int {
        parts.reduce(0) { sum, part in
            let content = body[part.bodyRange]
            let strings = [part.nameString, part.filenameString, part.contentTypeString].compactMap { $0?.utf8.count }
            return sum &+ strings.reduce(0, &+) &+ Int(content.last ?? 0) &+ content.count
        }
    }

    @Test func everyPartIsMaterialisedOnceWhateverTheBlockSize() {
        let report = MultipartValidator.validate(Self.body, contentType: "multipart/form-data; boundary=B")
        #expect(report.errorCount == 0 && report.parts.count == 4)
        let expected = Self.expectedChecksum(report.parts)
        for blockSize in 1...Self.body.count {
            var materialiser = BenchMaterialiser(parts: report.parts)
            var start = 0
            while start < Self.body.count {
                let end = min(start + blockSize, Self.body.count)
                Self.body[start..<end].withUnsafeBytes { materialiser.take($0) }
                start = end
            }
            materialiser.finish()
            #expect(materialiser.materialised == 4, "blocks of \(blockSize)")
            #expect(materialiser.checksum == expected, "blocks of \(blockSize)")
        }
    }
}
