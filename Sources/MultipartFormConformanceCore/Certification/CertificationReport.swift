/// One adapter's verdicts over the corpus and the level they earn.
///
/// Render it with ``text(onlyProblems:)``, ``json()``, ``junitXML()`` or, together with other adapters' reports,
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
    /// Declared features that cannot excuse a vector (``EncoderFeature/withdrawn``): their vectors were run.
    public var ignoredUnsupportedFeatures: [EncoderFeature]
    /// What the decoder's API does not report, left out of the comparison (decoders), in a stable order.
    public var unreportedDetails: [UnreportedDetail]

    /// Creates a report from verdicts.
    package init(
        adapterName: String, kind: Kind, verdicts: [CertificationVerdict], acceptsBoundary: Bool? = nil,
        unsupportedFeatures: [EncoderFeature] = [], ignoredUnsupportedFeatures: [EncoderFeature] = [],
        unreportedDetails: [UnreportedDetail] = []
    ) {
        self.unreportedDetails = unreportedDetails
        self.adapterName = adapterName
        self.kind = kind
        self.verdicts = verdicts
        self.acceptsBoundary = acceptsBoundary
        self.unsupportedFeatures = unsupportedFeatures
        self.ignoredUnsupportedFeatures = ignoredUnsupportedFeatures
    }

    /// How much of the corpus a level was earned on: the vectors run, and why the others were not.
    public struct Coverage: Sendable, Hashable {
        /// The vectors that were run (every verdict but `unsupported`).
        public var run: Int
        /// All the report's vectors.
        public var total: Int
        /// For each reason a vector was not run (a feature, or a decoder's reason), how many vectors it kept out, most first.
        public var notRun: [NotRun]

        /// One reason vectors were not run, and how many it kept out.
        public struct NotRun: Sendable, Hashable {
            /// A feature's stable text, such as `typed-text-fields`, or a decoder's reason, such as `no-content-type`.
            public var reason: String
            /// The number of vectors not run for it.
            public var count: Int
        }

        /// Whether every vector was run.
        public var isComplete: Bool { run == total }

        /// `165 of 186 vectors (21 not run: typed-text-fields 10, ...)`, or `186 vectors` when all were run.
        public var description: String {
            if isComplete { return "\(total) vectors" }
            let reasons = notRun.map { "\($0.reason) \($0.count)" }.joined(separator: ", ")
            return "\(run) of \(total) vectors (\(total - run) not run: \(reasons))"
        }
    }

    /// The vectors run and the reasons the others were not (a vector needing two features counts under both).
    public var coverage: Coverage {
        var counts: [String: Int] = [:]
        for verdict in verdicts where verdict.outcome == .unsupported {
            let reasons = verdict.notRunBecause.isEmpty ? ["unsupported"] : verdict.notRunBecause
            for reason in reasons { counts[reason, default: 0] += 1 }
        }
        let notRun = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { Coverage.NotRun(reason: $0.key, count: $0.value) }
        let skipped = verdicts.count { $0.outcome == .unsupported }
        return Coverage(run: verdicts.count - skipped, total: verdicts.count, notRun: notRun)
    }

    /// The number of verdicts with the grade.
    /// - Parameter grade: A grade.
    /// - Returns: How many vectors got it.
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

    /// One line: the level and the share of the corpus it was earned on, the counts per grade and, for encoders given the boundary, the canonical tally.
    ///
    /// `Conformant on 165 of 186 vectors (21 not run: typed-text-fields 10, ...): 160 pass, ...` when
    /// some vectors were not run; `Conformant: 186 vectors: ...` when all were.
    public var headline: String {
        let counts = reportedGrades.compactMap { grade -> String? in
            let n = count(grade)
            return n == 0 && (grade == .staleKnownIssue || grade == .silentDataLoss) ? nil : "\(n) \(grade.label)"
        }
        let coverage = self.coverage
        var text = coverage.isComplete
            ? "\(level.title): \(coverage.description): \(counts.joined(separator: ", "))"
            : "\(level.title) on \(coverage.description): \(counts.joined(separator: ", "))"
        if kind == .encoder {
            if acceptsBoundary == true {
                text += "; \(canonicalIdentical) of \(canonicalChecked) canonical encodings reproduced"
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
