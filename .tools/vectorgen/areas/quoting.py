"""quoting: Content-Disposition parameter grammar, quoting, escaping and extended parameters.

Every body is browser-shaped (boundary AaB03x, CRLF everywhere, close delimiter with its final CRLF)
except for the Content-Disposition value the vector shows. Offsets are computed from the bytes with
`at(...)` and checked against the byte they must name (`offset_of`).

Reading of "the first byte of the value" (parameter-unquoted, parameter-single-quoted,
parameter-encoded-word, name-empty, filename-path): the value as written, so the opening quote of a
quoted-string (the DispositionParser's `valueIndex`).
"""
from vectorgen import DELIM, accept, close, d, field, offset_of, p, vector



def cd(value, content, content_type=None):
    """A part whose Content-Disposition value is `value` (bytes after "Content-Disposition: ")."""
    if isinstance(content, str):
        content = content.encode()
    head = b"Content-Disposition: " + value + b"\r\n"
    if content_type is not None:
        head += b"Content-Type: " + content_type + b"\r\n"
    return DELIM + head + b"\r\n" + content + b"\r\n"


def _cd_name(body, nth=0):
    """The start of the nth Content-Disposition field name."""
    return offset_of(body, b"Content-Disposition", nth, expect=b"C")


def reject(because):
    return {"outcome": "reject", "because": because}


QP_RFC = ("RFC 9110 §5.6.4: recipients that process the value of a quoted-string MUST handle a quoted-pair as if "
          "it were replaced by the octet following the backslash (also RFC 5322 §3.2.4, RFC 2045 §5.1)")
QP_WHATWG_REJECT = ("WHATWG HTML/Fetch: names and filenames are never backslash-escaped and the Fetch "
                    "multipart/form-data parser ends the value at the first '\"', so the bytes after it break the "
                    "field and the body is rejected")
PCT_LITERAL = ("RFC 7578 §4.2 and WHATWG Fetch formData() as tested by WPT: the value is the bytes between the "
               "quotes; %XX sequences are not decoded")
PCT_DECODED = ("WHATWG HTML multipart/form-data encoding: '\"', CR and LF in names and filenames are sent as %22, "
               "%0D and %0A, so a receiver may reverse those three escapes (as the draft Fetch parser does)")

# ---------------------------------------------------------------------------------------------
# Quoted-string versus token
# ---------------------------------------------------------------------------------------------

body = cd(b'form-data; name="a"', "1") + close()
vector("quoting/y-name-quoted", body,
       "the name as a quoted-string, exactly as browsers send it",
       ["RFC 7578 §4.2", "RFC 2045 §5.1"],
       [], [p("a", "1")], producer="WHATWG HTML form submission (browsers)")

body = cd(b"form-data; name=a", "1") + close()
vector("quoting/y-name-token", body,
       "the name as a bare token: legal, but every browser quotes it",
       ["RFC 2045 §5.1", "RFC 2183 §2", "RFC 7578 §4.2"],
       [d("parameter-unquoted", offset_of(body, b"name=a", plus=5, expect=b"a\r\n"))],
       [p("a", "1")])

body = cd(b"form-data; name=f; filename=a.txt", "hello", b"text/plain") + close()
vector("quoting/y-filename-token", body,
       "name and filename both as bare tokens",
       ["RFC 2045 §5.1", "RFC 2183 §2", "RFC 7578 §4.2"],
       [d("parameter-unquoted", offset_of(body, b"name=f", plus=5, expect=b"f;")),
        d("parameter-unquoted", offset_of(body, b"filename=a.txt", plus=9, expect=b"a.txt"))],
       [p("f", "hello", filename="a.txt", content_type="text/plain")])

body = cd(b"form-data; name=a[0]", "1") + close()
# Judgement: the unquoted value is kept as read (a[0]); `[` breaks the token grammar
# (parameter-syntax), and the value, being unquoted, still gets parameter-unquoted.
vector("quoting/n-name-token-tspecials", body,
       "an unquoted name holding the tspecials [ and ] (a[0])",
       ["RFC 2045 §5.1", "RFC 2183 §2"],
       [d("parameter-syntax", offset_of(body, b"a[0]", plus=1, expect=b"[")),
        d("parameter-unquoted", offset_of(body, b"a[0]", expect=b"a")), d("name-brackets", 48)],
       [p("a[0]", "1")])

