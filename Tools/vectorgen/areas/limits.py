"""limits: the validator's configurable resource limits, each exceeded by a small body.

Each vector sets a small limit with `options=` so that a tiny, otherwise browser-shaped body crosses
it. Lines and bytes past a header limit are skipped without being checked, so the skipped lines are
chosen to be ones whose checking would add nothing but a warning (Content-Transfer-Encoding) or a
note, and the expectations say which.
"""
from vectorgen import at, close, d, file_part, p, part, vector

DELIM = b"--AaB03x\r\n"
CD_A = b'Content-Disposition: form-data; name="a"\r\n'

S_LIMITS = "RFC 7578 §7"

REJECT_LIMIT = ("RFC 7578 §7: form data may be malicious and receivers must guard their resources; "
                "a receiver that enforces this limit refuses the body")


def _o(body, needle, nth=0, plus=0, expect=None):
    """Offset of needle (see at); when expect is given, asserts the bytes found there."""
    off = at(body, needle, nth, plus)
    if expect is not None:
        assert body[off:off + len(expect)] == expect, (needle, off, body[off:off + len(expect)], expect)
    return off


def accept(parts):
    return {"outcome": "accept", "parts": parts,
            "because": "RFC 7578 and RFC 2046 set no limit on the number or size of parts and headers"}


# ---------------------------------------------------------------------------------------------
# Parts
# ---------------------------------------------------------------------------------------------

body = part("a", "1") + part("b", "2") + close()
vector("limits/y-parts-at-limit", body,
       "max_parts 2 and exactly two parts: no finding",
       [S_LIMITS, "RFC 2046 §5.1.1"],
       [], [p("a", "1"), p("b", "2")], options={"max_parts": 2})

body = part("a", "1") + part("b", "2") + part("c", "3") + close()
vector("limits/i-parts-over-limit", body,
       "max_parts 2 and three parts: the third is framed and checked but not collected",
       [S_LIMITS, "RFC 2046 §5.1.1"],
       [d("limit-parts", _o(body, DELIM, 2, expect=b"--"))],
       [p("a", "1"), p("b", "2")], options={"max_parts": 2},
       outcomes=[accept([p("a", "1"), p("b", "2"), p("c", "3")]),
                 {"outcome": "reject", "because": REJECT_LIMIT}])

# ---------------------------------------------------------------------------------------------
# Header lines, header bytes, header line length
# ---------------------------------------------------------------------------------------------

body = file_part("f", "a.txt", "text/plain", "hello") + close()
vector("limits/y-header-lines-at-limit", body,
       "max_header_lines 2 and a file part with exactly two header lines",
       [S_LIMITS, "RFC 7578 §4.8"],
       [], [p("f", "hello", filename="a.txt", content_type="text/plain")], options={"max_header_lines": 2})

body = (DELIM + b'Content-Disposition: form-data; name="f"; filename="a.txt"\r\n'
        b"Content-Type: text/plain\r\n"
        b"Content-Transfer-Encoding: binary\r\n"
        b"\r\nhello\r\n" + close())
# The third line is skipped unchecked, so content-transfer-encoding-present is not reported.
vector("limits/i-header-lines-over-limit", body,
       "max_header_lines 2 and a file part with three header lines (the third, Content-Transfer-Encoding, is skipped)",
       [S_LIMITS, "RFC 7578 §4.8"],
       [d("limit-header-lines", _o(body, b"Content-Transfer-Encoding", expect=b"C"))],
       [p("f", "hello", filename="a.txt", content_type="text/plain")], options={"max_header_lines": 2},
       outcomes=[accept([p("f", "hello", filename="a.txt", content_type="text/plain")]),
                 {"outcome": "reject", "because": REJECT_LIMIT}])

