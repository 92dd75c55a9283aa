/// multipart-kit 4.7.1's known failures against the corpus, by vector id, each with its reason.
///
/// Found by running the certification (`swift run multipart-kit-report`); the tests fail when one
/// stops reproducing, so this list stays true.
enum KnownIssues {
    private static let unescapedQuote =
        "MultipartPart.name (and the filename parameter written the same way) puts the value between quotes unescaped: a '\"' ends the quoted value early [parameter-syntax], so the name or filename is cut"
    private static let unescapedLineBreak =
        "the filename is written between quotes unescaped: its CR LF ends the header line inside the quoted value [parameter-syntax, header-missing-colon], a header injection"

    private static let unescapedEach =
        "'\"', a lone CR and a lone LF in names and filenames are written between quotes unescaped [parameter-syntax, header-bare-cr, header-bare-lf]"
    private static let nulWritten =
        "a NUL in the name is written into the header, which no header may hold [header-nul]; such a form can only be refused"
    private static let trailingBackslash =
        "a name ending in a backslash is written unescaped: the backslash escapes the closing quote and the quoted value never ends [parameter-syntax]"
    private static let boundaryUnchecked =
        "the boundary it is given is used unchecked: a 71-character boundary is written [boundary-too-long], where it must be refused"

    private static let longName =
        "an 8,200-byte name is written into one 8,239-byte header line, past the 8,192 bytes receivers read [limit-header-line-length, content-disposition-missing]; such a form can only be refused"

    /// Names and filenames holding `"`, CR, LF, NUL or a final backslash, an 8,200-byte name, and an invalid given boundary: nothing in multipart-kit checks them.
    static let unescaped: [String: String] = [
        "limits/n-name-past-line-limit": longName,
        "boundary/n-length-71": boundaryUnchecked,
        "headers/n-nul-in-value": nulWritten,
        "quoting/i-whatwg-escapes-each": unescapedEach,
        "quoting/n-trailing-backslash": trailingBackslash,
        "quoting/i-curl-backslash-escaping": unescapedQuote,
        "quoting/i-escaped-quote": unescapedQuote,
        "quoting/i-pct0d0a-in-filename": unescapedLineBreak,
        "quoting/i-pct22-in-name": unescapedQuote,
        "quoting/i-whatwg-escaping": unescapedQuote,
        "realworld/i-chromium-quote-in-filename": unescapedQuote,
        "realworld/i-firefox-legacy-backslash-quote": unescapedQuote,
        "realworld/i-urllib3-crlf-in-filename": unescapedLineBreak,
        "browsers/i-chromium-fetch-name-specials": unescapedEach,
        "browsers/i-chromium-fetch-filename-specials": unescapedEach,
        "browsers/i-chromium-form-name-specials": unescapedEach,
        "browsers/i-chromium-form-filename-specials": unescapedEach,
        "browsers/i-firefox-fetch-name-specials": unescapedEach,
        "browsers/i-firefox-fetch-filename-specials": unescapedEach,
        "browsers/i-firefox-form-name-specials": unescapedEach,
        "browsers/i-firefox-form-filename-specials": unescapedEach,
    ]

    /// `MultipartSerializer`: framing is right; the failures are the unescaped parameter values.
    static let serializer: [String: String] = unescaped

    private static let splitOnSemicolon =
        "re-setting the name splits Content-Disposition on every ';', also inside the quoted filename, and joins the pieces with \"; \": a space is inserted into the filename"

    /// `FormDataEncoder`: the name is set after the filename, through the `;`-splitting parameter setter.
    static let formDataEncoder: [String: String] = unescaped.merging([
        "filenames/y-ncr-literal": splitOnSemicolon,
        "quoting/y-semicolon-in-quoted-filename": splitOnSemicolon,
    ]) { $1 }