body = cd(b'form-data; name="f"; filename=my file.txt', "hello", b"text/plain") + close()
# Judgement: as above, the unquoted value runs to the line end (my file.txt); the space breaks the
# token grammar and the value, being unquoted, still gets parameter-unquoted.
vector("quoting/n-filename-unquoted-space", body,
       "an unquoted filename holding a space (my file.txt)",
       ["RFC 2045 §5.1", "RFC 2183 §2"],
       [d("parameter-unquoted", offset_of(body, b"my file", expect=b"m")),
        d("parameter-syntax", offset_of(body, b"my file", plus=2, expect=b" "))],
       [p("f", "hello", filename="my file.txt", content_type="text/plain")])

body = (cd(b'form-data; name="files[]"; filename="a.txt"', "A", b"text/plain")
        + cd(b'form-data; name="files[]"; filename="b.txt"', "B", b"text/plain") + close())
vector("quoting/y-name-brackets-quoted", body,
       "two file parts named files[] (the PHP array convention), quoted so the brackets are legal",
       ["RFC 2045 §5.1", "RFC 7578 §4.3", "RFC 7578 §5.2"],
       [d("name-brackets", 53), d("name-brackets", 160)], [p("files[]", "A", filename="a.txt", content_type="text/plain"),
            p("files[]", "B", filename="b.txt", content_type="text/plain")])

body = cd(b"form-data; name=\"f\"; filename='a.php'", "<?php echo 1; ?>", b"text/plain") + close()
vector("quoting/y-filename-single-quoted", body,
       "a filename in single quotes: a token whose value includes the quotes",
       ["RFC 2045 §5.1", "RFC 2183 §2"],
       [d("parameter-single-quoted", offset_of(body, b"'a.php'", expect=b"'"))],
       [p("f", "<?php echo 1; ?>", filename="'a.php'", content_type="text/plain")])

body = cd(b'form-data; name="f"; filename="a;b.txt"', "hello", b"text/plain") + close()
vector("quoting/y-semicolon-in-quoted-filename", body,
       "a ';' inside a quoted filename is part of the value, not a parameter separator",
       ["RFC 2045 §5.1", "RFC 9110 §5.6.4"],
       [d("parameter-value-separator", 63)], [p("f", "hello", filename="a;b.txt", content_type="text/plain")])

body = cd(b'form-data; name="a=b"', "1") + close()
vector("quoting/y-equals-in-quoted-name", body,
       "an '=' inside a quoted name is part of the value",
       ["RFC 2045 §5.1", "RFC 9110 §5.6.4"],
       [d("parameter-value-separator", 49)], [p("a=b", "1")])

# ---------------------------------------------------------------------------------------------
# Backslashes: quoted-pairs and literal backslashes
# ---------------------------------------------------------------------------------------------

body = cd(b'form-data; name="a\\"b"', "1") + close()
vector("quoting/i-escaped-quote", body,
       "a quoted-pair \\\" inside the name: a\"b to RFC parsers, broken to WHATWG ones",
       ["RFC 9110 §5.6.4", "RFC 5322 §3.2.4", "RFC 2045 §5.1"],
       [d("parameter-quoted-pair", offset_of(body, b'a\\"b', plus=1, expect=b'\\"'))],
       [p('a"b', "1")],
       outcomes=[accept(QP_RFC, [p('a"b', "1")]), reject(QP_WHATWG_REJECT)],
       form=[field('a"b', "1")])

body = cd(b'form-data; name="f"; filename="a\\\\b.txt"', "hello", b"text/plain") + close()
vector("quoting/i-escaped-backslash", body,
       "a quoted-pair \\\\ inside the filename: a\\b.txt after unescaping, which holds a backslash",
       ["RFC 9110 §5.6.4", "RFC 7578 §4.2", "RFC 2183 §2.3"],
       [d("parameter-quoted-pair", offset_of(body, b"a\\\\b", plus=1, expect=b"\\\\")),
        d("filename-path", offset_of(body, b'"a\\\\b', expect=b'"'))],
       [p("f", "hello", filename="a\\b.txt", content_type="text/plain")],
       outcomes=[accept(QP_RFC, [p("f", "hello", filename="a\\b.txt", content_type="text/plain")]),
                 accept("WHATWG HTML/Fetch: a backslash is not an escape in names and filenames, so the filename "
                        "is the bytes between the quotes",
                        [p("f", "hello", filename="a\\\\b.txt", content_type="text/plain")])])

