"""binary: part content bytes that look like framing, and the UTF-8 check on text values.

Every body is browser-shaped (boundary AaB03x, CRLF everywhere, close delimiter with its final CRLF)
except for the content the vector shows. File parts carry a filename and
`Content-Type: application/octet-stream`, so their content is opaque: only a delimiter (CRLF, then
`--AaB03x` followed by CRLF, `--`, whitespace or a non-boundary byte) can end it, and its bytes are
never checked for UTF-8. Text fields (no filename, no Content-Type) get the UTF-8 check
(value-not-utf8, at the first byte of the first invalid sequence). Offsets are computed from the
bytes with `at(...)`.

The CRLF before each delimiter belongs to the delimiter (RFC 2046 §5.1.1), so content that ends in
CR, LF or CRLF is followed by one more CRLF in the body.
"""
from vectorgen import DELIM, accept, close, d, file_part, offset_of, p, part, vector

OCTET = "application/octet-stream"


def bin_body(content, filename="data.bin", name="f"):
    """A body with one binary file part."""
    return file_part(name, filename, OCTET, content) + close()


def bin_part(content, filename="data.bin", name="f"):
    return p(name, content, filename=filename, content_type=OCTET)


def opaque(vid, content, description, specs=None, filename="data.bin", producer=None, mid_line=None):
    """A y- vector whose single binary file part must come back byte for byte, with no finding but,
    when `mid_line` is given, boundary-in-content at the first "--AaB03x" after those bytes."""
    body = bin_body(content, filename)
    # The only LF "--AaB03x" in the body is the close delimiter's.
    assert body.count(b"\n--AaB03x") == 1 and body.endswith(b"\r\n--AaB03x--\r\n"), vid
    found = []
    if mid_line is not None:
        found = [d("boundary-in-content", offset_of(body, mid_line + b"--AaB03x", plus=len(mid_line)))]
    vector(vid, body, description, specs or ["RFC 2046 §5.1.1", "RFC 7578 §4.1"], found,
           [bin_part(content, filename)], producer=producer)


UTF8_RAW = ("RFC 7578 §5.1.3: interpreting a value may require knowing the form's charset, which the body does not "
            "name; the bytes are kept as sent")
UTF8_FFFD = ("WHATWG Fetch formData(): text values are decoded as UTF-8 and each maximal invalid subsequence "
             "becomes U+FFFD")

# ---------------------------------------------------------------------------------------------
# Every byte value
# ---------------------------------------------------------------------------------------------

opaque("binary/y-all-256-bytes", bytes(range(256)),
       "a file holding every byte value 0x00 to 0xFF in order comes back byte for byte")

opaque("binary/y-all-256-bytes-descending", bytes(range(255, -1, -1)),
       "every byte value in descending order (0xFF to 0x00), so CR, LF and '-' meet other neighbours")

opaque("binary/y-nul-heavy", b"\x00" * 1024 + b"A" + b"\x00" * 1024 + b"\r\n" + b"\x00" * 16,
       "2 KiB of NUL bytes around one letter and a CRLF: NUL is ordinary content in a part body",
       ["RFC 2046 §5.1.1", "RFC 7578 §4.7"])

opaque("binary/y-wpt-arbitrary-bytes", b"\x00\x80\xff\r\n--",
       "the WPT 'arbitrary bytes' file (00 80 FF 0D 0A 2D 2D): ends with CRLF and '--' just before the delimiter",
       ["RFC 2046 §5.1.1", "RFC 7578 §4.1"], producer="web-platform-tests formdata-parsing")

# ---------------------------------------------------------------------------------------------
# CR and LF at the start and end of the content
# ---------------------------------------------------------------------------------------------

opaque("binary/y-starts-with-cr", b"\rabc",
       "content starting with a bare CR right after the blank line that ends the headers")

opaque("binary/y-starts-with-lf", b"\nabc",
       "content starting with a bare LF right after the blank line: the blank line is CRLF, the LF is content",
       ["RFC 2046 §5.1.1", "RFC 5322 §2.1"])

opaque("binary/y-starts-with-crlf", b"\r\nabc",
       "content starting with CRLF: three CRLFs in a row after the last header line, the third is content")

opaque("binary/y-starts-with-double-crlf", b"\r\n\r\nabc",
       "content starting with CRLF CRLF, which looks like a second header terminator")

opaque("binary/y-ends-with-cr", b"abc\r",
       "content ending with a bare CR: abc\\r, then the delimiter's CRLF (CR CR LF before --AaB03x)")

