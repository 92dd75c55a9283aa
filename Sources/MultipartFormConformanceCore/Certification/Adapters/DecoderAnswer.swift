/// What a decoder did with a body, before any grading: decoded it, rejected it, or gave no answer.
///
/// The grade says whether that was right for the vector; the answer says what happened, so reports
/// of several parsers can be compared outcome by outcome. An open set of stable codes: `accepted`,
/// `rejected`, or, for a process that gave no answer, the ``ProcessAdapterError/Code`` (`timed-out`,
/// `crashed`, `failed`, `malformed-response`, ...).
public struct DecoderAnswer: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The stable text, such as `accepted` or `timed-out`.
    public var rawValue: String

    /// Creates an answer from its stable text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The decoder returned parts without an error.
    public static let accepted = DecoderAnswer(rawValue: "accepted")
    /// The decoder rejected the body (an adapter threw; a process answered `{"error": ...}`).
    public static let rejected = DecoderAnswer(rawValue: "rejected")

    /// A process that gave no answer, by what happened to it.
    /// - Parameter code: Why there was no answer (never ``ProcessAdapterError/Code/refused``, which is ``rejected``).
    public init(noAnswer code: ProcessAdapterError.Code) {
        self.rawValue = code == .refused ? Self.rejected.rawValue : code.rawValue
    }

    /// Whether the decoder answered at all (accepted or rejected).
    public var isAnswer: Bool { self == .accepted || self == .rejected }

    /// The stable text.
    public var description: String { rawValue }
}
