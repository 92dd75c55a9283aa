"""boundary: the boundary parameter's grammar and quoting, the outer Content-Type, delimiter lines,
and the boundary (or something like it) inside content.

Every body is browser-shaped (one field `a` = `1` unless the vector needs more, CRLF everywhere,
close delimiter with its final CRLF) except for the one thing the vector shows. Content-Type
findings count into the Content-Type value's UTF-8 bytes (`_ct`); body findings count into the body
(`offset_of`); both assert the bytes they name.
"""
from vectorgen import CT, DELIM, at, close, d, field, file_part, offset_of, p, part, vector

PREFIX = "multipart/form-data; boundary="
CLOSE = b"--AaB03x--"
CD_A = b'Content-Disposition: form-data; name="a"\r\n'

S_BOUNDARY = "RFC 2046 §5.1.1"
S_PARAM = "RFC 2045 §5.1"

ACCEPT_PADDING = ("RFC 2046 §5.1.1: composing agents MUST NOT generate transport padding, but receivers MUST "
                  "be able to handle padding added by message transports")


def _ct(ct, needle, nth=0, plus=0, expect=None):
    """Offset of needle in the Content-Type value's UTF-8 bytes; asserts `expect` when given."""
    return offset_of(ct.encode(), needle.encode() if isinstance(needle, str) else needle, nth, plus,
              expect.encode() if isinstance(expect, str) else expect)


def framed(boundary, value=b"1", name="a"):
    """One field framed with the given boundary bytes, and the close delimiter."""
    return part(name, value, boundary=boundary) + close(boundary)


ONE = [p("a", "1")]

# ---------------------------------------------------------------------------------------------
# Length and character set
# ---------------------------------------------------------------------------------------------

vector("boundary/y-length-1", framed(b"a"),
       "a one-character boundary (a): the shortest the grammar allows",
       [S_BOUNDARY],
       [], ONE, content_type=PREFIX + "a")

b70 = (b"AaB03x" * 12)[:70]
vector("boundary/y-length-70", framed(b70),
       "a 70-character boundary: the longest the grammar allows",
       [S_BOUNDARY],
       [], ONE, content_type=PREFIX + b70.decode())

b71 = (b"AaB03x" * 12)[:71]
ct = PREFIX + b71.decode()
vector("boundary/n-length-71", framed(b71),
       "a 71-character boundary, one more than the grammar allows; the body uses it consistently",
       [S_BOUNDARY],
       [d("boundary-too-long", len(PREFIX) + 70, "content-type")],
       ONE, content_type=ct, form=[field("a", "1")])

alnum = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
vector("boundary/y-bchars-alnum", framed(alnum),
       "a boundary made of every digit and letter (62 characters), unquoted",
       [S_BOUNDARY],
       [], ONE, content_type=PREFIX + alnum.decode())

punct = b"'()+_,-./:=? x"
ct = PREFIX + '"' + punct.decode() + '"'
vector("boundary/y-bchars-punctuation-quoted", framed(punct),
       "a quoted boundary holding every bchar that is not a letter or digit ('()+_,-./:=? and space)",
       [S_BOUNDARY, S_PARAM],
       [d("boundary-quoted", _ct(ct, '"', expect='"'), "content-type")],
       ONE, content_type=ct)

tok = b"a'b+c_d-e.f"
vector("boundary/y-bchars-token-unquoted", framed(tok),
       "an unquoted boundary using the bchars that are also token characters (' + _ - .)",
       [S_BOUNDARY, S_PARAM],
       [], ONE, content_type=PREFIX + tok.decode())

webkit = b"----WebKitFormBoundary7MA4YWxkTrZu0gW"
vector("boundary/y-webkit-style", framed(webkit),
       "a browser-generated boundary that itself starts with dashes (----WebKitFormBoundary...)",
       [S_BOUNDARY, "RFC 7578 §4.1"],
       [], ONE, content_type=PREFIX + webkit.decode(), producer="Chromium and Safari (WebKit) FormData")

