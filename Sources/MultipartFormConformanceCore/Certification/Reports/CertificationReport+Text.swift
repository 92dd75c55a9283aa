extension CertificationReport {
    /// A plain-text table: a title, the headline, where the report comes from, one row per vector (id,
    /// grade, reason), then every problem in full, the avoidable warnings, and why canonical encodings
    /// were not reproduced.
    ///
    /// With `onlyProblems`, the table lists only the ``shortfalls``: what kept the level below the top
    /// (the counts still include every vector).
    /// - Parameter onlyProblems: List only the vectors that kept the level down.
    /// - Returns: The report as a text table with its headline.
    public func text(onlyProblems: Bool = false) -> String {
        var out = "\(kind == .encoder ? "Encoder" : "Decoder") certification: \(adapterName)\n"
        out += headline + "\n"
        if let source = provenanceLine { out += source + "\n" }
        if isPartial {
            out += "This run left out vectors, so it is no certificate: run without --area and --vector for a level.\n"
        }
        if !unsupportedFeatures.isEmpty {
            out += "Declared unsupported: \(unsupportedFeatures.map(\.rawValue).joined(separator: ", "))\n"
        }
        if !limits.isEmpty {
            out += "Declared limits: \(limits.map(\.description).joined(separator: ", "))\n"
        }
        if !conventions.isEmpty {
            out += "Documented conventions: \(conventions.map { "\($0.rawValue) (\($0.meaning))" }.joined(separator: "; "))\n"
        }
        for feature in ignoredUnsupportedFeatures {
            let reason = EncoderFeature.withdrawn.first { $0.feature == feature }?.reason ?? "not a feature this version knows"
            out += "Declared unsupported but run anyway: \(feature.rawValue) (every string API can say it: \(reason))\n"
        }
        out += "\n"
        let rows = onlyProblems ? shortfalls : verdicts
        let idWidth = max(6, rows.map(\.vectorID.count).max() ?? 0)
        let gradeWidth = max(5, rows.map(\.grade.label.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        out += pad("VECTOR", idWidth) + "  " + pad("GRADE", gradeWidth) + "  REASON\n"
        for verdict in rows {
            var reason = verdict.knownIssue.map { "\($0) [\(verdict.summary)]" } ?? verdict.summary
            if verdict.isByteIdentical == false, verdict.grade == .pass || verdict.grade == .passWithWarnings {
                reason += " [not the canonical bytes]"
            }
            out += pad(verdict.vectorID, idWidth) + "  " + pad(verdict.grade.label, gradeWidth) + "  " + reason + "\n"
        }
        let defects = self.defects
        if !defects.isEmpty {
            out += "\n\(defects.count) cause\(defects.count == 1 ? "" : "s") behind the problems (verdicts grouped by what they share):\n"
            for defect in defects { out += "  " + defect.line + "\n" }
        }
        let problems = self.problems
        if !problems.isEmpty {
            out += "\nDetails of \(problems.count) vector\(problems.count == 1 ? "" : "s") that did not pass:\n\n"
            for verdict in problems {
                out += verdict.fullText + "\n\n"
            }
        }
        let warned = verdicts.filter { $0.grade == .passWithWarnings }
        if !warned.isEmpty {
            out += "\n\(warned.count) vector\(warned.count == 1 ? "" : "s") passed with warnings an encoder can avoid:\n\n"
            for verdict in warned {
                out += verdict.fullText + "\n\n"
            }
        }
        let missed = verdicts.filter { $0.isByteIdentical == false }
        if !missed.isEmpty {
            out += "\nCanonical encodings not reproduced (\(missed.count) of \(canonicalChecked)):\n"
            for verdict in missed {
                out += "  \(verdict.vectorID): \(verdict.canonicalMismatchReason)\n"
            }
        }
        return out
    }

    /// `corpus: N vectors, manifest sha256 ...; tool: multipart-check 0.1.0; date: ...`, or `nil` when nothing was recorded.
    var provenanceLine: String? {
        var pieces: [String] = []
        if let corpus = provenance.corpus { pieces.append("corpus: \(corpus)") }
        if let tool = provenance.tool { pieces.append("tool: \(tool)") }
        if let date = provenance.date { pieces.append("date: \(date)") }
        if !provenance.filters.isEmpty { pieces.append("filters: \(provenance.filters.joined(separator: " "))") }
        if let seed = provenance.probeSeed { pieces.append("probe seed: \(seed) (--probe-seed \(seed) makes the same probes)") }
        return pieces.isEmpty ? nil : pieces.joined(separator: "; ")
    }
}

extension CertificationVerdict {
    /// Why a canonical vector was not reproduced byte for byte, from the verdict's notes and grade.
    var canonicalMismatchReason: String {
        let explaining = ["the encoder ignored the boundary", "not byte-identical", "writing a form the reference encoder refuses"]
        if let note = notes.first(where: { note in explaining.contains { note.hasPrefix($0) } }) { return note }
        switch grade {
        case .refused, .fail, .knownIssue, .staleKnownIssue, .silentDataLoss: return "the vector did not pass: \(summary)"
        case .pass where knownIssue == nil && summary.hasPrefix("refused"):
            return "refused a form the reference encoder writes"
        default: return "the body differs from the canonical one"
        }
    }
}
