"""headers: part header syntax, field names, byte classes, line ends, Content-Disposition presence and type.

Every body is browser-shaped (boundary AaB03x, CRLF everywhere, close delimiter with its final CRLF)
except for the one thing the vector shows. Offsets are computed from the bytes with `at(...)` and
checked against the byte they must name (`offset_of`).
"""
from vectorgen import DELIM, close, d, field, offset_of, p, part, section_start, vector


def raw(headers, value):
    """A part with the given raw header bytes (each line with its own line end) and a CRLF blank line."""
    if isinstance(value, str):
        value = value.encode()
    return DELIM + headers + b"\r\n" + value + b"\r\n"


CD_A = b'Content-Disposition: form-data; name="a"\r\n'
CD_F = b'Content-Disposition: form-data; name="f"; filename="a.txt"\r\n'
CT_TXT = b"Content-Type: text/plain\r\n"

ACCEPT_7578_48 = ("RFC 7578 §4.8: header fields other than Content-Type, Content-Disposition and "
                  "Content-Transfer-Encoding MUST NOT be included and MUST be ignored by the receiver")

# ---------------------------------------------------------------------------------------------
# Field-name case and order
# ---------------------------------------------------------------------------------------------

body = (raw(b'content-disposition: form-data; name="a"\r\n', "1")
        + raw(b'content-disposition: form-data; name="f"; filename="a.txt"\r\ncontent-type: text/plain\r\n', "hello")
        + close())
vector("headers/y-lowercase-names", body,
       "lower-case content-disposition and content-type field names are the same fields",
       ["RFC 5322 §1.2.2", "RFC 2045 §5.1", "RFC 7578 §4.2"],
       [], [p("a", "1"), p("f", "hello", filename="a.txt", content_type="text/plain")])

body = (raw(b'CONTENT-DISPOSITION: form-data; name="a"\r\n', "1")
        + raw(b'CONTENT-DISPOSITION: form-data; name="f"; filename="a.txt"\r\nCONTENT-TYPE: text/plain\r\n', "hello")
        + close())
vector("headers/y-uppercase-names", body,
       "upper-case CONTENT-DISPOSITION and CONTENT-TYPE field names are the same fields",
       ["RFC 5322 §1.2.2", "RFC 2045 §5.1", "RFC 7578 §4.2"],
       [d("header-name-case", 10), d("header-name-case", 67), d("header-name-case", 127)], [p("a", "1"), p("f", "hello", filename="a.txt", content_type="text/plain")])

body = raw(b'CoNtEnT-DiSpOsItIoN: form-data; name="f"; filename="a.html"\r\ncOnTeNt-TyPe: text/html\r\n',
           "<b>x</b>") + close()
vector("headers/y-mixed-case-names", body,
       "mixed-case field names (CoNtEnT-DiSpOsItIoN, cOnTeNt-TyPe) compare case-insensitively",
       ["RFC 5322 §1.2.2", "RFC 2045 §5.1", "RFC 7578 §4.2"],
       [d("header-name-case", 10), d("header-name-case", 71)], [p("f", "<b>x</b>", filename="a.html", content_type="text/html")])

body = raw(CT_TXT + CD_F, "hello") + close()
vector("headers/y-content-type-before-disposition", body,
       "a file part whose Content-Type comes before its Content-Disposition; header order carries no meaning",
       ["RFC 5322 §3.6", "RFC 7578 §4.2", "RFC 7578 §4.4"],
       [], [p("f", "hello", filename="a.txt", content_type="text/plain")])

body = raw(b'Content-Disposition:form-data; name="a"\r\n', "1") + close()
vector("headers/y-no-space-after-colon", body,
       "no space between the colon and the value: the space is optional",
       ["RFC 5322 §2.2", "RFC 5322 §3.6.8"],
       [d("header-value-whitespace", 30)], [p("a", "1")])

body = raw(b'Content-Disposition: \t form-data; name="a" \t\r\n', "1") + close()
vector("headers/y-whitespace-around-value", body,
       "spaces and a tab after the colon and at the end of the Content-Disposition line are not part of the value",
       ["RFC 5322 §2.2", "RFC 9110 §5.5", "RFC 2045 §5.1"],
       [d("header-value-whitespace", 31)], [p("a", "1")])

# ---------------------------------------------------------------------------------------------
# Content-Disposition: presence, type, duplicates
# ---------------------------------------------------------------------------------------------