dash1 = b"-"
vector("boundary/y-single-dash", framed(dash1),
       "the boundary '-' of RFC 2046's simplest example: delimiter lines '---' and close '-----'",
       [S_BOUNDARY],
       [], ONE, content_type=PREFIX + "-")

dash70 = b"-" * 70
vector("boundary/y-70-dashes", framed(dash70, b"--"),
       "a boundary of 70 dashes, with a value of two dashes",
       [S_BOUNDARY],
       [], [p("a", "--")], content_type=PREFIX + dash70.decode())

ends = b"abc--"
vector("boundary/y-ends-with-dashes", framed(ends),
       "boundary abc--: the delimiter line --abc-- is not a close delimiter; the close is --abc----",
       [S_BOUNDARY],
       [], ONE, content_type=PREFIX + "abc--")

# ---------------------------------------------------------------------------------------------
# Quoting
# ---------------------------------------------------------------------------------------------

ct = PREFIX + '"AaB03x"'
vector("boundary/y-quoted", framed(b"AaB03x"),
       "a boundary that needs no quotes, quoted anyway; the quotes are not part of it",
       [S_PARAM, S_BOUNDARY],
       [d("boundary-quoted", _ct(ct, '"', expect='"'), "content-type")],
       ONE, content_type=ct)

ct = PREFIX + '"Aa B03x"'
vector("boundary/y-quoted-internal-space", framed(b"Aa B03x"),
       "a quoted boundary with an internal space, which is a bchar",
       [S_BOUNDARY, S_PARAM],
       [d("boundary-quoted", _ct(ct, '"', expect='"'), "content-type")],
       ONE, content_type=ct)

ct = PREFIX + '"a.b(c)"'
vector("boundary/y-quoted-tspecials", framed(b"a.b(c)"),
       "a quoted boundary holding tspecials ( and ) (WPT's quoted boundary case)",
       [S_BOUNDARY, S_PARAM],
       [d("boundary-quoted", _ct(ct, '"', expect='"'), "content-type")],
       ONE, content_type=ct)

pyb = b"=" * 15 + b"0123456789012345678" + b"=="
ct = PREFIX + '"' + pyb.decode() + '"'
vector("boundary/y-quoted-equals", framed(pyb),
       "a quoted boundary of = signs and digits, as Python's email package generates it",
       [S_BOUNDARY, S_PARAM],
       [d("boundary-quoted", _ct(ct, '"', expect='"'), "content-type")],
       ONE, content_type=ct, producer="Python email (MIMEMultipart)")

ct = PREFIX + pyb.decode()
vector("boundary/n-unquoted-equals", framed(pyb),
       "the Python email boundary written without quotes: = cannot appear in a token",
       [S_BOUNDARY, S_PARAM],
       [d("boundary-needs-quotes", len(PREFIX), "content-type")],
       ONE, content_type=ct)

ct = PREFIX + "Aa B03x"
vector("boundary/n-unquoted-space", framed(b"Aa B03x"),
       "an unquoted boundary with a space; the boundary is read up to the end of the value",
       [S_BOUNDARY, S_PARAM],
       [d("boundary-needs-quotes", _ct(ct, "Aa B", plus=2, expect=" "), "content-type")],
       ONE, content_type=ct)

ct = PREFIX + "a:b"
vector("boundary/n-unquoted-colon", framed(b"a:b"),
       "an unquoted boundary holding the tspecial ':'",
       [S_BOUNDARY, S_PARAM],
       [d("boundary-needs-quotes", _ct(ct, "a:b", plus=1, expect=":"), "content-type")],
       ONE, content_type=ct)

ct = PREFIX + '"AaB03x "'
vector("boundary/n-trailing-space", framed(b"AaB03x "),
       "a quoted boundary ending in a space; the body's delimiter lines carry the space",
       [S_BOUNDARY],
       [d("boundary-quoted", _ct(ct, '"', expect='"'), "content-type"),
        d("boundary-trailing-space", _ct(ct, 'x "', plus=1, expect=" "), "content-type")],
       ONE, content_type=ct)

