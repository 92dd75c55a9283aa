import MultipartFormConformanceCore

/// What one reader made of a body: the parts it handed the application, a rejection, or no answer.
struct ParserReading {
    /// How the reading ended.
    enum Outcome: Equatable {
        /// The parts, in the order the reader gave them (normalised for what its API does not report).
        case parts([DecodedFormPart])
        /// The reader refused the body; its reason.
        case rejected(String)
        /// The reader crashed, timed out, failed or answered garbage; what happened.
        case noAnswer(String)
    }

    /// The parser's id (`php`), or `multipart-check` for the validator's own reading.
    var id: String
    /// The parser's version line, as its version command printed it.
    var version: String
    /// How it ended.
    var outcome: Outcome
    /// The parser's documented conventions (`Interop/conventions.tsv`): a reading they describe is no difference.
    var conventions: Set<DecoderConvention> = []

    /// The parts read, or `nil` for a rejection or no answer.
    var parts: [DecodedFormPart]? {
        if case .parts(let parts) = outcome { return parts }
        return nil
    }

    /// `parts` made comparable with `baseline`: what the parser's API cannot report is taken from
    /// the baseline instead of counting as a difference, as certification compares them.
    ///
    /// Without `part-order`, parts are put in the baseline's order of names (stably, so parts of one
    /// name keep theirs); without `text-field-content-type`, a part without a filename takes the
    /// Content-Type of the baseline's part at its place when that part has no filename either.
    static func normalised(
        _ parts: [DecodedFormPart], notReported: Set<UnreportedDetail>, baseline: [DecodedFormPart]
    ) -> [DecodedFormPart] {
        var result = parts
        if notReported.contains(.partOrder) {
            func rank(_ part: DecodedFormPart) -> Int { baseline.firstIndex { $0.name == part.name } ?? Int.max }
            result = result.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        }
        if notReported.contains(.textFieldContentType) {
            for index in result.indices where result[index].filename == nil {
                if index < baseline.count, baseline[index].filename == nil, baseline[index].name == result[index].name {
                    result[index].contentType = baseline[index].contentType
                }
            }
        }
        return result
    }
}
