import MultipartForm

/// Runs a ``FormEncoderAdapter`` over every vector that carries an encoder input and grades each one.
///
/// From `swift test`, one line per vector, each its own test case named after the vector:
///
/// ```swift
/// @Test(arguments: try EncoderCertification.vectors())
/// func certify(_ vector: ConformanceVector) throws {
///     try EncoderCertification(MyAdapter()).check(vector)
/// }
/// ```
///
/// or the whole report at once: `try EncoderCertification(MyAdapter()).report()` (with
/// `MultipartFormConformance`, which bundles the corpus), or `report(over:)` with vectors you loaded.
public struct EncoderCertification: Sendable {
    /// The adapter being certified.
    public let adapter: any FormEncoderAdapter

    /// Creates a certification run for an adapter.
    /// - Parameter adapter: The encoder to certify.
    public init(_ adapter: some FormEncoderAdapter) {
        self.adapter = adapter
    }

    /// The vectors of a corpus that certify encoders: those with an encoder input, in id order.
    /// - Parameter corpus: A loaded corpus.
    /// - Returns: The vectors, for `@Test(arguments:)`.
    public static func vectors(in corpus: Corpus) -> [ConformanceVector] {
        corpus.vectors.filter { $0.sidecar.encoderInput != nil }
    }

    /// Passes when the vector passes, passes with warnings, is unsupported or is a known issue that reproduces.
    ///
    /// Throws a ``CertificationError`` whose description is the whole verdict when the vector fails or
    /// a declared known issue did not reproduce (so the list of known issues stays true), and, with
    /// `warningsAsFailures`, when it passes with warnings.
    /// - Parameters:
    ///   - vector: The vector to run.
    ///   - warningsAsFailures: Also fail a vector that passes with warnings.
    /// - Throws: ``CertificationError``, whose description is the whole verdict.
    public func check(_ vector: ConformanceVector, warningsAsFailures: Bool = false) throws(CertificationError) {
        let verdict = verdict(for: vector)
        switch verdict.grade {
        case .pass, .unsupported, .knownIssue, .lenient:
            return
        case .passWithWarnings where !warningsAsFailures:
            return
        case .passWithWarnings, .fail, .refused, .silentDataLoss, .staleKnownIssue:
            throw CertificationError(adapterName: adapter.name, verdict: verdict)
        }
    }

    /// Runs the vectors given and every probe (``EncoderProbe``), and grades the encoder.
    ///
    /// The report records no corpus: `report(over:)` with a ``Corpus`` runs a whole corpus, and its report
    /// names it and is a certificate.
    /// - Parameter vectors: The vectors to run, usually ``vectors(in:)`` of a corpus.
    /// - Returns: Every verdict, the level and the coverage.
    public func report(over vectors: [ConformanceVector]) -> CertificationReport {
        report(verdicts: vectors.filter { $0.sidecar.encoderInput != nil }.map(verdict(for:)) + EncoderProbe.all.map(verdict(for:)))
    }

    /// Runs every vector of a corpus that certifies encoders and every probe, and grades the encoder;
    /// the report names the corpus, the date and the library.
    /// - Parameter corpus: A loaded corpus.
    /// - Returns: Every verdict, the level and the coverage, with their provenance.
    public func report(over corpus: Corpus) -> CertificationReport {
        let vectors = Self.vectors(in: corpus)
        var result = report(over: vectors)
        result.provenance = CertificationProvenance(
            tool: CertificationProvenance.library, date: CertificationProvenance.now(), corpus: try? corpus.identity(),
            eligible: Self.eligibleCount(in: corpus))
        return result
    }

    /// How many checks a whole run makes for encoders: the vectors that certify encoders and the probes.
    package static func eligibleCount(in corpus: Corpus) -> Int {
        vectors(in: corpus).count + EncoderProbe.all.count
    }

    /// The report made of verdicts already reached (by ``verdict(for:)``, on any threads), in vector order.
    package func report(
        verdicts: [CertificationVerdict], provenance: CertificationProvenance = CertificationProvenance()
    ) -> CertificationReport {
        let declared = adapter.unsupportedFeatures
        return CertificationReport(
            adapterName: adapter.name, kind: .encoder,
            verdicts: verdicts,
            acceptsBoundary: adapter.acceptsBoundary,
            unsupportedFeatures: declared.filter(EncoderFeature.all.contains).sorted(),
            ignoredUnsupportedFeatures: declared.filter { !EncoderFeature.all.contains($0) }.sorted(),
            provenance: provenance)
    }

    /// Encodes the vector's form with the adapter and grades the output.
    /// - Parameter vector: The vector to run.
    /// - Returns: The grade, with every finding that decided it.
    public func verdict(for vector: ConformanceVector) -> CertificationVerdict {
        outcome(for: vector).applyingKnownIssue(adapter.knownIssues[vector.id])
    }

    private func outcome(for vector: ConformanceVector) -> CertificationVerdict {
        guard let input = vector.sidecar.encoderInput else {
            return CertificationVerdict(
                vectorID: vector.id, area: vector.area, grade: .fail,
                summary: "the vector has no encoder input; only vectors from `vectors(in:)` certify encoders")
        }
        let missing = EncoderFeature.required(by: input.form).filter(adapter.unsupportedFeatures.contains)
        if !missing.isEmpty {
            var verdict = CertificationVerdict(
                vectorID: vector.id, area: vector.area, grade: .unsupported,
                summary: "needs \(missing.map(\.rawValue).joined(separator: ", "))")
            verdict.notRunBecause = missing.map(\.rawValue)
            return verdict
        }
        let boundary = adapter.acceptsBoundary ? input.boundary : nil
        let answer: Result<EncodedForm, any Error>
        do {
            answer = .success(try adapter.encode(input.form, boundary: boundary))
        } catch {
            answer = .failure(error)
        }
        return Self.grade(answer, for: vector, givenBoundary: boundary)
    }
}
