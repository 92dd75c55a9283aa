/// The outcome of one vector for one adapter, in the Autobahn and JSONTestSuite spirit.
///
/// Encoders get `pass`, `passWithWarnings`, `refused`, `fail`, `unsupported` and `knownIssue`; decoders also get
/// `lenient` (an `n-` body accepted) and `silentDataLoss` (a body accepted with fewer parts or shorter
/// values than it holds, and no error), the worst outcome of all. `staleKnownIssue` marks a declared
/// known issue that did not reproduce, so a list of known issues cannot silently go out of date.
public enum CertificationGrade: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Correct output (encoder) or the expected outcome with exactly the expected parts (decoder).
    case pass
    /// Correct output that the strict validator or the comparison warns about.
    case passWithWarnings = "pass-with-warnings"
    /// A decoder accepted a body a strict validator rejects (`n-`): allowed, but not strict.
    case lenient
    /// An encoder refused a form it should write: one the reference encoder writes and no refusable class covers.
    case refused
    /// Wrong output, a wrong outcome, or a thrown error where none was expected.
    case fail
    /// A decoder accepted a body without error but lost parts or truncated values.
    case silentDataLoss = "silent-data-loss"
    /// The vector needs a feature the adapter declares it does not support; not run.
    case unsupported
    /// The vector fails in the way the adapter declares as a known issue.
    case knownIssue = "known-issue"
    /// The adapter declares a known issue for the vector, but the vector did not fail.
    case staleKnownIssue = "stale-known-issue"

    /// The grade's stable text, such as `pass-with-warnings`.
    public var description: String { rawValue }

    /// A short label for tables, such as `pass (warnings)`.
    public var label: String {
        switch self {
        case .pass: "pass"
        case .passWithWarnings: "pass (warnings)"
        case .lenient: "lenient"
        case .refused: "REFUSED"
        case .fail: "FAIL"
        case .silentDataLoss: "DATA LOSS"
        case .unsupported: "unsupported"
        case .knownIssue: "known issue"
        case .staleKnownIssue: "STALE known issue"
        }
    }

    /// Whether the grade means the adapter did something wrong on this vector (a declared known issue included).
    public var isFailure: Bool {
        switch self {
        case .fail, .refused, .silentDataLoss, .knownIssue: true
        case .pass, .passWithWarnings, .lenient, .unsupported, .staleKnownIssue: false
        }
    }
}
