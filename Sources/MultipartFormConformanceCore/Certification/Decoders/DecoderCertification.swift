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
        result.cause = Self.cause(of: result, on: vector)
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

    private static func verdict(
        _ vector: ConformanceVector, _ grade: CertificationGrade, _ summary: String, details: [String] = [],
        problem: CertificationProblem? = nil
    ) -> CertificationVerdict {
        CertificationVerdict(
            vectorID: vector.id, area: vector.area, grade: grade, summary: summary, details: details, problem: problem)
    }

    /// Grades an answer: the parts decoded, or the rejection's reason.
    private func graded(_ vector: ConformanceVector, decoded: [DecodedFormPart], rejection: String?) -> CertificationVerdict {
        func verdict(
            _ grade: CertificationGrade, _ summary: String, details: [String] = [], problem: CertificationProblem? = nil
        ) -> CertificationVerdict {
            Self.verdict(vector, grade, summary, details: details, problem: problem)
        }
        let reading = BodyAsSent(vector)
        let rules = reading.errorRules.map(\.rawValue)
        let ruleList = rules.isEmpty ? "" : " (\(rules.joined(separator: ", ")))"

        switch reading.verdict {
        case .yes:
            let expected = reading.parts
            if let rejection {
                if let past = refusalPastDeclaredLimit(vector, rejection) { return past }
                return verdict(.fail, "rejected a valid body: \(rejection)", problem: .rejectsValid)
            }
            return judgeAccepted(decoded, expected: expected, vector: vector, allowed: "")
        case .no:
            if let rejection { return verdict(.pass, "rejected\(ruleList): \(rejection)") }
            var details = ["accepted a body the strict validator rejects\(ruleList)"]
            // Only what precedes the first defect is expected: past it, readings consistent with the
            // specifications may differ, and the validator's own recovery is no standard.
            let agreed = AgreedReading(body: vector.body, contentType: vector.contentType)
            if !agreed.parts.isEmpty {
                details.append(
                    "the \(agreed.parts.count) part\(agreed.parts.count == 1 ? "" : "s") before the first defect (byte \(agreed.firstDefect ?? 0)) must not be lost; decoded \(decoded.count)")
            }
            let loss = agreed.losses(in: decoded, sameName: Self.sameParameter)
            if let first = loss.first {
                // An invalid body accepted without error, with less than every reading agrees it holds.
                return verdict(
                    .silentDataLoss, "accepted an invalid body\(ruleList) without error but \(first)",
                    details: details + loss.dropFirst(), problem: .losesDataFromInvalid)
            }
            return verdict(.lenient, "accepted an invalid body\(ruleList)", details: details, problem: .acceptsInvalid)
        case .implementation:
            let outcomes = vector.sidecar.outcomes ?? []
            if let rejection {
                if let allowed = outcomes.first(where: { $0.outcome == .reject }) {
                    return verdict(.pass, "rejected, as allowed: \(allowed.because)", details: ["the decoder said: \(rejection)"])
                }
                if let past = refusalPastDeclaredLimit(vector, rejection) { return past }
                return verdict(
                    .fail, "rejected, but the specifications only allow accepting: \(rejection)", problem: .rejectsValid)
            }
            let accepting = outcomes.filter { $0.outcome == .accept }
            guard let first = accepting.first else {
                // As for an `n-` body: the specifications allow only rejecting, so accepting is lenient.
                return verdict(
                    .lenient, "accepted, but the specifications only allow rejecting\(ruleList)", problem: .acceptsInvalid)
            }
            for outcome in accepting {
                let expected = outcome.parts ?? vector.sidecar.parts ?? []
                if mismatches(decoded, expected).isEmpty {
                    var result = verdict(.pass, "accepted, as allowed: \(outcome.because)")
                    if zip(decoded, expected).contains(where: { ReceiverFreedom.isTerminalComponent($0.filename, of: $1.filename) }) {
                        result.notes.append(ReceiverFreedom.directoryDropped)
                    }
                    return result
                }
            }
            return judgeAccepted(
                decoded, expected: first.parts ?? vector.sidecar.parts ?? [], vector: vector,
                allowed: " (accepting is allowed: \(first.because))")
        }
    }

    /// A pass for a rejection of a body past one of the declared limits (the first, in their order),
    /// naming it: `rejected past its declared limit (header-line-bytes 8261 past the declared 8190)`.
    private func refusalPastDeclaredLimit(_ vector: ConformanceVector, _ rejection: String) -> CertificationVerdict? {
        guard !adapter.limits.isEmpty else { return nil }
        let measure = ReceiverLimit.Measure(body: vector.body, contentType: vector.contentType)
        guard let limit = adapter.limits.sorted().first(where: { $0.isExceeded(by: measure) }) else { return nil }
        var result = Self.verdict(vector, .pass, "rejected past its declared limit (\(limit.exceeded(by: measure))): \(rejection)")
        result.refusedPastLimit = limit
        return result
    }

    private func judgeAccepted(
        _ decoded: [DecodedFormPart], expected: [VectorSidecar.ExpectedPart], vector: ConformanceVector, allowed: String
    ) -> CertificationVerdict {
        let differences = mismatches(decoded, expected)
        let count = expected.count
        if !differences.isEmpty, !adapter.conventions.isEmpty {
            // A reading that differs only as the decoder's documented conventions say is theirs, not a defect.
            let conventional = DecoderConvention.reading(expected, following: adapter.conventions)
            if !conventional.applied.isEmpty, mismatches(decoded, conventional.parts).isEmpty {
                let names = conventional.applied.map(\.rawValue).joined(separator: ", ")
                var result = CertificationVerdict(
                    vectorID: vector.id, area: vector.area, grade: .pass,
                    summary: "accepted; read as its documented conventions say (\(names)): \(conventional.parts.count) part\(conventional.parts.count == 1 ? "" : "s") for the body's \(count)",
                    notes: conventional.applied.map { "documented convention \($0.rawValue): \($0.meaning)" })
                result.conventions = conventional.applied
                return result
            }
        }
        guard !differences.isEmpty else {
            let freedoms = zip(decoded, expected).contains { ReceiverFreedom.isTerminalComponent($0.filename, of: $1.filename) }
            return CertificationVerdict(
                vectorID: vector.id, area: vector.area, grade: .pass,
                summary: "accepted; \(count) part\(count == 1 ? "" : "s") exactly as expected\(freedoms ? " (a filename's directory dropped, as allowed)" : "")",
                notes: freedoms ? [ReceiverFreedom.directoryDropped] : [])
        }
        let loss = lostData(decoded, expected)
        let grade: CertificationGrade = loss.isEmpty ? .fail : .silentDataLoss
        let summary = loss.first.map { "accepted without error but \($0)" } ?? EncoderCertification.summary(of: differences)
        return CertificationVerdict(
            vectorID: vector.id, area: vector.area, grade: grade, summary: summary + allowed, details: differences,
            problem: loss.isEmpty ? .misreadsValid : Self.sentByClients(vector) ? .losesDataClientsSend : .losesData)
    }

    /// Whether real clients send bodies like the vector's: its sidecar names the client that produces it,
    /// or it was captured from browsers or real libraries (the `browsers` and `realworld` areas).
    static func sentByClients(_ vector: ConformanceVector) -> Bool {
        vector.sidecar.producer != nil || vector.area == "browsers" || vector.area == "realworld"
    }

    /// The boundary a `Content-Type` value names, read the way the strict validator reads it; `nil` when it names none.
    ///
    /// For adapters whose parser takes the boundary rather than the header value.
    /// - Parameter contentType: A `Content-Type` value.
    /// - Returns: The boundary parameter's value, unquoted, or `nil` when there is none.
    public static func boundary(in contentType: String) -> String? {
        MultipartValidator.validate([], contentType: contentType).boundary.map { String(decoding: $0, as: UTF8.self) }
    }

    /// What was lost, with the parts in the expected order when the adapter does not report the order.
    private func lostData(_ decoded: [DecodedFormPart], _ expected: [VectorSidecar.ExpectedPart]) -> [String] {
        Self.lostData(Self.ordered(decoded, like: expected, unreported: adapter.unreportedDetails), expected)
    }

    /// Every difference, leaving out what the adapter does not report.
    private func mismatches(_ decoded: [DecodedFormPart], _ expected: [VectorSidecar.ExpectedPart]) -> [String] {
        let unreported = adapter.unreportedDetails
        return Self.mismatches(
            Self.ordered(decoded, like: expected, unreported: unreported), expected,
            comparesTextFieldTypes: !unreported.contains(.textFieldContentType))
    }

    /// The decoded parts in the expected order when the order is not reported: each expected part takes
    /// the first unused decoded part with the same name; the rest follow in their own order.
    static func ordered(
        _ decoded: [DecodedFormPart], like expected: [VectorSidecar.ExpectedPart], unreported: Set<UnreportedDetail>
    ) -> [DecodedFormPart] {
        guard unreported.contains(.partOrder) else { return decoded }
        var unused = Array(decoded.indices)
        var result: [DecodedFormPart] = []
        for wanted in expected {
            if let position = unused.firstIndex(where: { sameParameter(decoded[$0].name, wanted.name) }) {
                result.append(decoded[unused.remove(at: position)])
            }
        }
        return result + unused.map { decoded[$0] }
    }

    /// What was lost: fewer parts, or values that are strict prefixes of the expected ones.
    static func lostData(_ decoded: [DecodedFormPart], _ expected: [VectorSidecar.ExpectedPart]) -> [String] {
        var losses: [String] = []
        if decoded.count < expected.count {
            losses.append("lost \(expected.count - decoded.count) of \(expected.count) parts")
        }
        for (index, (actual, wanted)) in zip(decoded, expected).enumerated()
        where actual.body.count < wanted.body.count && wanted.body.starts(with: actual.body) {
            losses.append("truncated part \(index)'s value to \(actual.body.count) of \(wanted.body.count) bytes")
        }
        return losses
    }

    /// Every difference between the decoded parts and the expected ones, one line each.
    static func mismatches(
        _ decoded: [DecodedFormPart], _ expected: [VectorSidecar.ExpectedPart], comparesTextFieldTypes: Bool = true
    ) -> [String] {
        var lines: [String] = []
        if decoded.count != expected.count {
            lines.append("expected \(expected.count) part\(expected.count == 1 ? "" : "s"), decoded \(decoded.count)")
        }
        let render = VectorExpectation.Mismatch.render
        for (index, (actual, wanted)) in zip(decoded, expected).enumerated() {
            if !sameParameter(actual.name, wanted.name) {
                lines.append("part \(index) name: expected \(render(wanted.name)), decoded \(difference(actual.name, wanted.name))")
            }
            if !sameParameter(actual.filename, wanted.filename)
                && !ReceiverFreedom.isTerminalComponent(actual.filename, of: wanted.filename)
                && !ReceiverFreedom.isTerminalComponent(actual.filename, of: wanted.filename.map(ParameterForms.unescaped))
            {
                lines.append("part \(index) filename: expected \(render(wanted.filename)), decoded \(difference(actual.filename, wanted.filename))")
            }
            if comparesTextFieldTypes || wanted.filename != nil, !sameContentType(actual.contentType, wanted.contentType) {
                lines.append("part \(index) content type: expected \(render(wanted.contentType)), decoded \(difference(actual.contentType, wanted.contentType))")
            }
            if actual.body != wanted.body {
                lines.append("part \(index) content: expected \(render(wanted.body)), decoded \(EncoderOutputJudgement.difference(actual.body, against: wanted.body))")
            }
        }
        return lines
    }

    private static func difference(_ actual: [UInt8]?, _ expected: [UInt8]?) -> String {
        guard let actual, let expected else { return VectorExpectation.Mismatch.render(actual) }
        return EncoderOutputJudgement.difference(actual, against: expected)
    }

    /// Equal as sent, or equal once the WHATWG escapes `%22`, `%0D` and `%0A` are decoded.
    static func sameParameter(_ actual: [UInt8]?, _ expected: [UInt8]?) -> Bool {
        guard let actual, let expected else { return actual == nil && expected == nil }
        return actual == expected || actual == ParameterForms.unescaped(expected)
    }

    /// Equal ignoring ASCII case and surrounding spaces and tabs.
    private static func sameContentType(_ actual: [UInt8]?, _ expected: [UInt8]?) -> Bool {
        guard let actual, let expected else { return actual == nil && expected == nil }
        func trimmed(_ bytes: [UInt8]) -> [UInt8] {
            let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            return Array(bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        }
        return ParameterForms.equalIgnoringASCIICase(trimmed(actual), trimmed(expected))
    }
}