body = cd(b'form-data; name="f"; filename="C:\\tmp\\x.txt"', "hello", b"text/plain") + close()
vector("quoting/i-windows-path", body,
       "a Windows path C:\\tmp\\x.txt: an RFC parser removes the backslashes (C:tmpx.txt), still a drive path",
       ["RFC 9110 §5.6.4", "RFC 7578 §4.2", "RFC 2183 §2.3"],
       [d("parameter-backslash", offset_of(body, b"C:\\tmp", plus=2, expect=b"\\t")),
        d("filename-path", offset_of(body, b'"C:', expect=b'"'))],
       [p("f", "hello", filename="C:tmpx.txt", content_type="text/plain")],
       outcomes=[accept(QP_RFC, [p("f", "hello", filename="C:tmpx.txt", content_type="text/plain")]),
                 accept("WHATWG HTML/Fetch: a backslash is not an escape in names and filenames, so the filename "
                        "keeps its backslashes; RFC 7578 §4.2 (RFC 2183 §2.3): the receiver ignores the path",
                        [p("f", "hello", filename="C:\\tmp\\x.txt", content_type="text/plain")])],
       producer="Internet Explorer and legacy browsers (full client path)")

body = cd(b'form-data; name="test\\"', "1") + close()
# Judgement: the trailing \" is syntactically a quoted-pair, so it is parameter-quoted-pair (not
# parameter-backslash); the quoted-string then never closes and runs to the end of the line
# (value test"), and parameter-syntax names the opening quote of the unterminated string.
vector("quoting/n-trailing-backslash", body,
       "name=\"test\\\": the backslash escapes the closing quote, leaving the quoted-string unterminated",
       ["RFC 9110 §5.6.4", "RFC 2045 §5.1", "RFC 2183 §2"],
       [d("parameter-quoted-pair", offset_of(body, b'test\\"', plus=4, expect=b'\\"')),
        d("parameter-syntax", offset_of(body, b'"test', expect=b'"'))],
       [p('test"', "1")],
       form=[field("test\\", "1")])

# ---------------------------------------------------------------------------------------------
# Broken quoted-strings
# ---------------------------------------------------------------------------------------------

body = cd(b'form-data; name="a"b"', "1") + close()
vector("quoting/n-raw-quote-inside", body,
       "an unescaped '\"' inside the name (name=\"a\"b\"): the value is a, followed by junk",
       ["RFC 2045 §5.1", "RFC 2183 §2", "RFC 9110 §5.6.4"],
       [d("parameter-syntax", offset_of(body, b'"a"b"', plus=3, expect=b'b"'))],
       [p("a", "1")])

body = cd(b'form-data; name="f"; filename="a"b.txt"', "hello", b"text/plain") + close()
vector("quoting/n-raw-quote-in-filename", body,
       "a filename a\"b.txt sent without any escaping: the filename reads as a, then junk",
       ["RFC 2045 §5.1", "RFC 2183 §2", "RFC 7578 §4.2"],
       [d("parameter-syntax", offset_of(body, b'"a"b.txt', plus=3, expect=b"b.txt"))],
       [p("f", "hello", filename="a", content_type="text/plain")],
       producer="Alamofire 5, vapor/multipart-kit, hand-rolled URLSession code (no escaping)")

body = cd(b'form-data; name="f"; filename="payload.jpg".html', "<script>1</script>", b"image/jpeg") + close()
vector("quoting/n-junk-after-closing-quote", body,
       "bytes after the closing quote of the filename (\"payload.jpg\".html): the filename is payload.jpg",
       ["RFC 2045 §5.1", "RFC 2183 §2"],
       [d("parameter-syntax", offset_of(body, b'.jpg".html', plus=5, expect=b".html"))],
       [p("f", "<script>1</script>", filename="payload.jpg", content_type="image/jpeg")])

body = cd(b'form-data; name="abc', "1") + close()
# Judgement: parameter-syntax for an unterminated quoted-string names its opening quote.
vector("quoting/n-unterminated-quoted-value", body,
       "a quoted name with no closing quote; it runs to the end of the line",
       ["RFC 2045 §5.1", "RFC 2183 §2", "RFC 9110 §5.6.4"],
       [d("parameter-syntax", offset_of(body, b'"abc', expect=b'"'))],
       [p("abc", "1")])

body = (DELIM + b'Content-Disposition: form-data; name="f"; filename="a\r\nX-Injected: 1\r\n.txt"\r\n'
        b"Content-Type: text/plain\r\n\r\nhello\r\n" + close())