body = DELIM + CD_A + b"Content-Transfer-Encoding: 8bit\r\n" + b"\r\n1\r\n" + close()
assert len(CD_A) < 64 < len(CD_A) + len(b"Content-Transfer-Encoding: 8bit\r\n")
# Judgement: the header line that crosses the byte limit is skipped whole, without being checked,
# so content-transfer-encoding-present is not reported.
vector("limits/i-header-bytes-over-limit", body,
       "max_header_bytes 64 and a 75-byte header section; the limit falls inside the second line",
       [S_LIMITS],
       [d("limit-header-bytes", len(DELIM) + 64)],
       [p("a", "1")], options={"max_header_bytes": 64},
       outcomes=[accept([p("a", "1")]),
                 {"outcome": "reject", "because": REJECT_LIMIT}])

ct_line = b"Content-Type: text/plain; charset=iso-8859-1\r\n"
body = DELIM + CD_A + ct_line + b"\r\n1\r\n" + close()
assert len(CD_A) - 2 == 40 and len(ct_line) - 2 == 44
# Both lengths stay clear of the limit whether or not the CR is counted. The skipped Content-Type
# is not recorded: the validator's part has no Content-Type, and field-content-type-present is not
# reported.
vector("limits/i-header-line-length-over-limit", body,
       "max_header_line_length 42: the 40-byte Content-Disposition line is read, the 44-byte Content-Type line is skipped",
       [S_LIMITS, "RFC 5322 §2.1.1"],
       [d("limit-header-line-length", _o(body, b"Content-Type", expect=b"C"))],
       [p("a", "1")], options={"max_header_line_length": 42},
       outcomes=[accept([p("a", "1", content_type="text/plain; charset=iso-8859-1")]),
                 {"outcome": "reject", "because": REJECT_LIMIT}])

# ---------------------------------------------------------------------------------------------
# Nesting depth
# ---------------------------------------------------------------------------------------------

inner = (b"--BbC04y\r\n"
         b'Content-Disposition: file; filename="file1.txt"\r\n'
         b"Content-Type: text/plain\r\n\r\n"
         b"...contents of file1.txt...\r\n"
         b"--BbC04y--")
body = (DELIM + b'Content-Disposition: form-data; name="files"\r\n'
        + b"Content-Type: multipart/mixed; boundary=BbC04y\r\n\r\n" + inner + b"\r\n" + close())
# With max_nesting_depth 0 the nested body is not checked at all. Judgement: a multipart part is
# reported as nested-multipart only (no field-content-type-present or filename-missing).
vector("limits/n-nesting-depth-zero", body,
       "max_nesting_depth 0 and an RFC 2388-style nested multipart/mixed part: the nested body is not checked",
       [S_LIMITS, "RFC 7578 §4.3"],
       [d("nested-multipart", _o(body, b"multipart/mixed", expect=b"m")),
        d("limit-nesting-depth", _o(body, b"multipart/mixed", expect=b"m"))],
       [p("files", inner, content_type="multipart/mixed; boundary=BbC04y")],
       options={"max_nesting_depth": 0})

# ---------------------------------------------------------------------------------------------
# Diagnostics
# ---------------------------------------------------------------------------------------------

body = (b"--AaB03x \r\n" + CD_A + b"\r\n1\r\n"
        + b"--AaB03x \r\n" + b'Content-Disposition: form-data; name="b"\r\n' + b"\r\n2\r\n"
        + b"--AaB03x-- \r\n")
# Three transport-padding errors, found in body order; the third is dropped and named by the note.
vector("limits/n-diagnostics-limit", body,
       "max_diagnostics 2 and three findings (transport padding on every delimiter line): the third is dropped",
       ["RFC 2046 §5.1.1"],
       [d("transport-padding", _o(body, b"--AaB03x \r\n", plus=8, expect=b" ")),
        d("transport-padding", _o(body, b"--AaB03x \r\n", 1, plus=8, expect=b" ")),
        d("limit-diagnostics", _o(body, b"--AaB03x-- \r\n", plus=10, expect=b" "))],
       [p("a", "1"), p("b", "2")], options={"max_diagnostics": 2})
