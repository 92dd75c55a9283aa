import MultipartForm

/// A validation report read again for the receivers a body goes to.
///
/// Every finding whose shape a named receiver reads otherwise (by its ``ReceiverProfile``: it lost
/// data, read other parts, rejected the body or gave no answer on the corpus's bodies of that shape,
/// or a documented convention of its drops a value) becomes an error naming the receiver, what it
/// will do with this body and the fix for it. A finding no named receiver reads otherwise stays as
/// it was; with no receiver named nothing changes.
///
/// ```swift
/// let report = MultipartValidator.validate(body, contentType: contentType)
/// let checked = ReceiverCheck(report, receivers: [.php]) { part in Array(body[part.bodyRange]) }
/// ```
public struct ReceiverCheck: Sendable {
    /// What the profile of one receiver made of the body's findings.
    public struct Outcome: Sendable, Hashable {
        /// The receiver.
        public var receiver: Receiver
        /// How many of the body's findings it reads otherwise (each now an error naming it).
        public var readOtherwise: Int
        /// The rules of the body's findings that no vector of the corpus shows alone, so the
        /// evidence has no verdict on them for any receiver.
        public var withoutVerdict: [Rule.ID]
        /// The receiver's name and the version the run recorded, or `nil` when the evidence has no row.
        public var recorded: String?
    }

    /// The report with the findings the receivers read otherwise raised.
    public var report: ValidationReport
    /// One outcome per receiver named, in the order given.
    public var outcomes: [Outcome]

    /// Where the profiles come from: the interop run's corpus size and digest.
    public static var evidenceSource: String {
        let evidence = ReceiverEvidence.shared
        return "the interop run over \(evidence.vectorCount) vectors (corpus manifest \(evidence.corpusDigest))"
    }

    /// The receivers whose profile raises `diagnostic` to an error: those that read its shape
    /// otherwise, or lose a value of it by a documented convention. For a view that lets its reader
    /// pick the receiver afterwards (`serve`'s page); the raised findings themselves need the receiver
    /// named up front.
    /// - Parameters:
    ///   - diagnostic: One of the report's findings.
    ///   - report: The report, whose parts name what a convention keeps.
    /// - Returns: The receivers, in the evidence's order.
    public static func receiversReadingOtherwise(_ diagnostic: Diagnostic, in report: ValidationReport) -> [Receiver] {
        guard diagnostic.receiver == nil else { return [] }
        return Receiver.all.filter { receiver in
            guard let profile = receiver.profile else { return false }
            return ReceiverFinding(diagnostic, profile: profile, report: report, value: { _ in nil })?.diagnostic.severity == .error
        }
    }

    /// Reads a report again for the receivers named.
    /// - Parameters:
    ///   - report: The validator's report on the body.
    ///   - receivers: The receivers the body goes to; each once, in the order given.
    ///   - value: A part's content when it can be read (a message then quotes short values), or `nil`.
    public init(_ report: ValidationReport, receivers: [Receiver], value: (DecodedPart) -> [UInt8]? = { _ in nil }) {
        var unique: [Receiver] = []
        for receiver in receivers where !unique.contains(receiver) { unique.append(receiver) }
        let evidence = ReceiverEvidence.shared
        var raisedCounts = [Int](repeating: 0, count: unique.count)
        var diagnostics: [Diagnostic] = []
        // The report's counts include findings past its diagnostics cap, so they are adjusted, not recounted.
        var counts = report.counts
        for diagnostic in report.diagnostics {
            var raised: [Diagnostic] = []
            for (position, receiver) in unique.enumerated() {
                guard let profile = receiver.profile,
                    let finding = ReceiverFinding(diagnostic, profile: profile, report: report, value: value)
                else { continue }
                raised.append(finding.diagnostic)
                if finding.diagnostic.severity == .error { raisedCounts[position] += 1 }
            }
            guard !raised.isEmpty else {
                diagnostics.append(diagnostic)
                continue
            }
            counts[diagnostic.severity, default: 0] -= 1
            for finding in raised { counts[finding.severity, default: 0] += 1 }
            diagnostics.append(contentsOf: raised)
        }
        let unseen = Set(report.diagnostics.map(\.rule).filter { evidence.covered[$0] == nil }).sorted()
        outcomes = unique.enumerated().map { position, receiver in
            Outcome(
                receiver: receiver, readOtherwise: raisedCounts[position], withoutVerdict: unseen,
                recorded: receiver.profile.map { "\($0.name), \($0.version)" })
        }
        self.report = ValidationReport(
            diagnostics: diagnostics, parts: report.parts, partCount: report.partCount, boundary: report.boundary,
            byteCount: report.byteCount, counts: counts)
    }
}