# The raw CRLF ends the Content-Disposition line: the filename is unterminated (a), X-Injected
# becomes a header field of its own, and the rest of the filename is a line without a colon.
vector("quoting/n-crlf-injection-raw-filename", body,
       "a filename a\\r\\nX-Injected: 1\\r\\n.txt sent without escaping injects a header line",
       ["RFC 7578 §4.2", "RFC 7578 §4.8", "RFC 9110 §5.5", "RFC 2045 §5.1"],
       [d("parameter-syntax", offset_of(body, b'"a\r\n', expect=b'"')),
        d("header-not-allowed", offset_of(body, b"X-Injected", expect=b"X")),
        d("header-missing-colon", offset_of(body, b'.txt"\r\n', expect=b"."))],
       [p("f", "hello", filename="a", content_type="text/plain")],
       producer="Alamofire 5, Go mime/multipart <= 1.25, form-data (npm) <= 4.0.5 (no CR/LF escaping)")

# ---------------------------------------------------------------------------------------------
# Parameter names, order and separators
# ---------------------------------------------------------------------------------------------

body = cd(b'form-data; name="u"; note="x; filename=evil.exe "; filename="safe.txt"', "hello", b"text/plain") + close()
vector("quoting/y-decoy-filename-in-quoted-value", body,
       "filename=evil.exe inside another parameter's quoted value is not a parameter; the filename is safe.txt",
       ["RFC 2045 §5.1", "RFC 2183 §2.8", "RFC 7578 §4.2"],
       [d("parameter-unknown", offset_of(body, b"note=", expect=b"n"))],
       [p("u", "hello", filename="safe.txt", content_type="text/plain")])

body = cd(b'form-data; namex="a"', "1") + close()
vector("quoting/n-name-suffix-only", body,
       "only a parameter namex: it is not name, so the part has no name",
       ["RFC 7578 §4.2", "RFC 2183 §2.8"],
       [d("name-missing", _cd_name(body)),
        d("parameter-unknown", offset_of(body, b"namex", expect=b"n"))],
       [p(None, "1")])

body = cd(b'form-data; xname="a"; name="b"', "1") + close()
vector("quoting/y-name-prefixed-decoy", body,
       "a parameter xname before name: only the exact parameter name counts",
       ["RFC 7578 §4.2", "RFC 2183 §2.8"],
       [d("parameter-unknown", offset_of(body, b"xname", expect=b"x"))],
       [p("b", "1")])

body = cd(b'form-data; name="a"; size=3', "abc") + close()
vector("quoting/y-unknown-parameter", body,
       "an extra size parameter: unknown parameters are ignored",
       ["RFC 2183 §2.8", "RFC 7578 §4.2"],
       [d("parameter-unknown", offset_of(body, b"size=", expect=b"s"))],
       [p("a", "abc")])

body = cd(b'form-data; filename="a.txt"; name="f"', "hello", b"text/plain") + close()
vector("quoting/y-filename-before-name", body,
       "filename before name: parameter order carries no meaning",
       ["RFC 2183 §2", "RFC 6838 §4.3"],
       [d("parameter-order", offset_of(body, b"filename=", expect=b"f"))],
       [p("f", "hello", filename="a.txt", content_type="text/plain")])

body = cd(b'form-data; NAME="f"; FileName="a.txt"', "hello", b"text/plain") + close()
vector("quoting/y-parameter-names-case", body,
       "parameter names NAME and FileName compare case-insensitively",
       ["RFC 2045 §5.1", "RFC 2183 §2", "RFC 9110 §5.6.6"],
       [d("parameter-name-case", 42), d("parameter-name-case", 52)], [p("f", "hello", filename="a.txt", content_type="text/plain")])

body = cd(b'form-data ;  name="f" ;filename="a.txt"', "hello", b"text/plain") + close()
vector("quoting/y-whitespace-around-semicolons", body,
       "optional whitespace before and after each ';'",
       ["RFC 9110 §5.6.6", "RFC 2045 §5.1"],
       [d("parameter-separator-whitespace", 40), d("parameter-separator-whitespace", 42), d("parameter-separator-whitespace", 52), d("parameter-separator-whitespace", 54)], [p("f", "hello", filename="a.txt", content_type="text/plain")])

EQ_ACCEPT = ("RFC 2045 §5.1 (RFC 822 lexical rules): linear white space may appear between the tokens "
             "attribute, '=' and value")
EQ_REJECT = "RFC 9110 §5.6.6: no whitespace is allowed around the '=' character of a parameter"

body = cd(b'form-data; name = "a"', "1") + close()
vector("quoting/i-space-around-equals", body,
       "spaces around '=' (name = \"a\")",
       ["RFC 9110 §5.6.6", "RFC 2045 §5.1"],
       [d("parameter-whitespace-around-equals", offset_of(body, b"name =", plus=4, expect=b" ="))],
       [p("a", "1")],
       outcomes=[accept(EQ_ACCEPT, [p("a", "1")]), reject(EQ_REJECT)])