body = part("a", "1") + DELIM + b"\r\n" + b"2\r\n" + close()
vector("headers/n-cd-missing-no-headers", body,
       "a second part with no header fields at all, so no Content-Disposition",
       ["RFC 7578 §4.2", "RFC 2046 §5.1.1"],
       [d("content-disposition-missing", section_start(body, 1))],
       [p("a", "1"), p(None, "2")])

body = raw(CT_TXT, "1") + close()
# Judgement: a part without Content-Disposition has no filename, so it is not a file part and its
# Content-Type is reported as field-content-type-present (the note's location, the Content-Type
# field name, exists); only disposition-derived checks (name-missing, filename-missing) are skipped.
vector("headers/n-cd-missing-content-type-only", body,
       "a part whose only header is Content-Type: text/plain (no Content-Disposition)",
       ["RFC 7578 §4.2", "RFC 7578 §4.4"],
       [d("content-disposition-missing", section_start(body)),
        d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"Content-Type"))],
       [p(None, "1", content_type="text/plain")])

body = raw(b'Content-Disposition: attachment; name="a"\r\n', "1") + close()
vector("headers/n-cd-attachment", body,
       "disposition type attachment instead of form-data",
       ["RFC 7578 §4.2", "RFC 2183 §2.2"],
       [d("content-disposition-not-form-data", offset_of(body, b"attachment", expect=b"a"))],
       [p("a", "1")])

body = raw(b'Content-Disposition: inline; name="a"\r\n', "1") + close()
vector("headers/n-cd-inline", body,
       "disposition type inline instead of form-data",
       ["RFC 7578 §4.2", "RFC 2183 §2.1"],
       [d("content-disposition-not-form-data", offset_of(body, b"inline", expect=b"i"))],
       [p("a", "1")])

body = raw(b'Content-Disposition: "form-data"; name="a"\r\n', "1") + close()
vector("headers/n-cd-type-quoted", body,
       "disposition type written as a quoted-string \"form-data\"",
       ["RFC 2183 §2", "RFC 7578 §4.2"],
       [d("content-disposition-type-quoted", offset_of(body, b'"form-data"', expect=b'"'))],
       [p("a", "1")])

body = raw(b'Content-Disposition: Form-Data; name="a"\r\n', "1") + close()
vector("headers/y-cd-type-mixed-case", body,
       "disposition type Form-Data: case-insensitive, so the same type, but not the lower-case form browsers send",
       ["RFC 2183 §2", "RFC 2045 §5.1"],
       [d("content-disposition-type-case", offset_of(body, b"Form-Data", expect=b"F"))],
       [p("a", "1")])

body = raw(b'Content-Disposition: FORM-DATA; name="a"\r\n', "1") + close()
vector("headers/y-cd-type-upper-case", body,
       "disposition type FORM-DATA in upper case",
       ["RFC 2183 §2", "RFC 2045 §5.1"],
       [d("content-disposition-type-case", offset_of(body, b"FORM-DATA", expect=b"F"))],
       [p("a", "1")])

body = raw(b'Content-Disposition: form-data; name="f"; filename="safe.txt"\r\n'
           b'Content-Disposition: form-data; name="f"; filename="evil.php"\r\n' + CT_TXT,
           "<?php echo 1; ?>") + close()
vector("headers/n-cd-duplicate", body,
       "two Content-Disposition fields, filename safe.txt then evil.php; the first is used",
       ["RFC 7578 §4.2", "RFC 6266 §4.1"],
       [d("content-disposition-duplicate", offset_of(body, b"Content-Disposition", 1, expect=b"Content-Disposition"))],
       [p("f", "<?php echo 1; ?>", filename="safe.txt", content_type="text/plain")])

body = raw(b'Content-Disposition: form-data; name="x"\r\n'
           b'Content-Disposition: form-data; name="y"\r\n', "1") + close()
vector("headers/n-cd-duplicate-names", body,
       "two Content-Disposition fields naming the field x then y, no filename; the first is used, and receivers "
       "that keep the last read another field (Interop/RESULTS.md, Bypass atlas)",
       ["RFC 7578 §4.2", "RFC 6266 §4.1"],
       [d("content-disposition-duplicate", offset_of(body, b"Content-Disposition", 1, expect=b"Content-Disposition"))],
       [p("x", "1")])

