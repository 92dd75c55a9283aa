extension Rule.ID {
    /// More parts than the configured limit.
    public static let limitParts: Self = "limit-parts"
    /// A part's header section is larger than the configured limit.
    public static let limitHeaderBytes: Self = "limit-header-bytes"
    /// A part has more header lines than the configured limit.
    public static let limitHeaderLines: Self = "limit-header-lines"
    /// A header line is longer than the configured limit.
    public static let limitHeaderLineLength: Self = "limit-header-line-length"
    /// Nested multipart bodies deeper than the configured limit.
    public static let limitNestingDepth: Self = "limit-nesting-depth"
    /// More findings than the configured limit; the rest were dropped.
    public static let limitDiagnostics: Self = "limit-diagnostics"
}

extension Rule {
    static let limitRules: [Rule] = [
        Rule(
            .limitParts, .warning, area: .limits, citation: "RFC 7578 §7 (resource exhaustion)",
            summary: "the body has more parts than the configured limit",
            rationale: "Receivers cap part counts (Go at 1000) to resist floods; a larger form is refused by them. Further parts are checked but not collected.",
            location: "the \"--\" of the first delimiter past the limit",
            fix: "send fewer parts, or raise the limit if the receiver allows it"),
        Rule(
            .limitHeaderBytes, .warning, area: .limits, citation: "RFC 7578 §7 (resource exhaustion)",
            summary: "a part's header section is larger than the configured limit",
            rationale:
                "Receivers cap header sizes to resist memory floods; the rest of this header section is skipped, not checked (the line that crosses the limit is read up to it), and the part is not said to lack a field that may lie past it.",
            location: "the first header byte past the limit",
            fix: "shorten the part's headers"),
        Rule(
            .limitHeaderLines, .warning, area: .limits, citation: "RFC 7578 §7 (resource exhaustion)",
            summary: "a part has more header lines than the configured limit",
            rationale: "Floods of header lines have exhausted parsers (python-multipart CVE-2026-42561); the rest of this header section is skipped.",
            location: "the start of the first line past the limit",
            fix: "send only Content-Disposition and Content-Type"),
        Rule(
            .limitHeaderLineLength, .warning, area: .limits, citation: "RFC 7578 §7 (resource exhaustion)",
            summary: "a header line is longer than the configured limit",
            rationale:
                "Receivers cap header lines (Django's whole section at 1,024 bytes, others at 8 KiB) and refuse or cut longer ones. The validator still reads the line for what it says, so a long filename is not taken for a missing field; the warning stands for header-line-too-long on the same line.",
            location: "the start of the line",
            fix: "shorten the line"),
        Rule(
            .limitNestingDepth, .warning, area: .limits, citation: "RFC 7578 §7 (resource exhaustion)",
            summary: "nested multipart bodies are deeper than the configured limit",
            rationale: "Deep nesting exhausts recursive parsers; the body past the limit is not checked.",
            location: "the first byte of the part's Content-Type value",
            fix: "do not nest multipart bodies"),
        Rule(
            .limitDiagnostics, .note, area: .limits, citation: "none (validator limit)",
            summary: "more findings than the configured limit; the rest were dropped",
            rationale: "Keeps reports of hostile bodies bounded; the verdict still counts every error.",
            location: "the offset of the first dropped finding",
            fix: "fix the findings shown, or raise --max-diagnostics"),
    ]
}
