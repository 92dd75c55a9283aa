import MultipartForm

/// Runs a ``FormDecoderAdapter`` over every vector and grades each outcome, JSONTestSuite style.
///
/// - `y-`: the decoder must accept and return exactly the sidecar's parts: `pass`; rejecting or other
///   parts is `fail`.
/// - `n-`: rejecting is `pass`; accepting is `lenient` (allowed by Postel, not strict), unless the
///   decoder returns less than the strict reading recovers (below).
/// - `i-`: any outcome the sidecar lists is `pass` (accepting must give that outcome's parts); an
///   outcome it does not list is `fail`.
/// - Accepting with fewer parts than expected, or with a value that is a strict prefix of the expected
///   value, and no error, is `silent-data-loss`: the worst grade, because the application never learns.
///   For `n-` bodies the expected parts are the strict reading's recovery, when the sidecar lists it
///   (a truncated upload whose last part is dropped without an error is the classic case).
///
/// Names and filenames compare as bytes, either as sent (quoted-pairs removed, `%22` kept) or with
/// the WHATWG escapes `%22`, `%0D`, `%0A` decoded; content types ignoring ASCII case; content exactly.
/// Vectors sent without a `Content-Type` are `unsupported`: a receiver always has one.
public struct DecoderCertification: Sendable {
    /// The adapter being certified.
    public let adapter: any FormDecoderAdapter

    /// Creates a certification run for an adapter.
    /// - Parameter adapter: The decoder to certify.
    public init(_ adapter: some FormDecoderAdapter) {
        self.adapter = adapter
    }

    /// The vectors that certify decoders: every vector of the corpus, in id order.
    /// - Parameter corpus: A loaded corpus.
    /// - Returns: The vectors, for `@Test(arguments:)`.
    public static func vectors(in corpus: Corpus) -> [ConformanceVector] {
        corpus.vectors
    }

    /// Passes unless the vector fails, loses data silently, or a declared known issue did not reproduce.
    ///
    /// `lenient` passes unless `lenientAsFailure` is set. The error's description is the whole verdict.
    /// - Parameters:
    ///   - vector: The vector to run.
    ///   - lenientAsFailure: Also fail an `n-` vector the decoder accepts.
    /// - Throws: ``CertificationError``, whose description is the whole verdict.
    public func check(_ vector: ConformanceVector, lenientAsFailure: Bool = false) throws(CertificationError) {
        let verdict = verdict(for: vector)
        switch verdict.grade {
        case .pass, .passWithWarnings, .unsupported, .knownIssue:
            return
        case .lenient where !lenientAsFailure:
            return
        case .lenient, .fail, .refused, .silentDataLoss, .staleKnownIssue:
            throw CertificationError(adapterName: adapter.name, verdict: verdict)
        }
    }

    /// Runs every vector and grades the decoder.
    /// - Parameter vectors: The vectors to run, usually ``vectors(in:)`` of a corpus.
    /// - Returns: Every verdict, the level and the coverage.
    public func report(over vectors: [ConformanceVector]) -> CertificationReport {
        report(verdicts: vectors.map(verdict(for:)))
    }

    /// Runs every vector of a corpus and grades the decoder; the report names the corpus, the date and the library.
    /// - Parameter corpus: A loaded corpus.
    /// - Returns: Every verdict, the level and the coverage, with their provenance.
    public func report(over corpus: Corpus) -> CertificationReport {
        var result = report(over: Self.vectors(in: corpus))
        result.provenance = CertificationProvenance(
            tool: CertificationProvenance.library, date: CertificationProvenance.now(), corpus: try? corpus.identity(),
            eligible: Self.vectors(in: corpus).count)
        return result
    }

