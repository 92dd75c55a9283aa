/// One entry of the rule catalog: a stable id, a severity, the specification it comes from and how to fix it.
///
/// The catalog (``Rule/catalog``) is the single source of truth: the validator reports rules by id,
/// vectors name the rules they trigger, and `CONFORMANCE.md` is generated from it.
public struct Rule: Sendable, Hashable, Identifiable {
    /// A stable rule identifier such as `boundary-too-long`; never renamed, only deprecated.
    public struct ID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        /// The kebab-case identifier.
        public let rawValue: String

        /// Creates an id from its kebab-case spelling.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates an id from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// The kebab-case identifier.
        public var description: String { rawValue }

        /// Orders ids alphabetically.
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The part of a body a rule is about; used to group the catalog.
    public enum Area: String, Sendable, Hashable, CaseIterable {
        /// The outer `Content-Type` header and its `boundary` parameter.
        case contentType = "content-type"
        /// Delimiters, preamble, epilogue and the overall multipart structure.
        case framing
        /// Part header lines: syntax, allowed fields, line breaks and bytes.
        case headers
        /// The `Content-Disposition` field and its parameters.
        case disposition
        /// Part `Content-Type`, `Content-Transfer-Encoding` and charsets.
        case content
        /// Semantic hazards in field names and filenames.
        case names
        /// Configured resource limits.
        case limits
    }

    /// The stable identifier.
    public let id: ID
    /// The default severity.
    public let severity: Severity
    /// Which part of the body the rule is about.
    public let area: Area
    /// The specification and section the rule comes from, for example `RFC 2046 §5.1.1`.
    public let citation: String
    /// One line saying what the rule requires, phrased as the requirement.
    public let summary: String
    /// Why it matters: the normative text paraphrased, and the interop or security consequence.
    public let rationale: String
    /// Where a finding of this rule points (which byte its offset names).
    public let location: String
    /// How to fix a body that breaks the rule, if there is a general fix.
    public let fixHint: String?

    /// Creates a catalog entry.
    package init(
        _ id: ID, _ severity: Severity, area: Area, citation: String, summary: String,
        rationale: String, location: String, fix: String?
    ) {
        self.id = id
        self.severity = severity
        self.area = area
        self.citation = citation
        self.summary = summary
        self.rationale = rationale
        self.location = location
        self.fixHint = fix
    }
}

extension Rule {
    /// Looks up a rule in the catalog by id.
    /// - Parameter id: A rule id.
    /// - Returns: The catalog's rule, or `nil` for an unknown id.
    public static func named(_ id: ID) -> Rule? { catalogIndex[id] }

    private static let catalogIndex: [ID: Rule] = Dictionary(
        catalog.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
}
