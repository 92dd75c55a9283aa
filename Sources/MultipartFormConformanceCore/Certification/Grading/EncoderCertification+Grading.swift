import MultipartForm

/// How an encoder's answer is graded: the one place the encoder side's verdicts are decided.
extension EncoderCertification {
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