ct = PREFIX + '""'
body = b"--\r\n" + CD_A + b"\r\n1\r\n----\r\n"
# Judgement: CONFORMANCE.md says an invalid boundary is still used for framing; the empty boundary
# frames with "--" as the delimiter and "----" as the close. boundary-empty names the opening quote,
# the first byte of the boundary value as written (the value itself has no byte).
vector("boundary/n-empty-quoted", body,
       "boundary=\"\" (empty), with a body framed by bare -- lines",
       [S_BOUNDARY],
       [d("boundary-quoted", _ct(ct, '"', expect='"'), "content-type"),
        d("boundary-empty", _ct(ct, '"', expect='"'), "content-type")],
       content_type=ct)

ct = PREFIX + '"bé"'
vector("boundary/n-non-ascii", framed("bé".encode()),
       "a quoted boundary holding é (UTF-8 in the header and in the body's delimiter lines)",
       [S_BOUNDARY],
       [d("boundary-quoted", _ct(ct, '"', expect='"'), "content-type"),
        d("boundary-invalid-character", _ct(ct, "é", expect="é"), "content-type")],
       ONE, content_type=ct)

ct = PREFIX + "a#b"
vector("boundary/n-invalid-character", framed(b"a#b"),
       "an unquoted boundary holding '#': a token character, but not a bchar",
       [S_BOUNDARY],
       [d("boundary-invalid-character", _ct(ct, "#", expect="#"), "content-type")],
       ONE, content_type=ct)

ct = PREFIX + '"a\\"b"'
# Judgement: the quoted-pair \" yields the character " in the boundary; the finding names that
# character (the byte after the backslash), the first character outside bchars.
vector("boundary/n-quoted-pair", framed(b'a"b'),
       "a quoted boundary with an escaped quote (\"a\\\"b\"), so the boundary holds '\"'",
       [S_BOUNDARY, S_PARAM],
       [d("boundary-quoted", _ct(ct, '"', expect='"'), "content-type"),
        d("boundary-invalid-character", _ct(ct, '\\"', plus=1, expect='"b'), "content-type")],
       ONE, content_type=ct)

# ---------------------------------------------------------------------------------------------
# The rest of the Content-Type value
# ---------------------------------------------------------------------------------------------

vector("boundary/y-parameter-name-upper-case", framed(b"AaB03x"),
       "BOUNDARY=AaB03x: parameter names compare case-insensitively",
       [S_PARAM],
       [d("content-type-case", 21, "content-type")], ONE, content_type="multipart/form-data; BOUNDARY=AaB03x")

vector("boundary/y-media-type-mixed-case", framed(b"AaB03x"),
       "Multipart/Form-Data; Boundary=AaB03x: type, subtype and parameter names are case-insensitive",
       [S_PARAM, "RFC 7578 §4"],
       [d("content-type-case", 0, "content-type"), d("content-type-case", 21, "content-type")], ONE, content_type="Multipart/Form-Data; Boundary=AaB03x")

vector("boundary/y-no-space-after-semicolon", framed(b"AaB03x"),
       "multipart/form-data;boundary=AaB03x: no space after the semicolon",
       [S_PARAM, "RFC 9110 §5.6.6"],
       [], ONE, content_type="multipart/form-data;boundary=AaB03x")

ct = "multipart/form-data; charset=UTF-8; boundary=AaB03x"
vector("boundary/y-charset-parameter", framed(b"AaB03x"),
       "a charset parameter before the boundary: not a parameter of multipart/form-data, to be ignored",
       [S_PARAM, "RFC 7578 §8"],
       [d("content-type-parameter-unexpected", _ct(ct, "charset", expect="charset"), "content-type")],
       ONE, content_type=ct)

ct = "multipart/form-data; boundary = AaB03x"
# Judgement: one finding per parameter, at the first whitespace byte next to "=".
vector("boundary/i-whitespace-around-equals", framed(b"AaB03x"),
       "boundary = AaB03x: spaces around '=' (MIME tolerates them, HTTP's parameter grammar does not)",
       [S_PARAM, "RFC 9110 §5.6.6"],
       [d("content-type-parameter-whitespace", _ct(ct, "boundary ", plus=8, expect=" "), "content-type")],
       ONE, content_type=ct,
       outcomes=[{"outcome": "accept", "parts": ONE,
                  "because": "RFC 2045 §5.1 builds parameters from RFC 822 tokens, between which linear "
                             "whitespace is allowed"},
                 {"outcome": "reject",
                  "because": "RFC 9110 §5.6.6: parameter = parameter-name \"=\" parameter-value, with no "
                             "whitespace around \"=\", so an HTTP parser finds no boundary parameter"}])

