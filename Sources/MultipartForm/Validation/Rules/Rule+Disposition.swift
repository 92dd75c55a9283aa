extension Rule.ID {
    /// A part has no Content-Disposition field.
    public static let contentDispositionMissing: Self = "content-disposition-missing"
    /// A part has two Content-Disposition fields.
    public static let contentDispositionDuplicate: Self = "content-disposition-duplicate"
    /// The disposition type is not `form-data`.
    public static let contentDispositionNotFormData: Self = "content-disposition-not-form-data"
    /// The disposition type `form-data` is not written in lower case.
    public static let contentDispositionTypeCase: Self = "content-disposition-type-case"
    /// The disposition type is a quoted-string.
    public static let contentDispositionTypeQuoted: Self = "content-disposition-type-quoted"
    /// Content-Disposition has no `name` parameter.
    public static let nameMissing: Self = "name-missing"
    /// The `name` parameter is empty.
    public static let nameEmpty: Self = "name-empty"
    /// A Content-Disposition parameter is given twice.
    public static let parameterDuplicate: Self = "parameter-duplicate"
    /// A Content-Disposition parameter other than `name` and `filename`.
    public static let parameterUnknown: Self = "parameter-unknown"
    /// `filename` comes before `name`.
    public static let parameterOrder: Self = "parameter-order"
    /// The `name` or `filename` parameter name is not written in lower case.
    public static let parameterNameCase: Self = "parameter-name-case"
    /// Whitespace before a `;` between parameters, or other than one space after it.
    public static let parameterSeparatorWhitespace: Self = "parameter-separator-whitespace"
    /// A quoted name or filename holds `;` or `=`.
    public static let parameterValueSeparator: Self = "parameter-value-separator"
    /// Content-Disposition parameters break the token / quoted-string grammar.
    public static let parameterSyntax: Self = "parameter-syntax"
    /// A `name` or `filename` value is a bare token.
    public static let parameterUnquoted: Self = "parameter-unquoted"
    /// A quoted `name` or `filename` uses `\"` or `\\` escapes.
    public static let parameterQuotedPair: Self = "parameter-quoted-pair"
    /// A quoted `name` or `filename` holds a backslash before another character.
    public static let parameterBackslash: Self = "parameter-backslash"
    /// A `name` or `filename` token value is wrapped in single quotes.
    public static let parameterSingleQuoted: Self = "parameter-single-quoted"
    /// The RFC 5987 `filename*` parameter.
    public static let filenameStar: Self = "filename-star"
    /// Another RFC 2231 extended or continued parameter.
    public static let parameterExtended: Self = "parameter-extended"
    /// A `name` or `filename` value that is an RFC 2047 encoded-word.
    public static let parameterEncodedWord: Self = "parameter-encoded-word"
    /// Whitespace around `=` in a Content-Disposition parameter.
    public static let parameterWhitespaceAroundEquals: Self = "parameter-whitespace-around-equals"
    /// An empty Content-Disposition parameter (`;;` or a trailing `;`).
    public static let parameterEmpty: Self = "parameter-empty"
}

