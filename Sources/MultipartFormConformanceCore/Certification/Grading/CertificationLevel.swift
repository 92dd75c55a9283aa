/// The overall grade of an adapter over the whole corpus, from best to worst.
///
/// The strict top levels: for encoders ``canonical`` (every vector passes without warnings, the given
/// boundary is used and every canonical body is reproduced byte for byte), ``conformant`` (every vector
/// passes without warnings) and ``conformantWithWarnings``; for decoders ``conformant`` (every vector
/// has the expected outcome and parts) and ``lenient`` (some `n-` bodies accepted as well).
///
/// Below them, a report's level is its worst ``CertificationProblem``, so implementations that fail
/// somewhere are still told apart by what their failures do to an application. Decoders, worst last:
/// ``losesDataFromInvalidBodies``, ``rejectsValidBodies``, ``misreadsValidBodies``, ``crashes``, ``losesData``,
/// ``losesDataClientsSend``
/// (valid bodies first: what a decoder does to a valid body outranks what it does to an invalid one). Encoders, worst last:
/// ``refusesForms``, ``passesInvalidInput``, ``writesIgnoredHeaders``, ``crashes``, ``writesInvalidBodies``, ``changesFields``
/// (what a receiver gets: headers it must ignore, no body, a body it may refuse, other fields than the caller gave). A declared known issue counts as what
/// actually happened. A run that left out vectors by filter is ``partial``: not a certificate.
/// Unsupported vectors do not lower the level; reports say how many there were. Warnings that belong
/// to a vector's form (a filename with a path, an empty name) are notes, not warnings of the encoder.
public enum CertificationLevel: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Every vector passes without warnings and every canonical body is reproduced byte for byte (encoders only).
    case canonical
    /// Every vector passes without warnings.
    case conformant
    /// Every vector passes, some with warnings an encoder could avoid (encoders only).
    case conformantWithWarnings = "conformant-with-warnings"
    /// Every valid body is decoded exactly, and some invalid ones are accepted (decoders only).
    case lenient
    /// Every valid body is decoded exactly, but some invalid body is accepted without error and returned
    /// with less than every reading consistent with the specifications agrees it holds (decoders only).
    case losesDataFromInvalidBodies = "loses-data-from-invalid-bodies"
    /// The encoder refuses forms it should write, and writes every other form correctly (encoders only).
    case refusesForms = "refuses-forms"
    /// The encoder writes every valid form correctly, but writes an invalid body when the caller gives
    /// it invalid input (a boundary that is not one, a NUL in a name) instead of refusing it (encoders only).
    case passesInvalidInput = "passes-invalid-input"
    /// The encoder writes every valid form so that each field reads as given, but adds header fields the
    /// specifications forbid senders to write and tell receivers to ignore (RFC 7578 §4.8) (encoders only).
    case writesIgnoredHeaders = "writes-ignored-headers"
    /// The decoder rejects some valid bodies, and reads every valid body it accepts exactly (decoders only).
    case rejectsValidBodies = "rejects-valid-bodies"
    /// The decoder returns other parts than a valid body holds, without losing data silently (decoders only).
    case misreadsValidBodies = "misreads-valid-bodies"
    /// The implementation crashes, hangs or answers garbage on some input.
    case crashes
    /// The encoder writes bodies with errors for some valid form, though each field reads as given (encoders only).
    case writesInvalidBodies = "writes-invalid-bodies"
    /// The encoder writes, for some valid form, a body that holds other fields than it was given (encoders only).
    case changesFields = "changes-fields"
    /// The decoder accepts some valid body without error and hands the application less than it holds (decoders only).
    case losesData = "loses-data"
    /// The decoder accepts without error a valid body that real clients send (a browser's, a library's)
    /// and hands the application less than it holds (decoders only).
    case losesDataClientsSend = "loses-data-clients-send"
    /// The run left out vectors by filter (`--area`, `--vector`): what it shows is not a certificate.
    case partial

    /// The level's stable text, such as `conformant-with-warnings`.
    public var description: String { rawValue }

    /// The level as a title, such as `Conformant with warnings`.
    public var title: String {
        switch self {
        case .canonical: "Canonical"
        case .conformant: "Conformant"
        case .conformantWithWarnings: "Conformant with warnings"
        case .lenient: "Lenient"
        case .losesDataFromInvalidBodies: "Loses data from invalid bodies"
        case .refusesForms: "Refuses forms"
        case .passesInvalidInput: "Passes invalid input through"
        case .writesIgnoredHeaders: "Writes header fields receivers ignore"
        case .rejectsValidBodies: "Rejects valid bodies"
        case .misreadsValidBodies: "Misreads valid bodies"
        case .crashes: "Crashes or hangs"
        case .writesInvalidBodies: "Writes invalid bodies"
        case .changesFields: "Changes the fields it is given"
        case .losesData: "Loses data silently"
        case .losesDataClientsSend: "Loses data clients send"
        case .partial: "Partial run"
        }
    }

    /// The levels a report of `kind` can earn on a whole run, best first.
    /// - Parameter kind: Encoder or decoder.
    /// - Returns: The ladder, best first (``partial`` is not on it: it is no rank).
    public static func ladder(for kind: CertificationReport.Kind) -> [CertificationLevel] {
        switch kind {
        case .encoder:
            [.canonical, .conformant, .conformantWithWarnings, .refusesForms, .passesInvalidInput, .writesIgnoredHeaders, .crashes, .writesInvalidBodies, .changesFields]
        case .decoder: [.conformant, .lenient, .losesDataFromInvalidBodies, .rejectsValidBodies, .misreadsValidBodies, .crashes, .losesData, .losesDataClientsSend]
        }
    }

    /// Whether the level is one of the strict top levels (`canonical`, `conformant`, `conformant-with-warnings`, `lenient`).
    public var isConformant: Bool {
        switch self {
        case .canonical, .conformant, .conformantWithWarnings, .lenient: true
        default: false
        }
    }

    /// Whether the level is `minimum` or better, in the order the cases are declared (best first).
    ///
    /// The declared order is consistent with both kinds' ladders. A ``partial`` run reaches no level but ``partial`` itself.
    /// - Parameter minimum: The level required.
    /// - Returns: `true` for `minimum` itself and every better level.
    public func isAtLeast(_ minimum: CertificationLevel) -> Bool {
        if self == .partial { return minimum == .partial }
        let order = Self.allCases
        return order.firstIndex(of: self)! <= order.firstIndex(of: minimum)!
    }
}
