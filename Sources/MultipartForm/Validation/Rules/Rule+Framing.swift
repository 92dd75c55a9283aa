extension Rule.ID {
    /// The body has no bytes.
    public static let bodyEmpty: Self = "body-empty"
    /// No line of the body starts with the dash-boundary.
    public static let delimiterNotFound: Self = "delimiter-not-found"
    /// The dash-boundary appears where a delimiter was meant, but not at the start of a line.
    public static let delimiterNotLineStart: Self = "delimiter-not-line-start"
    /// Bytes precede the first delimiter.
    public static let preamblePresent: Self = "preamble-present"
    /// A delimiter line is preceded by LF without CR.
    public static let delimiterBareLF: Self = "delimiter-bare-lf"
    /// A delimiter line does not end with CRLF.
    public static let delimiterLineEnding: Self = "delimiter-line-ending"
    /// Whitespace follows the boundary on a delimiter line.
    public static let transportPadding: Self = "transport-padding"
    /// The body ends without a close delimiter.
    public static let closeDelimiterMissing: Self = "close-delimiter-missing"
    /// Bytes other than CRLF follow the close delimiter on its line.
    public static let closeDelimiterJunk: Self = "close-delimiter-junk"
    /// The body ends right after the close delimiter, without CRLF.
    public static let closeDelimiterNoFinalCRLF: Self = "close-delimiter-no-final-crlf"
    /// Bytes follow the close delimiter line.
    public static let epiloguePresent: Self = "epilogue-present"
    /// A line of the epilogue starts with the delimiter.
    public static let epilogueContainsDelimiter: Self = "epilogue-contains-delimiter"
    /// The body has no part: its first delimiter is the close delimiter.
    public static let zeroParts: Self = "zero-parts"
    /// The only delimiter after a preamble is the close delimiter: the body has a preamble and no part.
    public static let preambleWithoutParts: Self = "preamble-without-parts"
    /// A content line starts with the delimiter followed by more boundary characters.
    public static let boundaryPrefixLine: Self = "boundary-prefix-line"
    /// A part's content holds `--boundary` in the middle of a line.
    public static let boundaryInContent: Self = "boundary-in-content"
    /// A part's header line holds `--boundary`.
    public static let boundaryInHeader: Self = "boundary-in-header"
    /// The body opens with the close delimiter, and a delimiter line follows it.
    public static let closeDelimiterBeforeParts: Self = "close-delimiter-before-parts"
    /// A delimiter line arrives before the blank line that ends a part's headers.
    public static let partHeadersUnterminated: Self = "part-headers-unterminated"
    /// The CRLF that ends a part's headers is also the next delimiter's CRLF.
    public static let partBodyAbsent: Self = "part-body-absent"
}

