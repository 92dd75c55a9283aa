/// The error ``CertificationReport/require(_:allowing:)`` throws when an adapter does not reach the level a
/// test requires: its description is the headline and every vector that kept the level down.
public struct CertificationLevelError: Error, Sendable, CustomStringConvertible {
    /// The level the test asked for.
    public var required: CertificationLevel
    /// The whole report, for a test that wants more than the description.
    public var report: CertificationReport
    /// The limitations that failed the requirement though the level was reached (empty when the level was not).
    public var disallowed: CertificationLimitations

    package init(required: CertificationLevel, report: CertificationReport, disallowed: CertificationLimitations = []) {
        self.required = required
        self.report = report
        self.disallowed = disallowed
    }

    /// `adapter: <level> required, but: <headline>`, then the table of the vectors that did not pass;
    /// or, when the level was reached with a limitation not allowed, what it was and how to allow it.
    public var description: String {
        guard disallowed.isEmpty else {
            var text = "\(report.adapterName): \(required.title) required, and \(report.level.title) was reached, but not as a full certificate:\n"
            if disallowed.contains(.unsupportedFeatures) {
                text += "  - \(report.limitationSentences.first ?? "features declared unsupported"). Fix: support them, or "
                    + "accept a certificate that leaves them out (`allowing: .unsupportedFeatures`, `certify --allow-unsupported`).\n"
            }
            if disallowed.contains(.otherCorpus) {
                text += "  - \(report.limitationSentences.last ?? "graded over another corpus"). Fix: certify over the shipped corpus "
                    + "(leave out --corpus), or accept another corpus (`allowing: .otherCorpus`, `certify --allow-other-corpus`).\n"
            }
            return text
        }
        return "\(report.adapterName): \(required.title) required, but: \(report.headline)\n" + report.text(onlyProblems: true)
    }
}

extension CertificationReport {
    /// Throws unless the adapter reached `minimum` or better, as a full certificate or with only the limitations allowed.
    /// - Parameters:
    ///   - minimum: The level required, such as ``CertificationLevel/conformant``.
    ///   - allowed: The ``CertificationLimitations`` accepted (none by default: features declared
    ///     unsupported or another corpus fail the requirement even at the level required).
    /// - Throws: ``CertificationLevelError`` naming the level reached and every vector that kept it
    ///   down, or the limitations not allowed.
    public func require(_ minimum: CertificationLevel, allowing allowed: CertificationLimitations = []) throws(CertificationLevelError) {
        guard level.isAtLeast(minimum) else { throw CertificationLevelError(required: minimum, report: self) }
        let disallowed = limitations.subtracting(allowed)
        guard disallowed.isEmpty else { throw CertificationLevelError(required: minimum, report: self, disallowed: disallowed) }
    }
}
