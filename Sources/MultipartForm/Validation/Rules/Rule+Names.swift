extension Rule.ID {
    /// A filename holds a path.
    public static let filenamePath: Self = "filename-path"
    /// A filename is empty.
    public static let filenameEmpty: Self = "filename-empty"
    /// A part with an empty filename carries content.
    public static let filenameEmptyWithContent: Self = "filename-empty-with-content"
    /// A part with a non-text Content-Type has no filename.
    public static let filenameMissing: Self = "filename-missing"
    /// A name or filename holds `%XX` sequences.
    public static let parameterPercentEncoded: Self = "parameter-percent-encoded"
    /// A field name holds non-ASCII bytes.
    public static let nameNonASCII: Self = "name-non-ascii"
    /// A field name holds `[` and a later `]`, which some receivers read as array syntax.
    public static let nameBrackets: Self = "name-brackets"
    /// Two parts of one body carry the same field name.
    public static let nameDuplicate: Self = "name-duplicate"
    /// A filename starts or ends with a space or a tab.
    public static let filenameWhitespace: Self = "filename-whitespace"
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
            .filenameEmptyWithContent, .warning, area: .names, citation: "RFC 7578 §4.2; WHATWG HTML multipart/form-data encoding",
            summary: "a part with an empty filename carries content",
            rationale:
                "Browsers send `filename=\"\"` with no content for a file input left empty, and receivers read it that way: PHP empties the value, Rack and Perl's HTTP::Body drop the part, Django, Go and busboy read it as a text field, and a firewall may leave it out of the fields it inspects (Interop/RESULTS.md, \"Bypass atlas\").",
            location: "the first byte of the part's content",
            fix: "name the file (`FormData.append` sends `filename=\"blob\"` for an unnamed Blob), or send a text field without a filename"),
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
        Rule(
            .nameBrackets, .note, area: .names, citation: "RFC 7578 §4.2",
            summary: "the field name holds brackets, which some receivers read as array syntax",
            rationale:
                "Any name is legal, but PHP and Rack turn `a[]` and `a[key]` into arrays and hashes, so the application sees other names than were sent (PHP reports `a[]` as `a[0]`) (Interop/RESULTS.md).",
            location: "the \"[\" in the name value",
            fix: "keep the brackets when the server is PHP or Rack, which read `tags[]` as one list (`--receiver php` says so); drop them for a server that keeps names as sent, unless it expects them"),
        Rule(
            .nameDuplicate, .note, area: .names, citation: "RFC 7578 §4.3, §5.2",
            summary: "another part already carries this field name (reported once per name)",
            rationale:
                "Repeated names are legal and every part is its own entry, but PHP and Rack keep only the last part of a name unless it ends with `[]`, silently dropping the others (Interop/RESULTS.md). Names are compared among the first 10,000 parts of each body.",
            location: "the start of the later part's Content-Disposition field name",
            fix: nil),
        Rule(
            .filenameWhitespace, .note, area: .names, citation: "RFC 7578 §4.2",
            summary: "the filename starts or ends with a space or a tab",
            rationale:
                "The filename is sent as the user's file is named, but Django, Python's email package and commons-fileupload strip the whitespace, so receivers disagree on the name (Interop/tools/differential.py found it).",
            location: "the first byte of the filename value",
            fix: nil),
    ]
}
