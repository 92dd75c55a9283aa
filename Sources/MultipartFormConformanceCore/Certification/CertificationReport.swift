/// One adapter's verdicts over the corpus and the level they earn.
///
/// Render it with ``text()``, ``json()``, ``junitXML()`` or, together with other adapters' reports,
/// as an HTML matrix with ``CertificationMatrix``.
public struct CertificationReport: Sendable, Hashable {
    /// Whether the adapter wraps an encoder or a decoder.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A `FormEncoderAdapter`: forms in, bodies out.
        case encoder
        /// A `FormDecoderAdapter`: bodies in, parts out.
        case decoder
    }

    /// The adapter's name.
    public var adapterName: String
    /// Encoder or decoder.
    public var kind: Kind
    /// One verdict per vector, in vector id order.
    public var verdicts: [CertificationVerdict]
    /// For encoders: whether the adapter used the vectors' boundaries.
    public var acceptsBoundary: Bool?
    /// The features the adapter declared unsupported (encoders).
    public var unsupportedFeatures: [EncoderFeature]

    /// Creates a report from verdicts.
    public init(
        adapterName: String, kind: Kind, verdicts: [CertificationVerdict], acceptsBoundary: Bool? = nil,
        unsupportedFeatures: [EncoderFeature] = []
    ) {
        self.adapterName = adapterName
        self.kind = kind
        self.verdicts = verdicts
        self.acceptsBoundary = acceptsBoundary
        self.unsupportedFeatures = unsupportedFeatures
    }

    /// The number of verdicts with the grade.
    public func count(_ grade: CertificationGrade) -> Int {
        verdicts.count { $0.grade == grade }
    }

    /// The canonical vectors whose bytes were compared (encoders given the boundary).
    public var canonicalChecked: Int { verdicts.count { $0.isByteIdentical != nil } }
    /// The canonical vectors written byte for byte.
    public var canonicalIdentical: Int { verdicts.count { $0.isByteIdentical == true } }

    /// The verdicts that did not pass: failures, data loss, known issues and stale known issues.
    public var problems: [CertificationVerdict] {
        verdicts.filter { $0.grade.isFailure || $0.grade == .staleKnownIssue }
    }

    /// The level the verdicts earn (see ``CertificationLevel``).
    public var level: CertificationLevel {
        // A stale known issue counts as what actually happened: the vector did not fail.
        let grades = verdicts.map { $0.grade == .staleKnownIssue ? CertificationGrade.pass : $0.grade }
        if grades.contains(where: \.isFailure) { return .nonConformant }
        switch kind {
        case .decoder:
            return grades.contains(.lenient) ? .lenient : .conformant
        case .encoder:
            if grades.contains(.passWithWarnings) { return .conformantWithWarnings }
            let everyCanonicalIdentical = canonicalChecked > 0 && canonicalIdentical == canonicalChecked
            if acceptsBoundary == true && everyCanonicalIdentical {
                return .canonical
            }
            return .conformant
        }
    }

    /// Whether the run should fail a build: a failure, data loss or a stale known issue.
    ///
    /// Known issues that reproduce do not fail it (they are declared and reported); stale ones do.
    public var hasUndeclaredProblems: Bool {
        verdicts.contains { $0.grade == .fail || $0.grade == .silentDataLoss || $0.grade == .staleKnownIssue }
    }

    /// The grades that occur in reports of this kind, in table order.
    public var reportedGrades: [CertificationGrade] {
        switch kind {
        case .encoder: [.pass, .passWithWarnings, .fail, .unsupported, .knownIssue, .staleKnownIssue]
        case .decoder: [.pass, .lenient, .fail, .silentDataLoss, .unsupported, .knownIssue, .staleKnownIssue]
        }
    }

    /// One line: the level, the counts per grade and, for encoders given the boundary, the canonical tally.
    public var headline: String {
        let counts = reportedGrades.compactMap { grade -> String? in
            let n = count(grade)
            return n == 0 && (grade == .staleKnownIssue || grade == .silentDataLoss) ? nil : "\(n) \(grade.label)"
        }
        var text = "\(level.title): \(verdicts.count) vectors: \(counts.joined(separator: ", "))"
        if kind == .encoder {
            if acceptsBoundary == true {
                text += "; \(canonicalIdentical) of \(canonicalChecked) canonical bodies byte-identical"
            } else {
                text += "; boundary not accepted, so canonical bytes not compared"
            }
        }
        let losses = verdicts.count { $0.outcome == .silentDataLoss }
        if losses > 0 {
            let declared = verdicts.count { $0.outcome == .silentDataLoss && $0.grade == .knownIssue }
            text += "; SILENT DATA LOSS on \(losses) vector\(losses == 1 ? "" : "s")"
            if declared > 0 { text += " (\(declared) declared as known issues)" }
        }
        return text
    }
}
