/// The overall grade of an adapter over the whole corpus, from best to worst.
///
/// For encoders: ``canonical`` when every vector passes without warnings, the adapter uses the boundary
/// it is given and it writes every canonical vector byte for byte; ``conformant`` when every vector
/// passes without warnings; ``conformantWithWarnings`` when some pass with warnings; ``nonConformant``
/// when any fails or is a known issue. For decoders: ``conformant`` when every vector has the expected
/// outcome and parts, ``lenient`` when some `n-` bodies are accepted as well, ``nonConformant`` otherwise
/// (silent data loss included, and named in the summary). Unsupported vectors do not lower the level,
/// Canonical included; reports say how many there were. Warnings a vector itself expects (a filename
/// with a path, an empty name) are inherent in its form and do not count as warnings of the encoder.
public enum CertificationLevel: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Every vector passes without warnings and every canonical body is reproduced byte for byte (encoders only).
    case canonical
    /// Every vector passes without warnings.
    case conformant
    /// Every vector passes, some with warnings (encoders only).
    case conformantWithWarnings = "conformant-with-warnings"
    /// Every valid body is decoded exactly, and some invalid ones are accepted (decoders only).
    case lenient
    /// At least one vector fails, loses data or is a known issue.
    case nonConformant = "non-conformant"

    /// The level's stable text, such as `conformant-with-warnings`.
    public var description: String { rawValue }

    /// The level as a title, such as `Conformant with warnings`.
    public var title: String {
        switch self {
        case .canonical: "Canonical"
        case .conformant: "Conformant"
        case .conformantWithWarnings: "Conformant with warnings"
        case .lenient: "Lenient"
        case .nonConformant: "Non-conformant"
        }
    }

    /// Whether the level is conformant or better (`canonical`, `conformant`, `conformant-with-warnings`, `lenient`).
    public var isConformant: Bool { self != .nonConformant }

    /// Whether the level is `minimum` or better, in the order the cases are declared (best first).
    /// - Parameter minimum: The level required.
    /// - Returns: `true` for `minimum` itself and every better level.
    public func isAtLeast(_ minimum: CertificationLevel) -> Bool {
        let order = Self.allCases
        return order.firstIndex(of: self)! <= order.firstIndex(of: minimum)!
    }
}