extension Rule {
    static let framingRules: [Rule] = [
        Rule(
            .bodyEmpty, .error, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "a multipart body must contain at least the dash-boundary and a close delimiter",
            rationale: "A zero-length body has no delimiter at all; receivers disagree on whether it means an empty form or an error.",
            location: "offset 0",
            fix: "send at least `--<boundary>--\\r\\n` (or one part and the close delimiter)"),
        Rule(
            .delimiterNotFound, .error, area: .framing, citation: "RFC 2046 §5.1.1; RFC 2045 §5.1",
            summary: "the body must contain the boundary at the start of a line",
            rationale:
                "Nothing frames the body: usually the Content-Type names a different boundary than the body uses. Boundaries are case-sensitive.",
            location: "offset 0",
            fix: "make the Content-Type boundary parameter equal the boundary written in the body, byte for byte"),
        Rule(
            .delimiterNotLineStart, .error, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "a delimiter must start a line: CRLF, then \"--\" and the boundary",
            rationale:
                "The CRLF before a delimiter belongs to the delimiter. Without it (`value--B--`) strict receivers do not see a delimiter at all. Reported where the dash-boundary clearly meant a delimiter: in a body with no delimiter at a line start, or as an unterminated close at the very end.",
            location: "the \"--\" of the misplaced dash-boundary",
            fix: "write CRLF before every `--<boundary>`, including after the last part's content"),
        Rule(
            .preamblePresent, .warning, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "the preamble should be empty: the body should start with the dash-boundary",
            rationale:
                "RFC 2046 allows a preamble and requires receivers to ignore it, but WHATWG's parser rejects any byte before the first delimiter, including a leading CRLF, and text there can hide content from filters.",
            location: "offset 0",
            fix: "start the body with `--<boundary>\\r\\n`"),
        Rule(
            .delimiterBareLF, .error, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "a delimiter is CRLF followed by the dash-boundary, not a bare LF",
            rationale:
                "The delimiter grammar is `CRLF dash-boundary`. Strict receivers treat `\\n--boundary` as content and see one long part; lenient ones split there. The validator treats it as a delimiter so it can keep checking.",
            location: "the LF before the dash-boundary",
            fix: "use CRLF (\\r\\n) line endings in the framing, never LF alone"),
        Rule(
            .delimiterLineEnding, .error, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "a delimiter line must end with CRLF right after the boundary",
            rationale:
                "After the boundary only transport padding and CRLF (or `--` for the close delimiter) may follow. A bare LF, a bare CR or other bytes make receivers disagree on where the part starts. The validator treats the line as a delimiter.",
            location: "the first byte after the boundary (and padding) that is not CRLF",
            fix: "end every delimiter line with exactly `\\r\\n`"),
        Rule(
            .transportPadding, .error, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "composers must not put whitespace between the boundary and the line's CRLF",
            rationale:
                "Transport padding exists for gateways; composing agents MUST NOT generate it, and receivers that do not strip it miss the delimiter.",
            location: "the first whitespace byte after the boundary (or after the close delimiter's \"--\")",
            fix: "remove the spaces or tabs after the boundary"),
        Rule(
            .closeDelimiterMissing, .error, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "a multipart body must end with the close delimiter \"--boundary--\"",
            rationale:
                "Without the close delimiter the body is indistinguishable from a truncated upload. Receivers that accept it anyway (PHP) can be made to see parts that filters did not.",
            location: "the end of the body",
            fix: "finish the body with `\\r\\n--<boundary>--\\r\\n`"),
        Rule(
            .closeDelimiterJunk, .error, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "only transport padding and CRLF may follow the close delimiter on its line",
            rationale:
                "Bytes such as `--B--junk` or a single-dash `--B-` make receivers disagree on whether the body ended. The validator treats the line as the close delimiter.",
            location: "the first byte that is neither padding nor CRLF",
            fix: "write the close delimiter as exactly `--<boundary>--\\r\\n`"),
        Rule(
            .closeDelimiterNoFinalCRLF, .note, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "the body ends right after the close delimiter, without a final CRLF",
            rationale: "Legal, since CRLF before the epilogue is optional; every browser sends it, and a few old parsers wait for it.",
            location: "the end of the body",
            fix: "end the body with `--<boundary>--\\r\\n`"),
        Rule(
            .epiloguePresent, .warning, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "the epilogue should be empty: nothing should follow the close delimiter line",
            rationale:
                "Receivers must ignore the epilogue, so anything there is lost; filters and back ends that disagree on where the body ended can be smuggled past.",
            location: "the first byte after the close delimiter line",
            fix: "stop writing after `--<boundary>--\\r\\n`"),
        Rule(
            .epilogueContainsDelimiter, .warning, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "the epilogue contains a line that starts with the delimiter",
            rationale:
                "Parts after the close delimiter are ignored by conforming receivers but parsed by some lenient ones: a classic smuggling shape.",
            location: "the \"--\" of the delimiter line in the epilogue",
            fix: "send every part before the close delimiter, and send it once"),
        Rule(
            .zeroParts, .warning, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "a multipart body should contain at least one part",
            rationale:
                "The RFC 2046 grammar requires a body part, but browsers send `--B--\\r\\n` for an empty FormData and WHATWG parses it as an empty form, so this is a warning, not an error.",
            location: "the \"--\" of the close delimiter",
            fix: "send at least one field, or no body at all if the server accepts that"),
        Rule(
            .preambleWithoutParts, .error, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "a body whose preamble holds text must have at least one part",
            rationale:
                "The grammar requires a body part after the first delimiter. Browsers send a bare close delimiter for an empty form and Go a CRLF before it (`zero-parts`), but no encoder sends text followed only by the close delimiter: that shape is a first delimiter line the receiver did not recognise (one wrong letter, another boundary, a missing first delimiter), so every part was swallowed by the preamble and receivers hand the application an empty form without an error.",
            location: "the \"--\" of the close delimiter",
            fix: "start the body with `--<boundary>\\r\\n`, exactly the boundary the Content-Type declares"),
        Rule(
            .closeDelimiterBeforeParts, .error, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "a body that opens with the close delimiter must end there: no delimiter line may follow it",
            rationale:
                "RFC 2046 receivers ignore everything after the close delimiter, so they see an empty form, while parsers that read on (or look for the first `--boundary` CRLF) find the parts that follow: the whole form is hidden from one reader and shown to another. No encoder writes this; a bare close delimiter for an empty form is `zero-parts`.",
            location: "the \"--\" of the first delimiter line after the close delimiter",
            fix: "remove the close delimiter from the start of the body: `--<boundary>\\r\\n` opens the first part"),
        Rule(
            .boundaryPrefixLine, .error, area: .framing, citation: "RFC 2046 §5.1; RFC 7578 §4.1",
            summary: "no content line may start with the delimiter, even followed by more characters",
            rationale:
                "The boundary must not appear in content as a line of its own or as the prefix of a line. `--Bx` lines are content to some parsers and a malformed delimiter to others. The validator treats the line as content.",
            location: "the \"--\" at the start of the line",
            fix: "choose a boundary that does not occur in the content (random, at least 27 characters)"),
        Rule(
            .boundaryInContent, .warning, area: .framing, citation: "RFC 2046 §5.1.1; RFC 7578 §4.1",
            summary: "a part's content should not hold \"--\" and the boundary, even in the middle of a line",
            rationale:
                "RFC 2046 forbids the delimiter only at a line start, so `x--B` or a CR before `--B` is content. But Django and Rack end the part at any `--B`, CGI.pm and undici reject the body or lose the part, and Werkzeug and Python's `email` reject a CR before it (Interop/RESULTS.md). The sender chose the boundary and can always choose one the content does not hold, as the reference encoder does. The first 16 MiB of each part's content are searched.",
            location: "the first \"-\" of the first such \"--boundary\" in the part's content",
            fix: "choose a boundary that does not occur in the content (random, at least 27 characters)"),
        Rule(
            .boundaryInHeader, .warning, area: .framing, citation: "RFC 2046 §5.1.1; RFC 7578 §4.1",
            summary: "a part's header lines should not hold \"--\" and the boundary",
            rationale:
                "A header line that holds `--B` after its first byte is no delimiter line, so RFC 2046 reads the part as written. But parsers that split the body wherever `--B` occurs (Django, Sanic) cut the part inside its headers and lose it, and ModSecurity rejects the body (Interop/DIFFERENTIAL.md). The boundary is the sender's choice; a name or filename can hold any text, so an encoder must check the headers it writes as well as the values, as the reference encoder does.",
            location: "the first \"-\" of the first such \"--boundary\" in the part's header lines",
            fix: "choose a boundary that does not occur in any part's headers or content (random, at least 27 characters)"),
        Rule(
            .partHeadersUnterminated, .error, area: .framing, citation: "RFC 2046 §5.1.1; RFC 5322 §2.1",
            summary: "a part's headers must end with an empty line before the part's content",
            rationale:
                "Without the blank line the part's value is read as a header line and the part has no content; this is the most common mistake of hand-written encoders.",
            location: "the \"--\" of the delimiter line that arrived inside the headers",
            fix: "write `\\r\\n\\r\\n` (the end of the last header line plus an empty line) before the value"),
        Rule(
            .partBodyAbsent, .warning, area: .framing, citation: "RFC 2046 §5.1.1",
            summary: "the part has headers but no body section: the blank line is also the delimiter's CRLF",
            rationale:
                "`body-part := MIME-part-headers [CRLF *OCTET]` makes the body optional, but parsers that consume a fixed CRLF CRLF after the headers misframe such parts.",
            location: "the \"--\" of the delimiter that follows the headers",
            fix: "write an empty body explicitly: `\\r\\n\\r\\n` after the headers, then `\\r\\n--<boundary>`"),
    ]
}