    /// The report made of verdicts already reached (by ``verdict(for:)``, on any threads), in vector order.
    package func report(
        verdicts: [CertificationVerdict], provenance: CertificationProvenance = CertificationProvenance()
    ) -> CertificationReport {
        var report = CertificationReport(
            adapterName: adapter.name, kind: .decoder, verdicts: verdicts, unreportedDetails: adapter.unreportedDetails.sorted(),
            provenance: provenance)
        report.conventions = adapter.conventions.sorted()
        report.limits = adapter.limits.sorted()
        return report
    }

    /// Decodes the vector's body with the adapter and grades the outcome.
    /// - Parameter vector: The vector to run.
    /// - Returns: The grade, with every finding that decided it.
    public func verdict(for vector: ConformanceVector) -> CertificationVerdict {
        var result = outcome(for: vector)
        // A misreading's cause is set where its differences are found; the others are named here.
        if result.cause == nil { result.cause = Self.cause(of: result, on: vector) }
        return result.applyingKnownIssue(adapter.knownIssues[vector.id])
    }

    /// What a verdict with a problem shares with others of its defect (``CertificationDefect``): what the
    /// decoder did, on bodies of which area with which findings; `nil` without a problem, and for leniency.
    static func cause(of verdict: CertificationVerdict, on vector: ConformanceVector) -> String? {
        let what: String
        switch verdict.problem {
        case nil, .acceptsInvalid?: return nil
        case .noAnswer?: what = "no answer (\(verdict.decoderAnswer?.rawValue ?? "failed"))"
        case .rejectsValid?: what = "rejected"
        case .losesDataFromInvalid?: what = "lost data past what every reading agrees on"
        default:
            // Only for a verdict whose differences were not at hand when it was made.
            let attributes = DefectCause.attributes(in: verdict.details)
            what = attributes.isEmpty ? "read otherwise" : attributes.joined(separator: ", ") + (attributes.count == 1 ? " differs" : " differ")
        }
        return DefectCause.decoder(what: what, area: vector.area, bodyRules: vector.sidecar.diagnostics.map(\.rule.rawValue))
    }

    private func outcome(for vector: ConformanceVector) -> CertificationVerdict {
        guard let contentType = vector.contentType else {
            var result = Self.verdict(vector, .unsupported, "sent without a Content-Type (a validator test: the boundary is inferred)")
            result.notRunBecause = ["no-content-type"]
            return result
        }
        var result: CertificationVerdict
        do {
            let decoded = try adapter.decode(body: vector.body, contentType: contentType)
            result = graded(vector, decoded: decoded, rejection: nil)
            result.decoderAnswer = .accepted
        } catch {
            // Only an answer rejects a body: a command that crashed, timed out or answered garbage said nothing.
            if let failure = error as? ProcessAdapterError, failure.code != .refused {
                result = Self.verdict(vector, .fail, "the decoder gave no answer: \(failure.code): \(EncoderCertification.oneLine(failure.message))")
                result.problem = .noAnswer
                result.decoderAnswer = DecoderAnswer(noAnswer: failure.code)
                return result
            }
            result = graded(vector, decoded: [], rejection: EncoderCertification.oneLine(String(describing: error)))
            result.decoderAnswer = .rejected
        }
        return result
    }

    /// A verdict on `vector` with no known issue applied.
    static func verdict(
        _ vector: ConformanceVector, _ grade: CertificationGrade, _ summary: String, details: [String] = [],
        problem: CertificationProblem? = nil
    ) -> CertificationVerdict {
        CertificationVerdict(
            vectorID: vector.id, area: vector.area, grade: grade, summary: summary, details: details, problem: problem)
    }

    /// The boundary a `Content-Type` value names, read the way the strict validator reads it; `nil` when it names none.
    ///
    /// For adapters whose parser takes the boundary rather than the header value.
    /// - Parameter contentType: A `Content-Type` value.
    /// - Returns: The boundary parameter's value, unquoted, or `nil` when there is none.
    public static func boundary(in contentType: String) -> String? {
        MultipartValidator.validate([], contentType: contentType).boundary.map { String(decoding: $0, as: UTF8.self) }
    }
}