body = cd(b'form-data; name="f"; filename\t=\t"a.txt"', "hello", b"text/plain") + close()
vector("quoting/i-tab-around-equals", body,
       "tabs around the '=' of filename; reported once for the parameter, at the first",
       ["RFC 9110 §5.6.6", "RFC 2045 §5.1"],
       [d("parameter-whitespace-around-equals", offset_of(body, b"filename\t", plus=8, expect=b"\t="))],
       [p("f", "hello", filename="a.txt", content_type="text/plain")],
       outcomes=[accept(EQ_ACCEPT, [p("f", "hello", filename="a.txt", content_type="text/plain")]),
                 reject(EQ_REJECT)])

EMPTY_ACCEPT = "RFC 9110 §5.6.6: parameters = *( OWS \";\" OWS [ parameter ] ), so a parameter may be empty"
EMPTY_REJECT = "RFC 2045 §5.1 and RFC 2183 §2: every ';' must be followed by a parameter attribute=value"

body = cd(b'form-data;; name="a"', "1") + close()
vector("quoting/i-double-semicolon", body,
       "an empty parameter between two semicolons (form-data;; name=\"a\")",
       ["RFC 9110 §5.6.6", "RFC 2045 §5.1", "RFC 2183 §2"],
       [d("parameter-empty", offset_of(body, b";;", expect=b";"))],
       [p("a", "1")],
       outcomes=[accept(EMPTY_ACCEPT, [p("a", "1")]), reject(EMPTY_REJECT)])

body = cd(b'form-data; name="a";', "1") + close()
vector("quoting/i-trailing-semicolon", body,
       "a trailing ';' after the last parameter",
       ["RFC 9110 §5.6.6", "RFC 2045 §5.1", "RFC 2183 §2"],
       [d("parameter-empty", offset_of(body, b'"a";', plus=3, expect=b";\r\n"))],
       [p("a", "1")],
       outcomes=[accept(EMPTY_ACCEPT, [p("a", "1")]), reject(EMPTY_REJECT)])

body = cd(b'form-data name="a"', "1") + close()
vector("quoting/n-missing-semicolon-after-type", body,
       "no ';' between the disposition type and name: the parameter is lost",
       ["RFC 2183 §2", "RFC 7578 §4.2"],
       [d("parameter-syntax", offset_of(body, b' name="a"', plus=1, expect=b"n")),
        d("name-missing", _cd_name(body))],
       [p(None, "1")])

body = cd(b'form-data; name="a" filename="b.txt"', "hello") + close()
vector("quoting/n-missing-semicolon-between-parameters", body,
       "no ';' between name and filename: the filename is lost and the part reads as a text field",
       ["RFC 2183 §2", "RFC 2045 §5.1"],
       [d("parameter-syntax", offset_of(body, b" filename=", plus=1, expect=b"f"))],
       [p("a", "hello")])

# ---------------------------------------------------------------------------------------------
# Names: missing, empty, duplicated
# ---------------------------------------------------------------------------------------------

body = cd(b'form-data; name=""', "1") + close()
vector("quoting/y-name-empty", body,
       "an empty name, as script-built FormData can send it",
       ["RFC 7578 §4.2"],
       [d("name-empty", offset_of(body, b'name=""', plus=5, expect=b'""'))],
       [p("", "1")], producer="WHATWG FormData with an empty entry name")

body = cd(b'form-data; filename="a.txt"', "hello", b"text/plain") + close()
vector("quoting/n-name-missing", body,
       "a file part whose Content-Disposition has filename but no name",
       ["RFC 7578 §4.2"],
       [d("name-missing", _cd_name(body))],
       [p(None, "hello", filename="a.txt", content_type="text/plain")])

body = cd(b'form-data; name="a"; name="b"', "1") + close()
vector("quoting/n-duplicate-name", body,
       "name given twice (a, then b); the first is used",
       ["RFC 6266 §4.1", "RFC 6838 §4.3", "RFC 7578 §4.2"],
       [d("parameter-duplicate", offset_of(body, b'; name="b"', plus=2, expect=b"n"))],
       [p("a", "1")])

