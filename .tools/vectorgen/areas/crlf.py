"""crlf: line breaks in every framing position, in header lines and inside values.

Every body is browser-shaped (boundary AaB03x, `Content-Disposition: form-data; name="..."`, CRLF
everywhere, close delimiter with its final CRLF) except for the one line break the vector shows.
Offsets are computed from the bytes with `at(...)` and checked against the byte they must name (`offset_of`).
"""
from vectorgen import DELIM, close, d, file_part, offset_of, p, part, vector

CLOSE = b"--AaB03x--"
CD_A = b'Content-Disposition: form-data; name="a"\r\n'
CD_B = b'Content-Disposition: form-data; name="b"\r\n'

S_FRAMING = "RFC 2046 §5.1.1"

ACCEPT_PREAMBLE = ("RFC 2046 §5.1.1: multipart-body := [preamble CRLF] dash-boundary ...; the preamble "
                   "is to be ignored by receivers")
REJECT_PREAMBLE = ("WHATWG Fetch multipart/form-data parser (draft) and WPT formdata-parsing: the body must "
                   "start with \"--\" and the boundary; any byte before it is a parse failure")


def field(value, headers=CD_A):
    """A text part with raw header bytes, its blank line, the value and the CRLF of the next delimiter."""
    if isinstance(value, str):
        value = value.encode()
    return DELIM + headers + b"\r\n" + value + b"\r\n"


# ---------------------------------------------------------------------------------------------
# Line breaks inside values: content is opaque, the CRLF before the delimiter is not content
# ---------------------------------------------------------------------------------------------

for slug, value, what in [
    ("value-contains-crlf", b"line1\r\nline2", "a value holding CRLF between two lines"),
    ("value-is-crlf", b"\r\n", "a value that is exactly CRLF, so two CRLFs precede the close delimiter"),
    ("value-only-crlfs", b"\r\n\r\n\r\n", "a value of three CRLFs"),
    ("value-bare-lf", b"x\ny", "a value holding a bare LF (a browser would have sent CRLF)"),
    ("value-bare-cr", b"x\ry", "a value holding a bare CR"),
    ("value-lf-cr", b"a\n\rb", "a value holding LF CR (reversed line break)"),
    ("value-is-lf", b"\n", "a value that is a single LF, right before the delimiter's CRLF"),
    ("value-ends-with-cr", b"1\r", "a value ending in CR: CR CR LF precedes the close delimiter"),
    ("value-ends-with-lf", b"1\n", "a value ending in LF: LF CR LF precedes the close delimiter"),
    ("value-ends-with-crlf", b"1\r\n", "a value ending in CRLF: CRLF CRLF precedes the close delimiter"),
]:
    body = part("a", value) + close()
    vector(f"crlf/y-{slug}", body, what,
           [S_FRAMING, "RFC 7578 §4"],
           [], [p("a", value)])

body = DELIM + CD_A + b"\r\n" + b"\r\n1" + b"\r\n" + close()
vector("crlf/y-extra-blank-line-after-headers", body,
       "two blank lines after the headers: the second CRLF is the first bytes of the value",
       [S_FRAMING, "RFC 5322 §2.1"],
       [], [p("a", "\r\n1")])

body = file_part("f", "a.txt", "text/plain", b"line1\nline2\n") + close()
vector("crlf/y-file-lf-only-lines", body,
       "a text file whose lines end in LF only; content line breaks are not framing",
       [S_FRAMING, "RFC 7578 §4.4"],
       [], [p("f", b"line1\nline2\n", filename="a.txt", content_type="text/plain")])

dense = (b"\r\n" * 8 + b"--AaB03\r\n--AaB03X\r\n-\r\n--\r\n\r\n--aaB03x\r\n\n\r--\r\r\n--AaB0")
body = file_part("f", "dense.bin", "application/octet-stream", dense) + close()
vector("crlf/y-file-crlf-dense", body,
       "file content dense in CRLF, LF, CR and near-miss delimiters (--AaB03, --AaB03X, --aaB03x) that never match",
       [S_FRAMING, "RFC 2046 §5.1"],
       [], [p("f", dense, filename="dense.bin", content_type="application/octet-stream")])

# ---------------------------------------------------------------------------------------------
# Before the first delimiter and after the close delimiter
# ---------------------------------------------------------------------------------------------

body = part("a", "1") + close() + b"\r\n"
vector("crlf/y-double-crlf-after-close", body,
       "an extra CRLF after the close delimiter line: a two-byte epilogue",
       [S_FRAMING],
       [d("epilogue-present", len(part("a", "1") + close()))],
       [p("a", "1")])

