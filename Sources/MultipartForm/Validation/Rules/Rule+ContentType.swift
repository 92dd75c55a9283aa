extension Rule.ID {
    /// The outer Content-Type value does not parse as a media type with parameters.
    public static let contentTypeSyntax: Self = "content-type-syntax"
    /// The outer media type is not `multipart/form-data`.
    public static let contentTypeNotFormData: Self = "content-type-not-form-data"
    /// A parameter of the outer Content-Type appears more than once.
    public static let contentTypeParameterDuplicate: Self = "content-type-parameter-duplicate"
    /// The outer Content-Type carries a parameter other than `boundary`.
    public static let contentTypeParameterUnexpected: Self = "content-type-parameter-unexpected"
    /// Whitespace around `=` or an empty parameter in the outer Content-Type.
    public static let contentTypeParameterWhitespace: Self = "content-type-parameter-whitespace"
    /// The media type or the `boundary` parameter name is not written in lower case.
    public static let contentTypeCase: Self = "content-type-case"
    /// The outer Content-Type has no `boundary` parameter.
    public static let boundaryMissing: Self = "boundary-missing"
    /// The boundary is given with RFC 2231 syntax (`boundary*`).
    public static let boundaryExtended: Self = "boundary-extended"
    /// The boundary is the empty string.
    public static let boundaryEmpty: Self = "boundary-empty"
    /// The boundary is longer than 70 characters.
    public static let boundaryTooLong: Self = "boundary-too-long"
    /// The boundary holds a character outside `bchars`.
    public static let boundaryInvalidCharacter: Self = "boundary-invalid-character"
    /// The boundary ends with a space.
    public static let boundaryTrailingSpace: Self = "boundary-trailing-space"
    /// An unquoted boundary holds characters that only a quoted-string may carry.
    public static let boundaryNeedsQuotes: Self = "boundary-needs-quotes"
    /// The boundary is a quoted-string.
    public static let boundaryQuoted: Self = "boundary-quoted"
    /// No Content-Type was supplied and the boundary was taken from the body's first line.
    public static let boundaryInferred: Self = "boundary-inferred"
}

