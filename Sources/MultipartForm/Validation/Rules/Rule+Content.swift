extension Rule.ID {
    /// A part carries Content-Transfer-Encoding.
    public static let contentTransferEncodingPresent: Self = "content-transfer-encoding-present"
    /// A part's Content-Transfer-Encoding is not a valid mechanism for it.
    public static let contentTransferEncodingInvalid: Self = "content-transfer-encoding-invalid"
    /// Content labelled `Content-Transfer-Encoding: base64` is not base64.
    public static let base64ContentInvalid: Self = "base64-content-invalid"
    /// Content labelled `Content-Transfer-Encoding: quoted-printable` breaks the encoding's rules.
    public static let quotedPrintableContentInvalid: Self = "quoted-printable-content-invalid"
    /// base64 or quoted-printable content departs from the encoding's form in a way decoders still read.
    public static let encodedContentStyle: Self = "encoded-content-style"
    /// A part's Content-Type value does not parse as a media type.
    public static let partContentTypeSyntax: Self = "part-content-type-syntax"
    /// A file part (one with `filename`) has no Content-Type.
    public static let fileContentTypeMissing: Self = "file-content-type-missing"
    /// A non-file part carries a Content-Type.
    public static let fieldContentTypePresent: Self = "field-content-type-present"
    /// A part's `charset` parameter names no known charset.
    public static let charsetUnknown: Self = "charset-unknown"
    /// The `_charset_` field names no known charset.
    public static let charsetFieldUnknown: Self = "charset-field-unknown"
    /// The `_charset_` field names a charset other than UTF-8 and US-ASCII.
    public static let charsetFieldNotUTF8: Self = "charset-field-not-utf8"
    /// A text field's value is not valid UTF-8 and no charset says otherwise.
    public static let valueNotUTF8: Self = "value-not-utf8"
    /// A part is itself multipart (the deprecated nested multipart/mixed form).
    public static let nestedMultipart: Self = "nested-multipart"
    /// A nested multipart boundary begins with an enclosing boundary.
    public static let nestedBoundaryPrefix: Self = "nested-boundary-prefix"
}

