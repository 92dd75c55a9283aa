import MultipartForm

/// What one receiver did with each shape of body in the interop run: data from the committed evidence.
///
/// A shape is a rule: the profile holds, per rule, the vectors that show that rule alone (their
/// sidecar expects no other) which this receiver read otherwise than the specifications say (it lost
/// data, read other parts, rejected the body, or gave no answer), with the run's one-line summary. A
/// vector showing several rules is left out: what the receiver did there cannot be laid on one of
/// them. The receiver's documented conventions (PHP and Rack keep the last of a repeated name) are
/// listed with the page that documents each.
public struct ReceiverProfile: Sendable, Hashable {
    /// One vector the receiver read otherwise.
    public struct Reading: Sendable, Hashable {
        /// The vector id, such as `quoting/y-name-empty`.
        public var vector: String
        /// `data-loss`, `other-parts`, `rejected`, `crashed` or `timed-out`.
        public var kind: String
        /// The run's one line on what the receiver made of the vector.
        public var summary: String
    }

    /// What the receiver did with one rule's vectors.
    public struct RuleEvidence: Sendable, Hashable {
        /// How many vectors showing only this rule the receiver read otherwise.
        public var count: Int
        /// The first of them, worst reading first.
        public var readings: [Reading]
    }

    /// The interop row id.
    public var id: String
    /// What it is, such as `PHP request parser ($_POST, $_FILES) via php-cgi`.
    public var name: String
    /// Its language.
    public var language: String
    /// The version the run recorded.
    public var version: String
    /// Its documented conventions (such as `last-of-repeated-name`), each with its documentation page.
    public var conventions: [String: String]
    /// Per rule, the vectors showing only that rule that the receiver read otherwise.
    public var otherwise: [Rule.ID: RuleEvidence]

    /// Whether the receiver declares a documented convention.
    /// - Parameter convention: Its stable text, such as `last-of-repeated-name`.
    public func follows(_ convention: String) -> Bool { conventions[convention] != nil }
}