ct = "multipart/form-data;; boundary=AaB03x"
vector("boundary/i-empty-parameter", framed(b"AaB03x"),
       "an empty parameter (;;) before the boundary",
       [S_PARAM, "RFC 9110 §5.6.6"],
       [d("content-type-parameter-whitespace", _ct(ct, ";;", expect=";"), "content-type")],
       ONE, content_type=ct,
       outcomes=[{"outcome": "accept", "parts": ONE,
                  "because": "RFC 9110 §5.6.6: parameters = *( OWS \";\" OWS [ parameter ] ), so empty "
                             "parameters are allowed"},
                 {"outcome": "reject",
                  "because": "RFC 2045 §5.1: content := type \"/\" subtype *(\";\" parameter); every \";\" "
                             "must be followed by a parameter"}])

ct = "multipart/form-data; boundary=AaB03x; boundary=XyZ"
vector("boundary/n-duplicate", framed(b"AaB03x"),
       "two boundary parameters; the body uses the first",
       ["RFC 6838 §4.3", S_PARAM],
       [d("content-type-parameter-duplicate", _ct(ct, "boundary", 1, expect="boundary"), "content-type")],
       ONE, content_type=ct)

ct = "multipart/form-data; boundary=XyZ; Boundary=AaB03x"
vector("boundary/n-duplicate-differing-case", framed(b"XyZ"),
       "boundary=XyZ then Boundary=AaB03x: the same parameter twice; the first (XyZ) frames the body",
       ["RFC 6838 §4.3", S_PARAM],
       [d("content-type-parameter-duplicate", _ct(ct, "Boundary", expect="Boundary"), "content-type")],
       [p("a", "1")], content_type=ct)

ct = "multipart/form-data; boundary*0=AaB; boundary*1=03x"
# Judgement: each boundary* parameter is reported; without a plain boundary parameter the boundary
# is missing and is inferred from the body (boundary-inferred is only for a missing Content-Type).
vector("boundary/n-rfc2231-continuations", framed(b"AaB03x"),
       "the boundary split into RFC 2231 continuations boundary*0 and boundary*1",
       ["RFC 2231 §3", S_BOUNDARY],
       [d("boundary-extended", _ct(ct, "boundary*0", expect="boundary*0"), "content-type"),
        d("boundary-extended", _ct(ct, "boundary*1", expect="boundary*1"), "content-type"),
        d("boundary-missing", len(ct), "content-type")],
       ONE, content_type=ct)

ct = "multipart/form-data; boundary*=utf-8''AaB03x"
vector("boundary/n-rfc2231-extended-value", framed(b"AaB03x"),
       "the boundary given only as an RFC 2231 extended value (boundary*=utf-8''AaB03x)",
       ["RFC 2231 §4", S_BOUNDARY],
       [d("boundary-extended", _ct(ct, "boundary*", expect="boundary*"), "content-type"),
        d("boundary-missing", len(ct), "content-type")],
       ONE, content_type=ct)

ct = "multipart/form-data"
vector("boundary/n-boundary-missing", framed(b"AaB03x"),
       "Content-Type multipart/form-data without a boundary parameter",
       ["RFC 7578 §8", S_BOUNDARY],
       [d("boundary-missing", len(ct), "content-type")],
       ONE, content_type=ct)

ct = "multipart/form-data; charset=UTF-8"
vector("boundary/n-boundary-missing-charset-only", framed(b"AaB03x"),
       "a charset parameter where the boundary parameter should be",
       ["RFC 7578 §8", S_BOUNDARY],
       [d("content-type-parameter-unexpected", _ct(ct, "charset", expect="charset"), "content-type"),
        d("boundary-missing", len(ct), "content-type")],
       ONE, content_type=ct)