body = cd(b'form-data; name="f"; filename="a.txt"; filename="b.php"', "<?php echo 1; ?>", b"text/plain") + close()
vector("quoting/n-duplicate-filename", body,
       "filename given twice (a.txt, then b.php); the first is used",
       ["RFC 6266 §4.1", "RFC 6838 §4.3", "RFC 7578 §4.2"],
       [d("parameter-duplicate", offset_of(body, b"filename=", 1, expect=b"f"))],
       [p("f", "<?php echo 1; ?>", filename="a.txt", content_type="text/plain")])

# ---------------------------------------------------------------------------------------------
# RFC 2231 / RFC 5987 extended parameters and RFC 2047 encoded-words
# ---------------------------------------------------------------------------------------------

# Judgement (this section): filename* is reported only as filename-star and other extended or
# continued parameters only as parameter-extended, never also as parameter-unknown; neither counts
# as a filename, so a part with only filename* is not a file part.
body = cd(b"form-data; name=\"f\"; filename*=UTF-8''a.txt", "hello") + close()
vector("quoting/n-filename-star-alone", body,
       "only filename*=UTF-8''a.txt: RFC 7578 forbids it, and a conforming receiver sees no filename",
       ["RFC 7578 §4.2", "RFC 5987 §1", "RFC 8187 §1"],
       [d("filename-star", offset_of(body, b"filename*", expect=b"f"))],
       [p("f", "hello")])

body = cd(b"form-data; name=\"f\"; filename=\"image.png\"; filename*=UTF-8''backdoor.php", "<?php echo 1; ?>",
          b"image/png") + close()
vector("quoting/n-filename-and-filename-star", body,
       "filename=\"image.png\" and filename*=UTF-8''backdoor.php; RFC 7578 receivers use image.png",
       ["RFC 7578 §4.2", "RFC 6266 §4.3", "RFC 5987 §1"],
       [d("filename-star", offset_of(body, b"filename*", expect=b"f"))],
       [p("f", "<?php echo 1; ?>", filename="image.png", content_type="image/png")])

body = cd(b"form-data; name=\"f\"; filename=\"safe.txt\"; filename*=UTF-8'bad%2", "hello", b"text/plain") + close()
vector("quoting/n-filename-star-malformed", body,
       "a malformed filename* (UTF-8'bad%2) next to filename=\"safe.txt\"; the filename stays safe.txt",
       ["RFC 7578 §4.2", "RFC 8187 §3.2.1"],
       [d("filename-star", offset_of(body, b"filename*", expect=b"f"))],
       [p("f", "hello", filename="safe.txt", content_type="text/plain")])

body = cd(b"form-data; name*=utf-8''caf%C3%A9", "1") + close()
vector("quoting/n-name-star-alone", body,
       "only name*=utf-8''caf%C3%A9: an RFC 2231 name, so the part has no name parameter",
       ["RFC 7578 §4.2", "RFC 7578 §5.1.3", "RFC 2231 §4"],
       [d("parameter-extended", offset_of(body, b"name*", expect=b"n")),
        d("name-missing", _cd_name(body))],
       [p(None, "1")], producer="reqwest (names needing encoding, including a space)")

body = cd(b"form-data; name=\"cafe\"; name*=utf-8''caf%C3%A9", "1") + close()
vector("quoting/n-name-and-name-star", body,
       "name=\"cafe\" plus name*=utf-8''caf%C3%A9; the name is cafe",
       ["RFC 7578 §4.2", "RFC 2231 §4"],
       [d("parameter-extended", offset_of(body, b"name*", expect=b"n"))],
       [p("cafe", "1")])

body = cd(b'form-data; name="f"; filename*0="a"; filename*1=".txt"', "hello") + close()
# Judgement: parameter-extended is reported for each extended parameter, at its name.
vector("quoting/n-filename-continuations", body,
       "an RFC 2231 continued filename (filename*0, filename*1) and no plain filename",
       ["RFC 7578 §4.2", "RFC 2231 §3"],
       [d("parameter-extended", offset_of(body, b"filename*0", expect=b"f")),
        d("parameter-extended", offset_of(body, b"filename*1", expect=b"f"))],
       [p("f", "hello")])

body = cd(b'form-data; name="=?UTF-8?B?w6k=?="', "1") + close()
vector("quoting/i-encoded-word-name", body,
       "an RFC 2047 encoded-word (=?UTF-8?B?w6k=?=, \u00e9) as the quoted name",
       ["RFC 2047 §5", "RFC 7578 §5.1", "RFC 7578 §5.1.3"],
       [d("parameter-encoded-word", offset_of(body, b'"=?', expect=b'"')), d("parameter-value-separator", 48)],
       [p("=?UTF-8?B?w6k=?=", "1")],
       outcomes=[accept("RFC 2047 §5: an encoded-word MUST NOT appear within a quoted-string, so the value is the "
                        "literal text", [p("=?UTF-8?B?w6k=?=", "1")]),
                 accept("RFC 7578 §5.1, §5.1.3: RFC 2388 suggested RFC 2047 encoding for non-ASCII field names and "
                        "receivers may still meet it, so a receiver may decode it",
                        [p("\u00e9", "1")])])

