/// One finding of the validator: which rule, how serious, where, and how to fix it.
public struct Diagnostic: Sendable, Hashable {
    /// What a finding's offset counts into.
    public enum Origin: String, Sendable, Hashable {
        /// The multipart body.
        case body
        /// The outer `Content-Type` header value.
        case contentType = "content-type"
    }

    /// The rule that was broken.
    public let rule: Rule.ID
    /// The severity, from the catalog unless a profile re-grades it.
    public let severity: Severity
    /// What ``offset`` counts into.
    public let origin: Origin
    /// The zero-based byte offset the finding points at (see the rule's location).
    public let offset: Int
    /// The one-based line of ``offset``; lines end at LF.
    public let line: Int
    /// The one-based byte column of ``offset`` within its line.
    public let column: Int
    /// The zero-based index of the part the finding is about, if any (nested parts count in the outer part).
    public let partIndex: Int?
    /// A compiler-style message: lower-case start, offending bytes quoted and escaped.
    public let message: String
    /// How to fix this finding, if there is a fix.
    public let fixHint: String?
    /// The receiver this finding is about (an interop row id such as `php`), when a receiver profile
    /// raised it; `nil` for the validator's own findings.
    public let receiver: String?

    /// Creates a finding.
    package init(
        rule: Rule.ID, severity: Severity, origin: Origin, offset: Int, line: Int, column: Int,
        partIndex: Int?, message: String, fixHint: String?, receiver: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.origin = origin
        self.offset = offset
        self.line = line
        self.column = column
        self.partIndex = partIndex
        self.message = message
        self.fixHint = fixHint
        self.receiver = receiver
    }

    /// The specification and section the rule comes from.
    public var citation: String { Rule.named(rule)?.citation ?? "" }
}
