import MultipartForm

extension ReceiverProfile {
    /// The conventions that decide what the receiver does with a rule's shape, by rule.
    static let conventionsByRule: [Rule.ID: [String]] = [
        .nameDuplicate: ["last-of-repeated-name"],
        .nameBrackets: ["indexed-brackets"],
        .nameEmpty: ["empty-name-dropped"],
        .filenameEmpty: ["empty-file-input-dropped", "empty-file-input-untyped"],
    ]

    /// What the evidence says this receiver does with a rule's shape, in sentences for `explain`:
    /// the documented conventions that apply, then the corpus's vectors showing only that rule it
    /// read otherwise, or that it read them all as the specifications say, or that no vector shows
    /// the rule alone, so there is no verdict.
    /// - Parameter rule: A rule id.
    /// - Returns: One sentence per line.
    public func explanation(of rule: Rule.ID) -> [String] {
        var lines: [String] = []
        for convention in Self.conventionsByRule[rule] ?? [] {
            if let page = conventions[convention] {
                lines.append("documented convention \(convention), which decides what it does with this shape: \(page)")
            }
        }
        let shown = ReceiverEvidence.shared.covered[rule] ?? 0
        guard shown > 0 else {
            lines.append("no vector of the corpus shows this rule alone, so the evidence has no verdict on it for any receiver")
            return lines
        }
        guard let evidence = otherwise[rule] else {
            lines.append(
                "read the corpus's \(shown) \(shown == 1 ? "vector" : "vectors") showing only this rule as the others agree"
                    + (lines.isEmpty ? "" : " or as its convention says"))
            return lines
        }
        lines.append("read \(evidence.count) of the corpus's \(shown) \(shown == 1 ? "vector" : "vectors") showing only this rule otherwise:")
        for reading in evidence.readings {
            lines.append("  \(reading.vector): \(reading.kind): \(reading.summary)")
        }
        if evidence.count > evidence.readings.count {
            lines.append("  and \(evidence.count - evidence.readings.count) more (Interop/results/\(id).json)")
        }
        return lines
    }
}
