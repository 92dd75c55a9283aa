import MultipartForm
import MultipartFormConformance
import MultipartFormTestSupport
import Testing

@Suite("Vector replay")
struct VectorReplayTests {
    /// Every vector fed whole and in chunks of 1, 3, 7 and 64 bytes, and of 2 with
    /// `MULTIPART_FULL_TESTS`; each pair is its own test case.
    @Test(
        "strict validator reports exactly the expected findings and parts",
        arguments: try Fixtures.vectors(), TestScale.pick(full: [1, 2, 3, 7, 64, Int.max], fast: [1, 3, 7, 64, Int.max]))
    func replay(vector: ConformanceVector, chunkSize: Int) {
        let report = Fixtures.validate(vector, chunkSize: chunkSize)
        let mismatches = VectorExpectation(vector).mismatches(in: report)
        guard !mismatches.isEmpty else { return }
        let chunking = chunkSize == Int.max ? "whole body" : "\(chunkSize)-byte chunks"
        Issue.record(
            """
            \(vector.id) (\(chunking)): \(mismatches.count) mismatch\(mismatches.count == 1 ? "" : "es")
            \(mismatches.map { "  " + $0.description }.joined(separator: "\n"))
            """)
    }

    /// Small vectors fed as two chunks split at every offset give the same report as the whole body.
    ///
    /// The fast form splits at every fifth offset, starting at an offset that differs from vector to
    /// vector, so the corpus as a whole still splits at every alignment; `MULTIPART_FULL_TESTS` splits
    /// every vector at every offset.
    @Test("report does not depend on where the body is split", arguments: try Fixtures.smallVectors())
    func splitAtEveryOffset(vector: ConformanceVector) {
        let whole = Fixtures.validate(vector, chunkBoundaries: [])
        var differing: [Int] = []
        var firstDifference: String?
        let step = TestScale.pick(full: 1, fast: 5)
        let first = vector.id.utf8.reduce(0) { $0 + Int($1) } % step
        for offset in stride(from: first, through: vector.body.count, by: step) {
            let split = Fixtures.validate(vector, chunkBoundaries: [offset])
            if split != whole {
                differing.append(offset)
                if firstDifference == nil {
                    firstDifference = ReportDifference.describe(expected: whole, actual: split)
                }
            }
        }
        guard !differing.isEmpty else { return }
        Issue.record(
            """
            \(vector.id): split reports differ from the whole-body report at offsets \(differing)
            first difference (split at \(differing.first ?? -1)):
            \(firstDifference ?? "")
            """)
    }
}
