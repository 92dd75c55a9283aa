import MultipartFormReceivers

/// The line `validate` and `serve` print per receiver named, after a body's summary.
enum ReceiverOutcomeText {
    /// `LABEL: receiver php (PHP ..., PHP 8.2.36): 1 finding read otherwise; no verdict on: a, b; evidence: ...`.
    static func line(_ outcome: ReceiverCheck.Outcome, label: String) -> String {
        guard let recorded = outcome.recorded else {
            return "\(label): receiver \(outcome.receiver.id): the interop evidence has no row for it"
        }
        let count = outcome.readOtherwise
        var text = "\(label): receiver \(outcome.receiver.id) (\(recorded)): "
            + (count == 0 ? "reads none of these findings otherwise"
                : "\(count) finding\(count == 1 ? "" : "s") read otherwise")
        if !outcome.withoutVerdict.isEmpty {
            text += "; no verdict on \(outcome.withoutVerdict.map(\.rawValue).joined(separator: ", ")) "
                + "(no vector shows it alone)"
        }
        return text + "; evidence: \(ReceiverCheck.evidenceSource)"
    }
}