body = raw(b'Content-Disposition: form-data; name="q"; filename="q.txt"\r\n'
           b'Content-Disposition: form-data; name="q"\r\n', "1") + close()
vector("headers/n-cd-duplicate-file-then-field", body,
       "two Content-Disposition fields, the first with a filename and the second without; the first is used, so "
       "the part is a file to some receivers and a text field to others (Interop/RESULTS.md, Bypass atlas)",
       ["RFC 7578 §4.2", "RFC 6266 §4.1"],
       [d("content-disposition-duplicate", offset_of(body, b"Content-Disposition", 1, expect=b"Content-Disposition")),
        d("file-content-type-missing", offset_of(body, b'filename="q.txt"', expect=b"filename"))],
       [p("q", "1", filename="q.txt")])

body = raw(CD_F + b"Content-Type: text/plain\r\nContent-Type: application/x-php\r\n", "<?php echo 1; ?>") + close()
vector("headers/n-content-type-duplicate", body,
       "a file part with two Content-Type fields, text/plain then application/x-php; the first is used",
       ["RFC 7578 §4.4", "RFC 2045 §5"],
       [d("header-duplicate", offset_of(body, b"Content-Type", 1, expect=b"Content-Type"))],
       [p("f", "<?php echo 1; ?>", filename="a.txt", content_type="text/plain")])

body = raw(CD_F + CT_TXT + b"Content-Transfer-Encoding: binary\r\nContent-Transfer-Encoding: base64\r\n",
           "aGVsbG8=") + close()
# Judgement: the first of duplicated fields is the one used, so content-transfer-encoding-present
# is reported once, at the first field; the second gets only header-duplicate.
vector("headers/n-cte-duplicate", body,
       "two Content-Transfer-Encoding fields, binary then base64; the first is used and the content is not decoded",
       ["RFC 7578 §4.7", "RFC 2045 §6"],
       [d("content-transfer-encoding-present", offset_of(body, b"Content-Transfer-Encoding", 0, expect=b"C")),
        d("header-duplicate", offset_of(body, b"Content-Transfer-Encoding", 1, expect=b"C"))],
       [p("f", "aGVsbG8=", filename="a.txt", content_type="text/plain")])

# ---------------------------------------------------------------------------------------------
# Header fields RFC 7578 §4.8 does not allow
# ---------------------------------------------------------------------------------------------

body = raw(CD_A + b"X-Custom: y\r\n", "1") + close()
vector("headers/n-unknown-x-header", body,
       "an X-Custom header field in a part",
       ["RFC 7578 §4.8"],
       [d("header-not-allowed", offset_of(body, b"X-Custom", expect=b"X"))],
       [p("a", "1")])

body = raw(CD_A + b"Content-Length: 1\r\n", "hello") + close()
vector("headers/n-part-content-length", body,
       "a part Content-Length of 1 on a 5-byte value; it must be ignored, the value is all 5 bytes",
       ["RFC 7578 §4.8", "RFC 2046 §5.1.1"],
       [d("header-not-allowed", offset_of(body, b"Content-Length", expect=b"C"))],
       [p("a", "hello")])

body = raw(CD_A + b"Content-ID: <part1@example.com>\r\n", "1") + close()
vector("headers/n-content-id", body,
       "a Content-ID header field in a part (a MIME Content-* field, still not allowed in form-data)",
       ["RFC 7578 §4.8", "RFC 2045 §7"],
       [d("header-not-allowed", offset_of(body, b"Content-ID", expect=b"C"))],
       [p("a", "1")])

body = raw(b"MIME-Version: 1.0\r\n" + CD_A, "1") + close()
vector("headers/n-mime-version", body,
       "a MIME-Version field inside a part, as mail-oriented generators write it",
       ["RFC 7578 §4.8", "RFC 2045 §4"],
       [d("header-not-allowed", offset_of(body, b"MIME-Version", expect=b"M"))],
       [p("a", "1")], producer="Python email package (MIMEMultipart)")

# ---------------------------------------------------------------------------------------------
# Folding and whitespace
# ---------------------------------------------------------------------------------------------

