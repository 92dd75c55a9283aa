extension Rule.ID {
    /// A part header line has no colon.
    public static let headerMissingColon: Self = "header-missing-colon"
    /// A part header field name is empty or holds bytes outside printable ASCII.
    public static let headerNameInvalid: Self = "header-name-invalid"
    /// Whitespace between a header field name and its colon.
    public static let headerWhitespaceBeforeColon: Self = "header-whitespace-before-colon"
    /// The first header line of a part starts with whitespace.
    public static let headerLeadingWhitespace: Self = "header-leading-whitespace"
    /// A header field is folded onto a continuation line.
    public static let headerFolded: Self = "header-folded"
    /// A part header field name is written neither as `Content-Disposition` (`Content-Type`, ...) nor in lower case.
    public static let headerNameCase: Self = "header-name-case"
    /// A part header value is not separated from its colon by exactly one space, or ends with whitespace.
    public static let headerValueWhitespace: Self = "header-value-whitespace"
    /// LF without CR in a part's header section.
    public static let headerBareLF: Self = "header-bare-lf"
    /// CR without LF in a part's header section.
    public static let headerBareCR: Self = "header-bare-cr"
    /// NUL byte in a part header line.
    public static let headerNUL: Self = "header-nul"
    /// Control character in a part header field value.
    public static let headerControlCharacter: Self = "header-control-character"
    /// A part header line longer than 998 bytes.
    public static let headerLineTooLong: Self = "header-line-too-long"
    /// Valid UTF-8 non-ASCII bytes in a part header other than Content-Disposition.
    public static let headerNonASCII: Self = "header-non-ascii"
    /// Bytes that are not valid UTF-8 in a part header line.
    public static let headerInvalidUTF8: Self = "header-invalid-utf8"
    /// A part header field other than Content-Type, Content-Disposition, Content-Transfer-Encoding.
    public static let headerNotAllowed: Self = "header-not-allowed"
    /// Content-Type or Content-Transfer-Encoding given twice in one part.
    public static let headerDuplicate: Self = "header-duplicate"
}