opaque("binary/y-ends-with-lf", b"abc\n",
       "content ending with a bare LF: abc\\n, then the delimiter's CRLF")

opaque("binary/y-ends-with-crlf", b"abc\r\n",
       "content ending with CRLF needs two CRLFs before the delimiter; the first is content",
       ["RFC 2046 §5.1.1"])

opaque("binary/y-ends-with-double-crlf", b"abc\r\n\r\n",
       "content ending with CRLF CRLF: three CRLFs before the delimiter, two of them content")

opaque("binary/y-only-crlf", b"\r\n",
       "content that is exactly CRLF: the blank line, the content CRLF and the delimiter's CRLF in a row")

opaque("binary/y-cr-then-long-line", b"\r" + b"a" * 65536,
       "content starting with CR followed by 64 KiB without CR or LF (the werkzeug CVE-2023-46136 shape)",
       ["RFC 2046 §5.1.1", "RFC 7578 §7"])

opaque("binary/y-empty-file", b"",
       "an empty file: the blank line after the headers is followed directly by the delimiter's CRLF",
       ["RFC 2046 §5.1.1", "RFC 7578 §4.2"], filename="empty.bin", producer="web-platform-tests formdata-parsing")

# ---------------------------------------------------------------------------------------------
# Content that resembles a delimiter
# ---------------------------------------------------------------------------------------------

opaque("binary/y-crlf-dashdash-other", b"\r\n--Other\r\n",
       "content holding a whole delimiter line of another boundary (\\r\\n--Other\\r\\n)")

opaque("binary/y-boundary-without-crlf", b"x--AaB03x--",
       "content holding --AaB03x-- after 'x', not at a line start: not a delimiter",
       ["RFC 2046 §5.1.1", "RFC 7578 §4.1"], mid_line=b"x")

opaque("binary/y-bare-cr-before-boundary", b"x\r--AaB03x\r\ny",
       "content holding \\r--AaB03x\\r\\n: a CR without LF does not start a line, so this is not a delimiter",
       ["RFC 2046 §5.1.1", "RFC 5322 §2.1"], mid_line=b"x\r")

opaque("binary/y-ends-with-dashdash", b"abc--",
       "content ending with '--' just before the delimiter (abc--\\r\\n--AaB03x--)")

opaque("binary/y-starts-with-partial-boundary", b"--AaB03y and more",
       "content starting with --AaB03y right after the blank line: a line start, but not the boundary")

opaque("binary/y-boundary-case-differs", b"x\r\n--aab03x\r\ny",
       "content holding a delimiter line in different case (--aab03x): boundaries are case-sensitive",
       ["RFC 2046 §5.1.1", "RFC 2045 §5.1"])

opaque("binary/y-triple-dash-boundary", b"x\r\n---AaB03x\r\ny",
       "content holding ---AaB03x at a line start: the line starts with '---A', not with --AaB03x",
       mid_line=b"\n-")

opaque("binary/y-partial-delimiter-at-end", b"data\r\n--AaB03",
       "content ending with \\r\\n--AaB03, one byte short of the delimiter, right before the real delimiter")

opaque("binary/y-dense-lf-dashdash", b"\n--" * 4096,
       "12 KiB of repeated \\n--: every LF is followed by '--' and then not by the boundary")

opaque("binary/y-looks-like-headers", b'Content-Disposition: form-data; name="evil"\r\n\r\nx',
       "file content that looks like a part header section is only content")

PATHOLOGICAL = (b"\r\n--AaB03" * 7282)[:65536]
opaque("binary/y-pathological-prefix-64k", PATHOLOGICAL,
       "64 KiB of repeated \\r\\n--AaB03 (each one byte short of a delimiter): a delimiter-search stress test",
       ["RFC 2046 §5.1.1", "RFC 7578 §7"])

PREFIX = b"\r\n--AaB03x"
body = b"".join(file_part("k%d" % k, "k%d.bin" % k, OCTET, b"data" + PREFIX[:k]) for k in range(1, 10)) + close()
vector("binary/y-partial-delimiter-suffixes", body,
       "nine file parts whose contents end with the first 1 to 9 bytes of \\r\\n--AaB03x, right before a delimiter",
       ["RFC 2046 §5.1.1", "RFC 7578 §4.1"],
       [], [p("k%d" % k, b"data" + PREFIX[:k], filename="k%d.bin" % k, content_type=OCTET) for k in range(1, 10)])

# ---------------------------------------------------------------------------------------------
# UTF-8: text fields are checked, files are not
# ---------------------------------------------------------------------------------------------