body = raw(b'Content-Disposition: form-data;\r\n name="a"\r\n', "1") + close()
vector("headers/i-folded-cd", body,
       "Content-Disposition folded onto a continuation line before name",
       ["RFC 5322 §2.2.3", "RFC 9112 §5.2", "RFC 7578 §4.2"],
       [d("header-folded", offset_of(body, b'\r\n name=', plus=2, expect=b" "))],
       [p("a", "1")],
       outcomes=[
           {"outcome": "accept",
            "because": "RFC 5322 §2.2.3: unfolding is accomplished by removing any CRLF that is immediately "
                       "followed by WSP; part headers use MIME (RFC 2046 §5.1) syntax",
            "parts": [p("a", "1")]},
           {"outcome": "reject",
            "because": "RFC 9112 §5.2: obs-fold is obsolete and a server receiving it in a request may reject the "
                       "message; the WHATWG Fetch multipart/form-data parser fails on a continuation line"},
       ])

body = raw(CD_A + b" \r\n", "1") + close()
vector("headers/i-whitespace-only-continuation", body,
       "a continuation line that holds only a space after Content-Disposition",
       ["RFC 5322 §2.2.3", "RFC 5322 §4.2", "RFC 9112 §5.2"],
       [d("header-folded", offset_of(body, b'"a"\r\n \r\n', plus=5, expect=b" \r\n"))],
       [p("a", "1")],
       outcomes=[
           {"outcome": "accept",
            "because": "RFC 5322 §4.2: obsolete folding white space (obs-FWS, which allows a line of only WSP) "
                       "must be accepted by parsers even though it must not be generated",
            "parts": [p("a", "1")]},
           {"outcome": "reject",
            "because": "RFC 9112 §5.2: obs-fold is obsolete and a server receiving it in a request may reject the "
                       "message; the WHATWG Fetch multipart/form-data parser fails on a continuation line"},
       ])

body = raw(b'Content-Disposition \t: form-data; name="a"\r\n', "1") + close()
# Judgement: the whitespace before the colon is trimmed from the name, so the field still is
# Content-Disposition (the lenient reading WPT uses); no header-name-invalid, no header-not-allowed.
vector("headers/n-whitespace-before-colon", body,
       "a space and a tab between the Content-Disposition field name and its colon",
       ["RFC 5322 §3.6.8", "RFC 5322 §4.5", "RFC 9112 §5.1"],
       [d("header-whitespace-before-colon", offset_of(body, b"Disposition \t:", plus=11, expect=b" \t:"))],
       [p("a", "1")])

body = raw(b' Content-Disposition: form-data; name="a"\r\n', "1") + close()
# Judgement: the leading whitespace is skipped before the field name is read, so the line is the
# part's Content-Disposition and nothing else is reported.
vector("headers/n-leading-space-first-line", body,
       "the first header line of the part starts with a space",
       ["RFC 5322 §2.2", "RFC 5322 §2.2.3"],
       [d("header-leading-whitespace", section_start(body))],
       [p("a", "1")])

body = raw(b'\tContent-Disposition: form-data; name="a"\r\n', "1") + close()
vector("headers/n-leading-tab-first-line", body,
       "the first header line of the part starts with a horizontal tab",
       ["RFC 5322 §2.2", "RFC 5322 §2.2.3"],
       [d("header-leading-whitespace", section_start(body))],
       [p("a", "1")])

# ---------------------------------------------------------------------------------------------
# Field-name syntax
# ---------------------------------------------------------------------------------------------

body = raw(CD_A + b"Cont ent-Type: text/plain\r\n", "1") + close()
# Judgement: a line with a colon is a field even when its name is invalid; a name that is not one
# of the three allowed names also gets header-not-allowed (as the brief says for a CR in a name).
vector("headers/n-space-in-name", body,
       "a space inside a field name, Cont ent-Type",
       ["RFC 5322 §2.2", "RFC 9110 §5.1", "RFC 7578 §4.8"],
       [d("header-name-invalid", offset_of(body, b"Cont ent", plus=4, expect=b" ent")),
        d("header-not-allowed", offset_of(body, b"Cont ent", expect=b"C"))],
       [p("a", "1")])

body = raw(b': form-data; name="a"\r\n', "1") + close()
# Judgement: an empty name is reported at the colon (the rule's location), and as a name that is
# not Content-Disposition it is header-not-allowed too; the part then has no Content-Disposition.
vector("headers/n-empty-name", body,
       "a header line that starts with the colon: the field name is empty",
       ["RFC 5322 §2.2", "RFC 9110 §5.1", "RFC 7578 §4.2"],
       [d("header-name-invalid", section_start(body)),
        d("header-not-allowed", section_start(body)),
        d("content-disposition-missing", section_start(body))],
       [p(None, "1")])