# ---------------------------------------------------------------------------------------------
# Percent escapes and real encoders' escaping shapes
# ---------------------------------------------------------------------------------------------

body = cd(b'form-data; name="a%22b"', "1") + close()
vector("quoting/i-pct22-in-name", body,
       "%22 in a name: the WHATWG escape for '\"', or literal text",
       ["RFC 7578 §2", "RFC 7578 §4.2"],
       [d("parameter-percent-encoded", offset_of(body, b"%22", expect=b"%"))],
       [p("a%22b", "1")],
       outcomes=[accept(PCT_LITERAL, [p("a%22b", "1")]), accept(PCT_DECODED, [p('a"b', "1")])],
       producer="WHATWG HTML form submission (a field named a\"b)",
       form=[field('a"b', "1")])

body = cd(b'form-data; name="f"; filename="a%0D%0Ab.txt"', "hello", b"text/plain") + close()
vector("quoting/i-pct0d0a-in-filename", body,
       "%0D%0A in a filename: the WHATWG escapes for CR LF, or literal text",
       ["RFC 7578 §2", "RFC 7578 §4.2"],
       [d("parameter-percent-encoded", offset_of(body, b"%0D", expect=b"%"))],
       [p("f", "hello", filename="a%0D%0Ab.txt", content_type="text/plain")],
       outcomes=[accept(PCT_LITERAL, [p("f", "hello", filename="a%0D%0Ab.txt", content_type="text/plain")]),
                 accept(PCT_DECODED, [p("f", "hello", filename="a\r\nb.txt", content_type="text/plain")])],
       producer="WHATWG HTML form submission (a file named a\\r\\nb.txt)",
       form=[field("f", "hello", filename="a\r\nb.txt", content_type="text/plain")])

body = cd(b'form-data; name="a%0a%0db"', "1") + close()
vector("quoting/i-pct-lowercase-hex", body,
       "lower-case %0a%0d in a name: browsers write upper-case hex, so this is text or a case-insensitive decode",
       ["RFC 7578 §2", "RFC 7578 §4.2", "RFC 3986 §2.1"],
       [d("parameter-percent-encoded", offset_of(body, b"%0a", expect=b"%"))],
       [p("a%0a%0db", "1")],
       outcomes=[accept(PCT_LITERAL, [p("a%0a%0db", "1")]),
                 accept("RFC 3986 §2.1 (the percent-encoding RFC 7578 §2 refers to): hexadecimal digits in a "
                        "percent-encoding are case-insensitive, so a receiver that reverses the escapes may decode "
                        "lower-case ones", [p("a\n\rb", "1")])])

body = cd(b'form-data; name="upload"; filename="say %22hi%22.txt"', "hello", b"text/plain") + close()
vector("quoting/i-whatwg-escaping", body,
       "a file named say \"hi\".txt as browsers escape it: %22 for each '\"', nothing else escaped",
       ["RFC 7578 §4.2", "RFC 7578 §2"],
       [d("parameter-percent-encoded", offset_of(body, b"%22", expect=b"%"))],
       [p("upload", "hello", filename="say %22hi%22.txt", content_type="text/plain")],
       outcomes=[accept(PCT_LITERAL, [p("upload", "hello", filename="say %22hi%22.txt", content_type="text/plain")]),
                 accept(PCT_DECODED, [p("upload", "hello", filename='say "hi".txt', content_type="text/plain")])],
       producer="WHATWG HTML form submission (browsers), undici, curl >= 7.81, urllib3 2",
       form=[field("upload", "hello", filename='say "hi".txt', content_type="text/plain")])

body = cd(b'form-data; name="upload"; filename="say \\"hi\\".txt"', "hello", b"text/plain") + close()
vector("quoting/i-curl-backslash-escaping", body,
       "a file named say \"hi\".txt as backslash-escaping encoders send it: \\\" for each '\"'",
       ["RFC 9110 §5.6.4", "RFC 5322 §3.2.4", "RFC 7578 §4.2"],
       [d("parameter-quoted-pair", offset_of(body, b'\\"hi', expect=b"\\"))],
       [p("upload", "hello", filename='say "hi".txt', content_type="text/plain")],
       outcomes=[accept(QP_RFC, [p("upload", "hello", filename='say "hi".txt', content_type="text/plain")]),
                 reject(QP_WHATWG_REJECT)],
       producer="curl <= 7.80 -F (and --form-escape), Go mime/multipart, Python email, Apache HttpClient",
       form=[field("upload", "hello", filename='say "hi".txt', content_type="text/plain")])