extension Rule {
    static let contentRules: [Rule] = [
        Rule(
            .contentTransferEncodingPresent, .warning, area: .content, citation: "RFC 7578 §4.7",
            summary: "senders should not generate Content-Transfer-Encoding",
            rationale: "No deployed sender needs it over HTTP; some parsers decode base64 or quoted-printable and others (WHATWG) pass the encoded bytes on.",
            location: "the start of the field name",
            fix: "send the part's bytes as they are (binary) and drop the header"),
        Rule(
            .contentTransferEncodingInvalid, .error, area: .content, citation: "RFC 2045 §6.1, §6.4",
            summary: "Content-Transfer-Encoding must be 7bit, 8bit, binary, quoted-printable, base64 or an x- token",
            rationale: "An unknown mechanism makes the part opaque (`application/octet-stream`); a multipart part may only be 7bit, 8bit or binary.",
            location: "the first byte of the value",
            fix: "remove the header"),
        Rule(
            .base64ContentInvalid, .error, area: .content, citation: "RFC 2045 §6.8",
            summary: "content labelled base64 must be base64: alphabet characters in groups of four, '=' only to pad the last group, line breaks",
            rationale:
                "Decoders drop bytes outside the alphabet and stop or fail at a misplaced or missing pad, so what the application gets is not what was sent: Django rejects such a body or hands the view an empty file, Python's binascii drops the bytes.",
            location: "the first byte that cannot be base64 there, or the end of the content when its last group is incomplete",
            fix: "send the bytes as they are and drop Content-Transfer-Encoding; if base64 is needed, encode the whole content with a standard encoder"),
        Rule(
            .quotedPrintableContentInvalid, .error, area: .content, citation: "RFC 2045 §6.7",
            summary: "content labelled quoted-printable must follow its rules: '=' before two hex digits or a line break, control and 8-bit bytes encoded, no whitespace ending a line",
            rationale:
                "A decoder reads a bad escape, a raw 8-bit byte or a lone CR or LF as it chooses, and deletes whitespace at the end of a line, so the decoded content differs between receivers and from what was sent.",
            location: "the first byte the encoding does not allow there (the '=' of a bad escape, the first byte of trailing whitespace)",
            fix: "send the bytes as they are and drop Content-Transfer-Encoding; if quoted-printable is needed, encode with a standard encoder"),
        Rule(
            .encodedContentStyle, .warning, area: .content, citation: "RFC 2045 §6.7, §6.8",
            summary: "base64 and quoted-printable lines must not pass 76 characters, and quoted-printable hex digits must be upper case",
            rationale:
                "Decoders read both, but a receiver that holds to the encodings' own rules may not, and no standard encoder writes them: the content was encoded by hand.",
            location: "the 77th character of the first long line, or the first lower-case hexadecimal digit",
            fix: "encode with a standard base64 or quoted-printable encoder, which breaks lines at 76 characters"),
        Rule(
            .partContentTypeSyntax, .error, area: .content, citation: "RFC 2045 §5.1; RFC 9110 §8.3.1",
            summary: "a part's Content-Type must be type \"/\" subtype with optional parameters",
            rationale: "WHATWG turns an invalid type into the empty string; other parsers pass it through, so the file's type differs by receiver.",
            location: "the first byte of the value that breaks the grammar",
            fix: "send a valid media type such as `application/octet-stream`"),
        Rule(
            .fileContentTypeMissing, .warning, area: .content, citation: "RFC 7578 §4.4",
            summary: "file content should be labelled with its media type",
            rationale: "A part without Content-Type defaults to text/plain, so binary files are treated as text; use application/octet-stream when the type is unknown.",
            location: "the name of the filename parameter",
            fix: "add `Content-Type: <type>` (or `application/octet-stream`) to file parts"),
        Rule(
            .fieldContentTypePresent, .note, area: .content, citation: "RFC 7578 §4.4; WHATWG HTML multipart/form-data encoding",
            summary: "a non-file part carries a Content-Type",
            rationale: "RFC 7578 allows it; browsers never send it for text fields, and some frameworks then treat the field as a file.",
            location: "the start of the Content-Type field name",
            fix: nil),
        Rule(
            .charsetUnknown, .warning, area: .content, citation: "RFC 7578 §4.5; RFC 2046 §4.1.2",
            summary: "a charset parameter should name a registered charset",
            rationale: "The receiver cannot decode text in an unknown charset.",
            location: "the first byte of the charset value",
            fix: "use `charset=UTF-8`, or drop the parameter and send UTF-8"),
        Rule(
            .charsetFieldUnknown, .warning, area: .content, citation: "RFC 7578 §4.6",
            summary: "the _charset_ field should name a registered charset",
            rationale: "`_charset_` sets the default charset of text fields; an unknown value leaves them undecodable.",
            location: "the first byte of the field's value",
            fix: "send `_charset_` with the form's real encoding, for example `UTF-8`"),
        Rule(
            .charsetFieldNotUTF8, .note, area: .content, citation: "RFC 7578 §4.6; WHATWG HTML multipart/form-data encoding",
            summary: "the _charset_ field names a charset other than UTF-8",
            rationale:
                "RFC 7578 lets `_charset_` set the form's charset, but Werkzeug, Django, undici and busboy decode every text value as UTF-8 regardless and replace what does not decode, so the values reach the application changed (Interop/RESULTS.md).",
            location: "the first byte of the field's value",
            fix: nil),
        Rule(
            .valueNotUTF8, .warning, area: .content, citation: "RFC 7578 §5.1.2, §5.1.3",
            summary: "a text field's value should be UTF-8 unless a charset says otherwise",
            rationale:
                "Without a charset parameter or a `_charset_` field the receiver guesses; WHATWG decodes as UTF-8 and replaces invalid bytes with U+FFFD, losing data.",
            location: "the first byte of the first invalid UTF-8 sequence",
            fix: "encode text values as UTF-8, or declare the charset"),
        Rule(
            .nestedMultipart, .error, area: .content, citation: "RFC 7578 §4.3",
            summary: "several files for one field must be sent as separate parts, not nested multipart/mixed",
            rationale:
                "RFC 2388's nested multipart/mixed is deprecated and senders MUST use separate parts with the same name; receivers should still accept it, most do not. The nested body is checked too.",
            location: "the first byte of the part's Content-Type value",
            fix: "send one part per file, each with the field's name"),
        Rule(
            .nestedBoundaryPrefix, .error, area: .content, citation: "RFC 2046 §5.1",
            summary: "a nested boundary must not begin with an enclosing boundary",
            rationale: "Every inner delimiter would then also start with the outer delimiter and end the outer part early.",
            location: "the first byte of the nested boundary value",
            fix: "choose an unrelated random boundary for the nested body"),
    ]
}