body = raw(CD_A + b"just some text\r\n", "1") + close()
vector("headers/n-line-without-colon", body,
       "a header line without a colon after Content-Disposition",
       ["RFC 5322 §2.2", "RFC 2045 §3"],
       [d("header-missing-colon", offset_of(body, b"just some text", expect=b"j"))],
       [p("a", "1")])

body = raw(b'Content-Disposition form-data; name="a"\r\n', "1") + close()
vector("headers/n-cd-without-colon", body,
       "Content-Disposition written without its colon, so the part has no Content-Disposition field",
       ["RFC 5322 §2.2", "RFC 7578 §4.2"],
       [d("header-missing-colon", section_start(body)),
        d("content-disposition-missing", section_start(body))],
       [p(None, "1")])

body = raw(b'Content-\rDisposition: form-data; name="a"\r\n', "1") + close()
# Judgement: the CR is a bare CR (byte-class rule) and also a byte a field name cannot hold, so
# header-name-invalid fires at the same byte; the name no longer matches Content-Disposition.
vector("headers/n-cr-in-name", body,
       "a bare CR inside the Content-Disposition field name (Content-\\rDisposition)",
       ["RFC 5322 §2.2", "RFC 9110 §5.5", "RFC 7578 §4.2"],
       [d("header-bare-cr", offset_of(body, b"Content-\r", plus=8, expect=b"\r")),
        d("header-name-invalid", offset_of(body, b"Content-\r", plus=8, expect=b"\r")),
        d("header-not-allowed", section_start(body)),
        d("content-disposition-missing", section_start(body))],
       [p(None, "1")])

# ---------------------------------------------------------------------------------------------
# Byte classes in header values
# ---------------------------------------------------------------------------------------------

body = raw(b'Content-Disposition: form-data; name="a\rb"\r\n', "1") + close()
vector("headers/n-bare-cr-in-value", body,
       "a bare CR inside the quoted name",
       ["RFC 9110 §5.5", "RFC 5322 §2.2"],
       [d("header-bare-cr", offset_of(body, b"a\rb", plus=1, expect=b"\r"))],
       [p("a\rb", "1")])

body = raw(b'Content-Disposition: form-data; name="a\x00b"\r\n', "1") + close()
vector("headers/n-nul-in-value", body,
       "a NUL byte inside the quoted name",
       ["RFC 9110 §5.5", "RFC 5322 §2.2"],
       [d("header-nul", offset_of(body, b"\x00", expect=b"\x00"))],
       [p("a\x00b", "1")],
       form=[field("a\x00b", "1")])

body = raw(CD_A + b"X-A: a\x00b\r\n", "1") + close()
vector("headers/n-nul-in-unknown-header", body,
       "a NUL byte in the value of an unknown X-A header field",
       ["RFC 9110 §5.5", "RFC 7578 §4.8"],
       [d("header-nul", offset_of(body, b"\x00", expect=b"\x00")),
        d("header-not-allowed", offset_of(body, b"X-A", expect=b"X"))],
       [p("a", "1")])

CTL_REJECT = ("RFC 9110 §5.5: field values containing CTL characters other than HTAB are invalid; "
              "RFC 9110 §5.6.4 qdtext does not include them")
CTL_ACCEPT = ("RFC 9110 §5.5: recipients MAY retain such characters for the sake of robustness when they appear "
              "within a safe context; RFC 5322 §4.1 obs-qtext allows them in quoted strings")

body = raw(b'Content-Disposition: form-data; name="a\x01b"\r\n', "1") + close()
vector("headers/i-control-char-in-name", body,
       "a 0x01 control character inside the quoted name",
       ["RFC 9110 §5.5", "RFC 9110 §5.6.4", "RFC 5322 §3.2.4"],
       [d("header-control-character", offset_of(body, b"\x01", expect=b"\x01"))],
       [p("a\x01b", "1")],
       outcomes=[{"outcome": "accept", "because": CTL_ACCEPT, "parts": [p("a\x01b", "1")]},
                 {"outcome": "reject", "because": CTL_REJECT}])

