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
    public init(_ adapter: some FormEncoderAdapter) {
        self.adapter = adapter
    }

    /// The vectors of a corpus that certify encoders: those with an encoder input, in id order.
    public static func vectors(in corpus: Corpus) -> [ConformanceVector] {
        corpus.vectors.filter { $0.sidecar.encoderInput != nil }
    }

    /// Passes when the vector passes, passes with warnings, is unsupported or is a known issue that reproduces.
    ///
    /// Throws a ``CertificationFailure`` whose description is the whole verdict when the vector fails or
    /// a declared known issue did not reproduce (so the list of known issues stays true), and, with
    /// `warningsAsFailures`, when it passes with warnings.
    public func check(_ vector: ConformanceVector, warningsAsFailures: Bool = false) throws(CertificationFailure) {
        let verdict = verdict(for: vector)
        switch verdict.grade {
        case .pass, .unsupported, .knownIssue, .lenient:
            return
        case .passWithWarnings where !warningsAsFailures:
            return
        case .passWithWarnings, .fail, .silentDataLoss, .staleKnownIssue:
            throw CertificationFailure(adapterName: adapter.name, verdict: verdict)
        }
    }

    /// Runs every vector and grades the encoder.
    public func report(over vectors: [ConformanceVector]) -> CertificationReport {
        CertificationReport(
            adapterName: adapter.name, kind: .encoder,
            verdicts: vectors.filter { $0.sidecar.encoderInput != nil }.map(verdict(for:)),
            acceptsBoundary: adapter.acceptsBoundary,
            unsupportedFeatures: adapter.unsupportedFeatures.sorted())
    }

    /// Encodes the vector's form with the adapter and grades the output.
    public func verdict(for vector: ConformanceVector) -> CertificationVerdict {
        outcome(for: vector).applyingKnownIssue(adapter.knownIssues[vector.id])
    }

    private func outcome(for vector: ConformanceVector) -> CertificationVerdict {
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
        let needed = EncoderFeature.required(by: form)
        let missing = needed.filter(adapter.unsupportedFeatures.contains)
        if !missing.isEmpty {
            return verdict(.unsupported, "needs \(missing.map(\.rawValue).joined(separator: ", "))")
        }

        let boundary = adapter.acceptsBoundary ? input.boundary : nil
        let output: EncodedForm
        do {
            output = try adapter.encode(form, boundary: boundary)
        } catch {
            if let boundary, let index = Self.fieldContainingDelimiter(form, boundary: boundary) {
                return verdict(
                    .pass, "refused the form: field \(index) contains '--\(boundary)', as it should",
                    notes: ["the encoder said: \(error)"])
            }
            return verdict(.fail, "the encoder threw: \(Self.oneLine(String(describing: error)))", details: ["\(error)"])
        }

        let judgement = EncoderOutputJudgement(output, of: form, expectedWarnings: Self.expectedWarnings(of: vector))
        var notes = judgement.notes
        var identical: Bool?
        if boundary != nil && input.isCanonical {
            identical = output.body == vector.body
            if output.body != vector.body {
                let common = zip(output.body, vector.body).prefix { $0 == $1 }.count
                notes.append(
                    "not byte-identical with the canonical body: \(output.body.count) bytes against \(vector.body.count), first difference at byte \(common)")
            }
        }
        var result: CertificationVerdict
        if !judgement.errors.isEmpty {
            result = verdict(.fail, Self.summary(of: judgement.errors), details: judgement.errors + judgement.warnings, notes: notes)
        } else if !judgement.warnings.isEmpty {
            result = verdict(.passWithWarnings, Self.summary(of: judgement.warnings), details: judgement.warnings, notes: notes)
        } else {
            let count = form.fields.count
            result = verdict(.pass, "valid; \(count == 1 ? "1 part matches" : "\(count) parts match") the form", notes: notes)
        }
        result.isByteIdentical = identical
        return result
    }

    /// The warning rules the vector itself expects: any correct encoding of its form draws them, so they do not lower a grade.
    static func expectedWarnings(of vector: ConformanceVector) -> Set<Rule.ID> {
        Set(vector.sidecar.diagnostics.map(\.rule).filter { Rule.named($0)?.severity == .warning })
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

    /// The index of the first field whose in-memory value contains `--` followed by the boundary.
    static func fieldContainingDelimiter(_ form: Form, boundary: String) -> Int? {
        let delimiter = Array(("--" + boundary).utf8)
        for (index, field) in form.fields.enumerated() {
            let value = field.value.bytes ?? field.value.text.map { Array($0.utf8) } ?? []
            if contains(value, delimiter) { return index }
        }
        return nil
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
