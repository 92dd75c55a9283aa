"""limits: the validator's configurable resource limits, each exceeded by a small body.

Each vector sets a small limit with `options=` so that a tiny, otherwise browser-shaped body crosses
it. Lines past the header line limit and bytes past the header byte limit are skipped without being
checked, so the skipped lines are chosen to be ones whose checking would add nothing but a warning
(Content-Transfer-Encoding) or a note, and the expectations say which. A line longer than the line
length limit is still read for what it says (with the limit's warning); a line that crosses the byte
limit is read up to it, and what the cut may have shortened is not reported on.
"""
from vectorgen import DELIM, close, d, field, file_part, offset_of, p, part, vector

CD_A = b'Content-Disposition: form-data; name="a"\r\n'

S_LIMITS = "RFC 7578 §7"

REJECT_LIMIT = ("RFC 7578 §7: form data may be malicious and receivers must guard their resources; "
                "a receiver that enforces this limit refuses the body")


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
       [d("limit-parts", offset_of(body, DELIM, 2, expect=b"--"))],
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
       [d("limit-header-lines", offset_of(body, b"Content-Transfer-Encoding", expect=b"C"))],
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
# Both lengths stay clear of the limit whether or not the CR is counted. The long Content-Type line
# is still read (issue 42: a line over the limit is reported, never taken for a missing field), so
# the part has its Content-Type and field-content-type-present is reported.
vector("limits/i-header-line-length-over-limit", body,
       "max_header_line_length 42: the 40-byte Content-Disposition line is read, the 44-byte Content-Type line is reported and still read",
       [S_LIMITS, "RFC 5322 §2.1.1"],
       [d("limit-header-line-length", offset_of(body, b"Content-Type", expect=b"C")),
        d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C"))],
       [p("a", "1", content_type="text/plain; charset=iso-8859-1")], options={"max_header_line_length": 42},
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
       [d("nested-multipart", offset_of(body, b"multipart/mixed", expect=b"m")),
        d("limit-nesting-depth", offset_of(body, b"multipart/mixed", expect=b"m"))],
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
       [d("transport-padding", offset_of(body, b"--AaB03x \r\n", plus=8, expect=b" ")),
        d("transport-padding", offset_of(body, b"--AaB03x \r\n", 1, plus=8, expect=b" ")),
        d("limit-diagnostics", offset_of(body, b"--AaB03x-- \r\n", plus=10, expect=b" "))],
       [p("a", "1"), p("b", "2")], options={"max_diagnostics": 2})


# =============================================================================================
# More limits: at, just under and just over each limit, limits combined, floods at small scale.
# =============================================================================================

CT_LINE = b"Content-Type: text/plain\r\n"
CTE_QP = b"Content-Transfer-Encoding: quoted-printable\r\n"
CTE_8 = b"Content-Transfer-Encoding: 8bit\r\n"
assert len(CD_A) == 42 and len(CT_LINE) == 26 and len(CTE_QP) - 2 == 43


def raw(headers, value, name_line=CD_A):
    """A part with the Content-Disposition line name_line followed by extra header lines."""
    return DELIM + name_line + headers + b"\r\n" + value + b"\r\n"


def cd(name):
    return b'Content-Disposition: form-data; name="' + name.encode() + b'"\r\n'


def reject_or_accept(parts):
    return [accept(parts), {"outcome": "reject", "because": REJECT_LIMIT}]


# ---------------------------------------------------------------------------------------------
# Parts
# ---------------------------------------------------------------------------------------------

body = part("a", "1") + part("b", "2") + close()
vector("limits/y-parts-under-limit", body,
       "max_parts 3 and two parts: no finding",
       [S_LIMITS], [], [p("a", "1"), p("b", "2")], options={"max_parts": 3})

body = part("a", "1") + close()
vector("limits/i-parts-zero-limit", body,
       "max_parts 0 and one part: the first delimiter is already past the limit; nothing is collected",
       [S_LIMITS],
       [d("limit-parts", 0)],
       [], options={"max_parts": 0}, outcomes=reject_or_accept([p("a", "1")]))

names = "abcdefghij"
body = b"".join(part(n, "") for n in names) + close()
vector("limits/i-parts-flood-tiny", body,
       "max_parts 4 and a flood of ten tiny empty fields: one limit-parts finding at the fifth delimiter",
       [S_LIMITS, "RFC 2046 §5.1.1"],
       [d("limit-parts", offset_of(body, DELIM, 4, expect=b"--"))],
       [p(n, "") for n in names[:4]], options={"max_parts": 4},
       outcomes=reject_or_accept([p(n, "") for n in names]))

vector("limits/y-parts-flood-at-limit", body,
       "max_parts 10 and ten tiny empty fields: exactly at the limit, no finding",
       [S_LIMITS], [], [p(n, "") for n in names], options={"max_parts": 10})

body = part("a", "1") + raw(b"X-Upload-Id: 7\r\n", b"2", cd("b")) + close()
vector("limits/n-parts-over-limit-still-checked", body,
       "max_parts 1: the second part is not collected but its headers are still checked (X-Upload-Id)",
       [S_LIMITS, "RFC 7578 §4.8"],
       [d("limit-parts", offset_of(body, DELIM, 1, expect=b"--")),
        d("header-not-allowed", offset_of(body, b"X-Upload-Id", expect=b"X"))],
       [p("a", "1")], options={"max_parts": 1})

# ---------------------------------------------------------------------------------------------
# Header lines
# ---------------------------------------------------------------------------------------------

body = file_part("f", "a.txt", "text/plain", "hello") + close()
vector("limits/y-header-lines-under-limit", body,
       "max_header_lines 3 and a file part with two header lines",
       [S_LIMITS], [], [p("f", "hello", filename="a.txt", content_type="text/plain")],
       options={"max_header_lines": 3})

body = raw(CT_LINE, b"1") + close()
# Judgement (as in i-header-line-length-over-limit): a skipped Content-Type is not recorded, so the
# part has no Content-Type and field-content-type-present is not reported.
vector("limits/i-header-lines-one", body,
       "max_header_lines 1: a text field's Content-Type line is the second line and is skipped",
       [S_LIMITS],
       [d("limit-header-lines", offset_of(body, CT_LINE, expect=b"C"))],
       [p("a", "1")], options={"max_header_lines": 1},
       outcomes=reject_or_accept([p("a", "1", content_type="text/plain")]))

body = part("a", "1") + close()
# The only header line is past the limit, so the part is read without Content-Disposition.
vector("limits/n-header-lines-zero", body,
       "max_header_lines 0: even the Content-Disposition line is skipped, so the part has none",
       [S_LIMITS, "RFC 7578 §4.2"],
       [d("limit-header-lines", len(DELIM)),
        d("content-disposition-missing", len(DELIM))],
       [p(None, "1")], options={"max_header_lines": 0})

body = raw(b"X-A: b\r\n" * 20, b"1") + close()
vector("limits/n-header-lines-flood", body,
       "max_header_lines 4 and twenty X-A lines: three are read (and rejected), the rest are skipped",
       [S_LIMITS, "RFC 7578 §4.8"],
       [d("header-not-allowed", offset_of(body, b"X-A", 0, expect=b"X")),
        d("header-not-allowed", offset_of(body, b"X-A", 1, expect=b"X")),
        d("header-not-allowed", offset_of(body, b"X-A", 2, expect=b"X")),
        d("limit-header-lines", offset_of(body, b"X-A", 3, expect=b"X"))],
       [p("a", "1")], options={"max_header_lines": 4})

body = (DELIM + b"Content-Disposition: form-data;\r\n" + b' name="a"\r\n' + CT_LINE + b"\r\n1\r\n" + close())
# Judgement: a continuation line counts as a header line.
vector("limits/i-header-lines-folded-counts", body,
       "max_header_lines 2: a folded continuation line counts, so the Content-Type line is the third and is skipped",
       [S_LIMITS, "RFC 5322 §2.2.3"],
       [d("header-folded", offset_of(body, b' name="a"', expect=b" ")),
        d("limit-header-lines", offset_of(body, CT_LINE, expect=b"C"))],
       [p("a", "1")], options={"max_header_lines": 2},
       outcomes=reject_or_accept([p("a", "1", content_type="text/plain")]))

# ---------------------------------------------------------------------------------------------
# Header bytes: the section is the header lines with their CRLFs (68 bytes here), not the
# empty line that ends it
# ---------------------------------------------------------------------------------------------

body = raw(CT_LINE, b"1") + close()
assert len(CD_A + CT_LINE) == 68
vector("limits/y-header-bytes-at-limit", body,
       "max_header_bytes 68 and a 68-byte header section (two lines with their CRLFs)",
       [S_LIMITS],
       [d("field-content-type-present", offset_of(body, CT_LINE, expect=b"C"))],
       [p("a", "1", content_type="text/plain")], options={"max_header_bytes": 68})

vector("limits/y-header-bytes-under-limit", body,
       "max_header_bytes 69 and a 68-byte header section",
       [S_LIMITS],
       [d("field-content-type-present", offset_of(body, CT_LINE, expect=b"C"))],
       [p("a", "1", content_type="text/plain")], options={"max_header_bytes": 69})

# The byte past the limit is the line's LF, so the whole Content-Type line lies within it and is read.
vector("limits/i-header-bytes-just-over", body,
       "max_header_bytes 67 and a 68-byte header section: the 68th byte (the Content-Type line's LF) is past it",
       [S_LIMITS],
       [d("field-content-type-present", offset_of(body, CT_LINE, expect=b"C")),
        d("limit-header-bytes", len(DELIM) + 67)],
       [p("a", "1", content_type="text/plain")], options={"max_header_bytes": 67},
       outcomes=reject_or_accept([p("a", "1", content_type="text/plain")]))

# ---------------------------------------------------------------------------------------------
# Header line length: a line's length excludes its CRLF (RFC 5322 §2.1.1, as header-line-too-long
# measures it); the Content-Transfer-Encoding line is 43 bytes
# ---------------------------------------------------------------------------------------------

body = raw(CTE_QP, b"1") + close()
vector("limits/y-header-line-length-at-limit", body,
       "max_header_line_length 43 and a 43-byte Content-Transfer-Encoding line: at the limit, read",
       [S_LIMITS, "RFC 5322 §2.1.1", "RFC 7578 §4.7"],
       [d("content-transfer-encoding-present", offset_of(body, CTE_QP, expect=b"C"))],
       [p("a", "1")], options={"max_header_line_length": 43})

vector("limits/y-header-line-length-under-limit", body,
       "max_header_line_length 44 and a 43-byte Content-Transfer-Encoding line: read",
       [S_LIMITS, "RFC 5322 §2.1.1", "RFC 7578 §4.7"],
       [d("content-transfer-encoding-present", offset_of(body, CTE_QP, expect=b"C"))],
       [p("a", "1")], options={"max_header_line_length": 44})

vector("limits/i-header-line-length-just-over", body,
       "max_header_line_length 42 and a 43-byte Content-Transfer-Encoding line: reported, and still read",
       [S_LIMITS, "RFC 5322 §2.1.1"],
       [d("limit-header-line-length", offset_of(body, CTE_QP, expect=b"C")),
        d("content-transfer-encoding-present", offset_of(body, CTE_QP, expect=b"C"))],
       [p("a", "1")], options={"max_header_line_length": 42},
       outcomes=reject_or_accept([p("a", "1")]))

# ---------------------------------------------------------------------------------------------
# Nesting depth: the outer body is depth 0, a nested body depth 1
# ---------------------------------------------------------------------------------------------


def nested(inner, boundary=b"BbC04y"):
    ct = b"multipart/mixed; boundary=" + boundary
    return (DELIM + b'Content-Disposition: form-data; name="files"\r\n' + b"Content-Type: " + ct + b"\r\n\r\n"
            + inner + b"\r\n" + close()), ct.decode()


inner = (b"--BbC04y\r\n" b"Content-Type: text/plain\r\n\r\n" b"hello\r\n" b"--BbC04y--\r\n")
body, nct = nested(inner)
vector("limits/n-nesting-depth-one-checked", body,
       "max_nesting_depth 1 and one well-formed nested multipart/mixed body: checked, nothing found inside",
       [S_LIMITS, "RFC 7578 §4.3"],
       [d("nested-multipart", offset_of(body, b"multipart/mixed", expect=b"m"))],
       [p("files", inner, content_type=nct)], options={"max_nesting_depth": 1})

inner = (b"--BbC04y \r\n" b"Content-Type: text/plain\r\n\r\n" b"hello\r\n" b"--BbC04y--\r\n")
body, nct = nested(inner)
vector("limits/n-nesting-depth-one-inner-finding", body,
       "max_nesting_depth 1: the nested body is checked, so its transport padding is reported",
       [S_LIMITS, "RFC 7578 §4.3", "RFC 2046 §5.1.1"],
       [d("nested-multipart", offset_of(body, b"multipart/mixed", expect=b"m")),
        d("transport-padding", offset_of(body, b"--BbC04y \r\n", plus=8, expect=b" "))],
       [p("files", inner, content_type=nct)], options={"max_nesting_depth": 1})

vector("limits/n-nesting-depth-zero-inner-unchecked", body,
       "max_nesting_depth 0: the same nested body is not checked, so its transport padding is not reported",
       [S_LIMITS, "RFC 7578 §4.3"],
       [d("nested-multipart", offset_of(body, b"multipart/mixed", expect=b"m")),
        d("limit-nesting-depth", offset_of(body, b"multipart/mixed", expect=b"m"))],
       [p("files", inner, content_type=nct)], options={"max_nesting_depth": 0})

deep = (b"--CcD05z\r\n" b"Content-Type: text/plain\r\n\r\n" b"deep\r\n" b"--CcD05z--\r\n")
inner = (b"--BbC04y\r\n" b"Content-Type: multipart/mixed; boundary=CcD05z\r\n\r\n" + deep
         + b"\r\n--BbC04y--\r\n")
body, nct = nested(inner)
vector("limits/n-nesting-two-levels-limit-one", body,
       "max_nesting_depth 1 and a multipart inside a multipart: the depth-2 body is not checked",
       [S_LIMITS, "RFC 7578 §4.3"],
       [d("nested-multipart", offset_of(body, b"multipart/mixed", 0, expect=b"m")),
        d("nested-multipart", offset_of(body, b"multipart/mixed", 1, expect=b"m")),
        d("limit-nesting-depth", offset_of(body, b"multipart/mixed", 1, expect=b"m"))],
       [p("files", inner, content_type=nct)], options={"max_nesting_depth": 1})

vector("limits/n-nesting-two-levels-limit-two", body,
       "max_nesting_depth 2 and a multipart inside a multipart: both nested bodies are checked",
       [S_LIMITS, "RFC 7578 §4.3"],
       [d("nested-multipart", offset_of(body, b"multipart/mixed", 0, expect=b"m")),
        d("nested-multipart", offset_of(body, b"multipart/mixed", 1, expect=b"m"))],
       [p("files", inner, content_type=nct)], options={"max_nesting_depth": 2})

# ---------------------------------------------------------------------------------------------
# Diagnostics: the first findings by position are kept, whatever order they are found in, the rest
# counted and dropped; the note sits at the first dropped finding's offset
# ---------------------------------------------------------------------------------------------

body = raw(CTE_8, b"1", cd("a")) + raw(CTE_8, b"2", cd("b")) + close()
vector("limits/y-diagnostics-at-limit", body,
       "max_diagnostics 2 and exactly two warnings (Content-Transfer-Encoding twice): both kept, no note",
       [S_LIMITS, "RFC 7578 §4.7"],
       [d("content-transfer-encoding-present", offset_of(body, CTE_8, 0, expect=b"C")),
        d("content-transfer-encoding-present", offset_of(body, CTE_8, 1, expect=b"C"))],
       [p("a", "1"), p("b", "2")], options={"max_diagnostics": 2})

body = raw(CTE_8, b"1", cd("a")) + raw(CTE_8, b"2", cd("b")) + raw(CTE_8, b"3", cd("c")) + close()
vector("limits/y-diagnostics-over-by-one", body,
       "max_diagnostics 2 and three warnings: the third is dropped and the note takes its offset",
       [S_LIMITS, "RFC 7578 §4.7"],
       [d("content-transfer-encoding-present", offset_of(body, CTE_8, 0, expect=b"C")),
        d("content-transfer-encoding-present", offset_of(body, CTE_8, 1, expect=b"C")),
        d("limit-diagnostics", offset_of(body, CTE_8, 2, expect=b"C"))],
       [p("a", "1"), p("b", "2"), p("c", "3")], options={"max_diagnostics": 2})

body = raw(CTE_8, b"1") + close()
vector("limits/y-diagnostics-zero", body,
       "max_diagnostics 0 and one warning: only the note is listed, at the warning's offset",
       [S_LIMITS, "RFC 7578 §4.7"],
       [d("limit-diagnostics", offset_of(body, CTE_8, expect=b"C"))],
       [p("a", "1")], options={"max_diagnostics": 0})

body = DELIM + b"X-Upload-Id: 7\r\n" + b"\r\nhello\r\n" + close()
# Emission order: header-not-allowed is found when its line ends, before content-disposition-missing,
# which is found when the header section ends. Both sit at the part's first byte, where report order
# puts content-disposition-missing first (by rule id), so that one is kept: the report lists the
# first findings in report order, not the first found, and so does not depend on the order checks
# run in (or on where chunks end). The note names the dropped one's offset.
vector("limits/n-diagnostics-emission-order", body,
       "max_diagnostics 1 and two errors at one offset: the one found second but first in report order is kept",
       [S_LIMITS, "RFC 7578 §4.2", "RFC 7578 §4.8"],
       [d("content-disposition-missing", offset_of(body, b"X-Upload-Id", expect=b"X")),
        d("limit-diagnostics", offset_of(body, b"X-Upload-Id", expect=b"X"))],
       [p(None, "hello")], options={"max_diagnostics": 1})

bare = DELIM + b"\r\nx\r\n"
body = bare * 8 + close()
vector("limits/n-diagnostics-flood-missing-disposition", body,
       "max_diagnostics 3 and max_parts 5, eight parts without headers: three findings kept, the rest dropped",
       [S_LIMITS, "RFC 7578 §4.2"],
       [d("content-disposition-missing", offset_of(body, DELIM, 0, plus=len(DELIM), expect=b"\r\nx")),
        d("content-disposition-missing", offset_of(body, DELIM, 1, plus=len(DELIM), expect=b"\r\nx")),
        d("content-disposition-missing", offset_of(body, DELIM, 2, plus=len(DELIM), expect=b"\r\nx")),
        d("limit-diagnostics", offset_of(body, DELIM, 3, plus=len(DELIM), expect=b"\r\nx"))],
       [p(None, "x")] * 5, options={"max_diagnostics": 3, "max_parts": 5})

# ---------------------------------------------------------------------------------------------
# Limits combined
# ---------------------------------------------------------------------------------------------

body = raw(CT_LINE, b"1", cd("a")) + raw(CT_LINE, b"2", cd("b")) + raw(CT_LINE, b"3", cd("c")) + close()
# By position: part a's and part b's skipped Content-Type lines, then limit-parts where part c
# starts; part c's skipped line is the first dropped finding.
vector("limits/i-combined-parts-lines-diagnostics", body,
       "max_parts 2, max_header_lines 1, max_diagnostics 3: three parts with two header lines each",
       [S_LIMITS],
       [d("limit-header-lines", offset_of(body, CT_LINE, 0, expect=b"C")),
        d("limit-header-lines", offset_of(body, CT_LINE, 1, expect=b"C")),
        d("limit-parts", offset_of(body, DELIM, 2, expect=b"--")),
        d("limit-diagnostics", offset_of(body, CT_LINE, 2, expect=b"C"))],
       [p("a", "1"), p("b", "2")], options={"max_parts": 2, "max_header_lines": 1, "max_diagnostics": 3},
       outcomes=reject_or_accept([p("a", "1", content_type="text/plain"), p("b", "2", content_type="text/plain"),
                                  p("c", "3", content_type="text/plain")]))

body = raw(CT_LINE + CTE_8, b"1") + close()
# Judgement: once the byte limit has cut the section, the rest is skipped and no further limit is
# reported for it, although the third line is also past max_header_lines. Line 2 is read up to the
# limit: a Content-Type whose value the cut leaves as `text`, kept as far as it goes.
vector("limits/i-combined-bytes-then-lines", body,
       "max_header_bytes 60 and max_header_lines 2: the byte limit falls in line 2, read up to it; line 3 adds no finding",
       [S_LIMITS],
       [d("field-content-type-present", offset_of(body, CT_LINE, expect=b"C")),
        d("limit-header-bytes", len(DELIM) + 60)],
       [p("a", "1", content_type="text")], options={"max_header_bytes": 60, "max_header_lines": 2},
       outcomes=reject_or_accept([p("a", "1", content_type="text/plain")]))

body = raw(CTE_QP + CT_LINE, b"1") + close()
# Judgement: a line over the length limit is read and counts toward max_header_lines.
vector("limits/i-combined-length-and-lines", body,
       "max_header_line_length 42 and max_header_lines 2: the long line 2 is reported and read, so line 3 is past the line limit",
       [S_LIMITS, "RFC 5322 §2.1.1"],
       [d("limit-header-line-length", offset_of(body, CTE_QP, expect=b"C")),
        d("content-transfer-encoding-present", offset_of(body, CTE_QP, expect=b"C")),
        d("limit-header-lines", offset_of(body, CT_LINE, expect=b"C"))],
       [p("a", "1")], options={"max_header_line_length": 42, "max_header_lines": 2},
       outcomes=reject_or_accept([p("a", "1", content_type="text/plain")]))

# A long filename whose Content-Disposition line crosses max_header_bytes: the line is read up to the
# limit, so the part keeps its name and the filename as far as it goes; nothing past the limit (the
# rest of the filename, the Content-Type line) is reported, or said to be missing.
long_name = "f" * 400 + ".txt"
body = file_part("f", long_name, "text/plain", "hello") + close()
kept = 200 - len(b'Content-Disposition: form-data; name="f"; filename="')
vector("limits/i-filename-past-header-bytes", body,
       "max_header_bytes 200 and a 457-byte Content-Disposition line (a long filename): read up to the limit",
       [S_LIMITS, "RFC 7578 §4.2"],
       [d("limit-header-bytes", len(DELIM) + 200)],
       [p("f", "hello", filename=long_name[:kept])], options={"max_header_bytes": 200},
       outcomes=reject_or_accept([p("f", "hello", filename=long_name, content_type="text/plain")]))

# ---------------------------------------------------------------------------------------------
# A form whose header would pass the default limits: the canonical encoder refuses it
# ---------------------------------------------------------------------------------------------

LONG_NAME = "n" * 8200
body = part(LONG_NAME, "1") + close()
# The 8,239-byte Content-Disposition line passes the default 8,192-byte line limit: reported, and
# still read, so the part has its name. (This body was limits/n-name-past-line-limit, whose reading,
# the line skipped and the part left without a Content-Disposition, reported a field that is there
# as missing.)
vector("limits/y-name-past-line-limit", body,
       "an 8,200-byte field name: its Content-Disposition line passes the default header line limit, is reported, and is still read",
       [S_LIMITS, "RFC 7578 §4.2"],
       [d("limit-header-line-length", offset_of(body, b"Content-Disposition", expect=b"C"))],
       [p(LONG_NAME, "1")],
       form=[field(LONG_NAME, "1")])
