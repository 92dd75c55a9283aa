import MultipartForm

/// One finding as a receiver reads it: what the receiver will do with this body, and the fix for it.
///
/// The documented conventions come first, because they say exactly what happens to this body's
/// values (PHP keeps the last of three `tags`); then the evidence of the corpus's bodies of the same
/// shape. A finding neither speaks to gives no receiver finding.
struct ReceiverFinding {
    /// The finding as raised for the receiver.
    var diagnostic: Diagnostic

    /// The receiver's reading of `original`, or `nil` when its profile has nothing to say about it.
    init?(
        _ original: Diagnostic, profile: ReceiverProfile, report: ValidationReport, value: (DecodedPart) -> [UInt8]?
    ) {
        let part = original.partIndex.flatMap { index in report.parts.first { $0.index == index } }
        let receiver = profile.id
        let said: (severity: Severity, message: String, fix: String?)
        switch original.rule {
        case .nameDuplicate where profile.follows("last-of-repeated-name"):
            guard let part, let name = part.name else { return nil }
            // A name the report keeps cut (a server's option) is matched by its kept bytes and whole length.
            let same = report.parts.filter { $0.name == name && $0.nameByteCount == part.nameByteCount }
            guard same.count > 1 else { return nil }
            let lost = same.dropLast().map { ValueQuote.describe($0, value: value) }
            let quoted = ValueQuote.quoted(name)
            said = (
                .error,
                "\(receiver) keeps only the last of the \(same.count) parts named \(quoted): "
                    + "\(ValueQuote.list(lost)) \(lost.count == 1 ? "is" : "are") lost",
                "for \(receiver), name each of these parts \(ValueQuote.quoted(name + Array("[]".utf8))): "
                    + "it then keeps every value, as a list (its documented convention: "
                    + "\(profile.conventions["last-of-repeated-name"] ?? ""))")
        case .nameEmpty where profile.follows("empty-name-dropped"):
            guard let part else { return nil }
            said = (
                .error,
                "\(receiver) leaves out a part named \"\": \(ValueQuote.describe(part, value: value)) is lost",
                "for \(receiver), give the part a name (its documented convention: "
                    + "\(profile.conventions["empty-name-dropped"] ?? ""))")
        case .nameBrackets where profile.follows("indexed-brackets"):
            said = (
                .note,
                "\(receiver) reads the parts of a name ending in [] as one list (tags[0], tags[1], …), as its "
                    + "documentation says (\(profile.conventions["indexed-brackets"] ?? "")): what an application on it expects",
                nil)
        case .filenameEmpty where part.map { $0.bodyRange.isEmpty } == true
            && (profile.follows("empty-file-input-dropped") || profile.follows("empty-file-input-untyped")):
            let dropped = profile.follows("empty-file-input-dropped")
            let convention = dropped ? "empty-file-input-dropped" : "empty-file-input-untyped"
            said = (
                .note,
                "\(receiver) \(dropped ? "leaves out" : "hands over without its Content-Type") a file input sent with "
                    + "no file (an empty filename and no content), as its documentation says "
                    + "(\(profile.conventions[convention] ?? "")): what a browser sends for a file input left empty",
                nil)
        default:
            guard let evidence = profile.otherwise[original.rule], let first = evidence.readings.first else {
                return nil
            }
            let shown = ReceiverEvidence.shared.covered[original.rule] ?? evidence.count
            said = (
                .error,
                "\(receiver) reads this shape otherwise: of the corpus's \(shown) \(shown == 1 ? "body" : "bodies") "
                    + "showing only this finding, it read \(evidence.count) otherwise (\(profile.version)); "
                    + "on \(first.vector) it \(Self.verbPhrase(first))",
                original.fixHint.map { "for \(receiver): \($0)" } ?? "for \(receiver), send the body without this shape")
        }
        diagnostic = Diagnostic(
            rule: original.rule, severity: said.severity, origin: original.origin, offset: original.offset,
            line: original.line, column: original.column, partIndex: original.partIndex,
            message: said.message + "; " + original.message, fixHint: said.fix, receiver: receiver)
    }

    /// A reading's summary, worded to follow "it".
    private static func verbPhrase(_ reading: ReceiverProfile.Reading) -> String {
        switch reading.kind {
        case "rejected" where !reading.summary.hasPrefix("rejected"): "rejected it: \(reading.summary)"
        case "crashed": "gave no answer: \(reading.summary)"
        case "timed-out": "did not answer in time: \(reading.summary)"
        case "other-parts" where reading.summary.hasPrefix("part "): "read other parts: \(reading.summary)"
        default: reading.summary
        }
    }
}