body = raw(b'Content-Disposition: form-data; name="f"; filename="a\x7fb.txt"\r\n' + CT_TXT, "hello") + close()
vector("headers/i-del-in-filename", body,
       "a DEL (0x7F) byte inside the quoted filename",
       ["RFC 9110 §5.5", "RFC 9110 §5.6.4", "RFC 5322 §3.2.4"],
       [d("header-control-character", offset_of(body, b"\x7f", expect=b"\x7f"))],
       [p("f", "hello", filename="a\x7fb.txt", content_type="text/plain")],
       outcomes=[{"outcome": "accept", "because": CTL_ACCEPT,
                  "parts": [p("f", "hello", filename="a\x7fb.txt", content_type="text/plain")]},
                 {"outcome": "reject", "because": CTL_REJECT}])

body = raw(b'Content-Disposition: form-data; name="a\x01\x02b"; filename="c\x03.txt"\r\n' + CT_TXT, "hello") + close()
vector("headers/i-control-chars-once-per-line", body,
       "three control characters on one header line are reported once, at the first",
       ["RFC 9110 §5.5", "RFC 5322 §3.2.4"],
       [d("header-control-character", offset_of(body, b"\x01", expect=b"\x01"))],
       [p("a\x01\x02b", "hello", filename="c\x03.txt", content_type="text/plain")],
       outcomes=[{"outcome": "accept", "because": CTL_ACCEPT,
                  "parts": [p("a\x01\x02b", "hello", filename="c\x03.txt", content_type="text/plain")]},
                 {"outcome": "reject", "because": CTL_REJECT}])

# ---------------------------------------------------------------------------------------------
# Line length
# ---------------------------------------------------------------------------------------------

_PREFIX = b'Content-Disposition: form-data; name="f"; filename="'
_SUFFIX = b'.txt"'


def _long_cd(length):
    line = _PREFIX + b"a" * (length - len(_PREFIX) - len(_SUFFIX)) + _SUFFIX
    assert len(line) == length
    return line


# Judgement: a line's length is counted without its CRLF, as RFC 5322 §2.1.1 counts it.
line = _long_cd(998)
body = raw(line + b"\r\n" + CT_TXT, "hello") + close()
vector("headers/y-line-998", body,
       "a Content-Disposition line of exactly 998 bytes before its CRLF (the RFC 5322 maximum)",
       ["RFC 5322 §2.1.1"],
       [], [p("f", "hello", filename=line[len(_PREFIX):-1].decode(), content_type="text/plain")])

line = _long_cd(999)
body = raw(line + b"\r\n" + CT_TXT, "hello") + close()
vector("headers/y-line-999", body,
       "a Content-Disposition line of 999 bytes before its CRLF, one over the RFC 5322 limit",
       ["RFC 5322 §2.1.1"],
       [d("header-line-too-long", section_start(body))],
       [p("f", "hello", filename=line[len(_PREFIX):-1].decode(), content_type="text/plain")])

# Lines past the validator's default line limit (8,192 bytes), in the header shapes browsers write:
# each is reported (limit-header-line-length, which stands for header-line-too-long on the same
# line) and still read for what it says, so the part keeps its name, filename and type. (A line past
# the section's byte limit, read up to it, is in the limits area: limits/i-filename-past-header-bytes.)
line = _long_cd(8261)
body = raw(line + b"\r\n" + CT_TXT, "hello") + close()
vector("headers/y-filename-line-8261", body,
       "a file part whose Content-Disposition line is 8,261 bytes (a long filename): over the default line limit, still read",
       ["RFC 7578 §4.2", "RFC 7578 §7"],
       [d("limit-header-line-length", section_start(body))],
       [p("f", "hello", filename=line[len(_PREFIX):-1].decode(), content_type="text/plain")])

long_name = "é" * 4200 + ".txt"
line = b'Content-Disposition: form-data; name="f"; filename="' + long_name.encode() + b'"'
body = raw(line + b"\r\n" + b"Content-Type: application/octet-stream\r\n", b"\x00\x01") + close()
vector("headers/y-filename-line-utf8-past-limit", body,
       "a file part whose UTF-8 filename makes its Content-Disposition line 8,457 bytes: over the line limit, still read",
       ["RFC 7578 §4.2", "RFC 7578 §5.1.3", "RFC 7578 §7"],
       [d("limit-header-line-length", section_start(body))],
       [p("f", b"\x00\x01", filename=long_name, content_type="application/octet-stream")])