body = file_part("f", "latin1.txt", "text/plain", b"caf\xe9\r\n\xff\xfe") + close()
vector("binary/y-file-not-utf8", body,
       "a text/plain file whose bytes are not UTF-8: file content is not checked for UTF-8",
       ["RFC 7578 §4.4", "RFC 7578 §5.1.2"],
       [], [p("f", b"caf\xe9\r\n\xff\xfe", filename="latin1.txt", content_type="text/plain")])

body = part("a", b"b\xff") + close()
vector("binary/i-text-field-0xff", body,
       "a text field whose value holds 0xFF: not UTF-8, and no charset says otherwise",
       ["RFC 7578 §5.1.2", "RFC 7578 §5.1.3", "RFC 3629 §3"],
       [d("value-not-utf8", offset_of(body, b"b\xff", plus=1, expect=b"\xff"))],
       [p("a", b"b\xff")],
       outcomes=[accept(UTF8_RAW, [p("a", b"b\xff")]), accept(UTF8_FFFD, [p("a", "b\ufffd")])],
       producer="web-platform-tests formdata-parsing")

body = part("price", b"5 \xe2\x82") + close()
# The value ends inside a 3-byte sequence; the part's end decides it, so the finding names E2.
vector("binary/i-text-field-truncated-at-end", body,
       "a text field whose value ends inside a UTF-8 sequence (5 E2 82, a euro sign cut short)",
       ["RFC 7578 §5.1.2", "RFC 3629 §3"],
       [d("value-not-utf8", offset_of(body, b"\xe2\x82", expect=b"\xe2\x82\r\n"))],
       [p("price", b"5 \xe2\x82")],
       outcomes=[accept(UTF8_RAW, [p("price", b"5 \xe2\x82")]), accept(UTF8_FFFD, [p("price", "5 \ufffd")])])

body = part("a", b"x\xed\xa0\x80y") + close()
vector("binary/i-text-field-surrogate", body,
       "a text field holding the UTF-8 form of the surrogate U+D800 (ED A0 80), CESU-8 style",
       ["RFC 7578 §5.1.2", "RFC 3629 §3"],
       [d("value-not-utf8", offset_of(body, b"\xed", expect=b"\xed\xa0\x80"))],
       [p("a", b"x\xed\xa0\x80y")],
       outcomes=[accept(UTF8_RAW, [p("a", b"x\xed\xa0\x80y")]),
                 accept(UTF8_FFFD, [p("a", "x\ufffd\ufffd\ufffdy")])])

body = part("a", b"1 \xc0\xae 2") + part("b", b"\x80") + close()
# One finding per field: each text field's value is checked on its own.
vector("binary/i-text-fields-two-invalid", body,
       "two text fields with invalid UTF-8 (an overlong C0 AE, a lone continuation byte 80): one finding each",
       ["RFC 7578 §5.1.2", "RFC 3629 §3"],
       [d("value-not-utf8", offset_of(body, b"\xc0", expect=b"\xc0\xae")),
        d("value-not-utf8", offset_of(body, b"\x80", expect=b"\x80\r\n"))],
       [p("a", b"1 \xc0\xae 2"), p("b", b"\x80")],
       outcomes=[accept(UTF8_RAW, [p("a", b"1 \xc0\xae 2"), p("b", b"\x80")]),
                 accept(UTF8_FFFD, [p("a", "1 \ufffd\ufffd 2"), p("b", "\ufffd")])])

body = part("emoji", "\U0001f4a9 \u00e9 \u4e2d") + close()
vector("binary/y-text-field-utf8", body,
       "a text field with 2-, 3- and 4-byte UTF-8 sequences is valid UTF-8",
       ["RFC 7578 §5.1.2", "RFC 3629 §3"],
       [], [p("emoji", "\U0001f4a9 \u00e9 \u4e2d")])

body = (DELIM + b'Content-Disposition: form-data; name="blob"\r\nContent-Type: application/octet-stream\r\n\r\n'
        + b"\x00\xff\xfe\x80" + b"\r\n" + close())
# A part with a non-text Content-Type is not a text field, so its bytes are not checked; it is
# reported as a non-file part with a Content-Type and as a non-text part without a filename (notes).
vector("binary/y-field-octet-stream-without-filename", body,
       "binary bytes in a part labelled application/octet-stream without a filename: not a text field",
       ["RFC 7578 §4.2", "RFC 7578 §4.4"],
       [d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C")),
        d("filename-missing", offset_of(body, b"Content-Disposition", expect=b"C"))],
       [p("blob", b"\x00\xff\xfe\x80", content_type=OCTET)])
