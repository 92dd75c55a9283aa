/// Everything a validation run found: the findings, the decoded parts, and counts.
public struct ValidationReport: Sendable, Hashable {
    /// The findings kept, ordered by origin (Content-Type first), then offset, then rule id.
    public var diagnostics: [Diagnostic]
    /// The decoded parts, in body order (empty when collecting was turned off).
    public var parts: [DecodedPart]
    /// The number of parts framed, including any past the part limit.
    public var partCount: Int
    /// The boundary used to frame the body, if one was found or inferred.
    public var boundary: [UInt8]?
    /// The number of bytes validated.
    public var byteCount: Int
    /// Findings per severity, counting those dropped past the diagnostics limit.
    public var counts: [Severity: Int]

    /// Creates a report.
    package init(
        diagnostics: [Diagnostic], parts: [DecodedPart], partCount: Int, boundary: [UInt8]?, byteCount: Int,
        counts: [Severity: Int]
    ) {
        self.diagnostics = diagnostics
        self.parts = parts
        self.partCount = partCount
        self.boundary = boundary
        self.byteCount = byteCount
        self.counts = counts
    }

    /// The number of errors, including dropped ones.
    public var errorCount: Int { counts[.error, default: 0] }
    /// The number of warnings, including dropped ones.
    public var warningCount: Int { counts[.warning, default: 0] }
    /// The number of notes, including dropped ones.
    public var noteCount: Int { counts[.note, default: 0] }
    /// Whether the body conforms: no error was found.
    public var isConforming: Bool { errorCount == 0 }
}
