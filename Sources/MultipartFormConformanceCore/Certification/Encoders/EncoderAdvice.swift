import MultipartForm

/// What an encoder should do about a rule, where that differs from the fix for a body.
///
/// A rule's fix hint speaks to whoever edits a body ("remove NUL bytes from names"). An encoder cannot
/// edit what its caller gave it: a name holding NUL has no faithful encoding, so the right answer is to
/// refuse the form, and a quote in a filename is escaped, never removed. `explain` prints this advice
/// beside the fix, and certification adds it to the verdicts that break the rule.
public enum EncoderAdvice {
    /// The advice for an encoder about `rule`, or `nil` when the body's fix is also the encoder's.
    /// - Parameter rule: A rule id.
    /// - Returns: One or two sentences for an encoder's author.
    public static func forRule(_ rule: Rule.ID) -> String? {
        advice[rule.rawValue]
    }

    private static let refuseNUL =
        "a name, filename or media type holding NUL has no encoding in a header: refuse the form (the reference encoder refuses it with unrepresentable-name) rather than drop the byte"
    private static let escapeLineBreaks =
        "escape CR as %0D and LF as %0A in names and filenames, as browsers do, or refuse the form; never write them raw, which ends the header line"
    private static let chooseBoundary =
        "choose a fresh random boundary for every body and check it against every header and value; when the caller gives the boundary and a value holds it, refuse the form (boundary-collision)"
    private static let refuseLongHeader =
        "refuse a name, filename or media type that makes a header line longer than receivers read (8,192 bytes): the reference encoder refuses it with header-too-long"
    private static let generateBoundary =
        "generate boundaries of 27 to 70 letters, digits and dashes; quote a boundary the caller gives when it needs quotes, and refuse one outside the bchars set (invalid-boundary)"

    private static let advice: [String: String] = [
        Rule.ID.headerNUL.rawValue: refuseNUL,
        "header-bare-cr": escapeLineBreaks,
        "header-bare-lf": escapeLineBreaks,
        "header-control-character":
            "write names and filenames as the caller gave them; a control character other than CR and LF cannot be escaped in a quoted-string, so refuse the form if receivers must not see it",
        "header-line-too-long": refuseLongHeader,
        "limit-header-line-length": refuseLongHeader,
        "parameter-syntax":
            "escape `\"` in names and filenames as %22, CR as %0D and LF as %0A (WHATWG), and write every value as a quoted-string; a raw quote ends the value early",
        "parameter-quoted-pair":
            "write `\"` as %22, as browsers do: receivers that do not unescape quoted-pairs keep the backslash",
        "parameter-percent-encoded":
            "when the caller's name or filename really holds `\"`, CR or LF, every faithful encoding writes %22, %0D or %0A and draws this warning (certification keeps it as a note); an app that owns the name can sanitise it before upload instead",
        "boundary-prefix-line": chooseBoundary,
        "nested-boundary-prefix": chooseBoundary,
        "delimiter-not-found": "write the boundary in the Content-Type exactly as in the body: one variable for both",
        "boundary-needs-quotes": generateBoundary,
        "boundary-invalid-character": generateBoundary,
        "boundary-too-long": generateBoundary,
        "boundary-trailing-space": generateBoundary,
        "part-content-type-syntax":
            "refuse a media type that is not `type/subtype` with valid parameters (the reference encoder refuses it with invalid-content-type) rather than write it",
        "file-content-type-missing": "send a Content-Type on every file part: the caller's, else `application/octet-stream`",
        "value-not-utf8": "write text fields as UTF-8; bytes that are not UTF-8 belong in a file part",
        "filename-path":
            "send the filename the caller gave; a path in it is the caller's (certification keeps the warning as a note), and an encoder must not add one",
    ]
}
