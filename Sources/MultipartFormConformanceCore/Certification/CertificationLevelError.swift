/// The error ``CertificationReport/require(_:)`` throws when an adapter does not reach the level a
/// test requires: its description is the headline and every vector that kept the level down.
public struct CertificationLevelError: Error, Sendable, CustomStringConvertible {
    /// The level the test asked for.
    public var required: CertificationLevel
    /// The whole report, for a test that wants more than the description.
    public var report: CertificationReport

    package init(required: CertificationLevel, report: CertificationReport) {
        self.required = required
        self.report = report
    }

    /// `adapter: <level> required, but: <headline>`, then the table of the vectors that did not pass.
    public var description: String {
        "\(report.adapterName): \(required.title) required, but: \(report.headline)\n" + report.text(onlyProblems: true)
    }
}

extension CertificationReport {
    /// Throws unless the adapter reached `minimum` or better.
    /// - Parameter minimum: The level required, such as ``CertificationLevel/conformant``.
    /// - Throws: ``CertificationLevelError`` naming the level reached and every vector that kept it down.
    public func require(_ minimum: CertificationLevel) throws(CertificationLevelError) {
        guard level.isAtLeast(minimum) else { throw CertificationLevelError(required: minimum, report: self) }
    }
}
