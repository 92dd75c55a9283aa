/// What one adapter did with one vector: the grade, a one-line reason and every detail needed to fix it.
public struct CertificationVerdict: Sendable, Hashable {
    /// The vector's id, for example `quoting/y-name-with-quote`.
    public var vectorID: String
    /// The vector's area, for example `quoting`.
    public var area: String
    /// The grade.
    public var grade: CertificationGrade
    /// One line saying why, for tables and hover text.
    public var summary: String
    /// Every finding behind the grade, one per line: rule ids with offsets, fields with their first differing byte.
    public var details: [String]
    /// Facts worth knowing that do not lower the grade, such as newlines normalised to CRLF.
    public var notes: [String]
    /// The adapter's declared reason when the vector is a known issue (reproduced or stale).
    public var knownIssue: String?
    /// What happened before a declared known issue was applied: equal to ``grade`` unless the grade is `known-issue` or `stale-known-issue`.
    public var outcome: CertificationGrade
    /// For an encoder given the vector's boundary on a canonical vector: whether it wrote the body byte for byte
    /// (on a vector whose form the canonical encoder refuses: whether it refused it too).
    public var isByteIdentical: Bool?
    /// For an `unsupported` verdict: why the vector was not run (the features it needs, or the decoder's reason).
    public var notRunBecause: [String] = []
    /// For a decoder that was sent the body: what it did (accepted, rejected, or why it gave no answer).
    public var decoderAnswer: DecoderAnswer?
    /// What the outcome shows went wrong, from the implementation's side; `nil` when nothing did.
    ///
    /// Set from the outcome, so a declared known issue keeps the problem it declares.
    public var problem: CertificationProblem?
    /// For a form an encoder refused and should have written: what the form holds that it balked at,
    /// such as `non-ASCII filenames` (``RefusedForm/category(of:)``).
    public var refusedForm: String?
    /// For a verdict with a problem: what it shares with the other verdicts of the same defect
    /// (``CertificationDefect``), such as `[header-not-allowed]`; `nil` when the report did not record one.
    public var cause: String?
    /// For a decoder: the documented conventions (``DecoderConvention``) its reading of the body followed,
    /// when that reading differs from the specifications' only as they describe.
    public var conventions: [DecoderConvention] = []
    /// For a decoder that rejected a valid body past a limit it declared (``ReceiverLimit``): that limit.
    public var refusedPastLimit: ReceiverLimit?

    /// Creates a verdict.
    package init(
        vectorID: String, area: String, grade: CertificationGrade, summary: String, details: [String] = [],
        notes: [String] = [], knownIssue: String? = nil, isByteIdentical: Bool? = nil, problem: CertificationProblem? = nil
    ) {
        self.problem = problem
        self.vectorID = vectorID
        self.area = area
        self.grade = grade
        self.outcome = grade
        self.summary = summary
        self.details = details
        self.notes = notes
        self.knownIssue = knownIssue
        self.isByteIdentical = isByteIdentical
    }

    /// The whole verdict as text: `id: grade: summary`, then the known issue, details and notes indented.
    public var fullText: String {
        var lines = ["\(vectorID): \(grade): \(summary)"]
        if let knownIssue {
            lines.append(
                grade == .staleKnownIssue
                    ? "  declared known issue did not reproduce (remove it from the list): \(knownIssue)"
                    : "  known issue: \(knownIssue)")
        }
        lines += details.map { "  - " + $0 }
        lines += notes.map { "  note: " + $0 }
        return lines.joined(separator: "\n")
    }

    /// Applies a declared known issue to an outcome: a failure becomes `known-issue`, anything else `stale-known-issue`.
    func applyingKnownIssue(_ reason: String?) -> CertificationVerdict {
        guard let reason else { return self }
        var verdict = self
        verdict.knownIssue = reason
        switch grade {
        case .fail, .refused:
            verdict.grade = .knownIssue
        case .silentDataLoss:
            verdict.grade = .knownIssue
            verdict.summary = "SILENT DATA LOSS: " + verdict.summary
        case .unsupported:
            break
        case .pass, .passWithWarnings, .lenient, .knownIssue, .staleKnownIssue:
            verdict.details.insert("expected to fail (declared known issue), but the outcome was \(grade)", at: 0)
            verdict.grade = .staleKnownIssue
        }
        return verdict
    }
}
