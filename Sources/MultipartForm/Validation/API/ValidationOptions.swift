/// Resource limits and switches for a validation run; every limit has a safe default.
///
/// Exceeding a limit is reported as a `limit-*` finding; it never crashes and never makes memory grow
/// without bound.
public struct ValidationOptions: Sendable, Hashable {
    /// Parts collected and fully checked; parts past it are framed and checked but not collected.
    public var maxParts: Int = 10_000
    /// Bytes of one part's header section that are parsed; the rest is skipped.
    public var maxHeaderBytes: Int = 16 * 1024
    /// Header lines per part that are parsed; the rest are skipped.
    public var maxHeaderLines: Int = 64
    /// Length of one header line, without its line break, past which the line is reported (and
    /// still read, up to ``maxHeaderBytes``).
    public var maxHeaderLineLength: Int = 8 * 1024
    /// Depth of nested multipart bodies that are checked (the outer body is depth 0).
    public var maxNestingDepth: Int = 4
    /// Findings kept in the report; the rest are counted and dropped.
    public var maxDiagnostics: Int = 1_000
    /// Whether the report collects the decoded parts (turn off to validate huge forms in less memory).
    public var collectParts: Bool = true
    /// Bytes each collected part keeps of its name, filename and Content-Type value; a longer value
    /// is kept as its first bytes, and the part records how long it was (``DecodedPart/nameByteCount``).
    ///
    /// The prefix ends where a UTF-8 character does, so it may hold up to three bytes fewer. Only what
    /// the report keeps is cut: the checks read every value whole, so the findings are the same for
    /// every setting. The default keeps every value whole; a server that shows the parts of bodies
    /// anyone may send sets it, so that a body of thousands of long names cannot make its report hold
    /// them all.
    public var maxCollectedValueBytes: Int = .max
    /// Whether the parts browsers write, and canonical Content-Disposition and Content-Type values,
    /// are read in one step rather than by the general readers. Reports are the same either way;
    /// the tests turn it off to compare the two.
    package var readsInOneStep: Bool = true

    /// Creates the default options.
    public init() {}
}
