import MultipartForm

/// How a decoder's answer is graded: the one place the decoder side's verdicts are decided.
extension DecoderCertification {
    /// Grades an answer: the parts decoded, or the rejection's reason.
    func graded(_ vector: ConformanceVector, decoded: [DecodedFormPart], rejection: String?) -> CertificationVerdict {
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
        let lines = differences.map(\.text)
        let summary = loss.first.map { "accepted without error but \($0)" } ?? EncoderCertification.summary(of: lines)
        var result = CertificationVerdict(
            vectorID: vector.id, area: vector.area, grade: grade, summary: summary + allowed, details: lines,
            problem: loss.isEmpty ? .misreadsValid : Self.sentByClients(vector) ? .losesDataClientsSend : .losesData)
        result.cause = DefectCause.decoder(
            what: PartDifference.what(differences), area: vector.area, bodyRules: vector.sidecar.diagnostics.map(\.rule.rawValue))
        return result
    }

    /// Whether real clients send bodies like the vector's: its sidecar names the client that produces it,
    /// or it was captured from browsers or real libraries (the `browsers` and `realworld` areas).
    static func sentByClients(_ vector: ConformanceVector) -> Bool {
        vector.sidecar.producer != nil || vector.area == "browsers" || vector.area == "realworld"
    }

    /// What was lost, with the parts in the expected order when the adapter does not report the order.
    private func lostData(_ decoded: [DecodedFormPart], _ expected: [VectorSidecar.ExpectedPart]) -> [String] {
        Self.lostData(Self.ordered(decoded, like: expected, unreported: adapter.unreportedDetails), expected)
    }

    /// Every difference, leaving out what the adapter does not report.
    private func mismatches(_ decoded: [DecodedFormPart], _ expected: [VectorSidecar.ExpectedPart]) -> [PartDifference] {
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

    /// Every difference between the decoded parts and the expected ones, each with the attribute it is about.
    static func mismatches(
        _ decoded: [DecodedFormPart], _ expected: [VectorSidecar.ExpectedPart], comparesTextFieldTypes: Bool = true
    ) -> [PartDifference] {
        var lines: [PartDifference] = []
        if decoded.count != expected.count {
            lines.append(.init(attribute: .partCount, text: "expected \(expected.count) part\(expected.count == 1 ? "" : "s"), decoded \(decoded.count)"))
        }
        let render = VectorExpectation.Mismatch.render
        for (index, (actual, wanted)) in zip(decoded, expected).enumerated() {
            if !sameParameter(actual.name, wanted.name) {
                lines.append(.init(attribute: .name, text: "part \(index) name: expected \(render(wanted.name)), decoded \(difference(actual.name, wanted.name))"))
            }
            if !sameParameter(actual.filename, wanted.filename)
                && !ReceiverFreedom.isTerminalComponent(actual.filename, of: wanted.filename)
                && !ReceiverFreedom.isTerminalComponent(actual.filename, of: wanted.filename.map(ParameterForms.unescaped))
            {
                lines.append(.init(attribute: .filename, text: "part \(index) filename: expected \(render(wanted.filename)), decoded \(difference(actual.filename, wanted.filename))"))
            }
            if comparesTextFieldTypes || wanted.filename != nil, !sameContentType(actual.contentType, wanted.contentType) {
                lines.append(.init(attribute: .contentType, text: "part \(index) content type: expected \(render(wanted.contentType)), decoded \(difference(actual.contentType, wanted.contentType))"))
            }
            if actual.body != wanted.body {
                lines.append(.init(attribute: .content, text: "part \(index) content: expected \(render(wanted.body)), decoded \(EncoderOutputJudgement.difference(actual.body, against: wanted.body))"))
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