    private static let noCloseCheck =
        "the parser has no end-of-input check: a body without a close delimiter is accepted without an error and its unfinished last part is dropped"
    private static let closeNotAtLineStart =
        "the close delimiter does not follow CRLF, so the parser finds none; with no end-of-input check the body is accepted without an error and its unfinished part, with the content before the defect, is dropped"
    private static let semicolonSplit =
        "parameters are split on every ';', also inside a quoted-string, so the value is cut at the first ';'"
    private static let equalsSplit =
        "a parameter is split on '=' and only the last piece is kept, so a value holding '=' loses everything before it"
    private static let quotedPairs =
        "quoted-pairs are not unescaped: the backslashes stay in the value (RFC 9110 §5.6.4 says a recipient replaces them)"
    private static let nonUTF8Header =
        "a header value that is not valid UTF-8 becomes the empty string (String(bytes:encoding:) ?? \"\"), so the whole Content-Disposition is lost and the part has no name"
    private static let spaceAroundEquals =
        "parameters are matched by the prefix 'name=' / 'filename=', so whitespace before '=' loses the parameter"

    /// `MultipartParser`, with the parameter reading multipart-kit uses for `MultipartPart.name`.
    static let parser: [String: String] = [
        "browsers/i-chromium-fetch-name-specials": semicolonSplit,
        "browsers/i-chromium-fetch-filename-specials": semicolonSplit,
        "browsers/i-chromium-form-name-specials": semicolonSplit,
        "browsers/i-chromium-form-filename-specials": semicolonSplit,
        "browsers/i-firefox-fetch-name-specials": semicolonSplit,
        "browsers/i-firefox-fetch-filename-specials": semicolonSplit,
        "browsers/i-firefox-form-name-specials": semicolonSplit,
        "browsers/i-firefox-form-filename-specials": semicolonSplit,
        "boundary/i-padding-on-delimiter":
            "transport padding after a delimiter is rejected with a bare 'syntax' error; RFC 2046 §5.1.1 tells receivers to ignore it",
        "boundary/n-prefix-line-single-dash":
            "any '-' after the boundary is taken as the close delimiter, so a content line starting with '--boundary-Z' ends the body: the rest of the value is cut off without an error",
        "charset/y-ncr-in-name-and-value": semicolonSplit,
        "crlf/n-cr-before-close": closeNotAtLineStart,
        "crlf/n-delimiter-without-crlf": closeNotAtLineStart,
        "crlf/n-lf-before-close":
            "a close delimiter after a bare LF is not recognised and the body ends without an error: the part is dropped",
        "crlf/n-lf-cr-before-close": closeNotAtLineStart,
        "filenames/i-encoded-word": equalsSplit,
        "filenames/i-encoded-word-inside": equalsSplit,
        "filenames/i-invalid-utf8-lone-ff": nonUTF8Header,
        "filenames/i-invalid-utf8-overlong-slash": nonUTF8Header,
        "filenames/i-invalid-utf8-surrogate": nonUTF8Header,
        "filenames/i-invalid-utf8-truncated": nonUTF8Header,
        "filenames/i-latin1-with-charset-field": nonUTF8Header,
        "filenames/y-ncr-literal": semicolonSplit,
        "headers/i-filename-latin1": nonUTF8Header,
        "headers/i-name-latin1": nonUTF8Header,
        "quoting/i-curl-backslash-escaping": quotedPairs,
        "quoting/i-encoded-word-name": equalsSplit,
        "quoting/i-escaped-quote": quotedPairs,
        "quoting/i-old-firefox-escaping": quotedPairs,
        "quoting/i-space-around-equals": spaceAroundEquals,
        "quoting/i-tab-around-equals": spaceAroundEquals,
        "quoting/y-decoy-filename-in-quoted-value":
            "parameters are split on ';' inside the quoted name, so a decoy 'filename=evil.exe' written inside the name is read as the filename",
        "quoting/y-equals-in-quoted-name": equalsSplit,
        "quoting/y-filename-single-quoted":
            "single quotes are stripped as if they quoted the value; only double quotes quote (RFC 2045 §5.1), so the filename keeps them",
        "quoting/y-parameter-names-case": "parameter names are matched case-sensitively: 'NAME=' is not found as 'name='",
        "quoting/y-semicolon-in-quoted-filename": semicolonSplit,
        "realworld/i-firefox-legacy-backslash-quote": quotedPairs,
        "realworld/n-hand-rolled-em-dash-both-ends": noCloseCheck,
        "structure/i-part-body-absent":
            "a part whose headers end at the next delimiter (no body section) is never completed: it is dropped without an error",
        "structure/n-no-close": noCloseCheck,
        "structure/n-no-close-no-crlf": noCloseCheck,
    ]
}