extension Rule {
    static let headerRules: [Rule] = [
        Rule(
            .headerMissingColon, .error, area: .headers, citation: "RFC 5322 §2.2; RFC 2045 §3",
            summary: "every part header line must be `name: value`",
            rationale:
                "A line without a colon is not a header field. It usually means the part's value was written without the blank line that ends the headers.",
            location: "the start of the line",
            fix: "end the headers with an empty line (`\\r\\n\\r\\n`) before the value"),
        Rule(
            .headerNameInvalid, .error, area: .headers, citation: "RFC 5322 §2.2; RFC 9110 §5.1",
            summary: "a header field name must be one or more printable ASCII characters other than \":\"",
            rationale: "Names with spaces, controls or non-ASCII bytes, or empty names, are rejected by WHATWG and most servers.",
            location: "the first byte of the name that is not allowed (the colon for an empty name)",
            fix: "write the field name exactly, for example `Content-Disposition`"),
        Rule(
            .headerWhitespaceBeforeColon, .error, area: .headers, citation: "RFC 5322 §3.6.8, §4.5; RFC 9112 §5.1",
            summary: "no whitespace between a header field name and its colon",
            rationale:
                "Whitespace before the colon is obsolete syntax that must not be generated; HTTP servers must reject it in request headers, and multipart parsers split on whether the name matches.",
            location: "the first whitespace byte before the colon",
            fix: "write `Name: value` with the colon directly after the name"),
        Rule(
            .headerLeadingWhitespace, .error, area: .headers, citation: "RFC 5322 §2.2, §2.2.3",
            summary: "the first header line of a part must not start with whitespace",
            rationale: "A line starting with whitespace continues the previous field; as the first line it continues nothing.",
            location: "the start of the line",
            fix: "remove the whitespace before the field name"),
        Rule(
            .headerNameCase, .warning, area: .headers, citation: "RFC 9110 §5.1; RFC 2045 §1",
            summary: "write part header names as Content-Disposition and Content-Type, or in lower case",
            rationale:
                "Field names are case-insensitive, but CGI.pm capitalises only the first letter of each word before it looks a field up, so `CONTENT-DISPOSITION` or `content-DISPOSITION` is lost: the part has no name (Interop/RESULTS.md).",
            location: "the first byte of the field name",
            fix: "write `Content-Disposition`, `Content-Type` and `Content-Transfer-Encoding`"),
        Rule(
            .headerValueWhitespace, .warning, area: .headers, citation: "RFC 9110 §5.5; RFC 5322 §2.2",
            summary: "write one space after a part header's colon and no whitespace after its value",
            rationale:
                "The whitespace is optional, but CGI.pm needs some after the colon and rejects the body without it, and undici rejects a value with more or with trailing whitespace (Interop/RESULTS.md).",
            location: "the byte after the colon, or the first trailing whitespace byte",
            fix: "write `Content-Disposition: form-data; name=\"a\"`"),
        Rule(
            .headerFolded, .warning, area: .headers, citation: "RFC 5322 §2.2.3; RFC 9112 §5.2",
            summary: "header fields should not be folded onto continuation lines",
            rationale:
                "Folding is legal MIME but obsolete in HTTP; WHATWG's parser rejects it, and parsers that do not unfold read the continuation as a broken header. The validator unfolds it.",
            location: "the start of the continuation line",
            fix: "write each header field on a single line"),
        Rule(
            .headerBareLF, .error, area: .headers, citation: "RFC 5322 §2.2; RFC 9110 §5.5",
            summary: "part header lines must end with CRLF, not a bare LF",
            rationale:
                "Parsers disagree on whether a bare LF ends a header line, so headers (or the blank line that ends them) can be read differently by a filter and a back end. Treated as a line end.",
            location: "the LF",
            fix: "end every header line with `\\r\\n`"),
        Rule(
            .headerBareCR, .error, area: .headers, citation: "RFC 5322 §2.2; RFC 9110 §5.5",
            summary: "a CR in the header section must be followed by LF",
            rationale: "A lone CR inside a header is a classic header-injection shape; receivers must reject it or replace it with a space.",
            location: "the CR",
            fix: "remove the CR, or escape it (`%0D` in a name or filename)"),
        Rule(
            .headerNUL, .error, area: .headers, citation: "RFC 9110 §5.5; RFC 5322 §2.2",
            summary: "a part header must not contain a NUL byte",
            rationale: "C-based parsers truncate at NUL, so the name or filename a filter sees differs from the one stored; WHATWG rejects it.",
            location: "the NUL byte",
            fix: "remove NUL bytes from names and filenames"),
        Rule(
            .headerControlCharacter, .warning, area: .headers, citation: "RFC 9110 §5.5, §5.6.4; RFC 5322 §3.2.4",
            summary: "a part header value should not contain control characters",
            rationale:
                "Controls other than HTAB are obsolete in quoted strings and field values; some receivers strip them, others reject the part. Reported once per line.",
            location: "the first control byte of the line",
            fix: "remove control characters from names, filenames and header values"),
        Rule(
            .headerLineTooLong, .warning, area: .headers, citation: "RFC 5322 §2.1.1",
            summary: "a part header line should not exceed 998 bytes",
            rationale:
                "MIME lines are limited to 998 characters; servers and proxies apply their own (often smaller) header limits and refuse longer lines.",
            location: "the start of the line",
            fix: "shorten the filename or field name"),
        Rule(
            .headerNonASCII, .note, area: .headers, citation: "RFC 2046 §5.1; RFC 2045 §3",
            summary: "a part header other than Content-Disposition holds non-ASCII (UTF-8) bytes",
            rationale: "Headers are 7-bit US-ASCII by MIME; RFC 7578 allows raw UTF-8 only in names and filenames in practice.",
            location: "the first non-ASCII byte of the line",
            fix: nil),
        Rule(
            .headerInvalidUTF8, .warning, area: .headers, citation: "RFC 7578 §5.1.1, §5.1.3",
            summary: "non-ASCII bytes in part headers should be valid UTF-8",
            rationale:
                "A receiver cannot tell UTF-8, the form's legacy charset and garbage apart; WHATWG replaces invalid bytes with U+FFFD, so names and filenames change. Reported once per line.",
            location: "the first byte of the first invalid UTF-8 sequence in the line",
            fix: "encode names and filenames as UTF-8"),
        Rule(
            .headerNotAllowed, .error, area: .headers, citation: "RFC 7578 §4.8",
            summary: "parts carry only Content-Type, Content-Disposition and Content-Transfer-Encoding",
            rationale:
                "Other header fields MUST NOT be included and MUST be ignored. A part Content-Length that a receiver trusts for framing is a smuggling risk.",
            location: "the start of the field name",
            fix: "remove the header field"),
        Rule(
            .headerDuplicate, .error, area: .headers, citation: "RFC 7578 §4.4, §4.7",
            summary: "a part must not carry Content-Type or Content-Transfer-Encoding twice",
            rationale: "WHATWG takes the last value and most parsers the first, so two receivers disagree on the part's type. The validator uses the first.",
            location: "the start of the second field's name",
            fix: "send the field once"),
    ]
}