long_name = "report" * 1370 + '"final".txt'
escaped = long_name.replace('"', "%22").encode()
line = b'Content-Disposition: form-data; name="f"; filename="' + escaped + b'"'
body = raw(line + b"\r\n" + CT_TXT, "hello") + close()
vector("headers/y-filename-line-escaped-past-limit", body,
       "a file part whose filename, with quotes escaped as %22 as browsers escape them, makes an 8,288-byte line",
       ["RFC 7578 §4.2", "RFC 7578 §7"],
       [d("limit-header-line-length", section_start(body)),
        d("parameter-percent-encoded", offset_of(body, b"%22", expect=b"%"))],
       [p("f", "hello", filename=escaped.decode(), content_type="text/plain")])

long_name = "n" * 8300
line = b'Content-Disposition: form-data; name="' + long_name.encode() + b'"'
body = raw(line + b"\r\n", "1") + close()
vector("headers/y-name-line-past-limit", body,
       "a text field whose name makes its Content-Disposition line 8,339 bytes: over the line limit, still read",
       ["RFC 7578 §4.2", "RFC 7578 §7"],
       [d("limit-header-line-length", section_start(body))],
       [p(long_name, "1")])

# ---------------------------------------------------------------------------------------------
# Line ends
# ---------------------------------------------------------------------------------------------

body = DELIM + b'Content-Disposition: form-data; name="a"\n\r\n1\r\n' + close()
vector("headers/n-bare-lf-ends-header-line", body,
       "the Content-Disposition line ends with a bare LF; the blank line is CRLF",
       ["RFC 5322 §2.2", "RFC 2046 §5.1.1"],
       [d("header-bare-lf", offset_of(body, b'"a"\n', plus=3, expect=b"\n"))],
       [p("a", "1")])

body = DELIM + b'Content-Disposition: form-data; name="a"\r\n\n1\r\n' + close()
vector("headers/n-bare-lf-blank-line", body,
       "the empty line that ends the headers is a bare LF",
       ["RFC 5322 §2.1", "RFC 2046 §5.1.1"],
       [d("header-bare-lf", offset_of(body, b'"a"\r\n\n', plus=5, expect=b"\n"))],
       [p("a", "1")])

body = DELIM + b'Content-Disposition: form-data; name="a"\r\n\n\r\n1\r\n' + close()
vector("headers/n-crlf-then-lf-blank-line", body,
       "CRLF, then a bare LF as the empty line, then CRLF: the headers end at the LF, so the value is CRLF 1",
       ["RFC 5322 §2.1", "RFC 2046 §5.1.1"],
       [d("header-bare-lf", offset_of(body, b'"a"\r\n\n', plus=5, expect=b"\n"))],
       [p("a", "\r\n1")])

body = (DELIM + b'Content-Disposition: form-data; name="f"; filename="a.txt"\nContent-Type: text/plain\n\n'
        b"hello\r\n" + close())
vector("headers/n-bare-lf-every-header-line", body,
       "every line of the header section, the empty one included, ends with a bare LF (delimiters use CRLF)",
       ["RFC 5322 §2.2", "RFC 2046 §5.1.1"],
       [d("header-bare-lf", offset_of(body, b'"a.txt"\n', plus=7, expect=b"\n")),
        d("header-bare-lf", offset_of(body, b"text/plain\n", plus=10, expect=b"\n")),
        d("header-bare-lf", offset_of(body, b"text/plain\n\n", plus=11, expect=b"\n"))],
       [p("f", "hello", filename="a.txt", content_type="text/plain")])

# ---------------------------------------------------------------------------------------------
# Non-ASCII bytes
# ---------------------------------------------------------------------------------------------

body = raw(b'Content-Disposition: form-data; name="f"; filename="r\xc3\xa9sum\xc3\xa9.pdf"\r\n'
           b'Content-Type: application/pdf; name="r\xc3\xa9sum\xc3\xa9.pdf"\r\n', "%PDF-1.4") + close()
vector("headers/y-content-type-utf8", body,
       "UTF-8 in a quoted parameter of a file part's Content-Type (not reported on the Content-Disposition line)",
       ["RFC 2046 §5.1", "RFC 2045 §3", "RFC 7578 §5.1.2"],
       [d("header-non-ascii", offset_of(body, b"\xc3", 2, expect=b"\xc3\xa9sum"))],
       [p("f", "%PDF-1.4", filename="r\u00e9sum\u00e9.pdf",
          content_type="application/pdf; name=\"r\u00e9sum\u00e9.pdf\"")])

