extension CertificationReport {
    /// A plain-text table: a title, the headline, one row per vector (id, grade, reason), then every problem in full.
    ///
    /// With `onlyProblems`, passing and unsupported vectors are left out of the table (the counts still
    /// include them).
    /// - Parameter onlyProblems: Leave out the vectors that pass.
    /// - Returns: The report as a text table with its headline.
    public func text(onlyProblems: Bool = false) -> String {
        var out = "\(kind == .encoder ? "Encoder" : "Decoder") certification: \(adapterName)\n"
        out += headline + "\n"
        if !unsupportedFeatures.isEmpty {
            out += "Declared unsupported: \(unsupportedFeatures.map(\.rawValue).joined(separator: ", "))\n"
        }
        for feature in ignoredUnsupportedFeatures {
            let reason = EncoderFeature.withdrawn.first { $0.feature == feature }?.reason ?? "not a feature this version knows"
            out += "Declared unsupported but run anyway: \(feature.rawValue) (every string API can say it: \(reason))\n"
        }
        out += "\n"
        let rows = onlyProblems ? problems : verdicts
        let idWidth = max(6, rows.map(\.vectorID.count).max() ?? 0)
        let gradeWidth = max(5, rows.map(\.grade.label.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        out += pad("VECTOR", idWidth) + "  " + pad("GRADE", gradeWidth) + "  REASON\n"
        for verdict in rows {
            let reason = verdict.knownIssue.map { "\($0) [\(verdict.summary)]" } ?? verdict.summary
            out += pad(verdict.vectorID, idWidth) + "  " + pad(verdict.grade.label, gradeWidth) + "  " + reason + "\n"
        }
        let problems = self.problems
        if !problems.isEmpty {
            out += "\nDetails of \(problems.count) vector\(problems.count == 1 ? "" : "s") that did not pass:\n\n"
            for verdict in problems {
                out += verdict.fullText + "\n\n"
            }
        }
        return out
    }
}
