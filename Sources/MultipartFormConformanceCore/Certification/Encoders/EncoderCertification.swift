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

    /// Grades an encoder's answer for a vector's form: its output, or the error with which it refused the form.
    ///
    /// The grade depends only on the form, `givenBoundary` (the boundary the encoder was asked to use,
    /// `nil` when it chose its own) and the answer, never on the vector's own body or findings: two
    /// vectors with the same form grade the same output the same way. The vector's body matters only
    /// for ``CertificationVerdict/isByteIdentical`` on canonical vectors, when a boundary was given.
    ///
    /// A refusal (a thrown error; for a process adapter, only an `{"error": ...}` answer, never a crash,
    /// a time-out or malformed output) passes when the reference encoder refuses the form too (a value
    /// holding the given boundary, a media type it cannot write, …) or the form is in a refusable class
    /// (``RefusedForm``); any other refusal is graded `refused`. Quotes, backslashes and non-ASCII
    /// characters in names and filenames are never refusable.
    /// - Parameters:
    ///   - answer: What the encoder returned for the vector's form, or the error it threw.
    ///   - vector: The vector whose form was encoded.
    ///   - givenBoundary: The boundary the encoder was given, or `nil` when it chose its own.
    /// - Returns: The verdict, before any declared known issue is applied.
    public static func grade(
        _ answer: Result<EncodedForm, any Error>, for vector: ConformanceVector, givenBoundary: String?
    ) -> CertificationVerdict {
        func verdict(_ grade: CertificationGrade, _ summary: String, details: [String] = [], notes: [String] = [])
            -> CertificationVerdict
        {
            CertificationVerdict(
                vectorID: vector.id, area: vector.area, grade: grade, summary: summary, details: details, notes: notes)
        }
        guard let input = vector.sidecar.encoderInput else {
            return verdict(.fail, "the vector has no encoder input; only vectors from `vectors(in:)` certify encoders")
        }
        let form = input.form
        let comparesBytes = givenBoundary != nil && (input.isCanonical || input.refusal != nil)

        let output: EncodedForm
        switch answer {
        case .success(let encoded):
            output = encoded
        case .failure(let error):
            // A process's refusal already says it refused; its message is what the encoder said.
            let said = oneLine((error as? ProcessAdapterError).map { $0.code == .refused ? $0.message : "\($0)" } ?? "\(error)")
            var result: CertificationVerdict
            if let processError = error as? ProcessAdapterError, processError.code != .refused {
                // A crash, a time-out or garbage is no answer at all, whatever the form.
                result = verdict(.fail, "the encoder gave no answer: \(said)", details: ["\(error)"])
                result.problem = .noAnswer
                result.cause = "no answer (\(processError.code))"
            } else if let reason = RefusedForm.reason(refusing: form, givenBoundary: givenBoundary) {
                result = verdict(.pass, "refused the form, as it may: \(reason)", notes: ["the encoder said: \(said)"])
            } else {
                let category = RefusedForm.category(of: form)
                result = verdict(
                    .refused, "refused a form it should write (\(category)): \(said)",
                    details: [
                        "the reference encoder writes this form, and no refusable class (CONFORMANCE.md, Encoders) covers it",
                        "the encoder said: \(error)",
                    ])
                result.problem = .refusesForms
                result.refusedForm = category
                result.cause = "refused: \(category)"
            }
            if comparesBytes { result.isByteIdentical = input.refusal != nil && result.problem == nil }
            return result
        }

        let judgement = EncoderOutputJudgement(output, of: form, givenBoundary: givenBoundary)
        var notes = judgement.notes
        for rule in judgement.rulesBroken {
            if let advice = EncoderAdvice.forRule(rule) { notes.append("for an encoder, [\(rule)]: \(advice)") }
        }
        if let refusal = input.refusal {
            notes.append(
                "the reference encoder refuses this form (\(refusal)): refusing it passes, and a body written for it is judged like any other")
        }
        if comparesBytes {
            if let refusal = input.refusal {
                notes.append(
                    "writing a form the reference encoder refuses is not the canonical encoding: it refuses this one with \(refusal) (`multipart-check explain \(refusal)` says why), and refusing it is what earns Canonical")
            } else if output.body != vector.body {
                let common = zip(output.body, vector.body).prefix { $0 == $1 }.count
                func window(_ bytes: [UInt8]) -> String {
                    let start = max(0, common - 8)
                    let shown = VectorExpectation.Mismatch.escape(bytes[start..<min(bytes.count, common + 24)])
                    return (start > 0 ? "..." : "") + "\"\(shown)\"" + (common + 24 < bytes.count ? "..." : "")
                }
                notes.append(
                    "not byte-identical with the canonical body: \(output.body.count) bytes against \(vector.body.count), first difference at byte \(common): the canonical body has \(window(vector.body)), this one \(window(output.body))")
            }
        }
        if let givenBoundary, let used = DecoderCertification.boundary(in: output.contentType), used != givenBoundary {
            // Said in those words: a byte offset alone does not tell an author what went wrong.
            notes.insert(
                "the encoder ignored the boundary it was given: it was given '\(givenBoundary)' and used '\(used)' (an adapter that declares acceptsBoundary, or certify --boundary-accepted, must use the boundary it is sent)",
                at: 0)
        }
        var result: CertificationVerdict
        let refusable = input.refusal.map { "the reference encoder refuses this form (\($0)), as this one could have; " } ?? ""
        if !judgement.errors.isEmpty {
            result = verdict(
                .fail, refusable + summary(of: judgement.errors), details: judgement.errors + judgement.warnings, notes: notes)
            // Invalid input the reference encoder refuses, written through, is told apart from an
            // invalid body the encoder wrote for a valid form by its own choices, and those by what
            // they do to a receiver.
            result.problem = input.refusal == nil ? judgement.problem : .writesInvalidInput
            if result.problem == .writesIgnoredHeaders { result.notes.insert(ReceiversIgnore.reason, at: 0) }
            result.cause = DefectCause.encoder(
                errorRules: judgement.errorRules.map(\.rawValue), fieldDifferences: judgement.fieldDifferences)
        } else if !judgement.warnings.isEmpty {
            result = verdict(.passWithWarnings, summary(of: judgement.warnings), details: judgement.warnings, notes: notes)
            result.problem = .avoidableWarnings
            result.cause = DefectCause.warnings(judgement.warnings, rules: judgement.rulesBroken.map(\.rawValue))
        } else {
            let count = form.fields.count
            result = verdict(.pass, "valid; \(count == 1 ? "1 part matches" : "\(count) parts match") the form", notes: notes)
        }
        if comparesBytes { result.isByteIdentical = input.refusal == nil && output.body == vector.body }
        return result
    }

    /// One line for a table: the count and the first finding, shortened.
    static func summary(of findings: [String]) -> String {
        guard let first = findings.first else { return "" }
        let rest = findings.count > 1 ? " (+\(findings.count - 1) more)" : ""
        return oneLine(first, limit: 160) + rest
    }

    /// The text on one line, cut to `limit` characters.
    static func oneLine(_ text: String, limit: Int = 200) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > limit ? String(flat.prefix(limit - 3)) + "..." : flat
    }
}
