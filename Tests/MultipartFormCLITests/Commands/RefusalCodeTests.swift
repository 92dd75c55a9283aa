import Foundation
import MultipartForm
import MultipartFormConformanceCore
import Testing

@testable import MultipartFormCLI

/// Every code a refusal or a canonical miss names is one `explain` accepts: the reference encoder's
/// error codes, the classes of forms an encoder may refuse, and the `refused_with` of the corpus.
@Suite struct RefusalCodeTests {
    /// Every code the reference encoder throws, then every class of forms an encoder may refuse.
    static let codes = ReferenceEncoder.Error.Code.all.map(\.rawValue) + RefusedForm.refusable.map(\.id)

    static func corpus() throws -> Corpus {
        try Corpus(directory: packageRoot.appendingPathComponent("Vectors").path)
    }

    @Test(arguments: codes)
    func explainAnswersEveryCode(code: String) {
        let result = runCLI(["explain", code])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(code): "))
        #expect(result.stdout.contains("\nKIND: "), "\(result.stdout)")
        #expect(result.stdout.contains("not a validator rule)\nCITATION: "), "\(result.stdout)")
        #expect(result.stdout.contains("\nCITATION: RFC "))
        #expect(result.stdout.contains("\n\nWHY:\n  "))
        #expect(result.stdout.contains("\n\nFOR AN ENCODER:\n  "))
        let wide = result.stdout.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "\(wide)")
    }

    @Test func explainSaysWhatKindOfCodeItIs() {
        #expect(runCLI(["explain", "invalid-boundary"]).stdout.contains("\nKIND: a form the reference encoder refuses (not a validator rule)\n"))
        #expect(runCLI(["explain", "FILE-CHANGED"]).stdout.contains("\nKIND: a file or output error; the form is fine (not a validator rule)\n"))
        #expect(runCLI(["explain", "line-breaks-in-names"]).stdout.contains("\nKIND: a class of forms any encoder may refuse (not a validator rule)\n"))
    }

    @Test func theCodeListHoldsEveryCodeTheEncoderDeclares() throws {
        // The declarations themselves, so that a code added without joining `all` fails here.
        let source = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/MultipartForm/Encoding/ReferenceEncoder/ReferenceEncoder+Error.swift"), encoding: .utf8)
        let marker = "= Code(rawValue: \""
        let declared = source.components(separatedBy: marker).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(declared.count >= 9)
        #expect(ReferenceEncoder.Error.Code.all.map(\.rawValue) == declared)
        #expect(Set(RefusalExplanation.all.map(\.code)) == Set(Self.codes), "explain knows a code nothing names, or misses one")
    }

    @Test func everyCodeAVectorIsRefusedWithIsExplained() throws {
        let codes = Set(try Self.corpus().vectors.compactMap { $0.sidecar.encoderInput?.refusal })
        #expect(!codes.isEmpty)
        for code in codes.sorted() {
            #expect(RefusalExplanation.named(code) != nil, "explain does not know '\(code)'")
        }
    }

    /// The code a refusal that passes names: the reference encoder's (`... refuses it too (CODE: ...)`)
    /// or a refusable class's (`CLASS: reason`).
    static func code(ofReason reason: String) -> String {
        let prefix = "the reference encoder refuses it too ("
        let rest = reason.hasPrefix(prefix) ? reason.dropFirst(prefix.count) : Substring(reason)
        return String(rest.prefix { $0 != ":" })
    }

    @Test func everyRefusalThatPassesNamesACodeExplainAccepts() throws {
        var kinds: Set<String> = []
        for vector in try Self.corpus().vectors {
            guard let input = vector.sidecar.encoderInput else { continue }
            for boundary in [input.boundary, nil] {
                guard let reason = RefusedForm.reason(refusing: input.form, givenBoundary: boundary) else { continue }
                let code = Self.code(ofReason: reason)
                let explanation = RefusalExplanation.named(code)
                #expect(explanation != nil, "\(vector.id): the refusal names '\(code)', which explain does not know: \(reason)")
                if let explanation { kinds.insert(String(describing: explanation.kind)) }
            }
        }
        #expect(kinds == ["refusedForm", "refusableClass"], "the corpus no longer has both kinds of refusal: \(kinds)")
    }

    @Test func aCanonicalMissOnARefusedFormNamesItsCode() throws {
        // Writing the form instead of refusing it: the note says which code the reference encoder refuses it with.
        let corpus = try Self.corpus()
        let refused = corpus.vectors.filter { $0.sidecar.encoderInput?.refusal != nil }
        #expect(refused.contains { $0.id == "headers/y-content-type-utf8" })
        for vector in refused {
            let input = try #require(vector.sidecar.encoderInput)
            let code = try #require(input.refusal)
            let contentType = vector.contentType ?? "multipart/form-data; boundary=\(input.boundary)"
            let written = EncodedForm(contentType: contentType, body: vector.body)
            let verdict = EncoderCertification.grade(.success(written), for: vector, givenBoundary: input.boundary)
            #expect(verdict.isByteIdentical == false, "\(vector.id)")
            #expect(
                verdict.notes.contains { $0.contains("it refuses this one with \(code) (`multipart-check explain \(code)` says why)") },
                "\(vector.id): \(verdict.notes)")
            #expect(RefusalExplanation.named(code) != nil, "\(vector.id)")
        }
    }
}
