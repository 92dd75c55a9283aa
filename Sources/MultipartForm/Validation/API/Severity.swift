/// How serious a finding is: errors break a MUST or the grammar, warnings a SHOULD or an interop hazard.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// A MUST or MUST NOT is broken, or the bytes do not match the ABNF.
    case error
    /// A SHOULD or SHOULD NOT is broken, or the bytes are legal but a known interoperability or security hazard.
    case warning
    /// Legal and worth knowing.
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    /// Orders errors first, then warnings, then notes.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
