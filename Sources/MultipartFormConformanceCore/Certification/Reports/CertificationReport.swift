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
    /// The documented conventions the decoder declared (``DecoderConvention``), in a stable order.
    public var conventions: [DecoderConvention] = []
    /// The size limits the decoder declared (``ReceiverLimit``), in a stable order.
    public var limits: [ReceiverLimit] = []
    /// The tool, the date, the corpus and the filters of the run.
    public var provenance: CertificationProvenance
    /// Why a report read from a file cannot show that it is what a run wrote over its corpus, or
    /// `nil`: such a report is shown as unverified, never as a certificate (`report merge`).
    public var unverifiedBecause: String?

    /// Creates a report from verdicts.
    package init(
        adapterName: String, kind: Kind, verdicts: [CertificationVerdict], acceptsBoundary: Bool? = nil,
        unsupportedFeatures: [EncoderFeature] = [], ignoredUnsupportedFeatures: [EncoderFeature] = [],
        unreportedDetails: [UnreportedDetail] = [], provenance: CertificationProvenance = CertificationProvenance()
    ) {
        self.provenance = provenance
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
            return "\(run) of \(total) vectors (\(total - run) not run: \(reasons))"
        }

        /// `typed-text-fields 10, non-utf8-text-values 2`: each reason with its count.
        var reasons: String {
            notRun.map { "\($0.reason) \($0.count)" }.joined(separator: ", ")
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

    /// The verdicts that did not pass: failures, refusals, data loss, known issues and stale known issues.
    public var problems: [CertificationVerdict] {
        verdicts.filter { $0.grade.isFailure || $0.grade == .staleKnownIssue }
    }

    /// Every verdict that kept the level below the top: the ``problems``, `pass-with-warnings` and
    /// `lenient` verdicts, and canonical vectors not reproduced byte for byte.
    ///
    /// What `--problems-only` lists and a failed ``require(_:allowing:)`` shows.
    public var shortfalls: [CertificationVerdict] {
        verdicts.filter {
            ($0.grade != .pass && $0.grade != .unsupported) || $0.isByteIdentical == false
        }
    }

    /// What a verdict shows went wrong, for a report of this kind: its ``CertificationVerdict/problem``,
    /// or, for a verdict read from a report that did not record one, the problem its outcome implies.
    /// - Parameter verdict: One of the report's verdicts.
    /// - Returns: The problem, or `nil` when nothing went wrong.
    public func problem(of verdict: CertificationVerdict) -> CertificationProblem? {
        if let problem = verdict.problem { return problem }
        switch verdict.outcome {
        case .pass, .unsupported, .knownIssue, .staleKnownIssue: return nil
        case .passWithWarnings: return kind == .encoder ? .avoidableWarnings : nil
        case .lenient: return .acceptsInvalid
        case .refused: return .refusesForms
        case .silentDataLoss: return .losesData
        case .fail:
            if let answer = verdict.decoderAnswer, !answer.isAnswer { return .noAnswer }
            if verdict.summary.hasPrefix("the encoder gave no answer") { return .noAnswer }
            if kind == .decoder { return verdict.decoderAnswer == .rejected ? .rejectsValid : .misreadsValid }
            return .writesInvalid
        }
    }

    /// How many verdicts show each problem this kind of report can show, worst first; problems no verdict shows are left out.
    public var problemCounts: [(problem: CertificationProblem, count: Int)] {
        var counts: [CertificationProblem: Int] = [:]
        for verdict in verdicts {
            if let problem = problem(of: verdict) { counts[problem, default: 0] += 1 }
        }
        return CertificationProblem.ladder(for: kind).compactMap { problem in
            counts[problem].map { (problem, $0) }
        }
    }

    /// For each kind of form the encoder refused wrongly (``RefusedForm/category(of:)``), how many, most first.
    public var refusedForms: [(category: String, count: Int)] {
        var counts: [String: Int] = [:]
        for verdict in verdicts where verdict.outcome == .refused {
            counts[verdict.refusedForm ?? "other forms", default: 0] += 1
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Whether the run left out vectors of its corpus: it had filters, or fewer verdicts than its corpus has vectors for this kind.
    ///
    /// A partial run earns no level (``CertificationLevel/partial``); ``levelOnRun`` says what the vectors run would earn.
    public var isPartial: Bool {
        if !provenance.filters.isEmpty { return true }
        if let eligible = provenance.eligible { return verdicts.count < eligible }
        return false
    }

    /// The level the verdicts earn (see ``CertificationLevel``); ``CertificationLevel/partial`` for a partial run.
    public var level: CertificationLevel {
        isPartial ? .partial : levelOnRun
    }

    /// The level the verdicts that were run earn, whether or not the run was partial.
    ///
    /// The worst problem any verdict shows (a declared known issue counts as what happened; a stale
    /// one did not fail), or, when none shows any, the top level: Canonical for an encoder that uses
    /// the boundary it is given and reproduces every canonical encoding, Conformant otherwise.
    public var levelOnRun: CertificationLevel {
        let shown = Set(verdicts.compactMap(problem(of:)))
        if let worst = CertificationProblem.ladder(for: kind).first(where: shown.contains) {
            return worst.level
        }
        switch kind {
        case .decoder:
            return .conformant
        case .encoder:
            let everyCanonicalIdentical = canonicalChecked > 0 && canonicalIdentical == canonicalChecked
            return acceptsBoundary == true && everyCanonicalIdentical ? .canonical : .conformant
        }
    }

    /// Whether the run should fail a build: a failure, a refusal, data loss or a stale known issue.
    ///
    /// Known issues that reproduce do not fail it (they are declared and reported); stale ones do.
    public var hasUndeclaredProblems: Bool {
        verdicts.contains {
            $0.grade == .fail || $0.grade == .refused || $0.grade == .silentDataLoss || $0.grade == .staleKnownIssue
        }
    }

    /// The grades that occur in reports of this kind, in table order.
    public var reportedGrades: [CertificationGrade] {
        switch kind {
        case .encoder: [.pass, .passWithWarnings, .refused, .fail, .unsupported, .knownIssue, .staleKnownIssue]
        case .decoder: [.pass, .lenient, .fail, .silentDataLoss, .unsupported, .knownIssue, .staleKnownIssue]
        }
    }

    /// One line: the level and the share of the corpus it was earned on, the counts per grade, the
    /// problems by kind, and, for encoders given the boundary, the canonical tally.
    ///
    /// `Conformant: 186 vectors: 186 pass, ...` for a whole run; `Conformant on 165 of 186 vectors (21 not
    /// run: typed-text-fields 10, ...): ...` when some were not supported; `Misreads valid bodies: 431 vectors:
    /// ...; problems: 3 misread valid bodies, ...` below the top levels; and `Partial run, not a certificate
    /// (60 of 234 vectors, selected by --area structure): Conformant on those: ...` for a filtered run.
    public var headline: String {
        var counts: [String] = []
        for grade in reportedGrades {
            let n = count(grade)
            if n == 0 && (grade == .staleKnownIssue || grade == .silentDataLoss || grade == .refused) { continue }
            var text = "\(n) \(grade.label)"
            if grade == .refused {
                text += " (" + refusedForms.map { "\($0.category) \($0.count)" }.joined(separator: ", ") + ")"
            }
            counts.append(text)
        }
        let coverage = self.coverage
        var text: String
        if isPartial {
            let eligible = provenance.eligible.map { " of \($0)" } ?? ""
            let filters = provenance.filters.isEmpty ? "" : ", selected by \(provenance.filters.joined(separator: ", "))"
            text = "\(CertificationLevel.partial.title), not a certificate (\(verdicts.count)\(eligible) vectors\(filters)): "
            text += "\(levelOnRun.title) on those"
            if !coverage.isComplete { text += " (\(coverage.total - coverage.run) not run: \(coverage.reasons))" }
            text += ": \(counts.joined(separator: ", "))"
        } else if coverage.isComplete {
            text = "\(level.title): \(coverage.description): \(counts.joined(separator: ", "))"
        } else {
            text = "\(level.title) on \(coverage.description): \(counts.joined(separator: ", "))"
        }
        if !isPartial, !limitations.isEmpty {
            text += "; NOT A FULL CERTIFICATE: " + limitationSentences.joined(separator: "; ")
        }
        let problems = problemCounts
        if !problems.isEmpty {
            // One defect shown on many vectors is one thing to fix: each count says how many causes it has.
            let causes = defectCounts
            text += "; problems: " + problems.map { entry in
                let count = causes[entry.problem] ?? 0
                return entry.problem.counted(entry.count) + (count == 0 ? "" : " (\(count) cause\(count == 1 ? "" : "s"))")
            }.joined(separator: ", ")
        }
        let refusedPastLimits = verdicts.count { $0.refusedPastLimit != nil }
        if refusedPastLimits > 0 {
            text += "; \(refusedPastLimits) valid bod\(refusedPastLimits == 1 ? "y" : "ies") refused past declared limits"
        }
        let conventional = verdicts.filter { !$0.conventions.isEmpty }
        if !conventional.isEmpty {
            // Said apart from the problems: a documented convention is no defect, but an application sees it.
            var uses: [DecoderConvention: Int] = [:]
            for verdict in conventional { for convention in verdict.conventions { uses[convention, default: 0] += 1 } }
            let named = uses.keys.sorted().map { "\($0) \(uses[$0]!)" }.joined(separator: ", ")
            text += "; \(conventional.count) valid bod\(conventional.count == 1 ? "y" : "ies") read by documented conventions (\(named))"
        }
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