extension Rule {
    static let dispositionRules: [Rule] = [
        Rule(
            .contentDispositionMissing, .error, area: .disposition, citation: "RFC 7578 §4.2",
            summary: "each part must have a Content-Disposition header field",
            rationale: "Without it the part has no field name; receivers drop it or reject the body (WHATWG rejects).",
            location: "the start of the part's header section (the byte after its delimiter line)",
            fix: "add `Content-Disposition: form-data; name=\"<field>\"` to the part"),
        Rule(
            .contentDispositionDuplicate, .error, area: .disposition, citation: "RFC 7578 §4.2; RFC 6266 §4.1",
            summary: "a part must have exactly one Content-Disposition header field",
            rationale: "First-wins and last-wins parsers see different names and filenames: a known filter bypass. The validator uses the first.",
            location: "the start of the second field's name",
            fix: "send Content-Disposition once per part"),
        Rule(
            .contentDispositionNotFormData, .error, area: .disposition, citation: "RFC 7578 §4.2",
            summary: "the disposition type must be form-data",
            rationale: "`attachment` or `inline` parts are not form fields; receivers skip or reject them.",
            location: "the first byte of the disposition type",
            fix: "write `Content-Disposition: form-data; name=\"<field>\"`"),
        Rule(
            .contentDispositionTypeCase, .warning, area: .disposition, citation: "RFC 2183 §2",
            summary: "write the disposition type as lower-case form-data",
            rationale: "The type is case-insensitive, but WHATWG's parser requires exactly `form-data; name=\"`.",
            location: "the first byte of the disposition type",
            fix: "write `form-data` in lower case"),
        Rule(
            .contentDispositionTypeQuoted, .error, area: .disposition, citation: "RFC 2183 §2",
            summary: "the disposition type is a token and cannot be quoted",
            rationale: "`\"form-data\"` is not a valid disposition type; most receivers do not recognise the part.",
            location: "the opening quote",
            fix: "write `form-data` without quotes"),
        Rule(
            .nameMissing, .error, area: .disposition, citation: "RFC 7578 §4.2",
            summary: "Content-Disposition must carry a name parameter",
            rationale: "The name is the field the data belongs to; a part without one is dropped or rejected.",
            location: "the start of the Content-Disposition field name",
            fix: "add `; name=\"<field>\"`"),
        Rule(
            .nameEmpty, .warning, area: .disposition, citation: "RFC 7578 §4.2",
            summary: "the field name should not be empty",
            rationale: "An empty name binds the value to no field; browsers send it only for script-built FormData and many servers drop it.",
            location: "the first byte of the value",
            fix: "give the field a name"),
        Rule(
            .parameterDuplicate, .error, area: .disposition, citation: "RFC 6266 §4.1; RFC 6838 §4.3",
            summary: "a Content-Disposition parameter must not be given twice",
            rationale:
                "`name=\"a\"; name=\"b\"` or two filenames are read first-wins by some parsers and last-wins by others: a classic upload-filter bypass. The validator uses the first.",
            location: "the name of the second occurrence",
            fix: "send each parameter once"),
        Rule(
            .parameterUnknown, .warning, area: .disposition, citation: "RFC 2183 §2.8; RFC 7578 §4.2",
            summary: "form-data takes only the name and filename parameters",
            rationale: "Unknown parameters must be ignored, but WHATWG's parser rejects them and decoy parameters have fooled parsers that search for `filename=`.",
            location: "the name of the parameter",
            fix: "remove the parameter"),
        Rule(
            .parameterNameCase, .warning, area: .disposition, citation: "RFC 2183 §2; RFC 9110 §5.6.6",
            summary: "write the name and filename parameter names in lower case",
            rationale:
                "Parameter names are case-insensitive, but multipart-kit, CGI.pm and Rack look for `name=` and `filename=` as written and undici rejects the body, so `NAME=` loses the field or the file's name (Interop/RESULTS.md).",
            location: "the first byte of the parameter name",
            fix: "write `name=` and `filename=`"),
        Rule(
            .parameterSeparatorWhitespace, .warning, area: .disposition, citation: "RFC 9110 §5.6.6; RFC 2183 §2",
            summary: "write exactly \"; \" between Content-Disposition parameters",
            rationale:
                "Whitespace around `;` is optional, but undici rejects the body when there is any before a `;` or more than one space after it, and CGI.pm and Rack lose the filename after `;filename=` or a tab (Interop/RESULTS.md).",
            location: "the whitespace before the \";\", or the byte after it",
            fix: "write `form-data; name=\"a\"; filename=\"b\"`"),
        Rule(
            .parameterValueSeparator, .note, area: .disposition, citation: "RFC 2183 §2; RFC 9110 §5.6.4",
            summary: "a quoted name or filename holds \";\" or \"=\"",
            rationale:
                "Inside quotes both are ordinary characters, but multipart-kit splits the header at every `;` and `=`, so it reads `a;b.txt` as `a` (Interop/RESULTS.md).",
            location: "the first \";\" or \"=\" in the value",
            fix: nil),
        Rule(
            .parameterOrder, .note, area: .disposition, citation: "RFC 2183 §2; RFC 6838 §4.3",
            summary: "filename comes before name",
            rationale: "Parameter order carries no meaning, but WHATWG's parser requires `name` first.",
            location: "the name of the filename parameter",
            fix: "write `name` before `filename`"),
        Rule(
            .parameterSyntax, .error, area: .disposition, citation: "RFC 2183 §2; RFC 2045 §5.1",
            summary: "parameters must be `; attribute=value` with a token or a complete quoted-string value",
            rationale:
                "Missing `;` or `=`, unterminated quotes, bytes after a closing quote (`\"a.jpg\".html`) and unquoted values with tspecials or spaces are read differently by every parser.",
            location: "the first byte that breaks the parameter grammar",
            fix: "quote every value: `; name=\"...\"; filename=\"...\"`"),
        Rule(
            .parameterUnquoted, .warning, area: .disposition, citation: "RFC 2045 §5.1; RFC 7578 §4.2",
            summary: "name and filename values should be quoted-strings",
            rationale: "A token value is legal, but every browser quotes, WHATWG's parser requires quotes, and strict parsers miss unquoted filenames.",
            location: "the first byte of the value",
            fix: "quote the value"),
        Rule(
            .parameterQuotedPair, .warning, area: .disposition, citation: "RFC 9110 §5.6.4; RFC 5322 §3.2.4",
            summary: "a quoted name or filename uses backslash escapes",
            rationale:
                "RFC parsers unescape `\\\"` and `\\\\`; WHATWG parsers take the backslash literally and end the value at the escaped quote. Browsers send `%22` instead.",
            location: "the first backslash of the value",
            fix: "escape `\"` as `%22` (the browser convention) and avoid backslashes"),
        Rule(
            .parameterBackslash, .warning, area: .disposition, citation: "RFC 9110 §5.6.4",
            summary: "a backslash in a quoted name or filename escapes the next character",
            rationale:
                "`filename=\"C:\\tmp\\x.txt\"` is `C:tmpx.txt` to an RFC parser and keeps the backslashes for WHATWG ones; a trailing backslash swallows the closing quote.",
            location: "the first such backslash",
            fix: "send only the file's base name, without a path or backslashes"),
        Rule(
            .parameterSingleQuoted, .warning, area: .disposition, citation: "RFC 2045 §5.1",
            summary: "single quotes do not quote a parameter value",
            rationale: "`filename='a.php'` is a token whose value includes the quotes; lenient parsers strip them, strict ones keep them.",
            location: "the first byte of the value",
            fix: "use double quotes"),
        Rule(
            .filenameStar, .error, area: .disposition, citation: "RFC 7578 §4.2; RFC 5987 §1; RFC 8187 §1",
            summary: "the filename* parameter must not be used in multipart/form-data",
            rationale:
                "RFC 7578 forbids the RFC 5987 encoding; RFC 6266 tells HTTP clients to prefer `filename*`, so a filter and a back end can disagree on the file name.",
            location: "the name of the filename* parameter",
            fix: "send the UTF-8 filename directly in `filename=\"...\"`"),
        Rule(
            .parameterExtended, .error, area: .disposition, citation: "RFC 7578 §4.2, §5.1.3; RFC 2231 §3, §4",
            summary: "RFC 2231 extended or continued parameters (name*, filename*0) must not be used",
            rationale: "No browser sends them; parsers that reassemble them and parsers that do not see different values.",
            location: "the name of the parameter",
            fix: "send the value directly as UTF-8 in a quoted-string"),
        Rule(
            .parameterEncodedWord, .warning, area: .disposition, citation: "RFC 2047 §5; RFC 7578 §5.1",
            summary: "a name or filename should not be or hold an RFC 2047 encoded-word",
            rationale: "Encoded-words must not appear in quoted-strings; Python's email package decodes them, even inside a longer value, and most parsers take them literally.",
            location: "the first byte of the value",
            fix: "send the value directly as UTF-8"),
        Rule(
            .parameterWhitespaceAroundEquals, .warning, area: .disposition, citation: "RFC 9110 §5.6.6; RFC 2045 §5.1",
            summary: "no whitespace around \"=\" in a parameter",
            rationale: "MIME tolerates it, HTTP's grammar does not, and WHATWG's parser does not find `name=`.",
            location: "the first whitespace byte next to \"=\"",
            fix: "write `name=\"...\"` with no spaces"),
        Rule(
            .parameterEmpty, .warning, area: .disposition, citation: "RFC 2045 §5.1; RFC 9110 §5.6.6",
            summary: "no empty parameters (\";;\" or a trailing \";\")",
            rationale: "HTTP's grammar allows empty parameters, MIME's does not, and parsers split on them.",
            location: "the \";\" that starts the empty parameter",
            fix: "remove the extra semicolon"),
    ]
}
