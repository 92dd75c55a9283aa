import MultipartForm
import MultipartFormTestSupport
import Testing

/// A boundary read off the first line meets the rules a declared one does, and a boundary shorter than the body's is named as such.
@Suite("Inferred and mismatched boundaries")
struct BoundaryMismatchTests {
    static func body(boundary: String) -> [UInt8] {
        Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(boundary)--\r\n".utf8)
    }

    static func findings(_ report: ValidationReport) -> [String] {
        report.rulesAtOffsets
    }

    @Test func anInferredBoundaryOf71CharactersIsTooLong() {
        let boundary = String(repeating: "x", count: 71)
        let report = MultipartValidator.validate(Self.body(boundary: boundary), contentType: nil)
        #expect(Self.findings(report) == ["boundary-inferred@0", "boundary-too-long@72"])
        #expect(!report.isConforming)
        #expect(report.diagnostics.last?.column == 73)
    }

    @Test(arguments: ["a\u{0}b", "a\u{1}b", "a;b", "a\u{7F}b", "a\"b"])
    func anInferredBoundaryOutsideBcharsIsInvalid(boundary: String) {
        let report = MultipartValidator.validate(Self.body(boundary: boundary), contentType: nil)
        #expect(Self.findings(report) == ["boundary-inferred@0", "boundary-invalid-character@3"], "\(report.diagnostics)")
        #expect(!report.isConforming)
    }

    @Test func aValidInferredBoundaryDrawsOnlyTheNote() {
        let report = MultipartValidator.validate(Self.body(boundary: "AaB03x"), contentType: nil)
        #expect(Self.findings(report) == ["boundary-inferred@0"])
    }

    @Test func aDeclaredBoundaryThatPrefixesTheBodysIsNamedAsShorterNotAsCase() {
        let report = MultipartValidator.validate(
            Self.body(boundary: "AaB03x"), contentType: "multipart/form-data; boundary=AaB0")
        let message = report.diagnostics.first { $0.rule == "delimiter-not-found" }?.message ?? ""
        #expect(!message.contains("letter case"), "\(message)")
        #expect(message.contains("goes on with '3x'") && message.contains("looks like 'AaB03x'"), "\(message)")
    }

    @Test func aBoundaryInOtherLetterCaseIsStillNamedAsCase() {
        let report = MultipartValidator.validate(
            Self.body(boundary: "AaB03x"), contentType: "multipart/form-data; boundary=aab03x")
        let message = report.diagnostics.first { $0.rule == "delimiter-not-found" }?.message ?? ""
        #expect(message.contains("different letter case"), "\(message)")
    }
}