extension Rule {
    static let contentTypeRules: [Rule] = [
        Rule(
            .contentTypeSyntax, .error, area: .contentType, citation: "RFC 2045 §5.1; RFC 9110 §8.3.1",
            summary: "the Content-Type value must be type \"/\" subtype followed by \";\" parameters",
            rationale:
                "A value that is not a media type cannot be matched to multipart/form-data, and parsers disagree on how to read the pieces.",
            location: "the first byte of the Content-Type value that breaks the grammar",
            fix: "send exactly `multipart/form-data; boundary=<boundary>`"),
        Rule(
            .contentTypeNotFormData, .error, area: .contentType, citation: "RFC 7578 §4, §8",
            summary: "a form submission must be labelled multipart/form-data",
            rationale:
                "Receivers select the form-data parser by the media type; any other type (multipart/mixed, application/x-www-form-urlencoded) is parsed differently or refused. A multipart type with a boundary is still framed and checked.",
            location: "offset 0 of the Content-Type value",
            fix: "label the body `multipart/form-data; boundary=<boundary>`"),
        Rule(
            .contentTypeParameterDuplicate, .error, area: .contentType, citation: "RFC 6838 §4.3; RFC 2045 §5.1",
            summary: "a media-type parameter must not be given twice",
            rationale:
                "RFC 6838 makes a repeated parameter an error. Some parsers take the first boundary and others the last, so two receivers can frame the same body differently. The validator uses the first.",
            location: "the name of the second occurrence",
            fix: "send a single `boundary` parameter"),
        Rule(
            .contentTypeParameterUnexpected, .warning, area: .contentType, citation: "RFC 7578 §8",
            summary: "multipart/form-data takes no parameter other than boundary",
            rationale:
                "RFC 7578 registers `boundary` as the only parameter. Extras such as `charset` are meaningless here and trip parsers that expect `boundary` first.",
            location: "the name of the unexpected parameter",
            fix: "remove the parameter; declare text encodings per part or with a `_charset_` field"),
        Rule(
            .contentTypeCase, .warning, area: .contentType, citation: "RFC 9110 §8.3.1; RFC 2045 §5.1",
            summary: "write the media type and the boundary parameter name in lower case",
            rationale:
                "Both are case-insensitive, but real receivers compare them case-sensitively: Django rejects `Multipart/Form-Data`, Werkzeug reads no part, CGI.pm takes the body for one unnamed value (Interop/RESULTS.md).",
            location: "the first upper-case letter of the media type or of the parameter name",
            fix: "send `multipart/form-data; boundary=<boundary>` in lower case"),
        Rule(
            .contentTypeParameterWhitespace, .warning, area: .contentType, citation: "RFC 9110 §5.6.6",
            summary: "no whitespace around \"=\" and no empty parameters in the Content-Type",
            rationale:
                "HTTP's parameter grammar allows no whitespace around `=`; MIME tolerates it. Parsers that follow HTTP read `boundary = x` as having no boundary. Empty parameters (`;;`) are accepted by HTTP but not by RFC 2045.",
            location: "the first whitespace byte around \"=\", or the \";\" that starts an empty parameter",
            fix: "write `; boundary=<boundary>` with no spaces around `=`"),
        Rule(
            .boundaryMissing, .error, area: .contentType, citation: "RFC 7578 §8; RFC 2046 §5.1.1",
            summary: "multipart/form-data requires a boundary parameter",
            rationale:
                "Without the boundary the body cannot be split into parts. The validator infers the boundary from the body's first line so that it can keep checking.",
            location: "the end of the Content-Type value",
            fix: "add `; boundary=<boundary>` naming the boundary used in the body"),
        Rule(
            .boundaryExtended, .error, area: .contentType, citation: "RFC 2231 §3, §4 (erratum 3269)",
            summary: "the boundary must not use RFC 2231 continuations or encodings",
            rationale:
                "RFC 2231's mechanism must not alter critical parameters such as the boundary; most parsers ignore `boundary*` and find no boundary at all.",
            location: "the name of the `boundary*` parameter",
            fix: "send the boundary as a plain `boundary=` parameter"),
        Rule(
            .boundaryEmpty, .error, area: .contentType, citation: "RFC 2046 §5.1.1",
            summary: "the boundary must hold 1 to 70 characters",
            rationale: "The boundary grammar requires at least one character; WHATWG parsers reject `boundary=\"\"`.",
            location: "the first byte of the boundary value",
            fix: "use a random boundary of 27 to 70 letters, digits and dashes"),
        Rule(
            .boundaryTooLong, .error, area: .contentType, citation: "RFC 2046 §5.1.1",
            summary: "the boundary must not be longer than 70 characters",
            rationale: "The boundary grammar allows at most 70 characters; receivers with fixed buffers reject longer ones.",
            location: "the 71st character of the boundary",
            fix: "shorten the boundary to at most 70 characters"),
        Rule(
            .boundaryInvalidCharacter, .error, area: .contentType, citation: "RFC 2046 §5.1.1",
            summary: "the boundary may only hold bchars: digits, letters, space and '()+_,-./:=?",
            rationale:
                "The bchars set was chosen to survive gateways; characters outside it (for example `@`, `#`, `\"` or non-ASCII bytes) are mangled or rejected by receivers.",
            location: "the first character outside bchars",
            fix: "build the boundary from letters, digits and dashes only"),
        Rule(
            .boundaryTrailingSpace, .error, area: .contentType, citation: "RFC 2046 §5.1.1",
            summary: "the boundary must not end with a space",
            rationale:
                "The last boundary character must come from bcharsnospace, because gateways strip trailing whitespace from delimiter lines.",
            location: "the trailing space",
            fix: "remove the trailing space from the boundary"),
        Rule(
            .boundaryNeedsQuotes, .error, area: .contentType, citation: "RFC 2045 §5.1; RFC 2046 §5.1.1",
            summary: "a boundary holding tspecials or spaces must be a quoted-string",
            rationale:
                "An unquoted parameter value must be a token; characters such as `:`, `/`, `=`, `?`, `(`, `)`, `,` or space end the token, so receivers read a shorter boundary than the sender used.",
            location: "the first character that a token cannot hold",
            fix: "quote the boundary (`boundary=\"a:b\"`) or use only letters, digits and dashes"),
        Rule(
            .boundaryQuoted, .note, area: .contentType, citation: "RFC 2045 §5.1",
            summary: "the boundary is a quoted-string; the quotes are not part of it",
            rationale:
                "Quoting is legal, but parsers that keep the quotes search for the wrong delimiter. Boundaries that need no quotes are the safest.",
            location: "the opening quote",
            fix: nil),
        Rule(
            .boundaryInferred, .note, area: .contentType, citation: "RFC 2046 §5.1.1",
            summary: "no Content-Type was given, so the boundary was taken from the body's first delimiter line",
            rationale:
                "A receiver always needs the Content-Type header; the inferred boundary lets the body be checked on its own, but the header itself went unchecked.",
            location: "the start of the line the boundary was taken from (in the body)",
            fix: "pass the request's Content-Type value to check it too"),
    ]
}