ct = "multipart/mixed; boundary=AaB03x"
vector("boundary/n-multipart-mixed", framed(b"AaB03x"),
       "a form body labelled multipart/mixed; it is still framed with its boundary and checked",
       ["RFC 7578 §4", "RFC 7578 §8"],
       [d("content-type-not-form-data", 0, "content-type")],
       ONE, content_type=ct)

ct = "multipart/related; boundary=AaB03x"
vector("boundary/n-multipart-related", framed(b"AaB03x"),
       "a form body labelled multipart/related, which a firewall may let through while a parser that takes any "
       "multipart/* reads it as a form (Interop/RESULTS.md, Bypass atlas)",
       ["RFC 7578 §4", "RFC 7578 §8"],
       [d("content-type-not-form-data", 0, "content-type")],
       ONE, content_type=ct)

ct = "multipart/form-data, boundary=AaB03x"
# Judgement: the Content-Type parse stops at the syntax error, so the boundary after the comma is
# not read: boundary-missing follows, and the boundary is inferred from the body.
vector("boundary/n-comma-before-boundary", framed(b"AaB03x"),
       "a comma instead of a semicolon before the boundary parameter",
       [S_PARAM, "RFC 9110 §8.3.1"],
       [d("content-type-syntax", _ct(ct, ",", expect=","), "content-type"),
        d("boundary-missing", len(ct), "content-type")],
       ONE, content_type=ct)

ct = "multipart/form-data; boundary=AaB03x; =UTF-8"
vector("boundary/n-parameter-without-name", framed(b"AaB03x"),
       "a parameter with no name (; =UTF-8) after the boundary",
       [S_PARAM, "RFC 9110 §8.3.1"],
       [d("content-type-syntax", _ct(ct, "; =", plus=2, expect="="), "content-type")],
       ONE, content_type=ct)

# ---------------------------------------------------------------------------------------------
# Boundary inferred from the body, or not found
# ---------------------------------------------------------------------------------------------

body = framed(b"AaB03x")
vector("boundary/y-inferred", body,
       "no Content-Type supplied: the boundary is taken from the first line",
       [S_BOUNDARY],
       [d("boundary-inferred", 0)],
       ONE, content_type=None)

body = b"preamble\r\n" + framed(b"AaB03x")
vector("boundary/n-inferred-first-line-not-delimiter", body,
       "no Content-Type supplied and the first line is a preamble, so no boundary can be inferred",
       [S_BOUNDARY],
       [d("delimiter-not-found", 0)],
       content_type=None)

vector("boundary/n-case-mismatch", framed(b"AaB03x"),
       "boundary=aab03x in the Content-Type, --AaB03x in the body: boundaries are case-sensitive",
       [S_BOUNDARY, S_PARAM],
       [d("delimiter-not-found", 0)],
       content_type=PREFIX + "aab03x")

vector("boundary/n-mismatch", framed(b"XyZ123"),
       "the Content-Type names AaB03x, the body is framed with XyZ123",
       [S_BOUNDARY],
       [d("delimiter-not-found", 0)])

# ---------------------------------------------------------------------------------------------
# The delimiter line: padding and junk after the boundary
# ---------------------------------------------------------------------------------------------

body = b"--AaB03x \t\r\n" + CD_A + b"\r\n1\r\n" + close()
vector("boundary/i-padding-on-delimiter", body,
       "transport padding (space, tab) after the boundary on the first delimiter line",
       [S_BOUNDARY],
       [d("transport-padding", offset_of(body, b"x \t", plus=1, expect=b" "))],
       ONE, outcomes=[{"outcome": "accept", "because": ACCEPT_PADDING, "parts": ONE}])

body = part("a", "1") + b"--AaB03x-- \r\n"
vector("boundary/i-padding-on-close", body,
       "transport padding (a space) after the close delimiter's --",
       [S_BOUNDARY],
       [d("transport-padding", offset_of(body, b"-- \r\n", plus=2, expect=b" "))],
       ONE, outcomes=[{"outcome": "accept", "because": ACCEPT_PADDING, "parts": ONE}])