body = cd(b'form-data; name="upload"; filename="back\\slash \\"q\\".txt"', "hello", b"text/plain") + close()
# A file named back\slash "q".txt: old Firefox escaped '"' with a backslash but left '\' alone, so
# an RFC parser drops the lone backslash (backslash "q".txt) and no encoder's name is recovered.
vector("quoting/i-old-firefox-escaping", body,
       "old-Firefox escaping of back\\slash \"q\".txt: '\"' backslash-escaped, '\\' not doubled",
       ["RFC 9110 §5.6.4", "RFC 7578 §4.2"],
       [d("parameter-backslash", offset_of(body, b"\\slash", expect=b"\\s")),
        d("parameter-quoted-pair", offset_of(body, b'\\"q', expect=b'\\"'))],
       [p("upload", "hello", filename='backslash "q".txt', content_type="text/plain")],
       outcomes=[accept(QP_RFC, [p("upload", "hello", filename='backslash "q".txt', content_type="text/plain")]),
                 reject(QP_WHATWG_REJECT)],
       producer="Firefox before Gecko bug 1686765 (backslash-escaped '\"', raw '\\')")

# ---------------------------------------------------------------------------------------------
# The WHATWG escape of each of '"', CR and LF, in names and in filenames
# ---------------------------------------------------------------------------------------------

body = (cd(b'form-data; name="a%22b"; filename="c%22d.txt"', "1", b"text/plain")
        + cd(b'form-data; name="e%0Df"; filename="g%0Dh.txt"', "2", b"text/plain")
        + cd(b'form-data; name="i%0Aj"; filename="k%0Al.txt"', "3", b"text/plain") + close())
_literal = [p("a%22b", "1", filename="c%22d.txt", content_type="text/plain"),
            p("e%0Df", "2", filename="g%0Dh.txt", content_type="text/plain"),
            p("i%0Aj", "3", filename="k%0Al.txt", content_type="text/plain")]
vector("quoting/i-whatwg-escapes-each", body,
       "names and filenames holding '\"', a lone CR and a lone LF, each written as browsers escape it",
       ["RFC 7578 §2", "RFC 7578 §4.2"],
       [d("parameter-percent-encoded", offset_of(body, b"%22", 0, expect=b"%")),
        d("parameter-percent-encoded", offset_of(body, b"%22", 1, expect=b"%")),
        d("parameter-percent-encoded", offset_of(body, b"%0D", 0, expect=b"%")),
        d("parameter-percent-encoded", offset_of(body, b"%0D", 1, expect=b"%")),
        d("parameter-percent-encoded", offset_of(body, b"%0A", 0, expect=b"%")),
        d("parameter-percent-encoded", offset_of(body, b"%0A", 1, expect=b"%"))],
       _literal,
       outcomes=[accept(PCT_LITERAL, _literal),
                 accept(PCT_DECODED, [p('a"b', "1", filename='c"d.txt', content_type="text/plain"),
                                      p("e\rf", "2", filename="g\rh.txt", content_type="text/plain"),
                                      p("i\nj", "3", filename="k\nl.txt", content_type="text/plain")])],
       producer="WHATWG HTML form submission",
       form=[field('a"b', "1", filename='c"d.txt', content_type="text/plain"),
             field("e\rf", "2", filename="g\rh.txt", content_type="text/plain"),
             field("i\nj", "3", filename="k\nl.txt", content_type="text/plain")])

body = cd(b'form-data; name="a%0Ab"', "1") + close()
vector("quoting/i-pct0a-literal-in-name", body,
       "a field literally named a%0Ab: written as it is, so receivers cannot tell it from a name holding LF",
       ["RFC 7578 §2", "RFC 7578 §4.2"],
       [d("parameter-percent-encoded", offset_of(body, b"%0A", expect=b"%"))],
       [p("a%0Ab", "1")],
       outcomes=[accept(PCT_LITERAL, [p("a%0Ab", "1")]), accept(PCT_DECODED, [p("a\nb", "1")])],
       producer="WHATWG HTML form submission (a field named a%0Ab: the escaping's known ambiguity)",
       form=[field("a%0Ab", "1")])
