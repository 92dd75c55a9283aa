import Foundation
import MultipartForm
import MultipartFormConformance
import Testing

/// Every sentence of "Canonical encoding" in CONFORMANCE.md has vectors that catch an encoder breaking it.
@Suite("Canonical encoding promises")
struct CanonicalPromiseTests {
    static func promises() throws -> CanonicalPromises {
        let url = Fixtures.packageRoot.appendingPathComponent("CONFORMANCE.md")
        return try CanonicalPromises(document: try String(contentsOf: url, encoding: .utf8))
    }

    @Test func everySentenceAndRowHasExactlyOneLine() throws {
        let promises = try Self.promises()
        #expect(promises.items.count >= 40, "the section parsed into too few sentences: \(promises.items)")
        for item in promises.items {
            let lines = promises.enforcements(of: item)
            #expect(lines.count == 1, "\(lines.isEmpty ? "no line" : "\(lines.count) lines") in 'Which vectors enforce it' for: \(item)")
        }
        for line in promises.enforcements {
            #expect(promises.items.contains { $0.hasPrefix(line.key) }, "the line '\(line.key)' matches no sentence or row")
        }
    }

    @Test func everyLineNamesVectorsOrSaysWhyNone() throws {
        let corpus = try Fixtures.corpus.get()
        for line in try Self.promises().enforcements {
            if let reason = line.noVectorReason {
                #expect(line.vectorIDs.isEmpty && !reason.isEmpty, "'\(line.key)': a 'none' line names no vector and gives a reason")
                continue
            }
            #expect(line.everyCanonicalVector || !line.vectorIDs.isEmpty, "'\(line.key)' names no vector")
            for id in line.vectorIDs {
                guard let input = corpus[id]?.sidecar.encoderInput else {
                    Issue.record("'\(line.key)': \(id) is not in the corpus or has no encoder input")
                    continue
                }
                #expect(input.isCanonical || input.refusal != nil, "'\(line.key)': \(id) is neither canonical nor refused")
            }
        }
    }

    /// Encoders that break one promise each, on purpose, by the sentence that makes it.
    static let breakers: [(key: String, adapter: ClosureEncoderAdapter)] = [
        ("After the last part comes", .rewriting("no final CRLF") { Array($0.dropLast(2)) }),
        ("There is no preamble", .rewriting("a preamble") { Array("\r\n".utf8) + $0 }),
        ("`form-data` is lower case", .rewriting("Form-Data") { replacing("form-data;", with: "Form-Data;", in: $0) }),
        ("**Filename.** A file part always has one", GradingIntegrityTests.withoutDefaults("no blob", dropsBlob: true)),
        ("A file part has the given type", GradingIntegrityTests.withoutDefaults("no octet-stream")),
        ("**Escaping names and filenames.**", ClosureEncoderAdapter(name: "backslash escaping") {
            StyleEncoders.backslashEscaping($0, boundary: $1)
        }),
        ("**Names and filenames that cannot be written.**", ClosureEncoderAdapter(name: "writes anything") {
            StyleEncoders.handRolled($0, boundary: $1)
        }),
        ("**No collision.**", ClosureEncoderAdapter(name: "never checks the boundary") {
            StyleEncoders.handRolled($0, boundary: $1)
        }),
        ("A caller's boundary must be", ClosureEncoderAdapter(name: "takes any boundary") {
            StyleEncoders.handRolled($0, boundary: $1)
        }),
        ("**Newlines.** By default", ClosureEncoderAdapter(name: "normalises newlines") {
            try ReferenceEncoderAdapter(options: ReferenceEncoder.Options(normalizesNewlines: true)).encode($0, boundary: $1)
        }),
    ]

    @Test(arguments: breakers.map(\.key))
    func anEncoderBreakingThePromiseFailsItsVectors(key: String) throws {
        let adapter = try #require(Self.breakers.first { $0.key == key }?.adapter)
        let line = try #require(try Self.promises().enforcements.first { $0.key == key }, "no line for '\(key)'")
        let corpus = try Fixtures.corpus.get()
        let vectors = try line.vectorIDs.map { id in try #require(corpus[id]) }
        let verdicts = vectors.map(EncoderCertification(adapter).verdict(for:))
        let caught = verdicts.filter { $0.grade != .pass || $0.isByteIdentical != true }
        #expect(!caught.isEmpty, "'\(adapter.name)' breaks '\(key)' yet reproduces every vector listed for it")
        let report = EncoderCertification(adapter).report(over: vectors)
        #expect(report.level != .canonical, "\(report.headline)")
    }
}