body = part("a", "1") + b"--AaB03x--\t"
vector("boundary/i-padding-on-close-at-end", body,
       "a tab after the close delimiter's -- and then the end of the body, with no CRLF",
       [S_BOUNDARY],
       [d("transport-padding", offset_of(body, b"--\t", plus=2, expect=b"\t")),
        d("close-delimiter-no-final-crlf", len(body))],
       ONE, outcomes=[{"outcome": "accept", "because": ACCEPT_PADDING, "parts": ONE}])

body = b"--AaB03x;x\r\n" + CD_A + b"\r\n1\r\n" + close()
vector("boundary/n-delimiter-junk", body,
       "a delimiter line with ';x' after the boundary (';' is not a boundary character)",
       [S_BOUNDARY],
       [d("delimiter-line-ending", offset_of(body, b";x", expect=b";"))],
       ONE)

body = part("a", "1") + b"--AaB03x junk\r\n" + b'Content-Disposition: form-data; name="b"\r\n\r\n2\r\n' + close()
vector("boundary/n-padding-then-junk", body,
       "a delimiter line with a space and then text after the boundary",
       [S_BOUNDARY],
       [d("transport-padding", offset_of(body, b"x junk", plus=1, expect=b" ")),
        d("delimiter-line-ending", offset_of(body, b"junk", expect=b"j"))],
       [p("a", "1"), p("b", "2")])

# ---------------------------------------------------------------------------------------------
# The boundary inside content
# ---------------------------------------------------------------------------------------------

value = b"see --AaB03x and AaB03x-- and --AaB03x-- here"
vector("boundary/y-boundary-text-mid-line", part("a", value) + close(),
       "the boundary and close-delimiter text in the middle of a value line: not delimiters",
       [S_BOUNDARY, "RFC 2046 §5.1"],
       [d("boundary-in-content", at(part("a", value), b"see --", plus=4))], [p("a", value)])

value = b"my AaB03x here"
vector("boundary/y-boundary-text-without-dashes", part("a", value) + close(),
       "the boundary text without dashes inside a value",
       [S_BOUNDARY],
       [], [p("a", value)])

# The boundary inside a part's header lines: no delimiter line, since it does not start the line,
# but Django and Sanic split the body there and lose the part, and ModSecurity rejects the body
# (boundary-in-header). Reported once a part, at the first occurrence.
body = file_part("f", "report--AaB03x.txt", "text/plain", "hi") + close()
vector("boundary/y-boundary-text-in-filename", body,
       "a filename that holds the boundary with its dashes: legal, but some parsers cut the part there",
       [S_BOUNDARY, "RFC 7578 §4.1"],
       [d("boundary-in-header", offset_of(body, b"--AaB03x.txt", expect=b"--"))],
       [p("f", "hi", filename="report--AaB03x.txt", content_type="text/plain")])

body = file_part("f", "f.bin", "ap--AaB03xplication/octet-stream", b"\x00\x01") + close()
vector("boundary/y-boundary-text-in-content-type", body,
       "the boundary with its dashes inside a part's Content-Type value",
       [S_BOUNDARY, "RFC 7578 §4.1"],
       [d("boundary-in-header", offset_of(body, b"--AaB03xpl", expect=b"--"))],
       [p("f", b"\x00\x01", filename="f.bin", content_type="ap--AaB03xplication/octet-stream")])

body = part("a--AaB03x", "1", extra_headers=b'Content-Type: text/plain; note="--AaB03x--"\r\n') + part("b", "2") + close()
vector("boundary/y-boundary-text-in-two-header-lines", body,
       "the boundary in a field name and in a second header line of the same part: one finding, at the first",
       [S_BOUNDARY, "RFC 7578 §4.1"],
       [d("boundary-in-header", offset_of(body, b"a--AaB03x", plus=1, expect=b"--")),
        d("field-content-type-present", offset_of(body, b"Content-Type: text/plain", expect=b"C"))],
       [p("a--AaB03x", "1", content_type='text/plain; note="--AaB03x--"'), p("b", "2")])