body = raw(b'Content-Disposition: form-data; name="f"; filename="\xe4\xb8\xad\xe6\x96\x87.txt"\r\n' + CT_TXT,
           "hello") + close()
vector("headers/y-filename-utf8", body,
       "a UTF-8 filename: raw UTF-8 in Content-Disposition is normal practice and reported by nothing",
       ["RFC 7578 §4.2", "RFC 7578 §5.1.3"],
       [], [p("f", "hello", filename="\u4e2d\u6587.txt", content_type="text/plain")],
       producer="WHATWG HTML form submission (browsers)")

body = raw(b'Content-Disposition: form-data; name="caf\xc3\xa9"\r\n', "1") + close()
vector("headers/y-name-utf8", body,
       "a UTF-8 field name is legal but should be avoided",
       ["RFC 7578 §5.1.1"],
       [d("name-non-ascii", offset_of(body, b"\xc3", expect=b"\xc3\xa9"))],
       [p("caf\u00e9", "1")])

LATIN1_ACCEPT_RAW = ("RFC 7578 §5.1.2, §5.1.3: names and filenames may be sent in the form's charset, and the "
                     "receiver may need to know that charset to interpret them; the bytes are kept as sent")
LATIN1_ACCEPT_FFFD = ("WHATWG Fetch formData(): names and filenames are decoded as UTF-8, invalid bytes becoming "
                      "U+FFFD")
LATIN1_REFUSED = ("RFC 3629 §3: \"Implementations of the decoding algorithm above MUST protect against decoding "
                  "invalid sequences\"; a receiver that reads names and filenames as UTF-8 (RFC 7578 §5.1.1) may "
                  "refuse one that is not UTF-8 rather than guess its charset")

body = raw(b'Content-Disposition: form-data; name="f"; filename="r\xe9sum\xe9.pdf"\r\n'
           b"Content-Type: application/pdf\r\n", "%PDF-1.4") + close()
vector("headers/i-filename-latin1", body,
       "an ISO-8859-1 filename (r\\xE9sum\\xE9.pdf) is not valid UTF-8; reported once for the line",
       ["RFC 7578 §5.1.1", "RFC 7578 §5.1.3"],
       [d("header-invalid-utf8", offset_of(body, b"\xe9", expect=b"\xe9sum"))],
       [p("f", "%PDF-1.4", filename=b"r\xe9sum\xe9.pdf", content_type="application/pdf")],
       outcomes=[
           {"outcome": "accept", "because": LATIN1_ACCEPT_RAW,
            "parts": [p("f", "%PDF-1.4", filename=b"r\xe9sum\xe9.pdf", content_type="application/pdf")]},
           {"outcome": "accept", "because": LATIN1_ACCEPT_FFFD,
            "parts": [p("f", "%PDF-1.4", filename="r\ufffdsum\ufffd.pdf", content_type="application/pdf")]},
           {"outcome": "reject", "because": LATIN1_REFUSED},
       ],
       producer="Apache HttpClient 5 (STRICT mode writes headers as ISO-8859-1)")

body = raw(b'Content-Disposition: form-data; name="caf\xe9"\r\n', "1") + close()
# Judgement: 0xE9 is a non-ASCII byte of the name value, so name-non-ascii fires as well as
# header-invalid-utf8 (name-non-ascii is about ASCII, not about UTF-8 validity).
vector("headers/i-name-latin1", body,
       "an ISO-8859-1 field name (caf\\xE9) is not valid UTF-8",
       ["RFC 7578 §5.1.1", "RFC 7578 §5.1.3"],
       [d("header-invalid-utf8", offset_of(body, b"\xe9", expect=b"\xe9")),
        d("name-non-ascii", offset_of(body, b"\xe9", expect=b"\xe9"))],
       [p(b"caf\xe9", "1")],
       outcomes=[
           {"outcome": "accept", "because": LATIN1_ACCEPT_RAW, "parts": [p(b"caf\xe9", "1")]},
           {"outcome": "accept", "because": LATIN1_ACCEPT_FFFD, "parts": [p("caf\ufffd", "1")]},
           {"outcome": "reject", "because": LATIN1_REFUSED},
       ])
