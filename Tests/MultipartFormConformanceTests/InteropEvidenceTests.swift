import Foundation
import MultipartForm
@testable import MultipartFormConformanceCore
import Testing

/// The validator against the committed interop results (Interop/results/evidence.json): wherever
/// real parsers read a vector differently, the validator must say something about it, unless
/// CONFORMANCE.md lists the vector as a reasoned exception.
@Suite struct InteropEvidenceTests {
    static let beginMarker = "<!-- interop-exceptions:begin -->"
    static let endMarker = "<!-- interop-exceptions:end -->"

    static func evidence() throws -> InteropEvidence {
        let path = Fixtures.packageRoot.appendingPathComponent("Interop/results/evidence.json").path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try InteropEvidence.parse(bytes)
    }

    /// The exception list: `- \`vector id\`: reason` lines between the markers.
    static func exceptions() throws -> [String: String] {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("CONFORMANCE.md"), encoding: .utf8)
        guard let begin = text.range(of: beginMarker), let end = text.range(of: endMarker), begin.upperBound < end.lowerBound else {
            throw ExceptionListMissing()
        }
        var result: [String: String] = [:]
        for line in text[begin.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("- `") {
            let rest = line.dropFirst(3)
            guard let close = rest.firstIndex(of: "`") else { continue }
            result[String(rest[..<close])] = String(rest[close...].dropFirst().drop { $0 == ":" || $0 == " " })
        }
        return result
    }

    struct ExceptionListMissing: Error, CustomStringConvertible {
        var description: String { "CONFORMANCE.md has no interop exception list between \(beginMarker) and \(endMarker)" }
    }

    @Test func theEvidenceNamesAtLeastTwelveParsersInSixLanguages() throws {
        let evidence = try Self.evidence()
        #expect(evidence.parsers.count >= 12)
        #expect(Set(evidence.parsers.map(\.language)).count >= 6)
    }

    @Test func everySplitVectorIsInTheCorpus() throws {
        let ids = Set(try Fixtures.vectors().map(\.id))
        let evidence = try Self.evidence()
        #expect(!evidence.splitVectors.isEmpty)
        for id in evidence.splitVectors.keys.sorted() {
            #expect(ids.contains(id), "evidence.json names \(id), which the corpus no longer has: run Interop/run.sh")
        }
    }

    @Test func theValidatorReportsSomethingWhereRealParsersSplit() throws {
        let evidence = try Self.evidence()
        let exceptions = try Self.exceptions()
        let vectors = Dictionary(uniqueKeysWithValues: try Fixtures.vectors().map { ($0.id, $0) })
        for id in evidence.splitVectors.keys.sorted() where exceptions[id] == nil {
            guard let vector = vectors[id] else { continue }
            let report = MultipartValidator.validate(vector.body, contentType: vector.contentType, options: vector.validationOptions)
            #expect(
                !report.diagnostics.isEmpty,
                "real parsers split on \(id) but the validator reports nothing:\n\(evidence.readingLines(of: id).joined(separator: "\n"))")
        }
    }

    @Test func everyExceptionIsASplitTheValidatorIsSilentOn() throws {
        let evidence = try Self.evidence()
        let vectors = Dictionary(uniqueKeysWithValues: try Fixtures.vectors().map { ($0.id, $0) })
        for (id, reason) in try Self.exceptions().sorted(by: { $0.key < $1.key }) {
            #expect(!reason.isEmpty, "the exception for \(id) gives no reason")
            #expect(evidence.splitVectors[id] != nil, "\(id) is listed as an exception but real parsers agree on it: remove it")
            if let vector = vectors[id] {
                let report = MultipartValidator.validate(vector.body, contentType: vector.contentType, options: vector.validationOptions)
                #expect(report.diagnostics.isEmpty, "\(id) is listed as an exception but the validator reports on it: remove it")
            } else {
                Issue.record("\(id) is listed as an exception but is not in the corpus")
            }
        }
    }
}