body = part("a", b"first\r\n--AaB03x\r\n\r\nsecond") + close()
vector("boundary/n-delimiter-line-in-value", body,
       "a value containing CRLF --AaB03x CRLF CRLF: it ends the part, and a part without headers follows",
       ["RFC 7578 §4.1", "RFC 2046 §5.1"],
       [d("content-disposition-missing", offset_of(body, DELIM, 1, plus=len(DELIM), expect=b"\r\nsecond"))],
       [p("a", "first"), p(None, "second")])

value = b"a\r\n--AaB03xZ\r\nb"
body = part("a", value) + close()
vector("boundary/n-prefix-line-in-value", body,
       "a value line starting with the delimiter followed by more boundary characters (--AaB03xZ)",
       ["RFC 2046 §5.1", "RFC 7578 §4.1"],
       [d("boundary-prefix-line", offset_of(body, b"--AaB03xZ", expect=b"--"))],
       [p("a", value)])

value = b"a\r\n--AaB03x-Z\r\nb"
body = part("a", value) + close()
vector("boundary/n-prefix-line-single-dash", body,
       "a value line --AaB03x-Z: one dash and a boundary character after the boundary, so content",
       ["RFC 2046 §5.1", S_BOUNDARY],
       [d("boundary-prefix-line", offset_of(body, b"--AaB03x-Z", expect=b"--"))],
       [p("a", value)])

value = b"--AaB03xZ\r\nb"
body = part("a", value) + close()
vector("boundary/n-prefix-line-at-value-start", body,
       "the value's first line starts with --AaB03xZ, right after the blank line that ends the headers",
       ["RFC 2046 §5.1", "RFC 7578 §4.1"],
       [d("boundary-prefix-line", offset_of(body, b"--AaB03xZ", expect=b"--"))],
       [p("a", value)])

body = part("a", b"a\r\n--AaB03x--Z\r\nb") + close()
close_line_end = offset_of(body, b"--AaB03x--Z\r\n", plus=len(b"--AaB03x--Z\r\n"), expect=b"b\r\n")
vector("boundary/n-close-prefix-in-value", body,
       "a value line --AaB03x--Z is a close delimiter with junk: the rest of the value and the real close fall in the epilogue",
       [S_BOUNDARY, "RFC 2046 §5.1"],
       [d("close-delimiter-junk", offset_of(body, b"--Z", plus=2, expect=b"Z")),
        d("epilogue-present", close_line_end),
        d("epilogue-contains-delimiter", offset_of(body, CLOSE + b"\r\n", expect=b"--AaB03x--\r\n"))],
       [p("a", "a")])

# A nested multipart body whose boundary begins with the outer one: every inner delimiter line is
# also an outer prefix line. The nested parts are written so that they are valid form-data parts
# too, and the nested close has its own CRLF, so the nested body adds no findings of its own.
# Judgement: a multipart part is reported as nested-multipart only (no field-content-type-present
# or filename-missing for the same Content-Type).
inner = (b"--AaB03xZZ\r\n"
         b'Content-Disposition: form-data; name="files"; filename="a.txt"\r\n'
         b"Content-Type: text/plain\r\n\r\n"
         b"A\r\n"
         b"--AaB03xZZ--\r\n")
body = (DELIM + b'Content-Disposition: form-data; name="files"\r\n'
        + b"Content-Type: multipart/mixed; boundary=AaB03xZZ\r\n\r\n" + inner + b"\r\n" + close())
vector("boundary/n-nested-boundary-prefix", body,
       "a nested multipart/mixed part whose boundary AaB03xZZ begins with the outer boundary AaB03x",
       ["RFC 2046 §5.1", "RFC 7578 §4.3"],
       [d("nested-multipart", offset_of(body, b"multipart/mixed", expect=b"m")),
        d("nested-boundary-prefix", offset_of(body, b"=AaB03xZZ", plus=1, expect=b"AaB03xZZ")),
        d("boundary-prefix-line", offset_of(body, b"--AaB03xZZ\r\n", expect=b"--")),
        d("boundary-prefix-line", offset_of(body, b"--AaB03xZZ--", expect=b"--"))],
       [p("files", inner, content_type="multipart/mixed; boundary=AaB03xZZ")])
