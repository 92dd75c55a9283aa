extension Rule.ID {
    /// A filename holds a path.
    public static let filenamePath: Self = "filename-path"
    /// A filename is empty.
    public static let filenameEmpty: Self = "filename-empty"
    /// A part with a non-text Content-Type has no filename.
    public static let filenameMissing: Self = "filename-missing"
    /// A name or filename holds `%XX` sequences.
    public static let parameterPercentEncoded: Self = "parameter-percent-encoded"
    /// A field name holds non-ASCII bytes.
    public static let nameNonASCII: Self = "name-non-ascii"
}

extension Rule {
    static let nameRules: [Rule] = [
        Rule(
            .filenamePath, .warning, area: .names, citation: "RFC 7578 §4.2; RFC 2183 §2.3",
            summary: "a filename should be a base name without directory information",
            rationale:
                "Receivers must not use the path, but naive ones write `../../etc/passwd` where it says; old browsers sent `C:\\fakepath\\...`.",
            location: "the first byte of the filename value",
            fix: "send only the file's last path component"),
        Rule(
            .filenameEmpty, .note, area: .names, citation: "RFC 7578 §4.2; WHATWG HTML multipart/form-data encoding",
            summary: "the filename is empty",
            rationale: "Browsers send `filename=\"\"` for a file input with no file selected; it is still a file entry.",
            location: "the first byte of the filename value",
            fix: nil),
        Rule(
            .filenameMissing, .note, area: .names, citation: "RFC 7578 §4.2",
            summary: "a part with a non-text Content-Type has no filename",
            rationale: "File content should carry a filename; without one many frameworks treat the part as a text field.",
            location: "the start of the Content-Disposition field name",
            fix: "add `; filename=\"...\"` if the part is a file"),
        Rule(
            .parameterPercentEncoded, .warning, area: .names, citation: "RFC 7578 §2, §4.2; WHATWG HTML multipart/form-data encoding",
            summary: "a name or filename holds %XX sequences whose meaning receivers disagree on",
            rationale:
                "Browsers escape only `\"`, CR and LF as `%22`, `%0D`, `%0A` and leave `%` raw, so `%0A` may be an escape or literal text; some receivers decode it and others do not.",
            location: "the \"%\" of the first %XX sequence",
            fix: nil),
        Rule(
            .nameNonASCII, .note, area: .names, citation: "RFC 7578 §5.1.1",
            summary: "field names should be ASCII",
            rationale: "Form authors should avoid non-ASCII field names; when used they should be UTF-8.",
            location: "the first non-ASCII byte of the name value",
            fix: nil),
    ]
}
