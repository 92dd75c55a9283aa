/// The error a certification check throws: its description is the whole verdict, so a test failure alone says what to fix.
public struct CertificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The adapter's name.
    public var adapterName: String
    /// The verdict that failed the check.
    public var verdict: CertificationVerdict

    /// Creates a failure for a verdict.
    package init(adapterName: String, verdict: CertificationVerdict) {
        self.adapterName = adapterName
        self.verdict = verdict
    }

    /// `adapter: id: grade: summary` and every detail line.
    public var description: String { "\(adapterName): \(verdict.fullText)" }
}
