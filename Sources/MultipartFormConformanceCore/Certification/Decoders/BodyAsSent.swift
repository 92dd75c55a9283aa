import MultipartForm

/// A vector as a decoder gets it: the body and its `Content-Type`, and nothing of the validator's options.
///
/// A vector's verdict and parts hold for the validator with the sidecar's ``VectorSidecar/options``
/// (a `limits/` vector lowers a limit so that its body passes it). A decoder never receives those
/// options, so it is graded on the body with the defaults: a body valid under them is a `y-` body
/// for it, with the parts the defaults read, whatever the vector's name says. Vectors without
/// options are graded exactly as their sidecar says.
struct BodyAsSent {
    /// The verdict a decoder is held to.
    var verdict: ConformanceVector.Verdict
    /// The parts a `y-` body holds (empty for the others).
    var parts: [VectorSidecar.ExpectedPart]
    /// The rules the body breaks with errors or warnings, for messages.
    var errorRules: [Rule.ID]

    init(_ vector: ConformanceVector) {
        guard vector.sidecar.options != nil, vector.verdict != .implementation else {
            verdict = vector.verdict
            parts = vector.sidecar.parts ?? []
            errorRules = vector.expectedRules.filter { Rule.named($0)?.severity != .note }
            return
        }
        let report = MultipartValidator.validate(vector.body, contentType: vector.contentType)
        verdict = report.isConforming ? .yes : .no
        parts = report.parts.map { part in
            VectorSidecar.ExpectedPart(
                name: part.name, filename: part.filename, contentType: part.contentType,
                body: Array(vector.body[part.bodyRange]))
        }
        errorRules = Array(Set(report.diagnostics.filter { $0.severity != .note }.map(\.rule))).sorted()
    }
}