body = b"\r\n" + part("a", "1") + close()
vector("crlf/i-leading-crlf", body,
       "the body starts with CRLF: an empty preamble and its CRLF before the first delimiter",
       [S_FRAMING],
       [d("preamble-present", 0)],
       [p("a", "1")],
       outcomes=[{"outcome": "accept", "because": ACCEPT_PREAMBLE, "parts": [p("a", "1")]},
                 {"outcome": "reject", "because": REJECT_PREAMBLE}])

body = b"\n" + part("a", "1") + close()
vector("crlf/n-leading-lf", body,
       "the body starts with a bare LF, so the first delimiter follows LF without CR",
       [S_FRAMING],
       [d("preamble-present", 0),
        d("delimiter-bare-lf", offset_of(body, b"\n--AaB03x", expect=b"\n"))],
       [p("a", "1")])

body = b"preamble\n" + part("a", "1") + close()
# Judgement: `[preamble CRLF] dash-boundary` needs CRLF after a preamble too, so a bare LF there is
# delimiter-bare-lf like any other delimiter's.
vector("crlf/n-preamble-ends-with-bare-lf", body,
       "a preamble line ended by a bare LF before the first delimiter",
       [S_FRAMING],
       [d("preamble-present", 0),
        d("delimiter-bare-lf", offset_of(body, b"preamble\n", plus=8, expect=b"\n"))],
       [p("a", "1")])

# ---------------------------------------------------------------------------------------------
# LF without CR in the framing
# ---------------------------------------------------------------------------------------------

body = b'--AaB03x\nContent-Disposition: form-data; name="a"\n\n1\n--AaB03x--\n'
vector("crlf/n-lf-only-everywhere", body,
       "every line break is a bare LF: delimiter lines, header line, blank line, close delimiter line",
       [S_FRAMING, "RFC 5322 §2.2"],
       [d("delimiter-line-ending", offset_of(body, b"--AaB03x\n", plus=8, expect=b"\n")),
        d("header-bare-lf", offset_of(body, b'"a"\n', plus=3, expect=b"\n")),
        d("header-bare-lf", offset_of(body, b'"a"\n\n', plus=4, expect=b"\n")),
        d("delimiter-bare-lf", offset_of(body, b"1\n", plus=1, expect=b"\n")),
        d("delimiter-line-ending", offset_of(body, b"--AaB03x--\n", plus=10, expect=b"\n"))],
       [p("a", "1")])

body = b"--AaB03x\n" + CD_A + b"\r\n1\r\n" + close()
vector("crlf/n-lf-ends-first-delimiter-line", body,
       "the first delimiter line ends with a bare LF",
       [S_FRAMING],
       [d("delimiter-line-ending", offset_of(body, b"--AaB03x\n", plus=8, expect=b"\n"))],
       [p("a", "1")])

body = part("a", "1") + b"--AaB03x\n" + CD_B + b"\r\n2\r\n" + close()
vector("crlf/n-lf-ends-middle-delimiter-line", body,
       "the delimiter line between two parts ends with a bare LF",
       [S_FRAMING],
       [d("delimiter-line-ending", offset_of(body, b"--AaB03x\n", plus=8, expect=b"\n"))],
       [p("a", "1"), p("b", "2")])

body = part("a", "1") + b"--AaB03x--\n"
vector("crlf/n-lf-ends-close-line", body,
       "the close delimiter line ends with a bare LF",
       [S_FRAMING],
       [d("delimiter-line-ending", offset_of(body, b"--AaB03x--\n", plus=10, expect=b"\n"))],
       [p("a", "1")])

body = DELIM + CD_A + b"\r\n1\n" + CLOSE + b"\r\n"
vector("crlf/n-lf-before-close", body,
       "the close delimiter is preceded by a bare LF instead of CRLF",
       [S_FRAMING],
       [d("delimiter-bare-lf", offset_of(body, b"1\n", plus=1, expect=b"\n"))],
       [p("a", "1")])

body = DELIM + CD_A + b"\r\n1\n" + part("b", "2") + close()
vector("crlf/n-lf-before-delimiter", body,
       "the delimiter between two parts is preceded by a bare LF instead of CRLF",
       [S_FRAMING],
       [d("delimiter-bare-lf", offset_of(body, b"1\n", plus=1, expect=b"\n"))],
       [p("a", "1"), p("b", "2")])

# ---------------------------------------------------------------------------------------------
# CR without LF in the framing
# ---------------------------------------------------------------------------------------------

