import Foundation
import MultipartForm
import MultipartFormTestSupport
import Testing

/// A generator that always returns the same word, so every generated boundary is the same.
struct StuckGenerator: RandomNumberGenerator {
    // Not 0: `Int.random(in:using:)` rejects a zero low product forever.
    mutating func next() -> UInt64 { 0x1234_5678_9ABC_DEF1 }
}

/// A part as a receiver should decode it from the encoder's output, bytes after the documented escaping.
struct ExpectedPart: Equatable, CustomStringConvertible {
    var name: [UInt8]
    var filename: [UInt8]?
    var contentType: [UInt8]?
    var body: [UInt8]

    init(name: String, filename: String? = nil, contentType: String? = nil, body: [UInt8]) {
        self.name = Array(name.utf8)
        self.filename = filename.map { Array($0.utf8) }
        self.contentType = contentType.map { Array($0.utf8) }
        self.body = body
    }

    init(name: String, filename: String? = nil, contentType: String? = nil, text: String) {
        self.init(name: name, filename: filename, contentType: contentType, body: Array(text.utf8))
    }

    var description: String {
        "name=\(String(decoding: name, as: UTF8.self)) filename=\(filename.map { String(decoding: $0, as: UTF8.self) } ?? "nil") "
            + "type=\(contentType.map { String(decoding: $0, as: UTF8.self) } ?? "nil") body=\(body.count) bytes"
    }
}

/// Validates an encoder's output and returns the findings that are not notes, as `rule@offset`.
func nonNoteFindings(_ report: ValidationReport) -> [String] {
    report.diagnostics.filter { $0.severity != .note }.map(\.ruleAtOffset)
}

/// The parts a validation report decoded, with their content copied out of the body.
func decodedParts(_ report: ValidationReport, body: [UInt8]) -> [ExpectedPart] {
    report.parts.map { part in
        var expected = ExpectedPart(name: "", body: Array(body[part.bodyRange]))
        expected.name = part.name ?? []
        expected.filename = part.filename
        expected.contentType = part.contentType
        return expected
    }
}

/// Every byte value once, 0x00 through 0xFF.
let allByteValues: [UInt8] = (0...255).map { UInt8($0) }