body = b"--AaB03x\r" + CD_A + b"\r\n1\r\n" + close()
# Judgement: CONFORMANCE.md says a CR not followed by LF is delimiter-line-ending and "the rest of
# the line up to LF is skipped", so the Content-Disposition line belongs to the delimiter line; the
# part's header section starts at the blank line and is empty.
vector("crlf/n-cr-ends-first-delimiter-line", body,
       "the first delimiter line ends with a bare CR, so the Content-Disposition line is the rest of that line",
       [S_FRAMING],
       [d("delimiter-line-ending", offset_of(body, b"--AaB03x\r", plus=8, expect=b"\r")),
        d("content-disposition-missing", offset_of(body, b'"a"\r\n', plus=5, expect=b"\r\n1"))],
       [p(None, "1")])

body = part("a", "1") + CLOSE + b"\r"
# Judgement: the body ends on the lone CR, so the close line ends with delimiter-line-ending; the
# body does not end "right after the close delimiter", so close-delimiter-no-final-crlf is not added.
vector("crlf/n-cr-ends-close-line", body,
       "the close delimiter line ends with a bare CR at the end of the body",
       [S_FRAMING],
       [d("delimiter-line-ending", len(body) - 1)],
       [p("a", "1")])

body = DELIM + CD_A + b"\r\n1\r" + CLOSE + b"\r\n"
# Judgement: the misplaced close delimiter at the end is reported as delimiter-not-line-start only;
# close-delimiter-missing is not added for the same missing line break. The same bytes are also the
# boundary in the middle of a content line, which some parsers end the part at (boundary-in-content).
vector("crlf/n-cr-before-close", body,
       "the close delimiter is preceded by a bare CR instead of CRLF, so it does not start a line",
       [S_FRAMING],
       [d("delimiter-not-line-start", offset_of(body, b"\r--AaB03x--", plus=1, expect=b"--AaB03x--")),
        d("boundary-in-content", offset_of(body, b"\r--AaB03x--", plus=1))])

body = DELIM + CD_A + b"\r\n1\r" + DELIM + CD_B + b"\r\n2\r\n" + close()
value = b"1\r--AaB03x\r\n" + CD_B + b"\r\n2"
vector("crlf/y-cr-before-delimiter-is-content", body,
       "a bare CR before a middle delimiter line: CR --AaB03x is not a delimiter, so one part holds it all",
       [S_FRAMING],
       [d("boundary-in-content", offset_of(body, b"1\r--", plus=2))], [p("a", value)])

body = DELIM + CD_A + b"\r\n1\n\r" + CLOSE + b"\r\n"
vector("crlf/n-lf-cr-before-close", body,
       "the close delimiter is preceded by LF CR (reversed), so it does not start a line",
       [S_FRAMING],
       [d("delimiter-not-line-start", offset_of(body, b"\r--AaB03x--", plus=1, expect=b"--AaB03x--")),
        d("boundary-in-content", offset_of(body, b"\r--AaB03x--", plus=1))])

body = DELIM + CD_A + b"\r\nvalue" + CLOSE + b"\r\n"
vector("crlf/n-delimiter-without-crlf", body,
       "the close delimiter follows the value directly (value--AaB03x--), without CRLF",
       [S_FRAMING],
       [d("delimiter-not-line-start", offset_of(body, b"value--", plus=5, expect=b"--AaB03x--")),
        d("boundary-in-content", offset_of(body, b"value--", plus=5))])

body = DELIM + CD_A + b"\r1\r\n" + close()
vector("crlf/n-bare-cr-as-blank-line", body,
       "a bare CR where the blank line after the headers belongs: the value line becomes a header line",
       [S_FRAMING, "RFC 5322 §2.2"],
       [d("header-bare-cr", offset_of(body, b"\r1\r\n", expect=b"\r")),
        d("header-missing-colon", offset_of(body, b"\r1\r\n", expect=b"\r")),
        d("part-headers-unterminated", offset_of(body, CLOSE, expect=b"--"))],
       [p("a", "")])

body = (b"--AaB03x\r" + b'Content-Disposition: form-data; name="a"\r' + b"\r" + b"1\r" + CLOSE + b"\r")
# Judgement: with no LF anywhere, the first delimiter line (ended by a lone CR) runs to the end of
# the body and is skipped (CONFORMANCE.md: "the rest of the line up to LF is skipped"). A part's
# header section starts after its delimiter line, and this line never ends, so no part is opened
# (unlike structure/n-only-first-delimiter, whose delimiter line ends with CRLF). The close
# delimiter at the end is misplaced (preceded by CR, not at a line start).
vector("crlf/n-cr-only-everywhere", body,
       "every line break is a bare CR (classic Mac line endings): no line ever ends",
       [S_FRAMING, "RFC 5322 §2.2"],
       [d("delimiter-line-ending", offset_of(body, b"--AaB03x\r", plus=8, expect=b"\r")),
        d("delimiter-not-line-start", offset_of(body, CLOSE, expect=b"--AaB03x--"))])
